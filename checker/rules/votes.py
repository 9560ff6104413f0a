"""The person's evidence, each word with its role, and the one gender it gives.

The words bound to the person noun (its predicate, the sentence's predicates, its phrase, the
noun a copula says it is) are collected as votes by role, read in that order; another
subject's predicates are kept aside, said in the evidence but not counted. :func:`decide`
then weighs them against the noun's own gender (agreement.toml ``agreement_overrides``,
``common_gender``, ``counterparts``).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import CLAUSE, COORDINATE, OTHER_SUBJECT, PHRASE, PREDICATE
from checker.rules.readings import gender_of
from checker.rules.verb_final import PREDICATE_NOUN
from checker.rules.verdict import Evidence

#: The words that do not overrule a masculine with a feminine counterpart: they agree
#: with the noun's form, or name someone it is said to be ("kept", agreement.toml).
_FORM_ONLY = frozenset({PHRASE, PREDICATE_NOUN})


@dataclass
class Votes:
    """The gendered words bound to the person noun, by role in reading order (a predicate
    noun, hi "संपादक उसका भाई है", names the person only where the noun's own phrase does
    not: "मेरी सहायक", my assistant, a woman), and those set aside (another subject's)."""

    levels: dict[str, list[Evidence]] = field(
        default_factory=lambda: {PREDICATE: [], CLAUSE: [], PHRASE: [], PREDICATE_NOUN: []}
    )
    aside: list[Evidence] = field(default_factory=list)

    def counted(self) -> list[Evidence]:
        return [vote for level in self.levels.values() for vote in level]


def collect(words: Sequence[Word], bound: Iterable[tuple[int, Collection[str], str]]) -> Votes:
    """The votes of the ``bound`` words (index, word classes to read, role) that name a
    gender."""
    votes = Votes()
    for i, classes, role in bound:
        gender, readings = gender_of(words[i], classes)
        if gender is not None:
            found = Evidence(i, words[i].text, role, gender, readings)
            level = PHRASE if role == COORDINATE else role
            (votes.aside if role == OTHER_SUBJECT else votes.levels[level]).append(found)
    return votes


def decide(
    own: str | None,
    votes: Votes,
    rules: AgreementRules,
    *,
    unmarked: bool,
    kept: bool = False,
    common: bool = False,
) -> tuple[str | None, tuple[Evidence, ...]]:
    """The gender and the agreeing words that gave it; None when nothing decides (an
    ``unmarked`` own gender decides only with an agreeing word; a ``kept`` one, the
    masculine of a noun with a feminine counterpart, only by the person's predicates).
    The noun's own phrase overrules the gender of a ``common`` one (agreement.toml
    ``common_gender``: es "el [periodista]", which a dictionary lists as feminine)."""
    for role, level in votes.levels.items():
        genders = {vote.gender for vote in level}
        if len(genders) != 1:
            continue
        gender = genders.pop()
        overrules = own in rules.agreement_overrides and not (kept and role in _FORM_ONLY)
        overrules |= common and role == PHRASE
        if own is None or gender == own or overrules:
            return gender, tuple(vote for vote in votes.counted() if vote.gender == gender)
        if role == PREDICATE_NOUN and not kept:
            # the person the predicate names against the subject noun's own gender (hi
            # "मेरी बहन उसका भाई है"; or a thing's: ur "سرکار اس کا بھائی ہے"); a masculine
            # with a feminine counterpart stays the masculine ("संपादक उसकी बहन है")
            return None, ()
    support = tuple(vote for vote in votes.counted() if vote.gender == own)
    if own is not None and (support or not unmarked):
        return own, support
    return None, ()
