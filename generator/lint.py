"""`gen lint`: faults in a grammar and in the sentences it generates, as ``file:line: message``.

Two layers. :func:`lint_grammar` reads the grammar and its word lists without enumerating:
undefined and unreachable nonterminals, recursion, words a grammar lists for a slot that
its word list lacks, adjectives not before an occupation or noun trigger, constructions
without an occupation or trigger. :class:`SentenceLint` then watches every generated record:
gendered words that disagree with the label (read from a closed list of English gendered
words, independent of the grammar's slots; distractors aside), metadata-looking tokens,
duplicate sentences, missing or unequal counterfactual twins, and gender imbalance.
"""

from __future__ import annotations

import functools
import re
from array import array
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from nltk.grammar import Nonterminal

from common.errors import GenError
from generator.grammar import Grammar, Template, constructions, expand
from generator.slots import GENDERS, list_for, slot_words
from generator.wordlists import WordList

# Characters no English word in a sentence contains but tags and slot names do.
_METADATA_CHARS = re.compile(r"[_=<>\[\]{}|\\]")
MAX_REPORTED = 50
_OTHER = {"female": "male", "male": "female"}


def problem(message: str, path: Path | str | None = None, line: int | None = None) -> str:
    return str(GenError(message, path=path, line=line))


def lint_grammar(
    grammar: Grammar,
    lists: dict[str, WordList],
    *,
    nonce: bool = False,
    check_template: Callable[[Template], list[str]] | None = None,
) -> list[str]:
    """Structural problems of a grammar and its slots, without enumerating sentences;
    ``check_template`` replaces the fixed-gender checks of each template (open grammars)."""
    found: list[str] = []
    path, lines = grammar.path, grammar.lines
    undefined = False
    for production in grammar.productions:
        for symbol in production.rhs():
            if (
                isinstance(symbol, Nonterminal)
                and symbol not in grammar.by_lhs
                and symbol.symbol() not in grammar.slots
            ):
                undefined = True
                found.append(
                    problem(
                        f"undefined nonterminal {symbol} "
                        f"(neither a production nor a slot in {grammar.slots_path.name})",
                        path,
                        lines[production],
                    )
                )
    reached = _reachable(grammar)
    for lhs, productions in grammar.by_lhs.items():
        if lhs not in reached:
            found.append(
                problem(
                    f"unreachable nonterminal {lhs} (not derivable from {grammar.start})",
                    path,
                    lines[productions[0]],
                )
            )
    for slot in grammar.used_slots():
        try:
            wordlist = list_for(slot, lists, nonce=nonce)
        except GenError as err:
            found.append(str(err))
            continue
        for production in grammar.by_lhs.get(Nonterminal(slot.name), []):
            rhs = production.rhs()
            if len(rhs) != 1 or not isinstance(rhs[0], str):
                found.append(
                    problem(
                        f"slot {slot.name} may only list single words, got {production}",
                        path,
                        lines[production],
                    )
                )
            elif rhs[0] not in _all_words(wordlist):
                found.append(
                    problem(
                        f"word {rhs[0]!r} is missing from list {wordlist.name} ({wordlist.path})",
                        path,
                        lines[production],
                    )
                )
    if undefined:
        return list(dict.fromkeys(found))  # expanding would only report them again
    try:
        constructions(grammar)
        templates = expand(grammar)
    except GenError as err:
        return [*found, str(err)]
    if check_template is None:
        admitted = _admitted_genders(grammar, lists, nonce)
        check_template = functools.partial(
            _lint_template, grammar=grammar, admitted_by_slot=admitted
        )
    for template in templates:
        found.extend(check_template(template))
    return list(dict.fromkeys(found))


def _admitted_genders(
    grammar: Grammar, lists: dict[str, WordList], nonce: bool
) -> dict[str, set[str]]:
    """For trigger slots the grammar restricts to listed words: the genders of those words."""
    admitted = {}
    for slot in grammar.used_slots():
        restricted = grammar.restrictions(slot)
        if slot.role != "trigger" or restricted is None or slot.list_name not in lists:
            continue
        wordlist = list_for(slot, lists, nonce=nonce)
        words = {word for word, _ in restricted}
        admitted[slot.name] = {
            gender
            for row in wordlist.rows
            for gender, word in slot_words(row, wordlist).items()
            if word in words
        }
    return admitted


def _reachable(grammar: Grammar) -> set[Nonterminal]:
    reached, todo = {grammar.start}, [grammar.start]
    while todo:
        for production in grammar.by_lhs.get(todo.pop(), []):
            for symbol in production.rhs():
                if isinstance(symbol, Nonterminal) and symbol not in reached:
                    reached.add(symbol)
                    todo.append(symbol)
    return reached


def _all_words(wordlist: WordList) -> set[str]:
    return {word for row in wordlist.rows for word in slot_words(row, wordlist).values()}


def _lint_template(
    template: Template, grammar: Grammar, admitted_by_slot: dict[str, set[str]]
) -> list[str]:
    found = []
    items = template.items
    roles = [item.slot.role for item in items if item.slot is not None]
    if roles.count("occupation") != 1:
        found.append(
            problem(
                f"construction {template.construction} needs exactly one occupation slot, "
                f"a derivation has {roles.count('occupation')}",
                grammar.path,
                template.line,
            )
        )
    if "trigger" not in roles:
        found.append(
            problem(
                f"construction {template.construction} has a derivation without a trigger slot",
                grammar.path,
                template.line,
            )
        )
    for position, item in enumerate(items):
        if item.slot is None or item.slot.role != "adjective":
            continue
        following = items[position + 1].slot if position + 1 < len(items) else None
        if (
            following is None
            or following.role not in ("occupation", "trigger")
            or following.type == "pronoun"
        ):
            found.append(
                problem(
                    f"adjective slot {item.slot.name} must come right before "
                    "an occupation or a noun trigger",
                    grammar.path,
                    item.line,
                )
            )
    admitted = set(GENDERS)
    for item in items:
        if item.slot is not None and item.slot.name in admitted_by_slot:
            admitted &= admitted_by_slot[item.slot.name]
    if not admitted:
        found.append(
            problem(
                f"construction {template.construction}: "
                "its trigger slots' listed words share no gender",
                grammar.path,
                template.line,
            )
        )
    return found


class SentenceLint:
    """Checks every generated record as it streams past; :meth:`problems` reports at the end."""

    def __init__(self, grammar: Grammar, gendered: dict[str, str]) -> None:
        self.grammar = grammar
        self.gendered = gendered
        self.symbols = grammar.symbols()
        self.construction_lines = {name.lower(): line for name, line in constructions(grammar)}
        self.known: set[str] = set()
        self.gender_of: dict[str, str] = {}
        self.contradicting: dict[str, set[str]] = {gender: set() for gender in GENDERS}
        self.metadata: set[str] = set()
        self.seen: set[int] = set()
        self.pending: dict[str, dict] = {}
        self.genders: Counter = Counter()
        self.found: list[str] = []
        self.hidden = 0

    def _report(self, record: dict, message: str) -> None:
        if len(self.found) >= MAX_REPORTED:
            self.hidden += 1
            return
        line = self.construction_lines.get(record.get("construction", ""))
        self.found.append(
            problem(
                f"{record.get('construction')}: {record['text']!r}: {message}",
                self.grammar.path,
                line,
            )
        )

    def _classify(self, tokens: list[str]) -> None:
        """Remember each new token's gender and whether it looks like metadata."""
        for token in set(tokens) - self.known:
            self.known.add(token)
            gender = self.gendered.get(token.lower())
            if gender is not None:
                self.gender_of[token] = gender
                self.contradicting[_OTHER[gender]].add(token)
            if token in self.symbols or _METADATA_CHARS.search(token):
                self.metadata.add(token)

    def observe(self, record: dict) -> None:
        text, tokens = record["text"], record["tokens"]
        seen = self.seen
        before = len(seen)
        seen.add(hash(text))  # 64-bit hashes keep 2M sentences small (false match odds ~1e-7)
        if len(seen) == before:
            self._report(record, "duplicate sentence")
        present = set(tokens)
        if not present <= self.known:
            self._classify(tokens)
        if not present.isdisjoint(self.metadata):
            for token in sorted(present & self.metadata):
                self._report(record, f"token {token!r} looks like metadata, not a word")
        self._check_gender(record, present)

    def _check_gender(self, record: dict, present: set[str]) -> None:
        """The label against the sentence's gendered words, and the record's twin."""
        expected = record["expected_gender"]
        self.genders[expected] += 1
        contradicting = self.contradicting.get(expected)
        if contradicting is None or not present.isdisjoint(contradicting):
            self._check_label(record, present)
        twin = self.pending.pop(record["pair_id"], None)
        if twin is None:
            self.pending[record["pair_id"]] = record
        else:
            self._check_twins(twin, record)

    def _check_label(self, record: dict, present: set[str]) -> None:
        """Report gendered words of the other gender that are not recorded distractors."""
        expected = record["expected_gender"]
        if expected not in GENDERS:
            self._report(record, f"expected_gender {expected!r} is neither female nor male")
            return
        distractor_at = {d["index"] for d in record["distractors"]}
        for index, word in enumerate(record["tokens"]):
            gender = self.gender_of.get(word)
            if gender is not None and gender != expected and index not in distractor_at:
                self._report(
                    record,
                    f"{gender} word {word!r} (token {index}) in a sentence labelled {expected}",
                )

    def _check_twins(self, first: dict, second: dict) -> None:
        a_tokens, b_tokens = first["tokens"], second["tokens"]
        if first["expected_gender"] == second["expected_gender"] or len(a_tokens) != len(b_tokens):
            self._report(second, f"is not the counterfactual twin of {first['text']!r}")
            return
        distractor_at = {d["index"] for d in second["distractors"]}
        for index in [i for i, (a, b) in enumerate(zip(a_tokens, b_tokens, strict=True)) if a != b]:
            a, b = a_tokens[index], b_tokens[index]
            swapped = {self.gender_of.get(a), self.gender_of.get(b)} == set(GENDERS)
            if not swapped or index in distractor_at:
                self._report(
                    second,
                    f"differs from its twin {first['text']!r} in {a!r}/{b!r}, not a trigger swap",
                )
                return

    def __getstate__(self) -> dict:
        """Travel between processes with the sentence hashes packed at 8 bytes each."""
        return {**self.__dict__, "seen": array("q", self.seen)}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    def merge(self, other: SentenceLint) -> None:
        """Fold in a check that watched another shard of the same set (hashes agree because
        the shards are forked from one process, which fixes Python's string-hash seed)."""
        mine = set(self.seen)
        repeated = sum(1 for digest in other.seen if digest in mine)
        self.found.extend(
            problem("duplicate sentence across shards of the set", self.grammar.path)
            for _ in range(repeated)
        )
        self.seen = array("q", mine)
        self.seen.extend(other.seen)
        self.found.extend(other.found)
        self.hidden += other.hidden
        self._merge_gender(other)

    def _merge_gender(self, other: SentenceLint) -> None:
        """Fold in the other shard's gender counts and pair up twins it left unpaired."""
        self.genders.update(other.genders)
        for pair_id, record in other.pending.items():
            twin = self.pending.pop(pair_id, None)
            if twin is None:
                self.pending[pair_id] = record
            else:
                self._check_twins(twin, record)

    def problems(self) -> list[str]:
        found = [*self.found, *self._gender_problems()]
        if self.hidden:
            found.append(f"... and {self.hidden} more sentence problems")
        return found

    def _gender_problems(self) -> list[str]:
        """Records left without a twin, and an imbalance of the genders."""
        found = []
        for record in list(self.pending.values())[:MAX_REPORTED]:
            found.append(
                problem(
                    f"{record.get('construction')}: {record['text']!r}: no counterfactual twin",
                    self.grammar.path,
                    self.construction_lines.get(record.get("construction", "")),
                )
            )
        if self.genders["female"] != self.genders["male"]:
            found.append(
                problem(
                    f"gender imbalance: {self.genders['female']} female and "
                    f"{self.genders['male']} male sentences",
                    self.grammar.path,
                )
            )
        return found
