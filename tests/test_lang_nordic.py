"""Swedish, Danish, Norwegian (Bokmål, Nynorsk) and Icelandic: configuration only.

A person noun keeps one form whoever it names (sv "läkaren", nb "legen", is "kennarinn");
the person shows in pronouns, in the noun a copula says the person is ("min bror"), in a
woman's own forms (sv "lärarinna", is "leikkona") and, in Icelandic, in a predicate that
leaves the noun's masculine ("Læknirinn var ánægð"). The analysers are Debian's Apertium
packages (scripts/setup installs them); the alignment is given by hand, but for the last
test, which runs `gen check`'s own offline tagger and eflomal on a small batch. A case skips
where its analyser is absent.
"""

from __future__ import annotations

import json

import pytest
from conftest import label_linked

from checker.backends.offline import OfflineTagger
from checker.pipeline.run import CheckOptions, check

CASES = [
    # lang, translation, the occupation's word, expected gender (None: an open record), label
    # Swedish: common gender (ut) is no sex; the predicate noun after the copula decides
    ("sv", "Sjuksköterskan är min bror.", "Sjuksköterskan", "male", "correct"),
    ("sv", "Sjuksköterskan är min syster.", "Sjuksköterskan", "male", "wrong"),
    ("sv", "Sjuksköterskan är min syster.", "Sjuksköterskan", None, "feminine"),
    # ... the person's pronoun, where the source has none of its own
    ("sv", "Läkaren sa att hon var trött.", "Läkaren", "female", "correct"),
    ("sv", "Läkaren sa att han var trött.", "Läkaren", "female", "wrong"),
    # "hen" names a person without a sex: nothing marks the person's gender
    ("sv", "Läkaren sa att hen var trött.", "Läkaren", "female", "neutral"),
    ("sv", "Hen är läkare.", "läkare", None, "neutral"),
    # the generic noun alone, whatever was asked
    ("sv", "Läkaren kom i tid.", "Läkaren", None, "neutral"),
    ("sv", "Läkaren kom i tid.", "Läkaren", "male", "neutral"),
    ("sv", "Sjuksköterskan kom i tid.", "Sjuksköterskan", None, "neutral"),
    # a feminine agent noun (-inna, -ska) the lexicon lists as common gender (endings) or lacks
    ("sv", "Lärarinnan kom i tid.", "Lärarinnan", "female", "correct"),
    ("sv", "Skådespelerskan kom i tid.", "Skådespelerskan", None, "feminine"),
    # an agent noun the lexicon lacks, capitalised at the sentence's start: common gender
    ("sv", "Utvecklaren kom i tid.", "Utvecklaren", None, "neutral"),
    # the weak adjective's masculine -e names a man (Apertium's <m>); -a names no sex
    ("sv", "Den unge läkaren kom.", "läkaren", None, "masculine"),
    ("sv", "Den unga läkaren kom.", "läkaren", None, "neutral"),
    # a neuter person noun names anyone: its neuter is the word's (neutral.toml neutral_nouns)
    ("sv", "Vittnet kom i tid.", "Vittnet", None, "neutral"),
    ("sv", "Vittnet är min bror.", "Vittnet", "male", "correct"),
    # Danish
    ("da", "Sygeplejersken er min bror.", "Sygeplejersken", "male", "correct"),
    ("da", "Sygeplejersken er min søster.", "Sygeplejersken", "male", "wrong"),
    ("da", "Lægen sagde, at hun var træt.", "Lægen", "female", "correct"),
    ("da", "Lægen kom til tiden.", "Lægen", None, "neutral"),
    ("da", "Lærerinden kom til tiden.", "Lærerinden", "female", "correct"),
    ("da", "Rengøringsassistenten kom.", "Rengøringsassistenten", None, "neutral"),
    # Norwegian Bokmål: the masculine occupation noun is the form used for anyone
    ("nb", "Sykepleieren er broren min.", "Sykepleieren", "male", "correct"),
    ("nb", "Sykepleieren er søsteren min.", "Sykepleieren", "male", "wrong"),
    ("nb", "Legen sa at hun var trøtt.", "Legen", "female", "correct"),
    ("nb", "Legen kom i tide.", "Legen", None, "neutral"),
    ("nb", "Legen kom i tide.", "Legen", "female", "neutral"),
    ("nb", "Lærerinnen kom i tide.", "Lærerinnen", None, "feminine"),
    ("nb", "Renholderen kom.", "Renholderen", None, "neutral"),
    # Norwegian Nynorsk
    ("nn", "Sjukepleiaren er bror min.", "Sjukepleiaren", "male", "correct"),
    ("nn", "Legen sa at ho var trøytt.", "Legen", "female", "correct"),
    ("nn", "Legen kom.", "Legen", None, "neutral"),
    # Icelandic: grammatical gender on nouns, articles, adjectives and predicates
    ("is", "Hjúkrunarfræðingurinn er bróðir minn.", "Hjúkrunarfræðingurinn", "male", "correct"),
    ("is", "Hjúkrunarfræðingurinn er systir mín.", "Hjúkrunarfræðingurinn", "male", "wrong"),
    ("is", "Læknirinn sagði að hún væri þreytt.", "Læknirinn", "female", "correct"),
    ("is", "Kennarinn kom.", "Kennarinn", None, "neutral"),
    # the adjective agrees with the noun's masculine, not with the person
    ("is", "Góði kennarinn kom.", "kennarinn", None, "neutral"),
    # a predicate that leaves the noun's masculine is the person's; one that keeps it is not
    ("is", "Læknirinn var ánægð.", "Læknirinn", "female", "correct"),
    ("is", "Læknirinn var ánægður.", "Læknirinn", None, "neutral"),
    ("is", "Læknirinn var ánægður.", "Læknirinn", "female", "neutral"),
    # a woman's own noun, known to the lexicon or a -kona compound it lacks
    ("is", "Leikkonan kom.", "Leikkonan", "female", "correct"),
    ("is", "Ræstingakonan kom.", "Ræstingakonan", None, "feminine"),
    ("is", "Slökkviliðsmaðurinn kom.", "Slökkviliðsmaðurinn", None, "neutral"),
]


@pytest.mark.parametrize(("lang", "translation", "word", "expected", "outcome"), CASES)
def test_nordic_language(label_word, lang, translation, word, expected, outcome):
    verdict = label_word(lang, translation, word, expected)
    assert verdict.label == outcome, verdict.to_json()


OCCUPATIONS = {"nurse", "secretary", "teacher", "doctor"}
SUBJECTS = [
    # lang, source (its occupation the word after "a"/"the"), translation, the occupation's
    # word, expected gender, label: the copula's subject is the person (agreement.toml
    # copula_subjects), although the English names a pronoun of its own
    (
        "sv",
        "She is an ambitious nurse .",
        "Hon är en ambitiös sjuksköterska .",
        "sjuksköterska",
        "female",
        "correct",
    ),
    (
        "sv",
        "She is an ambitious nurse .",
        "Han är en ambitiös sjuksköterska .",
        "sjuksköterska",
        "female",
        "wrong",
    ),
    ("sv", "She is a nurse .", "Hen är sjuksköterska .", "sjuksköterska", "female", "neutral"),
    (
        "sv",
        "I have met with her , she is a nurse .",
        "Jag har träffat henne , hon är sjuksköterska .",
        "sjuksköterska",
        "female",
        "correct",
    ),
    # a kinship noun as the subject (the word list's sex, not the lexicon's common gender)
    (
        "sv",
        "My father is a secretary .",
        "Min pappa är sekreterare .",
        "sekreterare",
        "male",
        "correct",
    ),
    (
        "sv",
        "My father is a secretary .",
        "Min mamma är sekreterare .",
        "sekreterare",
        "male",
        "wrong",
    ),
    (
        "da",
        "He is an ambitious nurse .",
        "Han er en ambitiøs sygeplejerske .",
        "sygeplejerske",
        "male",
        "correct",
    ),
    ("da", "My father is a secretary .", "Min far er sekretær .", "sekretær", "male", "correct"),
    # a generic masculine noun: the subject's own masculine is the person's, not the form's
    (
        "nb",
        "She is an ambitious nurse .",
        "Hun er en ambisiøs sykepleier .",
        "sykepleier",
        "female",
        "correct",
    ),
    ("nb", "He is a nurse .", "Han er sykepleier .", "sykepleier", "male", "correct"),
    # a possessive after its noun agrees with that noun: not read as the subject
    (
        "nb",
        "My sister is a secretary .",
        "Søsteren min er sekretær .",
        "sekretær",
        "female",
        "neutral",
    ),
    ("nn", "She is a nurse .", "Ho er sjukepleiar .", "sjukepleiar", "female", "correct"),
    (
        "is",
        "She is an ambitious nurse .",
        "Hún er metnaðarfullur hjúkrunarfræðingur .",
        "hjúkrunarfræðingur",
        "female",
        "correct",
    ),
    ("is", "He is a teacher .", "Hann er kennari .", "kennari", "male", "correct"),
    # "as": the word before the verb (or the verb's object) is the one the role is given to
    (
        "sv",
        "She works as a nurse .",
        "Hon arbetar som sjuksköterska .",
        "sjuksköterska",
        "female",
        "correct",
    ),
    (
        "sv",
        "She has been hired as a nurse .",
        "Hon har anställts som sjuksköterska .",
        "sjuksköterska",
        "female",
        "correct",
    ),
    (
        "sv",
        "My father works as a secretary .",
        "Min pappa arbetar som sekreterare .",
        "sekreterare",
        "male",
        "correct",
    ),
    (
        "sv",
        "We hired him as a nurse .",
        "Vi anställde honom som sjuksköterska .",
        "sjuksköterska",
        "female",
        "wrong",
    ),
    (
        "nb",
        "She works as a nurse .",
        "Hun jobber som sykepleier .",
        "sykepleier",
        "female",
        "correct",
    ),
    # no copula: a pronoun the English has too may be another person's
    ("sv", "The doctor called her .", "Läkaren ringde henne .", "Läkaren", None, "neutral"),
]


@pytest.mark.parametrize(("lang", "source", "translation", "word", "expected", "outcome"), SUBJECTS)
@pytest.mark.parametrize("path", ["taggers", "ud_taggers"])  # offline; as Stanza's model gives it
def test_the_copulas_subject_is_the_person(
    request, path, lang, source, translation, word, expected, outcome
):
    occupation = next(t for t in source.split() if t in OCCUPATIONS)
    verdict = label_linked(
        request.getfixturevalue(path), lang, source, occupation, translation,
        {occupation: word}, expected,
    )  # fmt: skip
    assert verdict.label == outcome, verdict.to_json()


@pytest.mark.parametrize(
    ("lang", "text", "word", "genders"),
    [
        # common gender and neuter name no sex (apertium_tags.toml ut, nt)
        ("sv", "Läkaren kom.", "Läkaren", {"male", "female"}),
        ("sv", "Barnet kom.", "Barnet", set()),
        ("da", "Lægen kom.", "Lægen", {"male", "female"}),
        # the word list's kinship nouns name a sex, which the lexicons' gender tags do not
        ("sv", "min bror", "bror", {"male"}),
        ("da", "min søster", "søster", {"female"}),
        ("nb", "søsteren min", "søsteren", {"female"}),
        # "Hen" at a sentence's start is the pronoun, not the male name the lexicon lists
        ("sv", "Hen kom.", "Hen", {"male", "female"}),
    ],
)
def test_nouns_read_by_sex_not_grammatical_gender(taggers, lang, text, word, genders):
    sentence = taggers(lang).tag([text])[0]
    found = sentence.words[sentence.tokens.index(word)]
    assert {g for reading in found.analyses for g in reading.genders} == genders


#: A small set: each shape with each of six occupations (the occupation's definite form).
OCCUPATIONS_EN = ["nurse", "doctor", "teacher", "lawyer", "secretary", "baker"]
BATCH_OCCUPATIONS = {
    "sv": ["sjuksköterskan", "läkaren", "läraren", "advokaten", "sekreteraren", "bagaren"],
    "da": ["sygeplejersken", "lægen", "læreren", "advokaten", "sekretæren", "bageren"],
    "nb": ["sykepleieren", "legen", "læreren", "advokaten", "sekretæren", "bakeren"],
    "is": [
        "hjúkrunarfræðingurinn",
        "læknirinn",
        "kennarinn",
        "lögfræðingurinn",
        "ritarinn",
        "bakarinn",
    ],
}
BROTHER, SISTER = "The {} is my brother.", "The {} is my sister."
ARRIVED, READ = "The {} arrived on time.", "The {} read the report."
BATCH_SHAPES = {
    "sv": [
        (BROTHER, "{} är min bror.", "male", "correct"),
        (SISTER, "{} är min syster.", "male", "wrong"),
        (ARRIVED, "{} kom i tid.", None, "neutral"),
        (READ, "{} läste rapporten.", None, "neutral"),
    ],
    "da": [
        (BROTHER, "{} er min bror.", "male", "correct"),
        (SISTER, "{} er min søster.", "male", "wrong"),
        (ARRIVED, "{} kom til tiden.", None, "neutral"),
        (READ, "{} læste rapporten.", None, "neutral"),
    ],
    "nb": [
        (BROTHER, "{} er broren min.", "male", "correct"),
        (SISTER, "{} er søsteren min.", "male", "wrong"),
        (ARRIVED, "{} kom i tide.", None, "neutral"),
        (READ, "{} leste rapporten.", None, "neutral"),
    ],
    "is": [
        (BROTHER, "{} er bróðir minn.", "male", "correct"),
        (SISTER, "{} er systir mín.", "male", "wrong"),
        (ARRIVED, "{} kom á réttum tíma.", None, "neutral"),
        (READ, "{} las skýrsluna.", None, "neutral"),
    ],
}


@pytest.mark.parametrize("lang", sorted(BATCH_SHAPES))
def test_check_aligns_and_labels_a_small_set(tmp_path, lang):
    """`gen check` end to end with its offline tagger and eflomal on 24 lines (four shapes,
    six occupations): the aligner finds the occupation, and the labels follow. eflomal
    seeds itself, so a line may now and then go unaligned (in 40 runs of each language, one
    line of 960 did): up to two inconclusive lines pass, a wrong label never."""
    pytest.importorskip("eflomal")
    if reason := OfflineTagger.unavailable(lang, {}):
        pytest.skip(reason)
    lines = [
        (english.format(occupation), target.format(word[:1].upper() + word[1:]), expected, want)
        for english, target, expected, want in BATCH_SHAPES[lang]
        for occupation, word in zip(OCCUPATIONS_EN, BATCH_OCCUPATIONS[lang], strict=True)
    ]
    source = tmp_path / "source.jsonl"
    rows = [
        {
            "id": f"r{i}",
            "pair_id": f"p{i}",
            "text": text,
            "translation": translation,
            "expected_gender": expected,
            "occupation": {"text": text.split()[1]},
        }
        for i, (text, translation, expected, _) in enumerate(lines)
    ]
    source.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows))
    options = CheckOptions(tagger="offline", aligner="eflomal")
    check(source, out=tmp_path / "out", lang=lang, options=options)
    results = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").open()]
    missed = [
        (row["translation"], row["label"])
        for row, (*_, want) in zip(results, lines, strict=True)
        if row["label"] != want
    ]
    assert all(label == "inconclusive" for _, label in missed) and len(missed) <= 2, missed
