"""Verb-final agreement (Hindi, Urdu): the verbs ending a subject's clause, the predicate
noun of a copular clause, and, for an occupation that is no subject, the sentence's verbs.

Hindi and Urdu occupation nouns mostly do not inflect (hi "संपादक", ur "ڈاکٹر" are listed
masculine whoever they name); the person's gender shows on the words that agree with them:

- a subject in the direct case (no postposition after it) controls the verbs that end its
  clause: participles and auxiliaries ("डॉक्टर [आई]", "कलाकार [थीं]", "[काम करती] हैं"),
  but not a transitive perfective, which agrees with its object ("किया");
- in a copular clause "SUBJECT PREDICATE-NOUN COPULA" (hi "संपादक उसका प्यारा भाई है") the
  predicate noun names the same person: its own gender is the person's. Its phrase
  (possessive, adjectives) agrees with it and is read only where it has no gender of its own
  (an unknown word): "उसकी भाई" (her brother, "her" made feminine by the possessor) names
  a man;
- an occupation that is no subject ("शिक्षिका [के रूप में]", as a teacher; "[ने]") names
  a person whose verbs are the sentence's: they are read when they all name one gender.

The rules are data (agreement.toml: ``copulas``, ``subject_verbs``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.backends.base import Analysis, Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import CLAUSE, PREDICATE
from checker.rules.readings import (
    VERBS,
    carries,
    gender_of,
    is_copula,
    is_of,
)

#: The evidence role of a predicate noun and its phrase; they vote after the noun's own phrase.
PREDICATE_NOUN = "predicate_noun"
_POSTPOSITION = frozenset({"ADP"})
#: Words that end a clause: a subject's verbs are looked for before them.
_CLAUSE_END = frozenset({"PUNCT", "CCONJ", "SCONJ"})

_TRANSITIVE_PERFECTIVE = frozenset({("Aspect", "Perf"), ("Subcat", "Tran")})
_PERFECTIVE = frozenset({("Aspect", "Perf")})

Bound = list[tuple[int, Collection[str], str]]


def verb_final_bound(words: Sequence[Word], head: int, rules: AgreementRules) -> Bound:
    """The words agreeing with the person noun ``head`` names, as ``(index, classes,
    role)``; nothing where the language has no ``subject_verbs`` (is not verb-final)."""
    if not rules.subject_verbs:
        return []
    groups = _verb_groups(words, rules)
    subject = head + 1 >= len(words) or not is_of(words[head + 1], _POSTPOSITION)
    if subject:
        group = _clause_verbs(words, head, groups)
        bound: Bound = [
            (i, VERBS, PREDICATE)
            for i in group
            if _agrees_with_subject(words, i, rules, subject=True)
        ]
        if group and is_copula(words[group[0]], rules):
            bound += _predicate_noun(words, head, group[0], rules)
        if bound:
            return bound
    return [
        (i, VERBS, CLAUSE)
        for group in groups
        if head not in group
        for i in group
        if _agrees_with_subject(words, i, rules, subject=False)
    ]


def _verb_groups(words: Sequence[Word], rules: AgreementRules) -> list[list[int]]:
    """The sentence's verb groups (runs of verbs that are no postposition: hi "की" is
    both) that agree with a subject: not one with a transitive perfective participle, which
    agrees with the object (ergative "उन्होंने काम [किया था]") or the passive's patient
    ("[नियुक्त किया गया]")."""
    groups: list[list[int]] = []
    run: list[int] = []
    for i in range(len(words) + 1):
        if i < len(words) and is_of(words[i], VERBS) and not is_of(words[i], _POSTPOSITION):
            run.append(i)
            continue
        if run and not any(_transitive_perfective(words, j, rules) for j in run):
            groups.append(run)
        run = []
    return groups


def _clause_verbs(words: Sequence[Word], head: int, groups: list[list[int]]) -> list[int]:
    """The first verb group after ``head`` in its clause (nothing if none)."""
    for group in groups:
        if group[0] > head:
            between = range(head + 1, group[0])
            return [] if any(is_of(words[i], _CLAUSE_END) for i in between) else group
    return []


def _predicate_noun(words: Sequence[Word], head: int, copula: int, rules: AgreementRules) -> Bound:
    """The noun before the copula, past ``predicate_gap`` words (hi "भाई [भी] है"), and its
    phrase where it has no gender of its own."""
    k = copula - 1
    while k > head and is_of(words[k], rules.predicate_gap) and not is_of(words[k], rules.noun):
        k -= 1
    if k == head or not is_of(words[k], rules.noun):
        return []
    bound: Bound = [(k, rules.noun, PREDICATE_NOUN)]
    if gender_of(words[k], rules.noun)[0] is None:
        i = k - 1
        while i > head and is_of(words[i], rules.before):
            bound.append((i, rules.before & rules.agreeing, PREDICATE_NOUN))
            i -= 1
    return bound


def _agrees_with_subject(
    words: Sequence[Word], i: int, rules: AgreementRules, *, subject: bool
) -> bool:
    """Whether a verb reading of ``words[i]`` has a gender and agrees with the subject: an
    auxiliary or copula ("थी", "रही"), a verb with a ``subject_verbs`` feature set, or a
    perfective of unknown transitivity (no Subcat) of one of the ``intransitive_lemmas``
    ("लौट आईं"), or of any verb right after the person noun in the direct case
    (``subject``): its group is no transitive perfective's (:func:`_transitive_perfective`),
    whose subject takes the ergative, so it agrees with the noun ("डॉक्टर आई")."""
    return any(
        reading.genders
        and (
            reading.upos == "AUX"
            or (
                reading.upos == "VERB"
                and (
                    carries(reading, rules.subject_verbs)
                    or (
                        _transitivity_unknown(reading)
                        and (reading.lemma in rules.intransitive_lemmas or subject)
                        and bool(rules.ergative)
                    )
                )
            )
        )
        for reading in words[i].analyses
    )


def _transitive_perfective(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    """Whether every verb reading of ``words[i]`` is a transitive perfective: so marked
    (Subcat=Tran), or a perfective of unknown transitivity after an ``ergative`` in its
    clause ("उन्होंने काम किया") or before a ``passive_auxiliaries`` verb ("नियुक्त [किया]
    गया", was appointed: it agrees with the patient)."""
    readings = [reading for reading in words[i].analyses if reading.upos == "VERB"]
    ergative = None
    for reading in readings:
        if carries(reading, (_TRANSITIVE_PERFECTIVE,)):
            continue
        if ergative is None:
            ergative = _transitivity_unknown(reading) and (
                _ergative_clause(words, i, rules) or _before_passive(words, i, rules)
            )
        if not (ergative and _transitivity_unknown(reading)):
            return False
    return bool(readings)


def _transitivity_unknown(reading: Analysis) -> bool:
    """A perfective reading that does not say whether its verb is transitive."""
    return carries(reading, (_PERFECTIVE,)) and "Subcat" not in reading.feats


def _before_passive(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    return i + 1 < len(words) and any(
        reading.lemma in rules.passive_auxiliaries for reading in words[i + 1].analyses
    )


def _ergative_clause(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    """Whether an ``ergative`` postposition stands in the clause of ``words[i]``: before it,
    after the verbs that end the clause before (a verb-final clause ends in its verbs;
    "और" and commas also join the nouns of one clause: "X ने ... शेयरहोल्डर और सीईओ की
    भूमिका ग्रहण की")."""
    start = i - 1
    while start >= 0 and _verb(words[start]):
        start -= 1  # the verb's own group
    for k in range(start, -1, -1):
        if _verb(words[k]):
            return False
        if words[k].text.lower() in rules.ergative:
            return True
    return False


def _verb(word: Word) -> bool:
    return is_of(word, VERBS) and not is_of(word, _POSTPOSITION)
