"""The values of the record fields that every part of gen writes or reads."""

GENDERS = ("male", "female")

CORRECT, WRONG, INCONCLUSIVE = "correct", "wrong", "inconclusive"
LABELS = (CORRECT, WRONG, INCONCLUSIVE)
#: A translation that marks no gender for the person, or a neutral rewording ("Lehrkraft"), and
#: one that marks both (doublets, inclusive forms: "Lehrer*in", "el/la enfermero/a").
NEUTRAL, BOTH = "neutral", "both"
#: The labels of a fixed-gender record counted apart from LABELS (`--compat`: inconclusive).
APART = (NEUTRAL, BOTH)
#: What a translation gives a person whose gender the source leaves open (``expected_gender``
#: null): the labels of an open-gender record.
FEMININE, MASCULINE = "feminine", "masculine"
#: The reason of a ``neutral`` read from a form a language uses for anyone (nl "de kapper",
#: masculine in form): the checker gives it, WinoMT's scores read the form's gender from it.
GENERIC_FORM = "generic_form"
OPEN_LABELS = (FEMININE, MASCULINE, NEUTRAL, BOTH, INCONCLUSIVE)

#: The seven sets of Cho et al. (2019)'s Korean TGBI set, in the paper's order: a record
#: is in a set when its field has the set's name (generator/korean.py writes the fields,
#: scores/tgbi.py reads them).
TGBI_VIEWS = (
    ("informal", "formality"),
    ("formal", "formality"),
    ("impolite", "politeness"),
    ("polite", "politeness"),
    ("negative", "category"),
    ("positive", "category"),
    ("occupation", "category"),
)
