"""`gen languages`: the target languages `gen check` supports, which backends run here, what
`gen translate` can do here, and how often the checker was right (the validity cards).

It prints a table and must take a fraction of a second: nothing here imports a model's
library (tests/test_architecture.py checks it)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from checker import validity
from checker.backends import bidix, dictionary, registry
from checker.backends.base import Aligner, Tagger
from checker.languages import Language, language_rows
from checker.pipeline.scan import KIND_BY_LANG
from scores.validity import card_line
from scores.validity import measured as stamp
from translator.registry import engines_here

#: What reads the pairs of KIND_BY_LANG, in the table's words.
OTHER_CHECKERS = {"tgbi": "Korean → English: TGBI, no tagger or aligner (docs/tgbi.md)"}


def languages() -> None:
    """List every target language `gen check` supports and the backends that can run for it
    here (and why the others cannot), the pairs `gen translate` can translate here, and each
    language's validity card."""
    table = Table("lang", "language", "taggers", "aligners", "aligner dictionary")
    missing: dict[str, tuple[str, list[str]]] = {}  # backend → (first reason, languages)
    for language in sorted(language_rows(), key=lambda row: row.code):
        lang = language.code
        runnable: dict[type, list[str]] = {Tagger: [], Aligner: []}
        for kind in (Tagger, Aligner):
            for name in registry.names(kind):
                reason = registry.unavailable(kind, name, lang, {})
                if reason is None:
                    runnable[kind].append(name)
                else:
                    missing.setdefault(name, (reason, []))[1].append(lang)
        table.add_row(
            ", ".join([lang, *language.aliases]),
            language.name,
            ", ".join(runnable[Tagger]) or "–",
            ", ".join(runnable[Aligner]) or "–",
            _dictionary(language),
        )
    for pair, kind in KIND_BY_LANG.items():
        table.add_row(pair, OTHER_CHECKERS[kind], "–", "–", "–")
    console = Console(width=120)
    console.print(table)
    for name, (reason, langs) in missing.items():
        console.print(f"{name} cannot run for {', '.join(langs)}; for {langs[0]}: {reason}")
    console.print("\n[bold]gen translate[/bold] here:")
    for engine, pairs in engines_here().items():
        console.print(f"  --engine {engine}: {pairs}", highlight=False, markup=False)
    measured = validity.cards()
    stamps = {stamp(card) for card in measured.values()} - {None}
    shared = stamps.pop() if len(stamps) == 1 else None  # said once, above the cards
    console.print(
        f"\n[bold]Validity of gen check[/bold] ({validity.CARD_FILE.name}, docs/validity.md)"
        + (f"; {shared}:" if shared else ":" if measured else ": none measured")
    )
    for lang, card in measured.items():
        line = card_line(lang, card, stamp=shared is None)
        console.print(f"  {line}", highlight=False, markup=False)


def _dictionary(language: Language) -> str:
    """The bilingual dictionaries eflomal takes priors from, and whether they are installed."""
    found = []
    chain = bidix.chain_for(language)  # the row's, or one found on its own
    for spec, reason in (
        (language.dictionary, language.dictionary and dictionary.missing(language.dictionary)),
        (chain, chain and bidix.missing(chain)),
    ):
        if spec is not None:
            found.append(f"{spec.name} (missing: {reason})" if reason else spec.name)
    return ", ".join(found) or "–"
