"""What a report is made of: sections of text, tables and figures, in reading order (the
HTML and Markdown writers render the same sections)."""

from __future__ import annotations

from dataclasses import dataclass, field

from report.tables import Table


@dataclass(frozen=True)
class Plot:
    name: str  # file stem under figures/
    caption: str


@dataclass
class Section:
    title: str
    text: str = ""
    tables: list[Table] = field(default_factory=list)
    figures: list[Plot] = field(default_factory=list)
