"""The Stanza tagger's adapter, on Stanza Documents built from CoNLL-U text (no model needed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("stanza")

from stanza.utils.conll import CoNLL  # noqa: E402

from checker.backends.base import FEMALE, MALE  # noqa: E402
from checker.backends.stanza_tagger import (  # noqa: E402
    StanzaTagger,
    default_resources_dir,
    genders_of,
    parse_feats,
    tagged_sentence,
)
from common.errors import MissingResourceError  # noqa: E402

# "La periodista habló del juez. Él llegó." as Stanza's Spanish pipeline analyses it:
# two sentences, and the multi-word token "del" expanded to "de el".
PERIODISTA = """\
# text = La periodista habló del juez.
1	La	el	DET	_	Definite=Def|Gender=Fem|Number=Sing|PronType=Art	2	det	_	_
2	periodista	periodista	NOUN	_	Gender=Fem|Number=Sing	3	nsubj	_	_
3	habló	hablar	VERB	_	Mood=Ind|Tense=Past|VerbForm=Fin	0	root	_	_
4-5	del	_	_	_	_	_	_	_	_
4	de	de	ADP	_	_	6	case	_	_
5	el	el	DET	_	Definite=Def|Gender=Masc|Number=Sing|PronType=Art	6	det	_	_
6	juez	juez	NOUN	_	Gender=Masc|Number=Sing	3	obl	_	SpaceAfter=No
7	.	.	PUNCT	_	PunctType=Peri	3	punct	_	_

# text = Él llegó.
1	Él	él	PRON	_	Case=Nom|Gender=Masc|Number=Sing|Person=3|PronType=Prs	2	nsubj	_	_
2	llegó	llegar	VERB	_	Mood=Ind|Tense=Past|VerbForm=Fin	0	root	_	_
3	.	.	PUNCT	_	PunctType=Peri	2	punct	_	_

"""
# The same words as a pipeline without lemma and depparse leaves them: no lemma, no head.
UNPARSED = """\
1	Die	_	DET	_	Case=Nom|Gender=Fem|Number=Sing	_	_	_	_
2	Angestellte	_	NOUN	_	Case=Nom|Gender=Fem,Masc|Number=Sing	_	_	_	_
3	kam	_	VERB	_	_	_	_	_	_

"""


@pytest.mark.parametrize(
    ("feats", "genders"),
    [
        ("Gender=Masc|Number=Sing", {MALE}),
        ("Gender=Fem", {FEMALE}),
        ("Case=Nom|Gender=Fem,Masc|Number=Sing", {MALE, FEMALE}),
        ("Gender=Neut|Number=Sing", set()),
        ("Gender=Com|Number=Sing", set()),  # nl/da/sv common gender says nothing about sex
        ("Gender[psor]=Fem|Number=Sing", set()),  # the possessor's gender, not the word's
        ("Number=Sing", set()),
        ("_", set()),
        (None, set()),
    ],
)
def test_genders_come_from_the_ud_gender_feature(feats: str | None, genders: set[str]) -> None:
    assert genders_of(parse_feats(feats)) == genders


def test_words_are_stanzas_words_after_multi_word_token_expansion() -> None:
    sentence = tagged_sentence(CoNLL.conll2doc(input_str=PERIODISTA))
    assert sentence.tokens == [
        "La",
        "periodista",
        "habló",
        "de",
        "el",
        "juez",
        ".",
        "Él",
        "llegó",
        ".",
    ]
    periodista = sentence.words[1]
    (analysis,) = periodista.analyses
    assert (analysis.lemma, analysis.upos, analysis.genders) == ("periodista", "NOUN", {FEMALE})
    assert analysis.evidence == "NOUN Gender=Fem|Number=Sing"
    assert analysis.feats == {"Gender": "Fem", "Number": "Sing"}


def test_heads_are_zero_based_over_the_whole_translation() -> None:
    sentence = tagged_sentence(CoNLL.conll2doc(input_str=PERIODISTA))
    heads = [(word.head, word.deprel) for word in sentence.words]
    assert heads == [
        (1, "det"), (2, "nsubj"), (None, "root"), (5, "case"), (5, "det"), (2, "obl"),
        (2, "punct"), (8, "nsubj"), (None, "root"), (8, "punct"),
    ]  # fmt: skip


def test_without_the_parser_words_have_no_head_and_no_lemma() -> None:
    sentence = tagged_sentence(CoNLL.conll2doc(input_str=UNPARSED))
    assert [(word.head, word.deprel) for word in sentence.words] == [(None, None)] * 3
    assert sentence.words[1].analyses[0].genders == {MALE, FEMALE}
    assert sentence.words[1].analyses[0].lemma == ""


# "Rossi fue nombrada como artista." as Stanza's AnCora models tag it, with the lemma
# processor's lemmas (no parse), and as a pipeline without it leaves it (lemmas "_").
NOMBRADA = """\
1	Rossi	Rossi	PROPN	_	_	_	_	_	_
2	fue	ser	AUX	_	Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin	_	_	_	_
3	nombrada	nombrar	VERB	_	Gender=Fem|Number=Sing|Tense=Past|VerbForm=Part	_	_	_	_
4	como	como	ADP	_	_	_	_	_	_
5	artista	artista	NOUN	_	Number=Sing	_	_	_	SpaceAfter=No
6	.	.	PUNCT	_	PunctType=Peri	_	_	_	_

"""


def without_lemmas(conllu: str) -> str:
    """The CoNLL-U as a pipeline without the lemmatiser leaves it: every lemma "_"."""
    rows = (line.split("\t") for line in conllu.splitlines())
    return "".join(
        "\t".join([*row[:2], "_", *row[3:]]) + "\n" if len(row) > 2 else "\n" for row in rows
    )


@pytest.mark.parametrize(("lemmas", "outcome"), [(True, "correct"), (False, "inconclusive")])
def test_lemmas_reach_the_rules(lemmas: bool, outcome: str) -> None:
    """The participle after "ser" (a clause auxiliary, known by its lemma) is the person's
    predicate: without the lemma processor's lemmas nothing reads the open-gender noun."""
    from checker.rules.agreement_rules import agreement_rules
    from checker.rules.label import label

    text = NOMBRADA if lemmas else without_lemmas(NOMBRADA)
    sentence = tagged_sentence(CoNLL.conll2doc(input_str=text))
    assert (sentence.words[1].analyses[0].lemma == "ser") is lemmas
    verdict = label(
        expected_gender=FEMALE, source_tokens=["The", "artist"], occupation=(1, 2),
        sentence=sentence, alignment=frozenset({(1, 4)}), rules=agreement_rules("es"),
    )  # fmt: skip
    assert verdict.label == outcome


def test_the_pipeline_is_built_with_the_lemmatiser(monkeypatch: pytest.MonkeyPatch) -> None:
    import stanza

    built: dict = {}

    def pipeline(lang: str, **options: object) -> FakePipeline:
        built.update(options, lang=lang)
        return FakePipeline({})

    monkeypatch.setattr(stanza, "Pipeline", pipeline)
    monkeypatch.setattr(StanzaTagger, "unavailable", classmethod(lambda cls, lang, options: None))
    StanzaTagger("es", {"device": "cpu"})
    assert built["processors"].split(",") == ["tokenize", "pos", "lemma"]
    StanzaTagger("es", {"device": "cpu", "stanza_depparse": True})
    assert built["processors"].split(",") == ["tokenize", "pos", "lemma", "depparse"]


# "Учитељица је дошла." (the teacher came, feminine) as Stanza's hr model tags its Latin
# transliteration.
UCITELJICA = """\
1	Učiteljica	učiteljica	NOUN	_	Case=Nom|Gender=Fem|Number=Sing	_	_	_	_
2	je	biti	AUX	_	Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin	_	_	_	_
3	došla	doći	VERB	_	Gender=Fem|Number=Sing|VerbForm=Part	_	_	_	SpaceAfter=No
4	.	.	PUNCT	_	_	_	_	_	_

"""


def test_serbo_croatian_is_read_by_the_model_languages_toml_names_in_latin(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """hbs (sr, hr, bs) has no Stanza model of its own: languages.toml's ``stanza = "hr"``
    is the one loaded, and a Cyrillic translation is read through its transliteration, each
    word keeping its own text; mk, which Stanza lacks, is not tried."""
    import stanza

    built: dict = {}
    fake = FakePipeline({"Učiteljica je došla.": UCITELJICA})

    def pipeline(lang: str, **options: object) -> FakePipeline:
        built.update(options, lang=lang)
        return fake

    monkeypatch.setattr(stanza, "Pipeline", pipeline)
    monkeypatch.setattr(StanzaTagger, "unavailable", classmethod(lambda cls, lang, options: None))
    tagger = StanzaTagger("hbs", {"device": "cpu"})
    assert built["lang"] == "hr"
    (sentence,) = tagger.tag(["Учитељица је дошла."])
    assert fake.calls == [["Učiteljica je došla."]]
    assert sentence.tokens == ["Учитељица", "је", "дошла", "."]
    assert sentence.forms == ["Učiteljica", "je", "došla", "."]
    assert sentence.words[0].analyses[0].genders == {FEMALE}
    (same,) = tagger.tag(["Učiteljica je došla."])  # Latin as written
    assert same.tokens == same.forms == ["Učiteljica", "je", "došla", "."]
    monkeypatch.undo()
    assert StanzaTagger.unavailable("mk", {"stanza_dir": str(tmp_path)}) == (
        "Stanza has no 'mk' models (languages.toml names none)"
    )


@pytest.mark.parametrize("verb_feats", ["Aspect=Perf|Mood=Ind", "Aspect=Imp|Mood=Ind"])
def test_arabic_verbs_with_padts_aspect_name_their_subjects_gender(verb_feats: str) -> None:
    """The sentence "عملت كمحاسب في الشركة" (she worked as an accountant at the company), as UD
    Arabic-PADT tags it: its verbs carry Aspect, not the Tense the word list gives."""
    from checker.rules.agreement_rules import agreement_rules
    from checker.rules.label import label

    rows = [
        ("عملت", "عمل", "VERB", f"{verb_feats}|Gender=Fem|Number=Sing|Person=3|Voice=Act"),
        ("ك", "ك", "ADP", "_"),
        ("محاسب", "محاسب", "NOUN", "Case=Gen|Definite=Ind|Number=Sing"),
        ("في", "في", "ADP", "_"),
        ("الشركة", "شركة", "NOUN", "Case=Gen|Definite=Def|Gender=Fem|Number=Sing"),
    ]
    text = "".join(
        f"{i}\t{form}\t{lemma}\t{upos}\t_\t{feats}\t_\t_\t_\t_\n"
        for i, (form, lemma, upos, feats) in enumerate(rows, 1)
    )
    sentence = tagged_sentence(CoNLL.conll2doc(input_str=text + "\n"))
    verdict = label(
        expected_gender=FEMALE, source_tokens="She worked as an accountant".split(),
        occupation=(4, 5), sentence=sentence, alignment=frozenset({(4, 2)}),
        rules=agreement_rules("ar"),
    )  # fmt: skip
    assert verdict.label == "correct", verdict.to_json()
    assert [(e.role, e.text) for e in verdict.evidence] == [("noun", "محاسب"), ("clause", "عملت")]


class FakePipeline:
    """Stands in for stanza.Pipeline: returns prepared Documents for known texts."""

    lang = "es"
    load_list = ()

    def __init__(self, documents: dict[str, str]) -> None:
        self.documents = documents
        self.calls: list[list[str]] = []

    def bulk_process(self, texts: list[str]) -> list:
        self.calls.append(texts)
        return [CoNLL.conll2doc(input_str=self.documents[text]) for text in texts]


def test_tag_runs_the_whole_batch_in_one_pipeline_call_and_keeps_order() -> None:
    tagger = StanzaTagger.__new__(StanzaTagger)
    tagger._pipeline = FakePipeline({"a": PERIODISTA, "b": UNPARSED})
    tagged = tagger.tag(["b", "a", "b"])
    assert [sentence.tokens[0] for sentence in tagged] == ["Die", "La", "Die"]
    assert tagger._pipeline.calls == [["b", "a", "b"]]
    assert tagger.tag([]) == []


def fake_resources(folder: Path) -> Path:
    """A Stanza resources folder for Spanish whose resources.json is shaped like the real one."""
    spanish = {
        "lang_name": "Spanish",
        "tokenize": {"ancora": {}},
        "mwt": {"ancora": {}},
        "pos": {"ancora_charlm": {"dependencies": [
            {"model": "pretrain", "package": "conll17"},
            {"model": "forward_charlm", "package": "newswiki"},
        ]}},
        "lemma": {"ancora_nocharlm": {}},
        "depparse": {"ancora_charlm": {"dependencies": [
            {"model": "pretrain", "package": "conll17"},
        ]}},
        "pretrain": {"conll17": {}},
        "forward_charlm": {"newswiki": {}},
        "packages": {"default": {
            "tokenize": "ancora", "mwt": "ancora", "pos": "ancora_charlm",
            "lemma": "ancora_nocharlm", "depparse": "ancora_charlm",
        }},
    }  # fmt: skip
    (folder / "resources.json").write_text(json.dumps({"es": spanish, "spa": {"alias": "es"}}))
    return folder


def install(folder: Path, *models: str) -> None:
    for model in models:
        (folder / "es" / model).parent.mkdir(parents=True, exist_ok=True)
        (folder / "es" / model).touch()


def test_unavailable_checks_the_files_stanza_would_load(tmp_path: Path) -> None:
    options = {"stanza_dir": str(fake_resources(tmp_path))}
    assert 'stanza.download("es"' in StanzaTagger.unavailable("es", options)
    install(
        tmp_path,
        "tokenize/ancora.pt",
        "mwt/ancora.pt",
        "pos/ancora_charlm.pt",
        "pretrain/conll17.pt",
        "lemma/ancora_nocharlm.pt",
    )
    assert "forward_charlm/newswiki.pt is missing" in StanzaTagger.unavailable("es", options)
    install(tmp_path, "forward_charlm/newswiki.pt")
    assert StanzaTagger.unavailable("es", options) is None
    # the rules read lemmas: the lemmatiser's model is needed too
    (tmp_path / "es/lemma/ancora_nocharlm.pt").unlink()
    assert "lemma/ancora_nocharlm.pt is missing" in StanzaTagger.unavailable("es", options)
    install(tmp_path, "lemma/ancora_nocharlm.pt")
    assert StanzaTagger.unavailable("es", options) is None
    assert StanzaTagger.unavailable("spa", options) is None  # an alias, as Stanza resolves it
    with_heads = {**options, "stanza_depparse": True}
    assert "depparse/ancora_charlm.pt is missing" in StanzaTagger.unavailable("es", with_heads)
    assert "no 'xx' models" in StanzaTagger.unavailable("xx", options)
    with pytest.raises(MissingResourceError, match="cannot load its es models .* stanza.download"):
        StanzaTagger("es", options)  # the files are there but empty


def test_missing_models_give_the_command_that_fetches_them(tmp_path: Path) -> None:
    options = {"stanza_dir": str(tmp_path)}
    reason = StanzaTagger.unavailable("es", options)
    assert reason == (
        f"Stanza has no models in {tmp_path}: python -c 'import stanza; "
        f'stanza.download("es", model_dir="{tmp_path}")\', or point --stanza-dir at a folder '
        "that has them, or pass --download"
    )
    with pytest.raises(MissingResourceError, match="stanza.download"):
        StanzaTagger("es", options)
    assert StanzaTagger.unavailable("es", {**options, "download": True}) is None


def test_the_default_folder_is_stanzas_own_found_without_importing_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """gen works out Stanza's folder itself (importing Stanza takes seconds): the same one."""
    from stanza.resources.common import DEFAULT_MODEL_DIR

    monkeypatch.delenv("STANZA_RESOURCES_DIR", raising=False)
    assert default_resources_dir() == DEFAULT_MODEL_DIR
    monkeypatch.setenv("STANZA_RESOURCES_DIR", "/models/stanza")
    assert default_resources_dir() == "/models/stanza"


# "De lerares kwam." as UD Dutch-Alpino (Stanza's nl model) tags it: a noun's Gender is its
# "de"/"het" class, Com or Neut, never a person's.
LERARES = """\
1	De	de	DET	_	Definite=Def	2	det	_	_
2	lerares	lerares	NOUN	_	Gender=Com|Number=Sing	3	nsubj	_	_
3	kwam	komen	VERB	_	Number=Sing|Tense=Past|VerbForm=Fin	0	root	_	SpaceAfter=No
4	.	.	PUNCT	_	_	3	punct	_	_

"""


def test_a_model_says_which_features_it_gives_and_dutch_nouns_are_read_by_their_form(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tagger declares its treebank's features (checker/data/ud_profiles.toml): the
    rules then read a noun without Animacy as of unknown animacy where UD has none (es, nl).
    A Dutch noun, Com to the model, gets the gender its form names ("-es": a woman;
    languages.toml nl suffixes, as the offline path reads it)."""
    import stanza

    monkeypatch.setattr(stanza, "Pipeline", lambda lang, **options: FakePipeline({"x": LERARES}))
    monkeypatch.setattr(StanzaTagger, "unavailable", classmethod(lambda cls, lang, options: None))
    (spanish,) = StanzaTagger("es", {"device": "cpu"}).tag(["x"])
    assert spanish.annotated is not None and "Animacy" not in spanish.annotated
    assert spanish.words[1].analyses[0].genders == frozenset()  # read as the model gives it
    (sentence,) = StanzaTagger("nl", {"device": "cpu"}).tag(["x"])
    assert "Gender" in sentence.annotated and "Animacy" not in sentence.annotated
    lerares = sentence.words[1].analyses[0]
    assert lerares.genders == {FEMALE} and "Animacy" not in lerares.feats
    assert "guessed NOUN" in lerares.evidence


# "Läkaren sa att hon var trött." as UD Swedish-Talbanken (Stanza's sv model) tags it: nouns
# and pronouns alike are Com (hon too), and Talbanken has no Person.
HON = """\
1	Läkaren	läkare	NOUN	_	Case=Nom|Definite=Def|Gender=Com|Number=Sing	2	nsubj	_	_
2	sa	säga	VERB	_	Mood=Ind|Tense=Past|VerbForm=Fin|Voice=Act	0	root	_	_
3	att	att	SCONJ	_	_	6	mark	_	_
4	hon	hon	PRON	_	Case=Nom|Definite=Def|Gender=Com|Number=Sing	6	nsubj	_	_
5	var	vara	AUX	_	Mood=Ind|Tense=Past|VerbForm=Fin|Voice=Act	6	cop	_	_
6	trött	trött	ADJ	_	Definite=Ind|Degree=Pos|Gender=Com|Number=Sing	2	ccomp	_	_
7	.	.	PUNCT	_	_	2	punct	_	_

"""


def test_swedish_common_gender_names_either_sex_and_pronouns_are_read_from_gens_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Talbanken's Com is read as Apertium's ut (either sex: the noun alone is neutral), and
    "hon", Com to the model, gets its sex and third person from gen's pronoun list
    (forms/sv_pronouns.tsv), as the offline path reads them from Apertium's lexicon."""
    import stanza

    monkeypatch.setattr(stanza, "Pipeline", lambda lang, **options: FakePipeline({"x": HON}))
    monkeypatch.setattr(StanzaTagger, "unavailable", classmethod(lambda cls, lang, options: None))
    (sentence,) = StanzaTagger("sv", {"device": "cpu"}).tag(["x"])
    genders = {w.text: w.analyses[0].genders for w in sentence.words}
    assert genders["Läkaren"] == {MALE, FEMALE} and genders["trött"] == {MALE, FEMALE}
    assert genders["hon"] == {FEMALE}
    assert sentence.words[3].analyses[0].feats["Person"] == "3"
    assert "Person" in sentence.annotated
    assert genders_of(parse_feats("Gender=Com")) == frozenset()  # nl: the "de" class, no sex
