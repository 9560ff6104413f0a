"""Bare nouns in a list of roles: coordinated with a bare head, they name the same person
("trabajó como dentista y entrenadora"); agreement.toml ``coordinators``."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import COORDINATE, PHRASE
from checker.rules.readings import can_agree, gender_of, is_of, only_predicate, plural, skip

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
    not a plural, votes with its own gender; one of open gender, with the adjectives after it
    ("como periodista y representante [electa]", it "giudice o ufficiale [governativa]")."""
    found = []
    # rightwards: the head's adjectives, the coordinator, the other noun's adjectives; and
    # leftwards: the coordinator, the other noun's adjectives (after it)
    for step, head_side, other_side in ((1, rules.after, rules.before), (-1, (), rules.after)):
        i = skip(words, head + step, step, head_side)
        if not (0 <= i < len(words)) or not _coordinator(words[i], rules):
            continue
        j = skip(words, i + step, step, other_side)
        if not (0 <= j < len(words) and is_of(words[j], rules.noun)):
            # the other noun may also read as an adjective ("ufficiale"): the first word
            # that may be a noun
            j = i + step
            while 0 <= j < len(words) and is_of(words[j], other_side):
                if is_of(words[j], rules.noun):
                    break
                j += step
        if (
            0 <= j < len(words)
            and is_of(words[j], rules.noun)
            and bare(words, j, rules)
            and not plural(words[j], rules.noun)
        ):
            found.append((j, rules.noun, COORDINATE))
            if gender_of(words[j], rules.noun)[0] is None:
                found += _agreeing_after(words, j, head, rules)
    return found


def _agreeing_after(
    words: Sequence[Word], noun: int, head: int, rules: AgreementRules
) -> list[tuple[int, Collection[str], str]]:
    """The words after ``noun`` that agree with it, up to the head or the first that does
    not."""
    found = []
    k = noun + 1
    while k < len(words) and k != head and can_agree(words[k], rules.after):
        if not only_predicate(words[k], rules):
            found.append((k, rules.after & rules.agreeing, PHRASE))
        k += 1
    return found


def _coordinator(word: Word, rules: AgreementRules) -> bool:
    return word.text in rules.coordinators or is_of(word, rules.coordinators)
