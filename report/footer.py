"""The size a figure is printed at, and the runs' signatures in a footer under it.

A figure is drawn at its printed size, so its type sizes are the printed ones: one column of
a two-column paper (3.3 in) or the page's width (7 in), no text under 7 pt either way. The
footer wraps each signature at ``|`` to the figure's width; a one-column figure has none
(six signatures of some 330 characters would fill a column at a legible size): its
signatures are in the file's metadata and in tables/signatures.tex.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.figure import Figure, SubFigure
from matplotlib.font_manager import FontProperties

from report.load import Run

DPI = 200
FOOTER_MARGIN = 0.1  # inches left and right of the signature lines
CONTINUED = "  "  # starts a signature's continuation line


@dataclass(frozen=True)
class Size:
    """A printed width and the type sizes (points) that go with it."""

    name: str
    width: float  # inches
    text: float  # ticks, axis labels, legends
    title: float
    signed: bool  # whether the signature footer fits

    @property
    def footer_font(self) -> FontProperties:
        return FontProperties(family="monospace", size=SMALLEST_TEXT)

    @property
    def footer_line(self) -> float:
        """Inches per footer line."""
        return 1.25 * SMALLEST_TEXT / 72


PAGE = Size("page", 7.0, text=8, title=9, signed=True)
COLUMN = Size("column", 3.3, text=7, title=8, signed=False)
#: Name → size; the report writes both (page: ``NAME.png``, column: ``NAME-column.png``).
SIZES = {size.name: size for size in (PAGE, COLUMN)}
SMALLEST_TEXT = 7  # points: no text of a figure is smaller


def signed_figure(
    runs: Sequence[Run], size: Size, height: float, signed: bool = True
) -> tuple[Figure, SubFigure]:
    """A figure ``size.width`` wide whose footer lists the runs' signatures, wrapped to its
    width (when ``signed`` and the size has room for one); draw on the returned subfigure."""
    if not (signed and size.signed):
        figure = Figure(figsize=(size.width, height), dpi=DPI, layout="constrained")
        return figure, figure.subfigures(1, 1)
    lines = [
        wrapped
        for run in runs
        for wrapped in wrap_signature(
            f"{run.label}: {run.signature}" + (" [MIXED]" if run.flags else ""),
            (size.width - 2 * FOOTER_MARGIN) * 72,
            size.footer_font,
        )
    ]
    footer = size.footer_line * (len(lines) + 1) + 0.1
    figure = Figure(figsize=(size.width, height + footer), dpi=DPI, layout="constrained")
    body, foot = figure.subfigures(2, 1, height_ratios=[height, footer])
    foot.text(
        FOOTER_MARGIN / size.width, 0.5, "Signatures:\n" + "\n".join(lines),
        fontproperties=size.footer_font, va="center",
    )  # fmt: skip
    return figure, body


def wrap_signature(line: str, width_pt: float, font: FontProperties) -> list[str]:
    """``line`` cut after a ``|`` wherever it would pass ``width_pt`` points in ``font``,
    continuation lines indented by :data:`CONTINUED`; a field longer than a line is cut
    where it must. Widths are measured as Agg draws them at :data:`DPI`, whose hinting
    rounds each glyph's advance up (a little wider than the PDF's and SVG's outlines)."""
    measure = RendererAgg(1, 1, DPI).get_text_width_height_descent

    def fits(text: str) -> bool:
        return measure(text, font, ismath=False)[0] * 72 / DPI <= width_pt

    lines: list[str] = []
    current = ""
    for part in re.split(r"(?<=\|)", line):
        if current and not fits(current + part):
            lines.append(current)
            current = CONTINUED
        current += part
        while not fits(current):  # one field wider than the figure: cut after , ; + or )
            ends = [end for end in range(len(CONTINUED) + 1, len(current)) if fits(current[:end])]
            soft = [end for end in ends if current[end - 1] in ",;+)"]
            cut = max(soft or ends or [len(CONTINUED) + 1])
            lines.append(current[:cut])
            current = CONTINUED + current[cut:]
    return [*lines, current]
