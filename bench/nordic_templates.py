"""Template translations into Swedish, Danish, Norwegian (Bokmål, Nynorsk) and Icelandic.

There is no dev data in these languages, and no en→sv/da/nb/nn/is system runs here, so
bench/ud_profile.py measures them (set "nordic") on sentences written from patterns: the
shapes of tests/test_lang_nordic.py (a copula with a kinship noun, the person's pronoun in a
clause after the noun, the copula's pronoun subject, the noun alone), each with six
occupations in their definite and indefinite forms. They are faithful translations written
for gen, not MT output: every record carries the label it should get (``want``).
"""

from __future__ import annotations

#: occupation in English → (definite, indefinite) form, per language
OCCUPATIONS = {
    "sv": {
        "nurse": ("sjuksköterskan", "sjuksköterska"), "doctor": ("läkaren", "läkare"),
        "teacher": ("läraren", "lärare"), "lawyer": ("advokaten", "advokat"),
        "secretary": ("sekreteraren", "sekreterare"), "baker": ("bagaren", "bagare"),
    },
    "da": {
        "nurse": ("sygeplejersken", "sygeplejerske"), "doctor": ("lægen", "læge"),
        "teacher": ("læreren", "lærer"), "lawyer": ("advokaten", "advokat"),
        "secretary": ("sekretæren", "sekretær"), "baker": ("bageren", "bager"),
    },
    "nb": {
        "nurse": ("sykepleieren", "sykepleier"), "doctor": ("legen", "lege"),
        "teacher": ("læreren", "lærer"), "lawyer": ("advokaten", "advokat"),
        "secretary": ("sekretæren", "sekretær"), "baker": ("bakeren", "baker"),
    },
    "nn": {
        "nurse": ("sjukepleiaren", "sjukepleiar"), "doctor": ("legen", "lege"),
        "teacher": ("læraren", "lærar"), "lawyer": ("advokaten", "advokat"),
        "secretary": ("sekretæren", "sekretær"), "baker": ("bakaren", "bakar"),
    },
    "is": {
        "nurse": ("hjúkrunarfræðingurinn", "hjúkrunarfræðingur"),
        "doctor": ("læknirinn", "læknir"), "teacher": ("kennarinn", "kennari"),
        "lawyer": ("lögfræðingurinn", "lögfræðingur"), "secretary": ("ritarinn", "ritari"),
        "baker": ("bakarinn", "bakari"),
    },
}  # fmt: skip

BROTHER, SISTER = "The {} is my brother.", "The {} is my sister."
SHE_SAID, HE_SAID = "The {} said that she was tired.", "The {} said that he was tired."
SHE_IS, HE_IS = "She is a {}.", "He is a {}."
ARRIVED, READ = "The {} arrived on time.", "The {} read the report."
PLEASED, YOUNG = "The {} was pleased.", "The young {} arrived."

#: (English, translation with {D} the definite and {I} the indefinite form, expected, want).
#: The pronoun in a clause after the noun is one the English has too, which gen does not
#: read (it may be another person's: checker/rules/person.py), so those lines are neutral.
SHAPES = {
    "sv": [
        (BROTHER, "{D} är min bror.", "male", "correct"),
        (SISTER, "{D} är min syster.", "female", "correct"),
        (SISTER, "{D} är min syster.", "male", "wrong"),
        (SHE_SAID, "{D} sa att hon var trött.", "female", "neutral"),
        (HE_SAID, "{D} sa att han var trött.", "male", "neutral"),
        (SHE_IS, "Hon är {I}.", "female", "correct"),
        (HE_IS, "Han är {I}.", "male", "correct"),
        (ARRIVED, "{D} kom i tid.", None, "neutral"),
        (READ, "{D} läste rapporten.", None, "neutral"),
        (YOUNG, "Den unge {D} kom.", "male", "correct"),
    ],
    "da": [
        (BROTHER, "{D} er min bror.", "male", "correct"),
        (SISTER, "{D} er min søster.", "female", "correct"),
        (SISTER, "{D} er min søster.", "male", "wrong"),
        (SHE_SAID, "{D} sagde, at hun var træt.", "female", "neutral"),
        (HE_SAID, "{D} sagde, at han var træt.", "male", "neutral"),
        (SHE_IS, "Hun er {I}.", "female", "correct"),
        (HE_IS, "Han er {I}.", "male", "correct"),
        (ARRIVED, "{D} kom til tiden.", None, "neutral"),
        (READ, "{D} læste rapporten.", None, "neutral"),
    ],
    "nb": [
        (BROTHER, "{D} er broren min.", "male", "correct"),
        (SISTER, "{D} er søsteren min.", "female", "correct"),
        (SISTER, "{D} er søsteren min.", "male", "wrong"),
        (SHE_SAID, "{D} sa at hun var trøtt.", "female", "neutral"),
        (HE_SAID, "{D} sa at han var trøtt.", "male", "neutral"),
        (SHE_IS, "Hun er {I}.", "female", "correct"),
        (HE_IS, "Han er {I}.", "male", "correct"),
        (ARRIVED, "{D} kom i tide.", None, "neutral"),
        (READ, "{D} leste rapporten.", None, "neutral"),
    ],
    "nn": [
        (BROTHER, "{D} er bror min.", "male", "correct"),
        (SISTER, "{D} er syster mi.", "female", "correct"),
        (SISTER, "{D} er syster mi.", "male", "wrong"),
        (SHE_SAID, "{D} sa at ho var trøytt.", "female", "neutral"),
        (HE_SAID, "{D} sa at han var trøytt.", "male", "neutral"),
        (SHE_IS, "Ho er {I}.", "female", "correct"),
        (HE_IS, "Han er {I}.", "male", "correct"),
        (ARRIVED, "{D} kom i tide.", None, "neutral"),
        (READ, "{D} las rapporten.", None, "neutral"),
    ],
    "is": [
        (BROTHER, "{D} er bróðir minn.", "male", "correct"),
        (SISTER, "{D} er systir mín.", "female", "correct"),
        (SISTER, "{D} er systir mín.", "male", "wrong"),
        (SHE_SAID, "{D} sagði að hún væri þreytt.", "female", "neutral"),
        (HE_SAID, "{D} sagði að hann væri þreyttur.", "male", "neutral"),
        (SHE_IS, "Hún er {I}.", "female", "correct"),
        (HE_IS, "Hann er {I}.", "male", "correct"),
        (ARRIVED, "{D} kom á réttum tíma.", None, "neutral"),
        (READ, "{D} las skýrsluna.", None, "neutral"),
        (PLEASED, "{D} var ánægð.", "female", "correct"),
        (PLEASED, "{D} var ánægður.", "female", "neutral"),
    ],
}


def languages() -> list[str]:
    return list(SHAPES)


def records(lang: str) -> list[dict]:
    """Each shape with each occupation, as `gen check` input records with their ``want``."""
    rows = []
    for english, target, expected, want in SHAPES[lang]:
        for occupation, (definite, indefinite) in OCCUPATIONS[lang].items():
            text = english.format(occupation)
            translation = target.format(D=definite.capitalize(), I=indefinite)
            n = len(rows)
            rows.append(
                {
                    "id": f"{lang}-{n}", "pair_id": f"{lang}-p{n}", "lang": lang,
                    "text": text, "translation": translation, "expected_gender": expected,
                    "occupation": {"text": occupation}, "want": want,
                }
            )  # fmt: skip
    return rows
