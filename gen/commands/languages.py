"""`gen languages`: the target languages `gen check` supports and which backends run here."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from checker.backends import bidix, dictionary, registry
from checker.backends.base import Aligner, Tagger
from checker.languages import Language, language_rows


def languages() -> None:
    """List every target language `gen check` supports and the backends that can run for
    it on this machine; then, once per backend, why it cannot run where it cannot."""
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
    console = Console(width=120)
    console.print(table)
    for name, (reason, langs) in missing.items():
        console.print(f"{name} cannot run for {', '.join(langs)}; for {langs[0]}: {reason}")


def _dictionary(language: Language) -> str:
    """The bilingual dictionaries eflomal takes priors from, and whether they are installed."""
    found = []
    for spec, reason in (
        (language.dictionary, language.dictionary and dictionary.missing(language.dictionary)),
        (language.bidix, language.bidix and bidix.missing(language.bidix)),
    ):
        if spec is not None:
            found.append(f"{spec.name} (missing: {reason})" if reason else spec.name)
    return ", ".join(found) or "–"
