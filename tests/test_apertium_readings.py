"""Contractions read from Apertium's own joined analyses (pt "do" = de<pr>+o<det>), and
several Apertium analysers for one language, first-that-knows or union."""

from __future__ import annotations

import dataclasses
import warnings

import pytest

from checker.backends import offline
from checker.backends.apertium import ApertiumAnalyser, UnsplitContraction, generator_path
from checker.backends.offline import OfflineTagger
from checker.languages import ApertiumAnalyserSpec, language, languages

SPA_ENG = ApertiumAnalyserSpec("apertium-eng-spa/spa-eng.automorf.bin", "apertium-eng-spa")
ES_RO = ApertiumAnalyserSpec("apertium-es-ro/es-ro.automorf.bin", "apertium-es-ro")


def tagger_for(monkeypatch, code, **changes):
    """The offline tagger of ``code`` with its languages.toml row changed."""
    row = dataclasses.replace(language(code), **changes)
    monkeypatch.setattr(offline, "languages", lambda: {**languages(), code: row})
    reason = OfflineTagger.unavailable(code, {})
    if reason:
        pytest.skip(reason)
    return OfflineTagger(code, {})


def spanish(monkeypatch, **changes):
    """Spanish read by Apertium's spa-eng analyser, then es-ro's ("apertium:2")."""
    return tagger_for(
        monkeypatch,
        "es",
        analysers=("apertium", "apertium:2"),
        apertium=SPA_ENG,
        apertium_specs=(SPA_ENG, ES_RO),
        **changes,
    )


def words(tagger, text):
    return tagger.tag([text])[0].words


#: (lang, sentence, the contraction's words, the article's gender) from translations'
#: shapes: the contraction before the occupation carries the person's gender.
CONTRACTIONS = [
    ("pt", "A filha do médico chegou.", ["de", "o"], {"male"}),
    ("pt", "O carro da médica é novo.", ["de", "a"], {"female"}),
    ("pt", "Falei com o filho dos professores.", ["de", "os"], {"male"}),
    ("it", "Il figlio della dottoressa è arrivato.", ["di", "la"], {"female"}),
    ("it", "La borsa del docente è nuova.", ["di", "il"], {"male"}),
    ("fr", "Le fils du médecin est arrivé.", ["de", "le"], {"male"}),
    ("fr", "Il parle au juge.", ["à", "le"], {"male"}),
    ("es", "El hijo del médico llegó.", ["de", "el"], {"male"}),
    ("es", "Habló al periodista.", ["a", "el"], {"male"}),
    ("ca", "El fill del metge va arribar.", ["de", "el"], {"male"}),
]


@pytest.mark.parametrize(("lang", "sentence", "parts", "gender"), CONTRACTIONS)
def test_a_contraction_is_split_from_the_analysers_own_reading(
    monkeypatch, lang, sentence, parts, gender
):
    tagger = tagger_for(monkeypatch, lang, contractions={})  # no table: the analyser's own
    found = words(tagger, sentence)
    texts = [word.text for word in found]
    at = next(i for i in range(len(texts)) if texts[i : i + 2] == parts)
    assert found[at].upos_set == {"ADP"}
    article = found[at + 1]
    assert {a.upos for a in article.analyses} <= {"DET", "PRON"}
    assert {g for a in article.analyses for g in a.genders} == gender
    assert "+" in article.analyses[0].evidence  # the joined reading it came from
    tagger.close()


@pytest.mark.parametrize(
    ("lang", "translation", "word", "expected", "label"),
    [
        ("pt", "O carro da estudante é novo.", "estudante", "female", "correct"),
        ("pt", "O carro do estudante é novo.", "estudante", "female", "wrong"),
        ("it", "La borsa della docente è nuova.", "docente", "female", "correct"),
        ("es", "El coche del periodista es nuevo.", "periodista", "male", "correct"),
        ("fr", "La voiture du journaliste est neuve.", "journaliste", "female", "wrong"),
    ],
)
def test_the_contracted_article_gives_an_epicene_noun_its_gender(
    label_word, lang, translation, word, expected, label
):
    assert label_word(lang, translation, word, expected).label == label


def test_the_generator_spells_each_part_and_the_lemma_stands_in_without_one():
    spec = language("pt").apertium
    assert generator_path(spec).name == "es-pt.autogen.bin"
    if ApertiumAnalyser is None or generator_path(spec) is None:
        pytest.skip("apertium-es-pt is not installed")
    analyser = ApertiumAnalyser(spec, {})
    assert [w.text for w in analyser.analyse(["Da médica"])[0]][:2] == ["De", "a"]
    analyser.generator = None
    analyser._spelled.cache_clear()
    analyser._unit_words.cache_clear()
    assert [w.text for w in analyser.analyse(["da médica"])[0]][:2] == ["de", "o"]  # lemma
    analyser.close()


def test_a_joined_reading_that_cannot_be_split_is_kept_whole_with_a_warning():
    analyser = ApertiumAnalyser(language("pt").apertium, {})
    # two contraction readings that join different numbers of words
    unit = "dum/de<pr>+um<det><ind><m><sg>/de<pr>+um<num>+x<n><m><sg>"
    with pytest.warns(UnsplitContraction, match="'dum': the analyser reads it as a contraction"):
        found = analyser._read_unit(unit)
    assert [w.text for w in found] == ["dum"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a verb with its clitics is no contraction: silent
        verb = analyser._read_unit("dá-lo/dar<vblex><imp><p2><sg>+o<prn><enc><p3><m><sg>")
    assert [w.text for w in verb] == ["dá-lo"]
    analyser.close()


def test_a_second_analyser_reads_the_words_the_first_lacks(monkeypatch):
    # Apertium's Spanish→English analyser lacks "jueza", its Spanish→Romanian one knows it
    first = tagger_for(
        monkeypatch, "es", analysers=("apertium",), apertium=SPA_ENG, apertium_specs=(SPA_ENG,)
    )
    assert words(first, "La jueza llegó.")[1].upos_set == {"X"}
    first.close()
    both = spanish(monkeypatch)
    jueza = words(both, "La jueza llegó.")[1]
    assert jueza.upos_set == {"NOUN"} and jueza.analyses[0].genders == {"female"}
    # first that knows it: "piloto" is the first analyser's common-gender noun only
    piloto = [a for a in words(both, "La piloto llegó.")[1].analyses if a.upos == "NOUN"]
    assert [a.genders for a in piloto] == [{"male", "female"}]
    assert "es-ro.automorf.bin" in both.signature
    both.close()


def test_union_gives_a_word_every_analysers_readings(monkeypatch):
    union = spanish(monkeypatch, union=True)
    piloto = [a for a in words(union, "La piloto llegó.")[1].analyses if a.upos == "NOUN"]
    assert sorted(map(sorted, (a.genders for a in piloto))) == [["female", "male"], ["male"]]
    union.close()


def test_an_analyser_the_row_does_not_give_is_named():
    row = dataclasses.replace(language("es"), analysers=("apertium", "apertium:3"))
    assert offline._missing("apertium:3", row) == (
        "languages.toml gives no Apertium analyser 'apertium:3' for es"
    )


def test_a_row_reads_one_apertium_table_or_a_list(tmp_path, monkeypatch):
    from checker import languages as table

    path = tmp_path / "languages.toml"
    path.write_text(
        '[xx]\nname = "X"\ntokenizer = "apertium"\nanalysers = ["apertium", "apertium:2"]\n'
        'readings = "union"\n'
        'apertium = [{ automorf = "a/x-y.automorf.bin", package = "a" },'
        ' { automorf = "b/x-z.automorf.bin", package = "b", autogen = "b/z-x.autogen.bin" }]\n'
    )
    monkeypatch.setattr(table, "LANGUAGES_FILE", path)
    table.languages.cache_clear()
    try:
        row = table.languages()["xx"]
    finally:
        table.languages.cache_clear()
    assert row.union and row.apertium.automorf == "a/x-y.automorf.bin"
    assert [spec.package for spec in row.apertium_specs] == ["a", "b"]
    assert row.apertium_specs[1].autogen == "b/z-x.autogen.bin"
