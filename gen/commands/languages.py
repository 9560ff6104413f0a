"""`gen languages`: the target languages `gen check` supports and which backends run here."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from checker.backends import registry
from checker.backends.base import Aligner, Tagger
from checker.label import agreement_rules


def languages_command() -> None:
    """List every target language `gen check` supports and the backends that can run for
    it on this machine (a backend that cannot says why)."""
    table = Table("lang", "language", "taggers", "aligners", "why not")
    for lang, rules in sorted(agreement_rules().items()):
        runnable: dict[type, list[str]] = {Tagger: [], Aligner: []}
        reasons = []
        for kind in (Tagger, Aligner):
            for name in registry.names(kind):
                reason = registry.unavailable(kind, name, lang, {})
                if reason is None:
                    runnable[kind].append(name)
                else:
                    reasons.append(reason)
        table.add_row(
            lang,
            rules.name,
            ", ".join(runnable[Tagger]) or "–",
            ", ".join(runnable[Aligner]) or "–",
            "; ".join(reasons),
        )
    Console(width=200).print(table)
