"""The offline tagger on hand-made sentences: tokens, contractions and the genders of key words.

Each language's cases skip only when that language's analyser is not installed here (CI
installs them all, see scripts/setup).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.backends.base import FEMALE, MALE, TaggedSentence
from checker.backends.offline import OfflineTagger, split_words
from checker.languages import language_rows
from common.errors import MissingResourceError

GENDERS = {"m": {MALE}, "f": {FEMALE}, "mf": {MALE, FEMALE}, "-": set()}


def genders_of(sentence: TaggedSentence, index: int, upos: str | None = None) -> set[str]:
    """The genders any reading of word ``index`` allows (only readings with ``upos``, if given)."""
    word = sentence.words[index]
    return {g for a in word.analyses if upos in (None, a.upos) for g in a.genders}


CASES_FILE = Path(__file__).parent / "data" / "offline_tagger_cases.txt"


def read_cases() -> list[tuple[str, str, list[str], dict[int, tuple[str | None, set]]]]:
    """The cases of CASES_FILE (see its header)."""
    cases = []
    for line in CASES_FILE.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        lang, text, tokens, expected = (cell.strip() for cell in line.split("|"))
        genders = {}
        for item in expected.split(","):
            index, upos, allowed = item.split()
            genders[int(index)] = (None if upos == "*" else upos, GENDERS[allowed])
        cases.append((lang, text, tokens.split(), genders))
    return cases


@pytest.mark.parametrize(
    ("lang", "text", "tokens", "genders"),
    read_cases(),
    ids=[f"{case[0]}-{case[1][:20]}" for case in read_cases()],
)
def test_tokens_and_genders(taggers, lang, text, tokens, genders):
    (sentence,) = taggers(lang).tag([text])
    assert sentence.tokens == tokens
    for index, (upos, expected) in genders.items():
        assert genders_of(sentence, index, upos) == expected, sentence.words[index]


@pytest.mark.parametrize("lang", ["es", "ru", "de"])
def test_every_word_has_a_reading_and_unknown_words_say_so(taggers, lang):
    empty, nonsense, symbols = taggers(lang).tag(["", "Qxzvw", "§ ... ?!"])
    assert empty.words == ()
    (unknown,) = nonsense.words[0].analyses
    assert unknown.upos == "X" and "unknown" in unknown.evidence
    assert "".join(symbols.tokens) == "§...?!"  # how punctuation splits is the analyser's
    assert all(a.upos in ("PUNCT", "SYM") for word in symbols.words for a in word.analyses)


def test_batches_keep_sentence_order_and_lines(taggers):
    texts = [f"La periodista {n} llegó." for n in range(500)] + ["a\nb\0c", "x ^ $ / \\ y"]
    sentences = taggers("es").tag(texts)
    assert len(sentences) == len(texts)
    assert sentences[123].tokens == ["La", "periodista", "123", "llegó", "."]
    assert sentences[-2].tokens == ["a", "b", "c"]
    assert sentences[-1].tokens == ["x", "^", "$", "/", "\\", "y"]


def test_readings_keep_evidence_and_features(taggers):
    (sentence,) = taggers("es").tag(["Las periodistas llegaron."])
    (reading,) = sentence.words[1].analyses
    assert reading.evidence == "periodistas/periodista<n><mf><pl>"
    assert reading.feats["Number"] == "Plur"
    (determiner, pronoun) = taggers("es").tag(["La"])[0].words[0].analyses
    assert determiner.evidence == "La/El<det><def><f><sg>" and pronoun.upos == "PRON"
    (verb,) = taggers("ru").tag(["пришла"])[0].words[0].analyses[:1]
    assert verb.feats["Tense"] == "Past"


def test_animacy_is_kept_from_dictionaries_not_from_guesses(taggers):
    """ru "школе" is inanimate in Apertium's dictionary; pymorphy3's guess for an unknown
    word ("янитор", a transliterated janitor) says nothing of animacy."""
    school, janitor = taggers("ru").tag(["школе янитор"])[0].words
    assert {reading.feats.get("Animacy") for reading in school.analyses} == {"Inan"}
    assert all("guessed" in reading.evidence for reading in janitor.analyses)
    assert {reading.feats.get("Animacy") for reading in janitor.analyses} == {None}


@pytest.mark.parametrize(
    ("lang", "module", "command"),
    [
        ("uk", "pymorphy3", "pip install pymorphy3 pymorphy3-dicts-uk"),
        ("ru", "pymorphy3_dicts_ru", "pip install pymorphy3 pymorphy3-dicts-ru"),
        ("de", "german_nouns", "pip install --no-deps german-nouns"),
    ],
)
def test_missing_python_analyser_names_the_pip_command(monkeypatch, lang, module, command):
    import importlib.util

    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == module else find_spec(name)
    )
    assert command in OfflineTagger.unavailable(lang, {})
    with pytest.raises(MissingResourceError, match=command):
        OfflineTagger(lang, {})


def test_unknown_language_is_unavailable_and_cannot_be_built():
    reason = OfflineTagger.unavailable("xx", {})
    assert "xx" in reason and "es" in reason
    with pytest.raises(MissingResourceError):
        OfflineTagger("xx", {})


def test_missing_apertium_analyser_names_the_apt_command(monkeypatch):
    from checker.backends import apertium

    monkeypatch.setattr(apertium, "APERTIUM_DATA", apertium.APERTIUM_DATA / "absent")
    reason = OfflineTagger.unavailable("es", {})
    assert "apt-get install lttoolbox apertium-eng-spa" in reason
    with pytest.raises(MissingResourceError, match="apertium-eng-spa"):
        OfflineTagger("es", {})


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (
            "Die Lehrerin, z. B. Anna-Lena!",
            ["Die", "Lehrerin", ",", "z", ".", "B", ".", "Anna-Lena", "!"],
        ),
        ("Er sagt: „Ja...“", ["Er", "sagt", ":", "„", "Ja", "...", "“"]),
    ],
)
def test_word_splitter(text, words):
    assert split_words(text, {}) == words


def test_word_splitter_expands_contractions():
    assert split_words("Zur Ärztin, zum Arzt", {"zur": ["zu", "der"], "zum": ["zu", "dem"]}) == [
        "Zu",
        "der",
        "Ärztin",
        ",",
        "zu",
        "dem",
        "Arzt",
    ]


def test_signature_names_analysers_and_versions(taggers):
    signature = taggers("ru").signature
    assert signature.startswith("offline(apertium-rus-ukr ") and "+pymorphy3 " in signature


def test_text_is_read_in_unicode_nfc(taggers):
    """hi "लड़की" (girl) spelled with the precomposed U+095C is the same word as with
    U+0921 U+093C; the dictionary knows the NFC spelling, and the token comes back in it."""
    precomposed = "\u0932\u095c\u0915\u0940"
    (sentence,) = taggers("hi").tag([precomposed])
    assert sentence.tokens == ["\u0932\u0921\u093c\u0915\u0940"]
    assert genders_of(sentence, 0, "NOUN") == {FEMALE}
    (sentence,) = taggers("de").tag(["A\u0308rztin"])  # Ä as A + combining diaeresis
    assert sentence.tokens == ["Ärztin"] and genders_of(sentence, 0, "NOUN") == {FEMALE}


NOISY = "«x» [y] {z} <w> @a #b ~c *d $e ^f \\g /h +i 😀 ½ 3,5% — “q”… x\ty\r\nz"


@pytest.mark.parametrize("lang", sorted({row.code for row in language_rows()}))
def test_tokens_spell_out_the_text_whatever_it_holds(taggers, lang):
    """Every character but spaces is in some token, once, in order; every word has a reading."""
    (sentence,) = taggers(lang).tag([NOISY])
    assert "".join(sentence.tokens) == "".join(NOISY.split())
    assert all(word.analyses for word in sentence.words)
