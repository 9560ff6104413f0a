"""Grammars: an NLTK CFG file plus a slot table, expanded into sentence templates.

A grammar folder holds ``grammar.cfg`` (NLTK's CFG syntax) and ``slots.tsv``, which names
the nonterminals filled from word lists; it may also hold ``open.cfg``, whose constructions
leave the person's gender open (``gen build --open-gender``, generator/open_gender.py).
Each alternative of the start symbol is one *construction*. Expanding a construction's
derivations down to terminals and slots gives its *templates*; every template item remembers
which production it came from, so that the enumerator attaches metadata by derivation, never
by reading it back out of the text.

The grammar is parsed line by line with :func:`nltk.CFG.fromstring` (never executed), so a
malformed line is reported with its file and line number.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import nltk
from nltk.grammar import Nonterminal, Production

from common.errors import GenError
from common.io import read_text
from generator.wordlists import read_wordlist

ROLES = ("occupation", "adjective", "trigger", "distractor")
GRAMMAR_FILE, OPEN_GRAMMAR_FILE = "grammar.cfg", "open.cfg"


@dataclass(frozen=True)
class Slot:
    """A nonterminal filled from a word list (one row of slots.tsv)."""

    name: str
    list_name: str
    select: tuple[str, str] | None
    role: str
    type: str | None
    path: Path
    line: int


@dataclass(frozen=True)
class Item:
    """One position of a template: a terminal word or a slot, and the grammar line it came from."""

    line: int
    word: str | None = None
    slot: Slot | None = None


@dataclass(frozen=True)
class Template:
    construction: str
    items: tuple[Item, ...]
    line: int


@dataclass
class Grammar:
    """A parsed grammar folder; ``lines`` maps each production to its line in ``path``."""

    path: Path
    slots_path: Path
    start: Nonterminal
    productions: list[Production]
    lines: dict[Production, int]
    slots: dict[str, Slot]
    open_gender: bool = False  # read from open.cfg: no construction fixes the person's gender
    by_lhs: dict[Nonterminal, list[Production]] = field(init=False)

    def __post_init__(self) -> None:
        self.by_lhs = {}
        for production in self.productions:
            self.by_lhs.setdefault(production.lhs(), []).append(production)

    def symbols(self) -> set[str]:
        """Every nonterminal name the grammar mentions (used to spot metadata in text)."""
        names = set(self.slots)
        for production in self.productions:
            names.add(production.lhs().symbol())
            names.update(s.symbol() for s in production.rhs() if isinstance(s, Nonterminal))
        return names

    def used_slots(self) -> list[Slot]:
        """The slots this grammar's productions name: one slot table serves grammar.cfg and
        open.cfg, and a slot only the other one uses needs no word list here."""
        named = {
            symbol.symbol()
            for production in self.productions
            for symbol in production.rhs()
            if isinstance(symbol, Nonterminal)
        }
        return [slot for name, slot in self.slots.items() if name in named]

    def restrictions(self, slot: Slot) -> list[tuple[str, int]] | None:
        """Words the grammar lists for a slot (``OCC -> 'nurse'``); None: the whole list."""
        productions = self.by_lhs.get(Nonterminal(slot.name))
        if productions is None:
            return None
        return [
            (production.rhs()[0], self.lines[production])
            for production in productions
            if len(production.rhs()) == 1 and isinstance(production.rhs()[0], str)
        ]


def read_grammar(folder: Path, *, open_gender: bool = False) -> Grammar:
    """Parse ``folder/grammar.cfg`` (``open.cfg`` with ``open_gender``) and ``folder/slots.tsv``."""
    name = OPEN_GRAMMAR_FILE if open_gender else GRAMMAR_FILE
    path = folder / name
    if not path.is_file():
        raise GenError(f"no {name} in grammar folder", path=folder)
    productions: list[Production] = []
    lines: dict[Production, int] = {}
    for number, text in _logical_lines(path):
        try:
            parsed = nltk.CFG.fromstring(text).productions()
        except ValueError as err:
            reason = str(err).splitlines()[-1]
            raise GenError(
                f"cannot parse production: {reason}: {text!r}", path=path, line=number
            ) from None
        for production in parsed:
            productions.append(production)
            lines.setdefault(production, number)
    if not productions:
        raise GenError("no productions", path=path)
    return Grammar(
        path,
        folder / "slots.tsv",
        productions[0].lhs(),
        productions,
        lines,
        _read_slots(folder / "slots.tsv"),
        open_gender,
    )


def _logical_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Non-blank, non-comment lines with their numbers, joining ``\\``-continued lines."""
    pending, first = "", 0
    for number, raw in enumerate(read_text(path).splitlines(), start=1):
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if not pending:
            first = number
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        yield first, pending + line
        pending = ""
    if pending:
        yield first, pending


def _read_slots(path: Path) -> dict[str, Slot]:
    if not path.is_file():
        raise GenError("no slots.tsv in grammar folder", path=path.parent)
    table = read_wordlist(path)
    missing = {"slot", "list", "select", "role", "type"} - set(table.columns)
    if missing:
        raise GenError(f"missing columns: {', '.join(sorted(missing))}", path=path)
    slots = {}
    for row in table.rows:
        if row["role"] not in ROLES:
            raise GenError(
                f"unknown role {row['role']!r}; use one of {ROLES}",
                path=path,
                line=row.line,
                field="role",
            )
        select = None
        if row["select"] != "-":
            column, sep, value = row["select"].partition("=")
            if not sep:
                raise GenError(
                    "write select as COLUMN=VALUE or -", path=path, line=row.line, field="select"
                )
            select = (column, value)
        slot_type = None if row["type"] == "-" else row["type"]
        slots[row["slot"]] = Slot(
            row["slot"], row["list"], select, row["role"], slot_type, path, row.line
        )
    return slots


def constructions(grammar: Grammar) -> list[tuple[str, int]]:
    """The start symbol's alternatives as ``(name, line of its first production)``.

    Each alternative must be a single nonterminal: the construction.
    """
    found = []
    for production in grammar.by_lhs.get(grammar.start, []):
        rhs = production.rhs()
        if len(rhs) != 1 or not isinstance(rhs[0], Nonterminal):
            raise GenError(
                f"each alternative of {grammar.start} must be one construction nonterminal, "
                f"got {production}",
                path=grammar.path,
                line=grammar.lines[production],
            )
        own = grammar.by_lhs.get(rhs[0])
        found.append((rhs[0].symbol(), grammar.lines[own[0] if own else production]))
    return found


def expand(grammar: Grammar) -> list[Template]:
    """All templates of all constructions, in grammar order.

    Slots stay unexpanded (the enumerator fills them); every other nonterminal is expanded
    into the product of its alternatives. The grammar must be finite: recursion is an error.
    """
    memo: dict[Nonterminal, list[tuple[Item, ...]]] = {}

    def derive(symbol: Nonterminal, active: tuple[Nonterminal, ...]) -> list[tuple[Item, ...]]:
        if symbol in memo:
            return memo[symbol]
        if symbol in active:
            chain = " -> ".join(s.symbol() for s in (*active, symbol))
            first = grammar.by_lhs[symbol][0]
            raise GenError(
                f"recursive nonterminal: {chain}", path=grammar.path, line=grammar.lines[first]
            )
        if symbol not in grammar.by_lhs:
            raise GenError(f"undefined nonterminal {symbol}", path=grammar.path)
        sequences = []
        for production in grammar.by_lhs[symbol]:
            line = grammar.lines[production]
            parts = []
            for element in production.rhs():
                if isinstance(element, str):
                    parts.append([(Item(line, word=element),)])
                elif element.symbol() in grammar.slots:
                    parts.append([(Item(line, slot=grammar.slots[element.symbol()]),)])
                else:
                    parts.append(derive(element, (*active, symbol)))
            sequences.extend(
                tuple(itertools.chain.from_iterable(p)) for p in itertools.product(*parts)
            )
        memo[symbol] = sequences
        return sequences

    templates = []
    for name, line in constructions(grammar):
        for items in derive(Nonterminal(name), ()):
            templates.append(Template(name.lower(), items, line))
    return templates
