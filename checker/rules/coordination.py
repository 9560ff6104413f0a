"""Bare nouns in a list of roles: coordinated with a bare head, they name the same person
("trabajó como dentista y entrenadora"); agreement.toml ``coordinators``."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import PHRASE
from checker.rules.readings import is_of, plural, skip

_DETERMINER = frozenset({"DET"})


def bare(words: Sequence[Word], i: int, rules: AgreementRules) -> bool:
    """Whether noun ``i`` stands without a determiner (adjectives may come before it)."""
    j = i - 1
    while j >= 0 and is_of(words[j], rules.before) and not is_of(words[j], _DETERMINER):
        j -= 1
    return j < 0 or not is_of(words[j], _DETERMINER)


def coordinated(
    words: Sequence[Word], head: int, rules: AgreementRules
) -> list[tuple[int, Collection[str], str]]:
    """Bare nouns coordinated with a bare head name the same person: a predicate list of
    roles ("trabajó como dentista y entrenadora", "è economista e professoressa"), where a
    noun with a determiner would bring its own referent ("el médico y la enfermera"). Read
    only for a head of open gender; each coordinated noun, the nearest on either side and
    not a plural, votes with its own gender."""
    found = []
    # rightwards: the head's adjectives, the coordinator, the other noun's adjectives; and
    # leftwards: the coordinator, the other noun's adjectives (after it)
    for step, head_side, other_side in ((1, rules.after, rules.before), (-1, (), rules.after)):
        i = skip(words, head + step, step, head_side)
        if not (0 <= i < len(words)) or not _coordinator(words[i], rules):
            continue
        j = skip(words, i + step, step, other_side)
        if (
            0 <= j < len(words)
            and is_of(words[j], rules.noun)
            and bare(words, j, rules)
            and not plural(words[j], rules.noun)
        ):
            found.append((j, rules.noun, PHRASE))
    return found


def _coordinator(word: Word, rules: AgreementRules) -> bool:
    return word.text in rules.coordinators or is_of(word, rules.coordinators)
