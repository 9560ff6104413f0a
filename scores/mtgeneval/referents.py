"""Whom an MT-GenEval sentence is about when its context's pronouns belong to someone else.

The converter reads the expected gender from the context's pronouns. That is right only when
the sentence is about the pronouns' referent; English syntax marks some names in the context
as people the pronouns cannot refer to:

- apposition to a person noun that a possessive pronoun determines ("her son Ivo",
  "his wife, Anna Berg"): nobody is their own son; the noun's gender (son: male), when
  it has one, is the named person's;
- a person's name in the clause of a subject pronoun, outside a predicative complement
  ("he married Olga Berg"; not "she was born Olga Berg"): the subject pronoun c-commands
  it, so they cannot co-refer (binding principle C; Huddleston & Pullum 2002, ch. 17).

When the sentence's first name is such a person, the sentence is about that person: its
expected gender is the one the apposition gives, else the line is undecidable
(``pronouns_name_another_person``) rather than given the pronouns' gender. So is a family
name the context gives to several people ("Ana Ruiz is the sister of Luis Ruiz").
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

_CUES_FILE = Path(__file__).with_name("english_cues.json")
#: How many words (adjectives, numerals: "her two young sons") may stand between a
#: possessive pronoun and the person noun a name is in apposition to.
_MAX_MODIFIERS = 3
#: ``expected_gender_cue`` values (the evidence of the rule that set the gender).
APPOSITION_CUE = "another_person_named:apposition"
UNDECIDABLE = "pronouns_name_another_person"


@dataclass(frozen=True)
class ClauseWords:
    """english_cues.json's words for clause structure (all lower case)."""

    possessives: frozenset[str]
    subject_pronouns: frozenset[str]
    clause_ends: frozenset[str]
    predicative: frozenset[str]


@cache
def clause_words() -> ClauseWords:
    cues = json.loads(_CUES_FILE.read_text(encoding="utf-8"))
    return ClauseWords(
        possessives=frozenset(w for words in cues["possessives"].values() for w in words),
        subject_pronouns=frozenset(w for words in cues["subject_pronouns"].values() for w in words),
        clause_ends=frozenset(cues["clause_ends"]),
        predicative=frozenset(cues["predicative_verbs"]),
    )


@dataclass(frozen=True)
class Context:
    """A context's tokens, flagged where the tagger reads a person's name ("Olga": given
    name, "Smith": family name) and where it does not know the word ("Dzhurova")."""

    tokens: Sequence[str]
    person_names: Sequence[bool]
    unknown: Sequence[bool]


def named_person(
    sentence: tuple[Sequence[str], Sequence[bool]], context: Context, words
) -> tuple[bool, str | None]:
    """``(True, gender)`` when the first name in ``sentence`` (its tokens and noun flags) is
    someone the ``context``'s pronouns cannot refer to; ``gender`` is the one an apposition
    gives that person, or None. ``(False, None)`` otherwise. ``words`` is the converter's
    :class:`~scores.mtgeneval.records.EnglishPersonWords`."""
    tokens, nouns = sentence
    names = (token for token, noun in zip(tokens, nouns, strict=True) if noun)
    first = next((token for token in names if _is_name(token, words)), None)
    if first is None:
        return False, None
    runs = list(_name_runs(context.tokens, words))
    given_names = {
        tuple(context.tokens[start : end - 1])
        for start, end in runs
        if end - start > 1 and context.tokens[end - 1] == first
    }
    if len(given_names) > 1:  # "Ana Ruiz ... Luis Ruiz": which Ruiz is unknown
        return True, None
    others = _other_people(context, runs, words, clause_words())
    if first not in others:
        return False, None
    return True, others[first]


def _is_name(token: str, words) -> bool:
    """A capitalised word that is neither a pronoun nor a person noun (a title: "Judge")."""
    return (
        token[:1].isupper()
        and token[:1].isalpha()
        and words.pronoun_gender(token.lower()) is None
        and not words.is_person(token.lower())
    )


def _name_runs(tokens: Sequence[str], words) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each run of adjacent names ("Olga Dzhurova")."""
    start = 0
    while start < len(tokens):
        end = start
        while end < len(tokens) and _is_name(tokens[end], words):
            end += 1
        if end > start:
            yield start, end
        start = end + 1


def _other_people(
    context: Context, runs: Sequence[tuple[int, int]], words, clause: ClauseWords
) -> dict[str, str | None]:
    """The context's name tokens (in ``runs`` of adjacent names) its pronouns cannot refer
    to → the gender known for them (None for a family name). A name the context also uses
    elsewhere is left out."""
    tokens = context.tokens
    found: dict[str, str | None] = {}
    elsewhere: set[str] = set()
    for start, end in runs:
        apposed, gender = _apposition(tokens, start, end, words, clause)
        run = range(start, end)
        if apposed:
            marked = set(run)
        elif any(context.person_names[start:end]) and _in_subject_pronoun_clause(
            tokens, start, clause
        ):
            marked = {i for i in run if context.person_names[i] or context.unknown[i]}
        else:
            marked = set()
        # a family name may be shared with the pronouns' referent (a wife, a son): its
        # bearer is unknown, only the given names are the other person's
        found.update((tokens[i], gender if i < end - 1 or start == i else None) for i in marked)
        elsewhere.update(tokens[i] for i in run if i not in marked)
    return {token: gender for token, gender in found.items() if token not in elsewhere}


def _apposition(
    tokens: Sequence[str], start: int, end: int, words, clause: ClauseWords
) -> tuple[bool, str | None]:
    """Whether the name ``tokens[start:end]`` is in apposition to "his/her [modifiers]
    PERSON-NOUN" (a singular common noun; after a comma, the name is closed by one too:
    "her son Ivo", "his wife, Ana Ruiz,"), and the person noun's gender."""
    noun = start - 1
    if noun >= 0 and tokens[noun] == ",":
        noun -= 1
        if end < len(tokens) and tokens[end] not in clause.clause_ends:
            return False, None
    if noun < 1 or not tokens[noun].islower() or tokens[noun] not in words.people:
        return False, None
    for before in range(noun - 1, max(-1, noun - 2 - _MAX_MODIFIERS), -1):
        token = tokens[before]
        if token.lower() in clause.possessives:
            return True, words.noun_gender(tokens[noun])
        if not (token.isalnum() and token.islower()):
            break
    return False, None


def _in_subject_pronoun_clause(tokens: Sequence[str], start: int, clause: ClauseWords) -> bool:
    """Whether a subject pronoun ("he", "she") comes before ``start`` in the same clause,
    with no copular or naming verb between (a predicative name may co-refer)."""
    for before in range(start - 1, -1, -1):
        token = tokens[before]
        if token in clause.clause_ends or token.lower() in clause.predicative:
            return False
        if token.lower() in clause.subject_pronouns:
            return True
    return False
