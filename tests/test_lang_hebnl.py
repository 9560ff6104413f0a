"""Hebrew, Dutch and Arabic: the offline tagger and agreement rules on real sentence shapes.

The sentences follow M2M-100's translations of the grammar's sentences and MT-GenEval's
references (../shared/dev-data); the alignment is given by hand (the occupation → the named
target word). Hebrew needs hspell and Dutch Apertium's nld analyser (scripts/setup installs
both); a case skips where its analyser is absent.
"""

from __future__ import annotations

import pytest

from checker.backends.dictionary import translation_pairs
from checker.backends.hspell import HspellAnalyser, hspell_tags
from checker.backends.wordlist import read_wordlist
from checker.rules.agreement_rules import agreement_rules
from checker.rules.label import label
from common.errors import GenError

CASES = [
    # lang, translation, the occupation's word in it, expected gender, label
    # Hebrew: the noun's own gender (Hspell), the article a prefix
    ("he", "הכותב הוא אחיו הרגשי.", "הכותב", "male", "correct"),
    ("he", "העורכת היא אחותה היפה.", "העורכת", "female", "correct"),
    # רופאה is also "her doctor" (masculine noun + suffix): the literary reading is set aside
    ("he", "הרופאה הגיעה מוקדם.", "הרופאה", "female", "correct"),
    # gershayim inside an acronym keep it one word
    ("he", 'המנכ"ל הוא אחיה.', 'המנכ"ל', "male", "correct"),
    # niqqud stays in the word and is left out for Hspell
    ("he", "הָרוֹפְאָה הגיעה.", "הָרוֹפְאָה", "female", "correct"),
    # מורה is both genders: the pronoun copula, a verb, an adjective after it decide
    ("he", "המורה היא אחותו.", "המורה", "female", "correct"),
    ("he", "המורה הוא אחיה.", "המורה", "female", "wrong"),
    ("he", "המורה עבדה שם שנים.", "המורה", "female", "correct"),
    ("he", "המורה החדשה היא אחותו.", "המורה", "female", "correct"),
    # ... past the possessive after the noun ("my teacher is her brother")
    ("he", "המורה שלי הוא אחיו הרגשי.", "המורה", "male", "correct"),
    ("he", "המנקה שלי היא אחיה הרגשי.", "המנקה", "male", "wrong"),
    # a feminine title with a demonstrative: the noun decides, agreement never overrules it
    ("he", "המארחת הזאת היא אחיו.", "המארחת", "male", "wrong"),
    ("he", "המהנדס היא אחותו.", "המהנדס", "female", "wrong"),
    # Dutch: the noun's form, from Apertium's lexicon or the suffix rules
    ("nl", "De redacteur is haar emotionele broer.", "redacteur", "male", "correct"),
    # a common-gender subject (Apertium's mf "klerk") names the person its predicate noun
    # names, past an adjective the analyser lacks ("arrogante", guessed a noun by its ending)
    ("nl", "De klerk is haar emotionele broer.", "klerk", "female", "wrong"),
    ("nl", "Mijn klerk is zijn arrogante broer.", "klerk", "male", "correct"),
    ("nl", "Mijn secretaris is zijn rebelse broer.", "secretaris", "male", "correct"),
    ("nl", "Mijn supervisor is zijn opstandige broer.", "supervisor", "male", "correct"),
    ("nl", "Daarna werd Gizenga lerares aan een school.", "lerares", "female", "correct"),
    ("nl", "Er is een artieste die tegen klei schreeuwt.", "artieste", "female", "correct"),
    # the masculine form names anyone: nothing else marks the person (neutral.toml generic)
    ("nl", "Er is een artiest die tegen klei schreeuwt.", "artiest", "female", "neutral"),
    ("nl", "Zij werkte als advocate en appelkweekster.", "advocate", "female", "correct"),
    ("nl", "Zij werkte als advocate en appelkweekster.", "appelkweekster", "female", "correct"),
    # an adjectival noun is common gender: the predicate noun after the copula tells, past an
    # adjective the analyser lacks ("rebelse")
    ("nl", "Mijn verloskundige is zijn rebelse broer.", "verloskundige", "male", "correct"),
    ("nl", "Mijn verloskundige werkt hard.", "verloskundige", "male", "inconclusive"),
    # Arabic: the feminine -ة, written-on prepositions and article, harakat kept in the word
    ("ar", "الممثلة هي أخاها الحبيب.", "الممثلة", "female", "correct"),
    ("ar", "الممثل هو أخي.", "الممثل", "male", "correct"),
    ("ar", "عملت سافيني كمصورة حرب خلال حرب الفيتنام.", "كمصورة", "female", "correct"),
    ("ar", "عمل سافيني كمصور حرب خلال حرب الفيتنام.", "كمصور", "female", "wrong"),
    ("ar", "قالت المُحققة بأن النيران اندلعت.", "المُحققة", "female", "correct"),
    # a masculine title after a woman's verb (VSO): the verb agrees with the person
    ("ar", "كانت Reima Pietilä أستاذ للهندسة المعمارية.", "أستاذ", "female", "correct"),
    # a masculine noun in -ة, from the word list through the article
    ("ar", "كان الرحالة مشهورا.", "الرحالة", "male", "correct"),
    # the accusative ending of an indefinite masculine noun: "worked as a professor"
    ("ar", "عمل سميث أستاذا في الجامعة.", "أستاذا", "male", "correct"),
    # -ة becomes -ت before a pronoun suffix: "its author" (f.)
    ("ar", "لأن مؤلِّفته تعتقد أن التناقضات علامة.", "مؤلِّفته", "female", "correct"),
    # the sound masculine plural
    ("ar", "تمكن أحد السائقين من تهدئة الوضع.", "السائقين", "male", "correct"),
    # a woman's verb across her name, its subject: the masculine title is her role
    # (languages.toml's feminine past -ت; agreement.toml `predicative_across`)
    ("ar", "عملت Aho كسكرتير سياسي بوزارة الشؤون الخارجية.", "كسكرتير", "male", "wrong"),
    # the masculine past of form V (تدرب) is not taken for a feminine present
    ("ar", "تدرب بوست كمُدرّس في بلدة صغيرة.", "كمُدرّس", "male", "correct"),
    ("ar", "ثم ستنتقل Rotberg كأستاذ زائر.", "كأستاذ", "male", "wrong"),
    # the present copula with the subjunctive لـ or the future سـ, right before its noun
    ("ar", "قبلت Glaser عرض لتصبح أستاذ الفيزياء هناك.", "أستاذ", "male", "wrong"),
    ("ar", "قرر مالك النادي أن Shakespeare ستصبح مدير النادي.", "مدير", "male", "wrong"),
    # right after the verb, the noun is its object: the verb is its own subject's
    ("ar", "غمرت عاصفة المبنى ودفعت المُدرّس للفرار.", "المُدرّس", "male", "correct"),
    # a name in -ت is not a feminine verb (a long vowel before the -ت)
    ("ar", "عمل روبرت كمدرس في الجامعة.", "كمدرس", "male", "correct"),
    # "that he" before the predicate noun
    ("ar", "أثبت Trapp أنه ضابط إنفاذ قانون فعال.", "ضابط", "male", "correct"),
    # a word of no agent-noun pattern is not guessed masculine (an aligner's slip): the
    # head of its idafa is read ("flight attendant", agreement.toml `bare_complement`)
    ("ar", "نجحت مضيفة طيران أخرى في فتح الباب.", "طيران", "female", "correct"),
]


@pytest.mark.parametrize(("lang", "translation", "word", "expected", "outcome"), CASES)
def test_offline_language(label_word, lang, translation, word, expected, outcome):
    verdict = label_word(lang, translation, word, expected)
    assert verdict.label == outcome, verdict.to_json()


def test_an_unlinked_occupation_reads_the_only_listed_person_noun(taggers):
    """ar: the word list marks occupations as persons (Animacy=Anim), so an occupation the
    aligner linked to nothing is read from the sentence's one such noun."""
    sentence = taggers("ar").tag(["وصلت الممرضة قبل حصول أي ضرر."])[0]
    verdict = label(
        expected_gender="female",
        source_tokens=["The", "nurse"],
        occupation=(1, 2),
        sentence=sentence,
        alignment=frozenset(),
        rules=agreement_rules("ar"),
    )
    assert (verdict.label, verdict.target_tokens[0].text) == ("correct", "الممرضة")


def _label_aligned(taggers, translation: str, word: str, translates: str | None, expected: str):
    """ar: label ``translation`` with "The occupation" aligned to ``word``, the aligner's
    dictionaries translating the occupation as ``translates`` (or as nothing there)."""
    sentence = taggers("ar").tag([translation])[0]
    found = {sentence.tokens.index(translates)} if translates else set()
    return label(
        expected_gender=expected,
        source_tokens=["The", "occupation"],
        occupation=(1, 2),
        sentence=sentence,
        alignment=frozenset({(1, sentence.tokens.index(word))}),
        rules=agreement_rules("ar"),
        translations=lambda source: found if source == 1 else set(),
    )


@pytest.mark.parametrize(
    ("translation", "word", "translates", "expected", "outcome", "read"),
    [
        # idafa (agreement.toml `bare_complement`): the aligner lands on the complement, not
        # a translation; the person noun before it is its head ("the chair of the board")
        ("كانت المديرة ورئيسة مجلس الإدارة.", "مجلس", "المديرة", "female", "correct", "ورئيسة"),
        ("كانت مساعدة مدرب في النادي.", "مدرب", "مساعدة", "male", "wrong", "مساعدة"),
        # the aligned complement is a thing, the noun before it a person: "truck driver"
        ("عمل Bottomley كعامل منجم وسائق شاحنة.", "شاحنة", "شاحنة", "male", "correct", "وسائق"),
        # a complement no word list knows (a verbal noun): "editor-in-chief"
        ("أصبحت زينكزينكو رئيسة التحرير في سنة 2000.", "التحرير", None, "male", "wrong", "رئيسة"),
        # the noun before is a thing (no person in the word list): the rank of professor
        ("ترقى إلى درجة أستاذ متفرغ.", "أستاذ", "متفرغ", "male", "correct", "أستاذ"),
    ],
)
def test_an_idafa_complement_reads_its_head(
    taggers, translation, word, translates, expected, outcome, read
):
    verdict = _label_aligned(taggers, translation, word, translates, expected)
    noun = next(e for e in verdict.evidence if e.role == "noun")
    assert (verdict.label, noun.text) == (outcome, read), verdict.to_json()
    # the evidence says the head of the idafa was read in place of the aligned word
    assert any(e.role == "complement_of" for e in verdict.evidence) == (read != word)


def test_hspell_output_is_read_without_the_rare_readings():
    """Hspell's -l answer (as decoded) for רופאה and שומר, read without running hspell."""
    reader = HspellAnalyser.__new__(HspellAnalyser)
    reader.tags = hspell_tags()
    lines = [
        "מילה חוקית: רופאה",
        "\tרופא(פ,נ,3,יחיד,עבר)",
        "\tרופאה(ע,נ,יחיד)",
        "\tרופא(ע,ז,יחיד,כינוי/נ,3,יחיד)",
        "מילה חוקית: שומר",
        "\tשומר(ע,ז,יחיד)",
        "\tשומר(ע,נ,פרטי)",
        "צירוף חוקי: ה+מורה",
        "\tמורה(ע,ז,יחיד)",
        "\tמורה(ע,נ,יחיד)",
        "שגיאות כתיב שנמצאו:",
        "",
        "הדיינטי",
    ]
    readings = reader._read(lines)
    assert set(readings) == {"רופאה", "שומר", "המורה"}
    assert {(a.upos, *a.genders) for a in readings["רופאה"]} == {
        ("VERB", "female"),
        ("NOUN", "female"),
    }
    assert [(a.upos, *a.genders) for a in readings["שומר"]] == [("NOUN", "male")]
    assert {g for a in readings["המורה"] for g in a.genders} == {"male", "female"}
    assert readings["המורה"][0].evidence == "ה+מורה: מורה(ע,ז,יחיד) (hspell)"


def test_a_malformed_word_list_line_names_its_file_and_line(tmp_path):
    path = tmp_path / "forms.tsv"
    path.write_text("# source\nform\tupos\tgenders\tfeats\tnote\nהוא\tPRON\the\t_\tx\n")
    with pytest.raises(GenError, match=r"forms.tsv:3: want 5 tab-separated cells"):
        read_wordlist(path)


def test_dictionary_matches_arabic_words_through_their_prefixes_and_without_marks():
    """FreeDict writes ar "المعلّم" (article, shadda); text writes "كمعلم" ("as a teacher"),
    "المعلمة": the language's prefixes and optional vowel marks let the aligner's priors see
    both."""
    found = {"teacher": ["المعلّم"]}
    targets = ["كمعلم", "المعلمة", "الطبيب"]
    assert ("teacher", "كمعلم") not in translation_pairs(found, targets, compounds=False)
    pairs = translation_pairs(
        found, targets, False, prefixes=["ال", "ك"], optional_vowel_marks=True
    )
    assert set(pairs) == {("teacher", "كمعلم"), ("teacher", "المعلمة")}


def test_without_hspell_the_offline_tagger_says_how_to_install_it(monkeypatch):
    from checker.backends import hspell
    from checker.backends.offline import OfflineTagger

    monkeypatch.setattr(hspell.shutil, "which", lambda name: None)
    assert "apt-get install hspell" in OfflineTagger.unavailable("he", {})
