"""The checker's pure core: tagged target words + alignment → label, reason and evidence.

No model, no I/O: given the source tokens, where the occupation is, the tagged translation
and the links between them, decide whether the translation gives the occupation's referent
the expected gender. The rules that find the words agreeing with a noun are data
(agreement.toml), read once per language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from checker.backends.base import MALE, Alignment, TaggedSentence, Word
from checker.rules.agreement import bound_words, identified_person
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import PHRASE, PREDICATE, clause_predicates
from checker.rules.construct import is_possessor, possessor_person
from checker.rules.english import grammatical_person
from checker.rules.head_noun import (
    ONE,
    ad_sensum_note,
    as_person,
    as_subject,
    determiner_gender,
    gender_unmarked,
    genderless_note,
    invariant_participle_note,
    kept_note,
    own_classes,
    person_noun,
)
from checker.rules.misaligned import NO_WORD, misaligned_person, sole_unlinked_person
from checker.rules.neutral import marked_form, of_either_gender
from checker.rules.person import person_verdict
from checker.rules.readings import agrees_with_possessor, gender_of, has_feats, inanimate, reads_as
from checker.rules.untranslated import LeftInEnglish, by_tags, left_in_english_reason
from checker.rules.verb_final import verb_final_bound
from checker.rules.verdict import (
    COMMON_GENDER,
    CONFLICTING_GENDER,
    GENERIC_FORM,
    NEUTRAL_NOUN,
    NO_ALIGNMENT,
    NO_GENDER,
    NOT_A_PERSON,
    REALIGNED,
    THING_AS_PERSON,
    UNMARKED_GENDER,
    UNTRANSLATED,
    UNTRANSLATED_UNVERIFIABLE,
    Evidence,
    TargetToken,
    Verdict,
    answer,
    decided,
    inconclusive,
)
from checker.rules.votes import collect, decide
from common.fields import INCONCLUSIVE, NEUTRAL

#: The reasons for which the person's other words are read (checker/rules/person.py):
#: no word of the occupation's read (misaligned.NO_WORD), an unmarked gender or a form used
#: for anyone; not for a thing, which is no person.
_PERSON_READ = NO_WORD | {UNMARKED_GENDER, GENERIC_FORM, COMMON_GENDER, UNTRANSLATED_UNVERIFIABLE}
#: The reasons that leave a form that marks no gender: neutral, where nothing else decides.
_UNMARKED = frozenset({GENERIC_FORM, COMMON_GENDER})
#: The reasons read as no gender where a word elsewhere may translate the occupation.
_AS_NO_GENDER = frozenset({NEUTRAL_NOUN, COMMON_GENDER})
#: Read as untranslated where the person's words are looked for (misaligned.NO_WORD).
_AS_UNTRANSLATED = {UNTRANSLATED_UNVERIFIABLE: UNTRANSLATED}
#: The word class of a word no analyser knows.
_UNKNOWN = frozenset({"X"})


def label(*, expected_gender: str | None, **record: Any) -> Verdict:
    """Label one translation: what it gives the person (:func:`read`), asked the record's
    question (:func:`~checker.rules.verdict.answer`): which gender, for an open-gender
    record (``expected_gender`` None); whether the expected one, for a fixed one."""
    return answer(read(**record), expected_gender)


def read(
    *,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
    sentence: TaggedSentence,
    alignment: Alignment,
    rules: AgreementRules,
    translations: Callable[[int], Collection[int]] | None = None,
    left_in_english: LeftInEnglish | None = None,
) -> Verdict:
    """What one translation gives the person: the gender of the target word(s) aligned to the
    occupation (to its head, the last word, when that is linked: "school [teacher]").

    The head of the aligned words is their first noun that may name a person (see
    :func:`~checker.rules.agreement.head_of`; for a compound occupation, the noun whose
    complement it is, unless the head itself translates the occupation). Its gender is read
    from, in order: its predicate (which agrees with the person: ru "врач пришла",
    "стала учителем"), else the sentence's predicates (pt "Rossi foi nomeada ... artista"),
    its phrase (es "la periodista"), its own readings. A later source yields to an earlier
    one only where agreement.toml lets agreement overrule the noun's own gender.

    ``translations``, where the aligner knows them: a source position → the target
    positions that translate it (its dictionaries). When the aligned words
    give no gender, such a word elsewhere in the sentence is read instead, and the evidence
    says so (pt "pôde [realizar]" aligned to "doctor", "médico" read).

    ``left_in_english``, where the pipeline asked the language's lexicon: the words spelled
    as the occupation that are English (checker/rules/untranslated.py), read as words no
    analyser knows; else the tagger's unknown words spelled so are taken for English.
    """
    if left_in_english is None:
        left_in_english = by_tags(sentence.words, source_tokens, occupation)
    else:
        sentence = left_in_english.applied(sentence)
    words = sentence.words
    start, end = occupation
    if (speaker := grammatical_person(source_tokens, occupation)) != rules.speaker:
        rules = replace(rules, speaker=speaker)  # "I", "you": their verbs are of that person
    aligned = _aligned(alignment, (end - 1, end), len(words)) or _aligned(
        alignment, occupation, len(words)
    )
    if not aligned:
        aligned = sole_unlinked_person(words, alignment, rules, source_tokens, occupation)
    item = _Item(source_tokens, occupation, words, alignment, rules, left_in_english)
    # asked only where needed: a compound occupation or a language with bare complements
    # (ar), else only when no gender was found
    wanted = end - start > 1 or rules.bare_complement
    plausible = _plausible(translations, occupation) if wanted else []
    owner = _owner(item, aligned)
    if owner is not None:
        # agreement.toml `possessor_case`: the aligner landed on what the occupation owns
        why = f"which {source_tokens[end - 1]!r} owns (it is a possessor in the source)"
        verdict = _read_instead(item, owner, aligned, why)
        if verdict is not None and verdict.label != INCONCLUSIVE:
            return verdict
    verdict = _read(item, aligned, plausible) if aligned else inconclusive(NO_ALIGNMENT)
    # a neutral noun aligned may stand beside the occupation's own translation (de
    # "[Mitglied] ... als Chefredakteurin"): that one is read first
    if verdict.reason != NEUTRAL_NOUN and (
        verdict.label != INCONCLUSIVE or verdict.reason == CONFLICTING_GENDER
    ):
        return verdict
    if not wanted:
        plausible = _plausible(translations, occupation)
    verdict = _realigned(item, verdict, aligned, plausible)
    if verdict.label == INCONCLUSIVE and verdict.reason in _PERSON_READ:
        verdict = person_verdict(words, verdict, rules, source_tokens)
    if verdict.label == INCONCLUSIVE and verdict.reason in _UNMARKED:
        return replace(verdict, label=NEUTRAL)  # nothing of the person's marks a gender
    return verdict


@dataclass(frozen=True)
class _Item:
    """What one record gives the labeller."""

    source_tokens: Sequence[str]
    occupation: tuple[int, int]
    words: Sequence[Word]
    alignment: Alignment
    rules: AgreementRules
    left: LeftInEnglish


def _read(item: _Item, aligned: list[int], plausible: Collection[int]) -> Verdict:
    """The verdict from the target words ``aligned`` to the occupation."""
    words, rules, alignment = item.words, item.rules, item.alignment
    target_tokens = tuple(TargetToken(i, words[i].text) for i in aligned)
    head, one, notes = person_noun(
        words, aligned, alignment, rules, item.occupation, item.source_tokens, plausible
    )
    form = marked_form(words, head, rules, target_tokens)
    if form is not None:
        return replace(form, evidence=(*notes, *form.evidence))  # neutral or both
    subject = as_subject(words, head, rules)
    classes = ONE if one else own_classes(words[head], rules)
    own, own_readings = gender_of(as_person(subject, rules), classes)
    if own is not None and (why_not := genderless_note(words[head], rules)):
        own, own_readings = None, (*own_readings, why_not)
    if ad_sensum := ad_sensum_note(words[head], rules):
        own, own_readings = None, (*own_readings, ad_sensum)
    if own is not None and (verb := invariant_participle_note(words, head, rules)):
        own, own_readings = None, (*own_readings, verb)
    if (given := determiner_gender(own, words, head, rules)) is not None:
        own, why = given
        own_readings = (*own_readings, why)
    kept = kept_note(own, words[head], rules)
    thing = inanimate(subject, rules)
    thing_gender = own if thing else None
    if thing and own is None and has_feats(subject, rules.thing_masculine):
        thing_gender = MALE  # ro "Frigiderul", neuter: masculine in the singular
    # the form a language uses for anyone (nl "de kapper"): the person's words alone decide
    generic = own in rules.conventions.generic and not thing
    if generic:
        why = f"{words[head].text}: the {own} form names anyone (neutral.toml generic)"
        own_readings = (*own_readings, why)
    if thing:
        # a thing (ru "школе"), not the person: only the sentence's predicates can tell,
        # not those of the thing itself ("[Двигатель] сказал")
        own = None
        bound = clause_predicates(words, head, rules, thing=True) if rules.clause_predicate else []
    else:
        gendered = own is not None and not generic
        settled = gendered and (own not in rules.agreement_overrides or bool(kept))
        bound = bound_words(
            words, head, rules, settled=settled, own_gender=gendered, generic=generic
        )
        bound += verb_final_bound(words, head, rules)
        seen = {i for i, _, _ in bound}
        bound += [
            (i, rules.agreeing, PHRASE)
            for i in aligned
            if i != head
            and i not in seen
            and not agrees_with_possessor(words[i], rules.agreeing, rules)
            and not invariant_participle_note(words, i, rules)  # it "ha [assunto] una"
        ]
        if generic:
            # a word agreeing in the form's own gender (its phrase, the predicate after it)
            # agrees with the form, not the person (is "Læknirinn var ánægður"); one of the
            # other gender is the person's ("ánægð"), and so is a predicate before the noun
            # (the copula's subject: "Hann er kennari") or the noun a copula says it is
            bound = [
                (i, c, r)
                for i, c, r in bound
                if c == rules.noun
                or (r == PREDICATE and i < head)
                or gender_of(words[i], c)[0] != own
            ]
        if ad_sensum:  # its article agrees with the quantity, not the people: "[la] plupart"
            bound = [(i, classes, role) for i, classes, role in bound if i > head]
    noun = Evidence(head, words[head].text, "noun", own, own_readings)
    votes = collect(words, bound)
    unmarked = gender_unmarked(own, words[head], rules)
    common = any(re.search(end, words[head].text.lower()) for end in rules.common_gender)
    gender, evidence = decide(
        None if generic else own, votes, rules, unmarked=unmarked, kept=bool(kept), common=common
    )
    if any(vote.gender != own for vote in votes.counted()):
        noun = replace(noun, readings=(*noun.readings, *kept))  # says why they lost
    aside = votes.aside
    if gender is None:
        if votes.counted():
            reason = CONFLICTING_GENDER
            evidence = (noun, *votes.counted(), *aside)
            return Verdict(INCONCLUSIVE, reason, target_tokens, None, evidence)
        # untranslated: spelled as in the source and unknown to the language's lexicon (a
        # loan it lists, es "sheriff" <n><mf>, is a word of the language with no gender)
        left = left_in_english_reason(aligned, item.left, UNTRANSLATED, UNTRANSLATED_UNVERIFIABLE)
        reason = left or NO_GENDER
        # a word no analyser knows right before the noun (an English adjective left in place:
        # es "un assertive agente") hides the phrase's determiner: no sign that nothing marks it
        unread = head > 0 and words[head - 1].upos_set <= _UNKNOWN
        either = of_either_gender(subject, classes) or bool(ad_sensum)
        if reason == NO_GENDER and either and not unread:
            reason = COMMON_GENDER  # neutral, unless the person's words decide
        if own is not None:  # in ``unmarked`` or ``generic``, with no agreement to confirm it
            reason = GENERIC_FORM if generic else UNMARKED_GENDER
        if thing:
            return _thing(item, head, thing_gender, target_tokens, (*notes, noun), aside)
        return Verdict(INCONCLUSIVE, reason, target_tokens, None, (*notes, noun, *aside))
    return decided(gender, target_tokens, (*notes, noun, *evidence, *aside))


def _thing(
    item: _Item,
    head: int,
    gender: str | None,
    target_tokens: tuple[TargetToken, ...],
    read: tuple[Evidence, ...],
    aside: list[Evidence],
) -> Verdict:
    """An occupation translated as a thing, where no predicate marks the person's gender: by
    its own gender where the translation says the thing is a person (ru "Пекарня – ее
    сестра", the baker made a bakery; M2M-100 writes it for sisters, "пекарь" for
    brothers), as the grammar paper's pipeline reads it; else `not_a_person`."""
    word = item.words[head].text
    person = identified_person(item.words, head, item.rules) if gender else None
    if person is None:
        why = (
            f"{word}: every noun reading names a thing (inanimate), and no predicate of the "
            "sentence marks a gender"
        )
        note = Evidence(head, word, NOT_A_PERSON, None, (why,))
        return Verdict(INCONCLUSIVE, NOT_A_PERSON, target_tokens, None, (*read, note, *aside))
    said = item.words[person].text
    why = f"{word}: names a thing, said to be the person {said!r}: read by its own gender"
    note = Evidence(head, word, THING_AS_PERSON, gender, (why,))
    return decided(gender, target_tokens, (*read, note, *aside))


def _plausible(
    translations: Callable[[int], Collection[int]] | None, occupation: tuple[int, int]
) -> list[int]:
    """The target positions that translate the occupation's head (its last word), else
    any of its words."""
    if translations is None:
        return []
    start, end = occupation
    for source in (end - 1, *range(start, end - 1)):
        found = sorted(translations(source))
        if found:
            return found
    return []


def _realigned(
    item: _Item, verdict: Verdict, aligned: list[int], plausible: Collection[int]
) -> Verdict:
    """When the aligned words gave no gender: the verdict of the one word elsewhere in the
    sentence that translates the occupation, if there is exactly one and it
    decides, with an evidence line that names it and why; else ``verdict``. Where no such
    word is found, the person noun the aligner slipped off
    (:func:`~checker.rules.misaligned.misaligned_person`)."""
    said = {item.words[j].text.lower() for j in aligned}  # the same word again: another mention
    others = [i for i in plausible if item.words[i].text.lower() not in said]
    start, end = item.occupation
    occupation = " ".join(item.source_tokens[start:end])
    why = f"a dictionary translation of {occupation!r} (the aligner's dictionaries)"
    if len(others) != 1:
        found = misaligned_person(
            item.words,
            item.alignment,
            item.rules,
            item.source_tokens,
            item.occupation,
            aligned,
            NO_GENDER
            if verdict.reason in _AS_NO_GENDER
            else _AS_UNTRANSLATED.get(verdict.reason, verdict.reason),
        )
        if found is not None:
            others, why = [found[0]], found[1]
    if len(others) > 1:
        return _every_mention(item, others, aligned, occupation, verdict)
    if len(others) != 1:
        return verdict
    (i,) = others
    why = f"which gave no gender ({verdict.reason}): {why}"
    return _read_instead(item, i, aligned, why) or verdict


def _every_mention(
    item: _Item, others: Sequence[int], aligned: list[int], occupation: str, verdict: Verdict
) -> Verdict:
    """Where the aligner's dictionaries find the occupation's translation more than once (pt
    "tornou-se [professor] ... foi nomeado o primeiro [professor]"): the first one's verdict
    if every one decides and all read the same gender; else ``verdict``."""
    why = (
        f"which gave no gender ({verdict.reason}): one of {len(others)} dictionary "
        f"translations of {occupation!r} in the sentence, which all read the same gender"
    )
    found = [_read_instead(item, i, aligned, why) for i in others]
    if any(one is None for one in found) or len({one.target_gender for one in found}) != 1:
        return verdict
    return found[0]


def _read_instead(item: _Item, i: int, aligned: list[int], why: str) -> Verdict | None:
    """The verdict of word ``i`` read in place of the ``aligned`` words, with an evidence
    line that names it and says ``why``; None where it decides nothing (a form used for
    anyone decides where the person's words do, else that it is neutral)."""
    found = _read(item, [i], [i])
    if found.label == INCONCLUSIVE and found.reason not in _UNMARKED:
        return None
    words = item.words
    was = " ".join(words[j].text for j in aligned) or "nothing"
    note = Evidence(
        i,
        words[i].text,
        REALIGNED,
        None,
        (f"{words[i].text}: read instead of the aligned {was}, {why}",),
    )
    return replace(found, evidence=(note, *found.evidence))


def _owner(item: _Item, aligned: list[int]) -> int | None:
    """Where the English occupation is a possessor ("the clerk 's help") and the aligner
    linked it to what it owns (the last aligned word is no noun in ``possessor_case``
    that may name a person): the noun that owns it (see
    :func:`~checker.rules.construct.possessor_person`)."""
    if not aligned or not is_possessor(item.source_tokens, item.occupation[1]):
        return None
    last, rules = max(aligned), item.rules
    word = item.words[last]
    if reads_as(word, rules.noun, rules.possessor_case) and not inanimate(word, rules):
        return None
    return possessor_person(item.words, last, rules)


def _aligned(alignment: Alignment, span: tuple[int, int], length: int) -> list[int]:
    start, end = span
    return sorted({t for s, t in alignment if start <= s < end and 0 <= t < length})
