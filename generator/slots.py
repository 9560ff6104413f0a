"""How a slot reads its word list: which list, which rows, which words per gender."""

from __future__ import annotations

from common.errors import GenError
from generator.grammar import Slot
from generator.wordlists import Row, WordList

GENDERS = ("female", "male")

#: The columns a slot of each role reads besides its words (a nonce occupation has no
#: share of women).
ROLE_COLUMNS = {"occupation": ("share_women",), "adjective": ("stereotype",)}


#: The distractor types that name a second person of no gender (open.cfg): one with an
#: occupation (its stereotype and share of women recorded), and a person noun of dual gender.
SECOND_PERSON_TYPES = ("occupation", "person")


def is_other_person(slot: Slot) -> bool:
    """A distractor that is a second person with an occupation (open.cfg's OTHER)."""
    return slot.role == "distractor" and slot.type == "occupation"


def is_second_person(slot: Slot) -> bool:
    """A distractor that is a second person of no gender (open.cfg's OTHER and PERSON)."""
    return slot.role == "distractor" and slot.type in SECOND_PERSON_TYPES


def is_gendered(wordlist: WordList) -> bool:
    """Whether a list gives each row a female and a male word."""
    return "female" in wordlist.columns and "male" in wordlist.columns


def list_for(slot: Slot, lists: dict[str, WordList], *, nonce: bool) -> WordList:
    """The word list a slot draws from (``nonce_LIST`` for occupations under ``--nonce``)."""
    name = f"nonce_{slot.list_name}" if nonce and slot.role == "occupation" else slot.list_name
    if name not in lists:
        raise GenError(
            f"slot {slot.name} names list {name!r}, which is not in the word-list folder",
            path=slot.path,
            line=slot.line,
        )
    wordlist = lists[name]
    needed = ROLE_COLUMNS.get(slot.role, ()) if not name.startswith("nonce_") else ()
    if is_other_person(slot):
        needed = ROLE_COLUMNS["occupation"]
    wordlist.require(needed, f"slot {slot.name} ({slot.role})")
    if is_second_person(slot) and is_gendered(wordlist):
        raise GenError(
            f"slot {slot.name} is a second person of no gender, but {wordlist.path.name} "
            "gives each row a female and a male word",
            path=slot.path,
            line=slot.line,
        )
    return wordlist


def slot_rows(slot: Slot, wordlist: WordList, size: str) -> tuple[Row, ...]:
    """The list rows a slot may use in a set of ``size``."""
    column, value = slot.select if slot.select else (None, None)
    if column is not None and column not in wordlist.columns:
        raise GenError(
            f"slot {slot.name} selects on column {column!r}, which {wordlist.path.name} lacks",
            path=slot.path,
            line=slot.line,
        )
    return tuple(row for row in wordlist.select(column, value) if row.in_size(size))


def slot_words(row: Row, wordlist: WordList) -> dict[str | None, str]:
    """A row's words: ``{gender: word}`` for gendered lists, ``{None: word}`` otherwise."""
    if is_gendered(wordlist):
        return {gender: row[gender] for gender in GENDERS}
    return {None: row[wordlist.columns[0]]}
