"""The English set's language as a plain NLTK CFG, and NLTK's own enumeration of it: a
second, independent enumerator that the tests and bench/bench_build.py compare ours with."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import nltk
from nltk.grammar import Nonterminal, Production

from generator.english_parts import EnglishSet
from generator.slots import GENDERS


def nltk_grammar(english: EnglishSet) -> nltk.CFG:
    """The same language as a plain NLTK CFG (before a/an and capitals), for comparison.

    Every non-slot nonterminal is copied once per gender; trigger slots rewrite to that
    gender's words, other slots to all their words.
    """
    grammar = english.grammar
    productions = []
    start = Nonterminal("START")
    for gender in GENDERS:

        def renamed(symbol, gender=gender):
            if isinstance(symbol, str):
                return symbol
            slot = grammar.slots.get(symbol.symbol())
            if slot is not None and slot.role != "trigger":
                return symbol
            return Nonterminal(f"{symbol.symbol()}_{gender}")

        productions.append(Production(start, [renamed(grammar.start)]))
        for production in grammar.productions:
            if production.lhs().symbol() not in grammar.slots:
                productions.append(
                    Production(renamed(production.lhs()), [renamed(s) for s in production.rhs()])
                )
        for _, parts in english.parts:
            for part in parts:
                slot = part.slot
                if slot is None or slot.role != "trigger" and gender != GENDERS[0]:
                    continue
                lhs = renamed(Nonterminal(slot.name))
                for choice in part.choices:
                    for g, word in choice.word.items():
                        if slot.role != "trigger" or g == gender:
                            productions.append(Production(lhs, word.split()))
    unique = list(dict.fromkeys(productions))
    return nltk.CFG(start, unique)


def nltk_sentences(cfg: nltk.CFG, limit: int) -> Iterator[list[str]]:
    """NLTK's own enumeration of ``cfg``: at most ``limit`` token lists.

    NLTK caps the expansion steps of one call (MAX_GENERATE_OPERATIONS, 1e6 by default, about
    110k of our sentences) to stop runaway recursive grammars; ours are finite (recursion is a
    lint error), so the cap is lifted for the duration of the enumeration.
    """
    from nltk.parse import generate as nltk_generate

    saved = nltk_generate.MAX_GENERATE_OPERATIONS
    nltk_generate.MAX_GENERATE_OPERATIONS = sys.maxsize
    try:
        yield from nltk_generate.generate(cfg, n=limit)
    finally:
        nltk_generate.MAX_GENERATE_OPERATIONS = saved
