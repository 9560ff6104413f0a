"""Lint for open-gender grammars (open.cfg): sentences in which nothing fixes the person's gender.

An open construction names the person (its occupation slot) and may name a second one (a
distractor of type ``occupation`` or ``person``), but nothing that says either one's gender:
no trigger slot,
no distractor that is a gendered word, and no terminal in the closed list of English gendered
words (gendered_words.tsv: pronouns, kinship nouns, gendered titles). :func:`lint_open_template`
checks a grammar's templates; :class:`OpenSentenceLint` checks every generated sentence against
the same list, independently of the grammar, as the fixed sets' lint does.
"""

from __future__ import annotations

from generator.grammar import Grammar, Item, Template
from generator.lint import SentenceLint, problem
from generator.slots import is_second_person


def lint_open_template(template: Template, grammar: Grammar, gendered: dict[str, str]) -> list[str]:
    """What keeps a template of an open grammar from leaving the person's gender open."""
    found = []
    where = f"open construction {template.construction}"
    roles = [item.slot.role for item in template.items if item.slot is not None]
    if roles.count("occupation") != 1:
        found.append(
            problem(
                f"{where} needs exactly one occupation slot, a derivation has "
                f"{roles.count('occupation')}",
                grammar.path,
                template.line,
            )
        )
    items = template.items
    for position, item in enumerate(items):
        slot = item.slot
        if slot is None:
            if item.word.lower() in gendered:
                found.append(
                    problem(
                        f"{where} has the {gendered[item.word.lower()]} word {item.word!r}, "
                        "which fixes a gender",
                        grammar.path,
                        item.line,
                    )
                )
            continue
        if slot.role == "trigger" or (slot.role == "distractor" and not is_second_person(slot)):
            found.append(
                problem(
                    f"{where} has the {slot.role} slot {slot.name}, which fixes a gender; an open "
                    "construction may name a second person only as a distractor of type "
                    "occupation or person",
                    grammar.path,
                    item.line,
                )
            )
        if slot.role == "adjective" and not _describes_the_person(items, position):
            found.append(
                problem(
                    f"adjective slot {slot.name} must come right before the occupation or be "
                    "its predicate (the last slot, after the occupation)",
                    grammar.path,
                    item.line,
                )
            )
    return found


def _describes_the_person(items: tuple[Item, ...], position: int) -> bool:
    """Whether the adjective at ``position`` is the person's: right before the occupation
    ("the gentle nurse"), or its predicate ("the nurse is very gentle"): after the
    occupation with no other slot after the occupation, so it says nothing of a second person."""
    following = items[position + 1].slot if position + 1 < len(items) else None
    if following is not None and following.role == "occupation":
        return True
    slotted = [i for i, item in enumerate(items) if item.slot is not None]
    return (
        slotted[-1] == position
        and len(slotted) > 1
        and items[slotted[-2]].slot.role == "occupation"
    )


class OpenSentenceLint(SentenceLint):
    """:class:`SentenceLint` for open-gender sets: every sentence is free of gendered words and
    has ``expected_gender`` null; there are no twins and no balance of genders to check."""

    def _check_gender(self, record: dict, present: set[str]) -> None:
        if record["expected_gender"] is not None:
            self._report(record, f"expected_gender {record['expected_gender']!r} in an open set")
        if present.isdisjoint(self.gender_of):
            return
        for index, word in enumerate(record["tokens"]):
            gender = self.gender_of.get(word)
            if gender is not None:
                self._report(record, f"{gender} word {word!r} (token {index}) in an open sentence")

    def _merge_gender(self, other: SentenceLint) -> None:
        """Nothing to fold in: open sentences have no twins and no gender to balance."""

    def _gender_problems(self) -> list[str]:
        return []
