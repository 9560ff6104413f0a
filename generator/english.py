"""The English set builder: the grammar and word lists in, a linted set of records out.

:func:`load` reads the grammar folder and the word lists, :func:`prepare`
(generator/english_parts.py) splits each template into parts with their choices, and
:func:`records` (generator/english_records.py) enumerates them; :func:`build` and
:func:`lint` are what `gen build` and `gen lint` call.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

from common.errors import GenError
from generator.english_parts import prepare
from generator.english_records import records, shards
from generator.grammar import Grammar, read_grammar
from generator.lint import SentenceLint, lint_grammar
from generator.resources import grammars_dir, wordlists_dir
from generator.sets import BuiltSet
from generator.slots import list_for
from generator.wordlists import SIZES, WordList, load_wordlists

GENDERED_LIST = "gendered_words"
SHARDS = 2  # record streams `gen build` writes in parallel (the target machine has 2 cores)


def load(
    grammar_dir: Path | None = None, wordlist_dir: Path | None = None
) -> tuple[Grammar, dict[str, WordList]]:
    """Read the English grammar folder and word-list folder (the shipped ones by default)."""
    grammar = read_grammar(grammar_dir or grammars_dir() / "en")
    lists = load_wordlists(wordlist_dir or wordlists_dir() / "en")
    return grammar, lists


def gendered_words(lists: dict[str, WordList]) -> dict[str, str]:
    """The closed list of English gendered words lint checks labels against."""
    if GENDERED_LIST not in lists:
        raise GenError(f"the word-list folder needs {GENDERED_LIST}.tsv (word, gender) for lint")
    lists[GENDERED_LIST].require(("word", "gender"), "lint's list of gendered words")
    return {row["word"].lower(): row["gender"] for row in lists[GENDERED_LIST].rows}


def _checked(grammar: Grammar, lists: dict[str, WordList], nonce: bool) -> None:
    problems = lint_grammar(grammar, lists, nonce=nonce)
    if problems:
        more = f" (and {len(problems) - 1} more; run gen lint)" if len(problems) > 1 else ""
        raise GenError(problems[0] + more)


def build(
    size: str,
    *,
    nonce: bool = False,
    grammar_dir: Path | None = None,
    wordlist_dir: Path | None = None,
) -> BuiltSet:
    """The English set of ``size``, linted: the grammar now, each sentence as it is written."""
    grammar, lists = load(grammar_dir, wordlist_dir)
    _checked(grammar, lists, nonce)
    english = prepare(size, grammar, lists, nonce=nonce)
    used = {grammar.path, grammar.slots_path, lists[GENDERED_LIST].path}
    used |= {list_for(slot, lists, nonce=nonce).path for slot in grammar.slots.values()}
    manifest = {
        "grammar": "en",
        "size": size,
        "nonce": nonce,
        "hashes": {
            f"{p.parent.parent.name}/{p.parent.name}/{p.name}": _sha256(p) for p in sorted(used)
        },
    }
    gendered = gendered_words(lists)
    streams = [functools.partial(records, english, run) for run in shards(english, SHARDS)]
    return BuiltSet(
        streams, english.total(), manifest, functools.partial(SentenceLint, grammar, gendered)
    )


def lint(
    sizes: tuple[str, ...] = SIZES,
    *,
    nonce: bool = False,
    grammar_dir: Path | None = None,
    wordlist_dir: Path | None = None,
) -> list[str]:
    """Every problem `gen lint` finds: the grammar's, then each size's sentences'."""
    grammar, lists = load(grammar_dir, wordlist_dir)
    problems = lint_grammar(grammar, lists, nonce=nonce)
    if problems:
        return problems
    gendered = gendered_words(lists)
    for size in sizes:
        check = SentenceLint(grammar, gendered)
        for record in records(prepare(size, grammar, lists, nonce=nonce)):
            check.observe(record)
        problems.extend(f"{p} [size {size}]" for p in check.problems())
    return problems


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
