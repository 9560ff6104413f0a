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
from generator.open_gender import OpenSentenceLint, lint_open_template
from generator.resources import grammars_dir, wordlists_dir
from generator.sets import BuiltSet
from generator.slots import list_for
from generator.wordlists import SIZES, WordList, load_wordlists

GENDERED_LIST = "gendered_words"
SHARDS = 2  # record streams `gen build` writes in parallel (the target machine has 2 cores)


def load(
    grammar_dir: Path | None = None, wordlist_dir: Path | None = None, *, open_gender: bool = False
) -> tuple[Grammar, dict[str, WordList]]:
    """Read the English grammar folder and word-list folder (the shipped ones by default);
    ``open_gender``: the folder's open.cfg instead of its grammar.cfg."""
    grammar = read_grammar(grammar_dir or grammars_dir() / "en", open_gender=open_gender)
    lists = load_wordlists(wordlist_dir or wordlists_dir() / "en")
    return grammar, lists


def gendered_words(lists: dict[str, WordList]) -> dict[str, str]:
    """The closed list of English gendered words lint checks labels against."""
    if GENDERED_LIST not in lists:
        raise GenError(f"the word-list folder needs {GENDERED_LIST}.tsv (word, gender) for lint")
    lists[GENDERED_LIST].require(("word", "gender"), "lint's list of gendered words")
    return {row["word"].lower(): row["gender"] for row in lists[GENDERED_LIST].rows}


def grammar_problems(grammar: Grammar, lists: dict[str, WordList], nonce: bool) -> list[str]:
    """lint_grammar's findings, with an open grammar's templates checked as open."""
    if not grammar.open_gender:
        return lint_grammar(grammar, lists, nonce=nonce)
    check = functools.partial(lint_open_template, grammar=grammar, gendered=gendered_words(lists))
    return lint_grammar(grammar, lists, nonce=nonce, check_template=check)


def sentence_lint(grammar: Grammar, lists: dict[str, WordList]) -> SentenceLint:
    """A fresh check of the sentences a grammar generates (open ones: OpenSentenceLint)."""
    kind = OpenSentenceLint if grammar.open_gender else SentenceLint
    return kind(grammar, gendered_words(lists))


def _checked(grammar: Grammar, lists: dict[str, WordList], nonce: bool) -> None:
    problems = grammar_problems(grammar, lists, nonce)
    if problems:
        more = f" (and {len(problems) - 1} more; run gen lint)" if len(problems) > 1 else ""
        raise GenError(problems[0] + more)


def build(
    size: str,
    *,
    nonce: bool = False,
    grammar_dir: Path | None = None,
    wordlist_dir: Path | None = None,
    open_gender: bool = False,
) -> BuiltSet:
    """The English set of ``size``, linted: the grammar now, each sentence as it is written;
    ``open_gender``: from open.cfg, sentences that leave the person's gender open."""
    grammar, lists = load(grammar_dir, wordlist_dir, open_gender=open_gender)
    _checked(grammar, lists, nonce)
    english = prepare(size, grammar, lists, nonce=nonce)
    used = {grammar.path, grammar.slots_path, lists[GENDERED_LIST].path}
    used |= {list_for(slot, lists, nonce=nonce).path for slot in grammar.used_slots()}
    manifest = {
        "grammar": "en",
        "size": size,
        "nonce": nonce,
        **({"open_gender": True} if open_gender else {}),
        "hashes": {
            f"{p.parent.parent.name}/{p.parent.name}/{p.name}": _sha256(p) for p in sorted(used)
        },
    }
    streams = [functools.partial(records, english, run) for run in shards(english, SHARDS)]
    return BuiltSet(
        streams, english.total(), manifest, functools.partial(sentence_lint, grammar, lists)
    )


def lint(
    sizes: tuple[str, ...] = SIZES,
    *,
    nonce: bool = False,
    grammar_dir: Path | None = None,
    wordlist_dir: Path | None = None,
    open_gender: bool = False,
) -> list[str]:
    """Every problem `gen lint` finds: the grammar's, then each size's sentences'."""
    grammar, lists = load(grammar_dir, wordlist_dir, open_gender=open_gender)
    problems = grammar_problems(grammar, lists, nonce)
    if problems:
        return problems
    for size in sizes:
        check = sentence_lint(grammar, lists)
        for record in records(prepare(size, grammar, lists, nonce=nonce)):
            check.observe(record)
        problems.extend(f"{p} [size {size}]" for p in check.problems())
    return problems


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
