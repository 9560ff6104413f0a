"""The offline tagger on hand-made sentences: tokens, contractions and the genders of key words.

Each language's cases skip only when that language's analyser is not installed here (CI
installs them all, see scripts/setup).
"""

from __future__ import annotations

import pytest

from checker.backends.base import FEMALE, MALE, TaggedSentence
from checker.backends.offline import OfflineTagger, split_words
from gen.errors import MissingResourceError

M, F, MF, NONE = {MALE}, {FEMALE}, {MALE, FEMALE}, set()


@pytest.fixture(scope="module")
def taggers():
    """One tagger per language for the whole module (lt-proc and dictionaries load once)."""
    built: dict[str, OfflineTagger] = {}

    def get(lang: str) -> OfflineTagger:
        if lang not in built:
            reason = OfflineTagger.unavailable(lang, {})
            if reason:
                pytest.skip(reason)
            built[lang] = OfflineTagger(lang, {})
        return built[lang]

    yield get
    for tagger in built.values():
        tagger.close()


def genders_of(sentence: TaggedSentence, index: int, upos: str | None = None) -> set[str]:
    """The genders any reading of word ``index`` allows (only readings with ``upos``, if given)."""
    word = sentence.words[index]
    return {g for a in word.analyses if upos in (None, a.upos) for g in a.genders}


# (lang, sentence, expected tokens, {word index: (upos or None, genders)})
CASES = [
    (
        "es",
        "La periodista llegó al hospital.",
        ["La", "periodista", "llegó", "a", "el", "hospital", "."],
        {0: ("DET", F), 1: ("NOUN", MF), 4: ("DET", M), 5: ("NOUN", M)},
    ),
    (
        "es",
        "Del médico, «cansada».",
        ["De", "el", "médico", ",", "«", "cansada", "»", "."],
        {1: ("DET", M), 5: ("ADJ", F)},
    ),
    (
        "fr",
        "La juge est allée au marché du village.",
        ["La", "juge", "est", "allée", "à", "le", "marché", "de", "le", "village", "."],
        {0: ("DET", F), 3: ("VERB", F), 5: ("DET", M)},
    ),
    (
        "fr",
        "Elle parle aux infirmières.",
        ["Elle", "parle", "à", "les", "infirmières", "."],
        {0: ("PRON", F), 4: ("NOUN", F)},
    ),
    (
        "it",
        "Il medico della città è arrivata.",
        ["Il", "medico", "di", "la", "città", "è", "arrivata", "."],
        {0: ("DET", M), 3: ("DET", F), 6: ("VERB", F)},
    ),
    (
        "pt",
        "A médica do hospital chegou na cidade.",
        ["A", "médica", "de", "o", "hospital", "chegou", "em", "a", "cidade", "."],
        {0: ("DET", F), 1: (None, F), 3: ("DET", M), 7: ("DET", F)},
    ),
    (
        "ca",
        "La metgessa del poble va arribar.",
        ["La", "metgessa", "de", "el", "poble", "va", "arribar", "."],
        {1: ("NOUN", F), 3: ("DET", M)},
    ),
    (
        "ro",
        "Profesoara este obosită.",
        ["Profesoara", "este", "obosită", "."],
        {0: ("NOUN", F), 2: ("ADJ", F)},
    ),
    ("ro", "Medicul a venit.", ["Medicul", "a", "venit", "."], {0: ("NOUN", M)}),
    (
        "ru",
        "Врач пришла домой.",
        ["Врач", "пришла", "домой", "."],
        {0: ("NOUN", M), 1: ("VERB", F)},
    ),
    (
        "ru",
        "Учительница сказала, что её брат — певец.",
        ["Учительница", "сказала", ",", "что", "её", "брат", "—", "певец", "."],
        {0: ("NOUN", F), 1: ("VERB", F), 5: ("NOUN", M), 7: ("NOUN", M)},
    ),
    (
        "uk",
        "Співачка прийшла, лікар прийшов.",
        ["Співачка", "прийшла", ",", "лікар", "прийшов", "."],
        {0: ("NOUN", F), 1: ("VERB", F), 3: ("NOUN", M), 4: ("VERB", M)},
    ),
    ("be", "Урач прыйшла.", ["Урач", "прыйшла", "."], {0: ("NOUN", M), 1: ("VERB", F)}),
    (
        "pl",
        "Lekarka przyszła. Lekarz przyszedł.",
        ["Lekarka", "przyszła", ".", "Lekarz", "przyszedł", "."],
        {0: ("NOUN", F), 1: ("VERB", F), 3: ("NOUN", M), 4: ("VERB", M)},
    ),
    (
        "hbs",
        "Učiteljica je stigla. Liječnik je došao.",
        ["Učiteljica", "je", "stigla", ".", "Liječnik", "je", "došao", "."],
        {0: ("NOUN", F), 2: ("VERB", MF), 4: ("NOUN", M), 6: ("VERB", M)},
    ),
    ("hbs", "Doktorica je došla.", ["Doktorica", "je", "došla", "."], {0: ("NOUN", F)}),
    ("pl", "Dziennikarka przyszła.", ["Dziennikarka", "przyszła", "."], {0: ("NOUN", F)}),
    ("sr", "Liječnik je došao.", ["Liječnik", "je", "došao", "."], {0: ("NOUN", M)}),
    ("hi", "अध्यापिका गई।", ["अध्यापिका", "गई", "।"], {0: ("NOUN", F), 1: ("VERB", F)}),
    ("ur", "ڈاکٹر آئی۔", ["ڈاکٹر", "آئی", "۔"], {0: ("NOUN", M), 1: ("VERB", F)}),
    (
        "de",
        "Die Angestellte kam, der Lehrer auch.",
        ["Die", "Angestellte", "kam", ",", "der", "Lehrer", "auch", "."],
        {0: ("DET", F), 1: ("NOUN", MF), 4: ("DET", MF), 5: ("NOUN", M)},
    ),
    (
        "de",
        "Eine gute Ärztin und zwei Softwareentwicklerinnen.",
        ["Eine", "gute", "Ärztin", "und", "zwei", "Softwareentwicklerinnen", "."],
        {0: ("DET", F), 1: ("ADJ", MF), 2: ("NOUN", F), 5: ("NOUN", F)},
    ),
    (
        "de",
        "Der Pilotin gab ein Fotograf das Buch.",
        ["Der", "Pilotin", "gab", "ein", "Fotograf", "das", "Buch", "."],
        {1: ("NOUN", F), 3: ("DET", M), 4: ("NOUN", M), 6: ("NOUN", NONE)},
    ),
]


@pytest.mark.parametrize(
    ("lang", "text", "tokens", "genders"), CASES, ids=[f"{c[0]}-{c[1][:20]}" for c in CASES]
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
    (verb,) = taggers("ru").tag(["пришла"])[0].words[0].analyses[:1]
    assert verb.feats["Tense"] == "Past"


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
