"""Hindi and Urdu: the person's gender read from the words that agree with an occupation
noun that does not inflect (agreement.toml [families.hindustani], checker/rules/verb_final.py).

Real analysers (apertium-hin, apertium-urd), the alignment given by hand. The sentence
shapes are those of M2M-100's translations of the grammar paper's set ("The editor is her
dear brother.") and of MT-GenEval's Hindi references.
"""

from __future__ import annotations

import pytest

CASES = [
    # lang, translation, the occupation's word in it, expected gender, label, reason, and a
    # word whose evidence role must be the given one (None: no such check)
    # the predicate noun before the copula names the subject: "the editor is her brother"
    ("hi", "संपादक उसका प्यारा भाई है।", "संपादक", "male", "correct", None, ("भाई", "predicate_noun")),
    # ... whatever the possessive before it says ("her" made feminine by the possessor)
    (
        "hi",
        "संपादक उसकी भावनात्मक भाई है।",
        "संपादक",
        "male",
        "correct",
        None,
        ("भाई", "predicate_noun"),
    ),
    # ... but not against the occupation's own phrase: "मेरी" (my, feminine) makes an
    # assistant with no feminine form of its own a woman (M2M's "My assistant is her brother")
    (
        "ur",
        "میری مددگار اس کے جذباتی بھائی ہے.",
        "مددگار",
        "male",
        "wrong",
        None,
        ("میری", "phrase"),
    ),
    # a masculine with a feminine counterpart (सहायक/सहायिका, संपादक/संपादिका) is the
    # masculine whoever it names: neither its phrase nor a sister overrules it (an
    # adjectival noun in -इक, वैज्ञानिक, has no feminine of its own)
    ("hi", "मेरी सहायक उसका भावनात्मक भाई है।", "सहायक", "male", "correct", None, ("सहायक", "noun")),
    ("hi", "संपादक उसकी प्यारी बहन है।", "संपादक", "female", "wrong", None, ("संपादक", "noun")),
    # ... one without (इंजीनियर) is the person it is said to be
    (
        "hi",
        "इंजीनियर उसकी प्यारी बहन है।",
        "इंजीनियर",
        "female",
        "correct",
        None,
        ("बहन", "predicate_noun"),
    ),
    ("hi", "वैज्ञानिक उसकी प्यारी बहन है।", "वैज्ञानिक", "female", "correct", None, None),
    # an occupation unknown to the analyser: the sister decides
    ("hi", "बेकर उसकी प्यारी बहन है।", "बेकर", "male", "wrong", None, ("बहन", "predicate_noun")),
    (
        "ur",
        "ایڈیٹر اس کا پیارا بھائی ہے۔",
        "ایڈیٹر",
        "male",
        "correct",
        None,
        ("بھائی", "predicate_noun"),
    ),
    # a predicate noun against a subject noun of the other gender (a thing's: "government")
    (
        "ur",
        "سرکار اس کا مضبوط بھائی ہے.",
        "سرکار",
        "male",
        "inconclusive",
        "conflicting_gender",
        None,
    ),
    # a possessive before the occupation agrees with it, not with the possessor
    ("hi", "मेरी वकील आई।", "वकील", "female", "correct", None, ("मेरी", "phrase")),
    # a masculine with a feminine of its own yields to the person's own predicate, the verb
    # (MT-GenEval's human references: "प्रबंधक ... थीं")
    ("hi", "मेरी सहायक आई।", "सहायक", "female", "correct", None, ("आई", "predicate")),
    # so does the genitive postposition before it
    ("hi", "वह अस्पताल की डॉक्टर है।", "डॉक्टर", "female", "correct", None, ("की", "phrase")),
    # the verbs ending a direct-case subject's clause agree with it
    ("hi", "डॉक्टर आई।", "डॉक्टर", "female", "correct", None, ("आई", "predicate")),
    ("hi", "गुलंद एक फ्रीलांस कलाकार थीं।", "कलाकार", "female", "correct", None, ("थीं", "predicate")),
    # after ने the transitive perfective agrees with its object: nothing marks the doctor
    ("hi", "डॉक्टर ने काम किया।", "डॉक्टर", "female", "inconclusive", "unmarked_gender", None),
    # a passive's participles agree with no person ("was appointed")
    (
        "hi",
        "सोवुनमी को पुरातत्व की प्रोफ़ेसर नियुक्त किया गया था।",
        "प्रोफ़ेसर",
        "female",
        "correct",
        None,
        ("की", "phrase"),
    ),
    # an occupation that is no subject ("as a painter"): the sentence's verbs, here a
    # feminine honorific form the analyser lacks (read by its ending)
    (
        "hi",
        "फिर हेंड्रिक एम्स्टर्डम में एक चित्रकार के रूप में काम करने लगीं।",
        "चित्रकार",
        "female",
        "correct",
        None,
        ("लगीं", "clause"),
    ),
    # an agent noun in -वाली (the cleaner, a woman) against the brother it is said to be
    (
        "hi",
        "सफाईवाली उसका भाई है।",
        "सफाईवाली",
        "male",
        "inconclusive",
        "conflicting_gender",
        ("सफाईवाली", "noun"),
    ),
    # a feminine agent noun the analyser lacks, by its ending -इका
    ("hi", "वह पत्रिका की संपादिका है।", "संपादिका", "female", "correct", None, None),
    # a common-gender noun listed masculine, with nothing agreeing: the translation does
    # not say
    ("hi", "वह एक पत्रकार हैं।", "पत्रकार", "female", "inconclusive", "unmarked_gender", None),
    # ... but an agent noun in -क has a feminine of its own (लेखिका): its masculine marks
    ("hi", "हॉफ एक लोकप्रिय पुस्तक के लेखक हैं।", "लेखक", "female", "wrong", None, None),
]


@pytest.mark.parametrize(
    ("lang", "translation", "word", "expected", "outcome", "reason", "evidence"), CASES
)
def test_hindustani_agreement(
    label_word, lang, translation, word, expected, outcome, reason, evidence
):
    verdict = label_word(lang, translation, word, expected)
    assert (verdict.label, verdict.reason) == (outcome, reason), verdict.to_json()
    if evidence:
        assert evidence in {(e.text, e.role) for e in verdict.evidence}, verdict.to_json()
