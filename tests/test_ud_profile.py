"""The UD-profile harness: the offline analyses as a language's default Stanza model gives
them (checker/backends/ud_profile.py, checker/data/ud_profiles.toml), and the rule data it
showed to be keyed on features UD treebanks lack."""

from __future__ import annotations

import pytest

from checker.backends.base import FEMALE, MALE, Analysis, TaggedSentence, Word
from checker.backends.treebank_profiles import ud_profile
from checker.rules.agreement_rules import agreement_rules, rules_as_annotated
from checker.rules.label import label
from checker.rules.readings import inanimate, names_person


@pytest.mark.parametrize(
    ("lang", "text", "word", "kept", "dropped"),
    [
        # BTB has Aspect, and no Subcat
        ("bg", "Лекарката дойде.", "дойде", {"Aspect", "Tense"}, {"Subcat"}),
        # SynTagRus has Animacy and Aspect
        ("ru", "Врач пришла в школу.", "Врач", {"Animacy", "Case"}, set()),
        # HDTB has no Subcat (transitivity)
        ("hi", "वह डॉक्टर आई।", "आई", {"Aspect", "Number"}, {"Subcat"}),
    ],
)
def test_readings_keep_only_the_treebanks_features(
    ud_taggers, taggers, lang, text, word, kept, dropped
):
    (offline,) = taggers(lang).tag([text])
    (ud,) = ud_taggers(lang).tag([text])
    before = next(w for w in offline.words if w.text == word).analyses[0].feats
    after = next(w for w in ud.words if w.text == word).analyses[0].feats
    assert kept | dropped <= set(before)
    assert kept <= set(after) and not dropped & set(after)
    assert offline.annotated is None  # the offline path gives every feature it knows
    assert ud.annotated == ud_profile(ud_taggers(lang).profile.code).features  # no gen_data


def test_german_persons_are_read_from_gens_noun_table(ud_taggers, taggers):
    """UD German has no Animacy: the person mark of a motion-pair noun (Arzt/Ärztin) comes
    from the german-nouns table, as on the offline path; Case and Number stay the model's."""
    (sentence,) = ud_taggers("de").tag(["Der Arzt kam."])
    arzt = sentence.words[1].analyses[0]
    assert arzt.feats["Animacy"] == "Anim" and {"Case", "Number"} <= set(arzt.feats)
    assert "Animacy" in sentence.annotated and "Animacy" not in ud_profile("de").features


def test_arabic_proclitics_are_words_of_their_own_and_verbs_carry_aspect(ud_taggers):
    """PADT's tokenisation: "كمدرسة" (as a teacher) is "ك" + "مدرسة"; "كان" (was), whose
    lemma starts with the letter, is not split; the word list's Tense is PADT's Aspect. PADT
    has no Animacy: gen's word list marks the teacher a person, as on the offline path."""
    (sentence,) = ud_taggers("ar").tag(["عملت كمدرسة وكان"])
    assert sentence.tokens == ["عملت", "ك", "مدرسة", "و", "كان"]
    assert sentence.words[1].analyses[0].upos == "ADP"
    assert sentence.words[2].analyses[0].feats["Animacy"] == "Anim"
    assert "Animacy" in sentence.annotated
    verb = sentence.words[0].analyses[0]
    assert verb.feats.get("Aspect") == "Perf" and "Tense" not in verb.feats


def test_dutch_nouns_read_their_person_gender_from_their_form(ud_taggers):
    """Alpino's nouns are Com or Neut, never Masc or Fem: the noun's form names the person
    (languages.toml nl suffixes), as on the Stanza path (checker/backends/noun_forms.py)."""
    (sentence,) = ud_taggers("nl").tag(["De lerares en de leraar."])
    genders = {w.text: w.analyses[0].genders for w in sentence.words}
    assert genders["lerares"] == {FEMALE} and genders["leraar"] == {MALE}
    assert genders["De"] == frozenset()  # a determiner's dictionary gender is not UD's


def _noun(text: str, feats: dict[str, str]) -> Word:
    return Word(text, (Analysis(text, "NOUN", frozenset({FEMALE}), text, feats),))


@pytest.mark.parametrize("lang", ["de", "nl", "ar"])
def test_a_noun_without_animacy_is_unknown_where_the_tagger_never_gives_it(lang):
    """Where the analysers mark persons (Animacy=Anim), an unmarked noun is a thing; where
    the tagger's treebank has no Animacy at all, the same noun may name a person."""
    noun = _noun("x", {"Number": "Sing"})
    offline = agreement_rules(lang)
    assert not names_person(noun, offline)
    without = rules_as_annotated(lang, ud_profile(lang).features)
    assert names_person(noun, without) and not inanimate(noun, without)
    assert without.animate == () and rules_as_annotated(lang, None) == offline


def test_feature_sets_keyed_on_a_feature_the_tagger_lacks_are_dropped():
    hi = rules_as_annotated("hi", ud_profile("hi").features)
    assert hi.subject_verbs == (frozenset({("Aspect", "Imp")}),)
    ar = rules_as_annotated("ar", ud_profile("ar").features)
    assert all(("Tense", "Past") not in feats for feats in ar.person_verbs)
    assert len(ar.person_verbs) == 2  # PADT's Aspect=Perf and Aspect=Imp stay


def test_arabic_as_prefix_split_off_still_introduces_the_role(ud_taggers):
    """The sentence "عملت سافيني كمصورة حرب" (Savini worked as a war photographer): the
    aligner gave the occupation nothing, and "ك" (as), a word of its own in Stanza's
    Arabic, names the noun after it as the role (agreement.toml ar ``as_words`` "ك-")."""
    (sentence,) = ud_taggers("ar").tag(["عملت سافيني كمصورة حرب خلال حرب الفيتنام."])
    assert "ك" in sentence.tokens
    source = "Savini worked as a war photographer during the Vietnam war .".split()
    verdict = label(
        expected_gender=FEMALE, source_tokens=source, occupation=(5, 6), sentence=sentence,
        alignment=frozenset({(0, 1)}), rules=rules_as_annotated("ar", sentence.annotated),
    )  # fmt: skip
    assert verdict.label == "correct", verdict.to_json()
    assert next(e.text for e in verdict.evidence if e.role == "noun") == "مصورة"


def test_the_offline_path_is_unchanged():
    """A sentence that declares no profile is read by the rules as they are."""
    assert TaggedSentence(()).annotated is None
    assert rules_as_annotated("de", None) == agreement_rules("de")


@pytest.mark.parametrize(
    ("translation", "source", "occupation", "noun", "outcome"),
    [
        # right after the person noun in the direct case, a perfective agrees with it
        ("कलाकार नाची।", "The artist danced .", 1, "कलाकार", "correct"),
        # a sentence's intransitive perfective (लौट आना, return) is the person's
        (
            "मोफोर्ड 1947 में कार्यकारी सचिव के रूप में टैक्स कमिशन में लौट आईं।",
            "Mofford returned to the Tax Commission in 1947 as executive secretary .",
            10,
            "सचिव",
            "correct",
        ),
        # after the ergative "ने" a perfective agrees with its object, not the person
        ("डॉक्टर ने काम किया।", "The doctor did the work .", 1, "डॉक्टर", "inconclusive"),
    ],
)
def test_hindi_perfectives_without_subcat_read_their_clause(
    ud_taggers, translation, source, occupation, noun, outcome
):
    """UD Hindi-HDTB gives no Subcat: a perfective's transitivity is read from its clause
    (the ergative "ने") and the commonest intransitive lemmas (agreement.toml hi)."""
    (sentence,) = ud_taggers("hi").tag([translation])
    linked = frozenset({(occupation, sentence.tokens.index(noun))})
    verdict = label(
        expected_gender=FEMALE, source_tokens=source.split(),
        occupation=(occupation, occupation + 1), sentence=sentence, alignment=linked,
        rules=rules_as_annotated("hi", sentence.annotated),
    )  # fmt: skip
    assert verdict.label == outcome, verdict.to_json()
