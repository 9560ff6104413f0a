"""An occupation left in English in the translation, told apart from a word of the language
spelled alike (es "doctor") by the language's lexicon, the same under the offline tagger and
Stanza (Documents built from CoNLL-U, as Stanza's UD models tag such sentences)."""

from __future__ import annotations

import pytest

from checker.backends.base import TaggedSentence, Word
from checker.backends.lexicon import Lexicon
from checker.pipeline.records import Item, tokenize_english
from checker.pipeline.stages import left_in_english_of
from checker.rules.agreement_rules import agreement_rules
from checker.rules.label import label
from checker.rules.untranslated import in_other_script, left_in_english, spelled_as_source


def words(text: str) -> tuple[Word, ...]:
    return tuple(Word(token, ()) for token in text.split())


@pytest.mark.parametrize(
    ("occupation", "translation", "positions"),
    [
        ("nurse", "La nurse llegó", [1]),
        ("nurse", "Las Nurses llegaron", [1]),  # case and the plural -s
        ("nurses", "La nurse llegó", [1]),
        ("coach", "Los coaches llegaron", [1]),
        ("student", "De studentes kwamen", []),  # nl feminine plural, not "students"
        ("manager", "El mánager llegó", []),  # spelled in Spanish (RAE's adaptation)
        ("nurse", "La enfermera llegó", []),
        ("architect", "L' architecte", []),  # a cognate, not the same spelling
    ],
)
def test_words_spelled_as_the_occupation(occupation, translation, positions):
    source = ["The", occupation]
    assert spelled_as_source(words(translation), source, (1, 2)) == positions


def test_a_latin_word_in_a_translation_in_another_script_is_english():
    cyrillic = words("Там работает nurse")
    assert in_other_script(cyrillic, 2)
    assert not in_other_script(words("Allí trabaja nurse"), 2)
    left = left_in_english(cyrillic, ["The", "nurse"], (1, 2), None, None)
    assert list(left.english) == [2] and not left.unverified


@pytest.mark.parametrize(
    ("translations", "known", "english", "unverified"),
    [
        ({"enfermero", "enfermera"}, {"nurse": False}, [1], []),
        ({"enfermero"}, None, [1], []),  # the dictionary alone was asked
        (None, {"nurse": False}, [1], []),  # the analyser alone
        ({"enfermero"}, {"nurse": True}, [], []),  # the analyser knows it: the language's
        ({"nurse", "enfermera"}, {"nurse": False}, [], []),  # a dictionary translation
        (None, None, [], [1]),  # nothing to ask: unverifiable
        # the analysers only guess it from its ending: the dictionaries decide, where they
        # translate the occupation; where they have no entry for it, nothing tells
        ({"enfermero"}, {"nurse": None}, [1], []),
        (set(), {"nurse": None}, [], [1]),
        (None, {"nurse": None}, [], [1]),
        (set(), {"nurse": False}, [1], []),  # no entry, but the analysers do not know it
    ],
)
def test_the_lexicon_decides(translations, known, english, unverified):
    left = left_in_english(words("La nurse llegó"), ["The", "nurse"], (1, 2), translations, known)
    assert (list(left.english), list(left.unverified)) == (english, unverified)


# ---- the whole path: lexicon asked, then the label, under both taggers -------------------


def conllu(rows: str) -> str:
    """CoNLL-U from "form lemma UPOS feats" lines (no parse, as gen's default pipeline)."""
    lines = []
    for n, row in enumerate(rows.strip().splitlines(), 1):
        form, lemma, upos, feats = row.split()
        lines.append("\t".join([str(n), form, lemma, upos, "_", feats, "_", "_", "_", "_"]))
    return "\n".join(lines) + "\n\n"


def item(source: str, translation: str = "") -> Item:
    """A record whose occupation is the source's second word."""
    tokens = tuple(tokenize_english(source))
    return Item(0, {}, "", tokens, (1, 2), None, translation)


#: Each word as Stanza's UD model of its language tags it: lemma, UPOS and features. An
#: English word gets a class and a gender too, guessed from its context or its ending.
STANZA = {
    "es": {
        "La": "el DET Definite=Def|Gender=Fem|Number=Sing|PronType=Art",
        "El": "el DET Definite=Def|Gender=Masc|Number=Sing|PronType=Art",
        "nurse": "nurse NOUN Gender=Fem|Number=Sing",
        "doctor": "doctor NOUN Gender=Masc|Number=Sing",
        "es": "ser AUX Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
        "mi": "mi DET Number=Sing|Person=1|Poss=Yes|PronType=Prs",
        "hermana": "hermano NOUN Gender=Fem|Number=Sing",
        "hermano": "hermano NOUN Gender=Masc|Number=Sing",
        "llegó": "llegar VERB Mood=Ind|Number=Sing|Person=3|Tense=Past|VerbForm=Fin",
        "tarde": "tarde ADV _",
    },
    "fr": {
        "nurse": "nurse NOUN Gender=Fem|Number=Sing",
        "manager": "manager NOUN Gender=Masc|Number=Sing",
        "travaille": "travailler VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
        "ici": "ici ADV _",
    },
    "de": {
        "janitor": "Janitor NOUN Case=Nom|Gender=Masc|Number=Sing",
        "manager": "Manager NOUN Case=Nom|Gender=Masc|Number=Sing",
        "arbeitet": "arbeiten VERB Mood=Ind|Number=Sing|Person=3|Tense=Pres|VerbForm=Fin",
        "hier": "hier ADV _",
    },
    "ru": {
        "Там": "там ADV Degree=Pos",
        "работает": "работать VERB Aspect=Imp|Mood=Ind|Number=Sing|Person=3|Tense=Pres",
        "nurse": "nurse NOUN Animacy=Anim|Case=Nom|Gender=Masc|Number=Sing",
    },
    "lv": {
        "nurse": "nurse NOUN Case=Nom|Gender=Fem|Number=Sing",
        "dzied": "dziedāt VERB Mood=Ind|Person=3|Tense=Pres|VerbForm=Fin",
        "šeit": "šeit ADV _",
    },
}


def stanza_rows(lang: str, translation: str) -> str:
    """The translation's words with their STANZA tags ("form lemma UPOS feats" lines)."""
    tags = STANZA[lang]
    return "\n".join(
        f"{word} {tags.get(word) or tags.get(word.lower()) or f'{word} PUNCT _'}"
        for word in translation.split()
    )


# Each: language, English source, the translation, the target word the occupation is aligned
# to, the expected gender, and the (label, reason) under either tagger.
CASES = [
    # the English word, nothing of the person's marks a gender: untranslated, where Stanza's
    # guessed gender made it "correct"
    ("es", "The nurse arrived late .", "Nurse llegó tarde .", "Nurse", "female",
     ("inconclusive", "untranslated")),
    # ... with the article and the predicate still saying the person's gender
    ("es", "The nurse is my sister .", "La nurse es mi hermana .", "nurse", "female",
     ("correct", None)),
    # a Spanish word spelled as the English one: the language's, read as usual
    ("es", "The doctor is my brother .", "El doctor es mi hermano .", "doctor", "male",
     ("correct", None)),
    ("es", "The doctor arrived late .", "Doctor llegó tarde .", "Doctor", "female",
     ("wrong", None)),
    ("fr", "The nurse works here .", "Nurse travaille ici .", "Nurse", "female",
     ("inconclusive", "untranslated")),
    # fr "manager" is French (Apertium lists it, masculine)
    ("fr", "The manager works here .", "Manager travaille ici .", "Manager", "male",
     ("correct", None)),
    ("de", "The janitor works here .", "Janitor arbeitet hier .", "Janitor", "male",
     ("inconclusive", "untranslated")),
    # de "Manager" is German (german-nouns lists it, masculine)
    ("de", "The manager works here .", "Manager arbeitet hier .", "Manager", "male",
     ("correct", None)),
    # ru: the English word in Latin letters, whatever the lexicon (Stanza: a masculine noun)
    ("ru", "The nurse works there .", "Там работает nurse .", "nurse", "female",
     ("inconclusive", "untranslated")),
    # lv: no dictionary and no analyser with a lexicon (its endings read "Nurse" as a
    # feminine noun): nothing can tell
    ("lv", "The nurse sings here .", "Nurse dzied šeit .", "Nurse", "female",
     ("inconclusive", "untranslated_unverifiable")),
]  # fmt: skip


class _NotOffline:
    """Any tagger but the offline one: the lexicon builds the language's offline analysers."""


def _outcome(lang, source, sentence, word, expected, lexicon):
    record = item(source)
    (left,) = left_in_english_of([record], [sentence], lexicon)
    return label(
        expected_gender=expected,
        source_tokens=record.source_tokens,
        occupation=record.occupation,
        sentence=sentence,
        alignment=frozenset({(1, sentence.tokens.index(word))}),
        rules=agreement_rules(lang),
        left_in_english=left,
    )


@pytest.mark.parametrize(("lang", "source", "translation", "word", "expected", "outcome"), CASES)
def test_the_same_under_the_offline_tagger_and_stanza(
    taggers, lang, source, translation, word, expected, outcome
):
    stanza = pytest.importorskip("stanza.utils.conll")
    tagger = taggers(lang)  # skips where the language's analysers are not installed
    offline = tagger.tag([translation])[0]
    by_stanza = _stanza_sentence(stanza, stanza_rows(lang, translation))
    assert by_stanza.tokens == offline.tokens
    for sentence, lexicon in (
        (offline, Lexicon(lang, tagger, {})),
        (by_stanza, Lexicon(lang, _NotOffline(), {})),  # type: ignore[arg-type]
    ):
        verdict = _outcome(lang, source, sentence, word, expected, lexicon)
        assert (verdict.label, verdict.reason) == outcome, verdict.to_json()


def _stanza_sentence(stanza, rows: str) -> TaggedSentence:
    from checker.backends.stanza_tagger import tagged_sentence

    return tagged_sentence(stanza.CoNLL.conll2doc(input_str=conllu(rows)))


def test_the_evidence_says_the_word_was_left_in_english(taggers):
    lang, source, translation, word, expected, _ = CASES[1]
    tagger = taggers(lang)
    sentence = tagger.tag([translation])[0]
    verdict = _outcome(lang, source, sentence, word, expected, Lexicon(lang, tagger, {}))
    readings = " ".join(r for e in verdict.evidence for r in e.readings)
    assert "the English 'nurse' left in place" in readings, verdict.to_json()


def test_a_language_stanza_reads_but_gen_has_no_row_for_is_unverifiable():
    sentence = TaggedSentence(words("Nurse pracuje tu ."))
    lexicon = Lexicon("sk", _NotOffline(), {})  # type: ignore[arg-type]
    assert lexicon.translations(["nurse"]) is None and lexicon.known(["Nurse"]) is None

    (left,) = left_in_english_of([item("The nurse works here .")], [sentence], lexicon)
    assert list(left.unverified) == [0]


class _LinkedTo:
    """An aligner that links the occupation (source word 1) to target word ``index``."""

    def __init__(self, index: int) -> None:
        self.index = index

    def align(self, sources, targets):
        return [frozenset({(1, self.index)}) for _ in sources]


def test_the_pipeline_asks_the_lexicon_under_stanza(taggers):
    """Through the stages as `gen check` runs them: the Stanza tagger (its pipeline replaced
    by CoNLL-U Documents), the lexicon built beside it."""
    conll = pytest.importorskip("stanza.utils.conll")
    from checker.backends.stanza_tagger import StanzaTagger
    from checker.pipeline.stages import Backends, align_chunk, label_chunk, tag_chunk

    taggers("es")  # skips where Spanish's analysers are not installed
    lang, source, translation, _, expected, outcome = CASES[0]

    class Pipeline:
        def bulk_process(self, texts):
            rows = conllu(stanza_rows(lang, translation))
            return [conll.CoNLL.conll2doc(input_str=rows) for _ in texts]

    tagger = StanzaTagger.__new__(StanzaTagger)
    tagger._pipeline = Pipeline()
    backends = {lang: Backends(tagger, _LinkedTo(0), Lexicon(lang, tagger, {}))}  # type: ignore[arg-type]
    record = item(source, translation)
    record = Item(0, {"id": "r"}, lang, record.source_tokens, (1, 2), expected, translation)
    (result,) = label_chunk(align_chunk(tag_chunk([record], backends), backends))
    assert (result["label"], result["reason"]) == outcome, result
    assert "left in place" in " ".join(r for e in result["evidence"] for r in e.readings)


def test_the_signature_names_the_lexicon(taggers):
    tagger = taggers("es")
    assert Lexicon("es", tagger, {}).signature.endswith("+offline")
    assert Lexicon("lv", _NotOffline(), {}).signature == "none"  # type: ignore[arg-type]
    assert Lexicon("sk", _NotOffline(), {}).signature == "none"  # type: ignore[arg-type]
