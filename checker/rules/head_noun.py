"""The occupation's head noun: which of its readings give its own gender.

Before the words agreeing with it are read, the noun is narrowed to what it can be as the
occupation: a person, not a thing that shares its form; before a copula, its subject case;
a common noun before other word classes. Its own gender may then be one that alone marks
no one (``unmarked``), the masculine of a noun with a feminine form of its own, which
only the person's predicates overrule (``counterparts``), or one its determiner
corrects (``determiner_genders``: a homonym the analyser lacks). The word read may also
move off the aligned one: to the person noun a bare qualifier follows (``qualifier_nouns``:
es "profesora [asistente]"), or to the "one" of "one of the nouns" (``one_words``). Data:
agreement.toml.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import replace

from checker.backends.base import MALE, Alignment, Word
from checker.rules.agreement import head_of, phrase_head
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import invariant_participle
from checker.rules.english import compound_words
from checker.rules.readings import (
    VERBS,
    carries,
    copula_form,
    gender_of,
    has_feats,
    inanimate,
    is_copula,
    is_of,
    names_person,
    reads_as,
)
from checker.rules.verdict import COMPLEMENT_OF, ONE_OF, QUALIFIED, Evidence

#: The word class of an occupation: a common noun.
COMMON_NOUN = frozenset({"NOUN"})
#: The word class that opens a noun phrase.
_DETERMINER = frozenset({"DET"})
#: The word classes of "one" in "one of the nouns" (it "una dei redattori"; es "una" is
#: also a form of the verb "unir").
ONE = frozenset({"NUM", "PRON", "DET"})
#: The word classes that stand for a person with no noun: adjectives and participles.
SUBSTANTIVE = frozenset({"ADJ", "VERB"})


def gender_unmarked(own: str | None, word: Word, rules: AgreementRules) -> bool:
    """Whether the noun's own gender alone does not mark the person's (agreement.toml
    ``unmarked``), unless it is a masculine with a feminine counterpart: hi "लेखक", whose
    feminine is "लेखिका"."""
    return own in rules.unmarked and counterpart_ending(own, word, rules) is None


def counterpart_ending(own: str | None, word: Word, rules: AgreementRules) -> str | None:
    """The ending (agreement.toml ``counterparts``) by which the masculine noun ``word``
    has a distinct feminine form (es "enfermero"/"enfermera", hi "शिक्षक"/"शिक्षिका"), so
    that it is the masculine whoever it names; None for another gender, another noun, or
    a noun whose gender was guessed from its ending (a loan, es "la janitor")."""
    if own != MALE or any(reading.guessed for reading in word.analyses):
        return None
    text = word.text.lower()
    return next((end for end in sorted(rules.counterparts) if re.search(end, text)), None)


def genderless_note(word: Word, rules: AgreementRules) -> str | None:
    """Why a pronoun's gender is not its referent's, where its lemma is one of
    agreement.toml's ``genderless`` (ru "кто-то", someone: masculine whoever it names, as
    German "jemand" is); else None."""
    lemma = next((r.lemma for r in word.analyses if r.lemma.lower() in rules.genderless), None)
    if lemma is None:
        return None
    return (
        f"{word.text}: {lemma} agrees in the masculine whoever it names (agreement.toml genderless)"
    )


def ad_sensum_note(word: Word, rules: AgreementRules) -> str | None:
    """Why a noun's gender is not the person's, where its lemma is one of agreement.toml's
    ``ad_sensum`` (fr "la plupart", whose predicates agree with the people meant); else
    None."""
    lemma = next((r.lemma for r in word.analyses if r.lemma.lower() in rules.ad_sensum), None)
    if lemma is None:
        return None
    return (
        f"{word.text}: the words after {lemma} agree with the people meant "
        "(agreement.toml ad_sensum)"
    )


def invariant_participle_note(
    words: Sequence[Word], head: int, rules: AgreementRules
) -> str | None:
    """Why the gender of ``head`` is no one's, where it may be a past participle after
    "avere", "avoir", "haber" (:func:`~checker.rules.clause.invariant_participle`: it "La
    poliziotta ha [riconosciuto]", fr "a [fait]", also a noun): the aligner slipped onto
    the verb; else None."""
    auxiliary = invariant_participle(words, head, rules)
    if auxiliary is None:
        return None
    said = words[auxiliary].text
    return f"{words[head].text}: a participle after {said!r}, which agrees with no one"


def determiner_gender(
    own: str | None, words: Sequence[Word], head: int, rules: AgreementRules
) -> tuple[str, str] | None:
    """The gender, and a note saying why, that the first determiner of the noun's phrase
    gives a noun the analyser lists in another (``own``): one of agreement.toml's
    ``determiner_genders``, which stand before nouns of one gender only (fr "le garde", the
    guard: the analyser knows only "la garde", the watch); else None."""
    if own is None or not rules.determiner_genders:
        return None
    j = head - 1
    while j >= 0 and is_of(words[j], rules.before):
        gender = rules.determiner_genders.get(words[j].text.lower())
        if gender is not None:
            if gender == own:
                return None
            why = (
                f"{words[head].text}: {gender} after {words[j].text!r}, which stands before "
                f"{gender} nouns only (agreement.toml determiner_genders)"
            )
            return gender, why
        if is_of(words[j], _DETERMINER):
            return None
        j -= 1
    return None


def kept_note(own: str | None, word: Word, rules: AgreementRules) -> tuple[str, ...]:
    """The note saying why neither its phrase nor a predicate noun overrules the noun's own
    gender: it is a masculine with a feminine counterpart (pt "autor", whose feminine is
    "autora": "da autor" is a slip, not a woman; hi "संपादक उसकी बहन है" is a man named a
    sister); else nothing."""
    found = counterpart_ending(own, word, rules)
    if found is None:
        return ()
    return (
        f"{word.text}: {own} kept against agreement, /{found}/ (agreement.toml counterparts: "
        "the feminine has a form of its own)",
    )


def as_person(word: Word, rules: AgreementRules) -> Word:
    """``word`` without its readings that name a thing (an ``inanimate`` feature set),
    where others name a person (``animate``): an occupation is a person (uk "механіку" is
    the mechanic's dative, not the accusative of "механіка", mechanics). An adjective or
    participle standing for the person (no noun reading) drops its ``impersonal`` readings
    (ru neuter: "сопровождающего", the escort, is a masculine or neuter genitive)."""
    if is_of(word, rules.noun):
        if not has_feats(word, rules.animate):
            return word
        people = tuple(r for r in word.analyses if not carries(r, rules.inanimate))
    elif is_of(word, SUBSTANTIVE):  # not a determiner: be "[гэта] — яго брат" names no one
        people = tuple(
            r
            for r in word.analyses
            if r.upos not in SUBSTANTIVE or not carries(r, rules.impersonal)
        )
    else:
        return word
    return word if len(people) in (0, len(word.analyses)) else replace(word, analyses=people)


def owner(
    words: Sequence[Word], head: int, alignment: Alignment, rules: AgreementRules, end: int
) -> int:
    """The noun right before thing ``head`` (every noun reading ``inanimate``), where that
    noun may name a person (an ``animate`` reading) and is linked to no source word after
    the occupation (``end``; a determiner before it may be): ``head`` is its complement (ru
    "Глава [компании]", the company's head); else ``head``."""
    i = head - 1
    if i < 0 or not inanimate(words[head], rules) or not is_of(words[i], rules.noun):
        return head
    if not reads_as(words[i], rules.noun, rules.animate):
        return head
    return i if all(s < end for s, t in alignment if t == i) else head


def qualified_noun(
    words: Sequence[Word],
    head: int,
    alignment: Alignment,
    rules: AgreementRules,
    occupation: tuple[int, int],
    source_tokens: Sequence[str],
) -> int:
    """The noun right before bare noun ``head``, which ``head`` qualifies where the
    language puts a noun's qualifiers after it (agreement.toml ``qualifier_nouns``): the
    person. Read where that noun translates another word of the occupation's English
    compound (es "profesora [asistente]" for "assistant professor", the compound turned
    round; for "teaching assistant"; "entrenadora [asistente]" for "assistant head coach"), or,
    linked to nothing else, where ``head`` gives no gender of its own (es "directora
    [general]"): a noun before a gendered one may itself be its qualifier (es "asistente
    [entrenadora]", the English order kept; it "Un tempo [redattrice]", once an editor).
    Only a common noun with a gender and no other word class ("era", a noun and a verb,
    stays out) that may name a person; else ``head``."""
    i = head - 1
    if i < 0 or not is_of(words[head], rules.qualifier_nouns):
        return head
    before = words[i]
    if not before.upos_set <= COMMON_NOUN or gender_of(before, COMMON_NOUN)[0] is None:
        return head
    if inanimate(before, rules) or not names_person(before, rules):
        return head
    start, end = occupation
    links = {s for s, t in alignment if t == i}
    own = gender_of(words[head], own_classes(words[head], rules))[0]
    if end in links:
        return i
    # another word of the English compound: where ``head`` has a gender, only the noun it
    # agrees with ("studentessa [istruttrice]"; not it "Un tempo [redattrice]", once an editor)
    if links & set(compound_words(source_tokens, occupation)):
        return i if own in (None, gender_of(before, COMMON_NOUN)[0]) else head
    if links - set(range(start, end)):
        return head
    return head if own is not None else i


def partitive_one(words: Sequence[Word], head: int, rules: AgreementRules) -> int | None:
    """The "one" of a partitive whose group noun ``head`` is, "one of the [nouns]"
    (agreement.toml ``one_words``: it "una dei [redattori]", fr "une des rares
    [artistes]"): right before one of the ``complement_words``, past the noun's
    determiners and adjectives, with a gender of its own; else None."""
    if not rules.one_words:
        return None
    i = head - 1
    while i >= 0 and is_of(words[i], rules.before) and not is_of(words[i], rules.complement):
        i -= 1
    if i < 1 or not any(r.lemma.lower() in rules.complement_words for r in words[i].analyses):
        return None
    one = words[i - 1]
    if not any(r.lemma.lower() in rules.one_words for r in one.analyses):
        return None
    return i - 1 if gender_of(one, ONE)[0] is not None else None


def as_subject(words: Sequence[Word], head: int, rules: AgreementRules) -> Word:
    """Noun ``head`` with only its ``subject_case`` readings, where it has some and a
    copula follows it: before the copula (ru the dash of a verbless clause) a noun is its
    subject (ru "Фризьорка - ее сестра" is no genitive of a guessed "фризьорк")."""
    word = words[head]
    if not rules.subject_case or head + 1 >= len(words) or not is_copula(words[head + 1], rules):
        return word
    subject = tuple(r for r in word.analyses if carries(r, rules.subject_case))
    return replace(word, analyses=subject) if subject else word


def own_classes(word: Word, rules: AgreementRules) -> Collection[str]:
    """A noun is read through its noun readings, a common noun's alone where it has them
    (an occupation is a common noun; uk "Пекар", a baker, is also a surname of either
    gender); a word tagged only otherwise (it "medica" as an adjective) through all. A form
    of a copula (agreement.toml ``copulas``) is read as the verb, not as the noun it also
    spells (fr "est", east; es "era", era): the aligner slipped onto the verb."""
    if copula_form(word, rules):
        return VERBS
    if is_of(word, COMMON_NOUN):
        return COMMON_NOUN
    if is_of(word, rules.noun):
        return rules.noun
    return word.upos_set


def person_noun(
    words: Sequence[Word],
    aligned: Sequence[int],
    alignment: Alignment,
    rules: AgreementRules,
    occupation: tuple[int, int],
    source_tokens: Sequence[str],
    plausible: Collection[int],
) -> tuple[int, bool, tuple[Evidence, ...]]:
    """The noun read as the person, from the words ``aligned`` to the occupation: their head
    (:func:`~checker.rules.agreement.head_of`), then, for a compound, the noun whose
    complement it is, and so on leftwards; the noun that owns a thing; the person noun a
    bare qualifier follows; the "one" of "one of the nouns". Returns it, whether it is that
    "one", and an evidence line for each step off the aligned head."""
    context = (alignment, rules, occupation)
    head = inner = head_of(words, aligned, rules)
    modifiers = set(compound_words(source_tokens, occupation)) - set(range(*occupation))
    modifier_links = {t for s, t in alignment if s in modifiers}
    while (outer := phrase_head(words, head, *context, plausible, modifier_links)) != head:
        head = outer
    head = owner(words, head, alignment, rules, occupation[1])
    why = f"{words[head].text}: read as the noun whose complement {words[inner].text} is"
    notes = (
        (Evidence(head, words[head].text, COMPLEMENT_OF, None, (why,)),) if head != inner else ()
    )
    if (person := qualified_noun(words, head, *context, source_tokens)) != head:
        why = f"{words[person].text}: read as the noun that {words[head].text} qualifies"
        notes = (*notes, Evidence(person, words[person].text, QUALIFIED, None, (why,)))
        head = person
    if (one := partitive_one(words, head, rules)) is not None:
        why = f"{words[one].text}: read as the one of the {words[head].text} meant, a group"
        return one, True, (*notes, Evidence(one, words[one].text, ONE_OF, None, (why,)))
    return head, False, notes
