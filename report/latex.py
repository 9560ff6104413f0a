"""The report's tables as LaTeX for a two-column paper: one column (``table``) where a table
fits one, the page's width (``table*``) where it does not, and a compact one-column variant
of a wide table (its :attr:`Table.compact` columns) beside the full one.

Nothing is scaled: a table shrunk to the line width (``\\resizebox``) came out in 4 pt type.
Instead intervals stand under their values, headers break where :class:`Table` marks them
(``\\n``), and the layout is chosen from each column's width estimated in Computer Modern's
advance widths (:func:`text_width`), with a margin; bench/latex_fit.py compiles every file
in a two-column article and checks that none passes its column.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from report.load import Run
from report.tables import Table

#: The packages the tables need, for a paper's preamble (and bench/latex_fit.py's).
PACKAGES = ("booktabs",)

#: Widths in points of a two-column article (10 pt article class); ACL's are 219 and 455.
#: The layout aims below the narrower of the two.
COLUMN_WIDTH, PAGE_WIDTH = 219.0, 455.0
#: Type sizes in points: tables at \footnotesize, intervals and counts under them \scriptsize.
BODY_SIZE, SMALL_SIZE = 8.0, 7.0
COLUMN_SEP = 3.0  # \tabcolsep: points either side of a column's content
MARGIN = 1.1  # estimated widths are multiplied by this before they are compared

_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "|": r"\textbar{}",
    "Δ": r"$\Delta$",
    "−": "--",
    "×": r"$\times$",
    "·": r"\textperiodcentered{}",
    "→": r"$\rightarrow$",
    "–": "--",
}

#: Computer Modern Roman advance widths in em (Knuth's cmr10 metrics, rounded); other
#: characters count as :data:`DEFAULT_EM`.
_EM = {
    **dict.fromkeys("0123456789", 0.5),
    **dict.fromkeys(" ", 0.333),
    **dict.fromkeys(".,:;!'", 0.278),
    **dict.fromkeys("()[]", 0.389),
    **dict.fromkeys("ijl|", 0.278),
    **dict.fromkeys("ftr", 0.39),
    **dict.fromkeys("mw", 0.833),
    **dict.fromkeys("MW%", 0.917),
    **dict.fromkeys("+−=×", 0.778),
    **dict.fromkeys("-", 0.333),
    **dict.fromkeys("ABCDEFGHIJKLNOPQRSTUVXYZΔ", 0.75),
}
DEFAULT_EM = 0.53


def text_width(text: str, size: float) -> float:
    """Points that ``text`` takes in Computer Modern at ``size`` points (an estimate)."""
    return size * sum(_EM.get(char, DEFAULT_EM) for char in text)


def latex_escape(text: str) -> str:
    """Text safe in LaTeX; a minus sign before a digit becomes a math minus."""
    escaped = "".join(_LATEX_SPECIAL.get(char, char) for char in text)
    return re.sub(r"(?<![\w.])-(?=\d)", "$-$", escaped)


def latex_words(text: str, *, names: bool = False) -> str:
    """gen's own words (headers, notes) for a paper: ``p_w``, ``P_S`` as math subscripts, a
    line allowed to break after ``|`` (a sacreBLEU signature in a note) and, with ``names``
    (headers), other snake_case names as words: ``conflicting_gender`` → conflicting gender."""
    parts = re.split(r"\b([A-Za-z])_([A-Za-z])\b", text)
    out = []
    for number, part in enumerate(parts):
        if number % 3 == 0:
            out.append(latex_escape(part.replace("_", " ") if names else part))
        elif number % 3 == 1:
            out.append(f"${part}_{{{parts[number + 1]}}}$")
    return "".join(out).replace(r"\textbar{}", r"\textbar{}\allowbreak{}")


def breakable_code(text: str) -> str:
    """``text`` for \\texttt, a line allowed to break after ``| , ; + (``: a signature's
    fields and a backend's options wrap instead of running past the column."""
    escaped = latex_escape(text)
    return re.sub(r"(\\textbar\{\}|[,;+(])", r"\1\\allowbreak{}", escaped)


# Cells: a value with its interval or share below it.

_SPLIT = re.compile(r"^(?P<value>\S+) (?P<detail>[\[(].*)$")
STACK = (
    r"\providecommand{\genstack}[3]{\begin{tabular}[t]{@{}#1@{}}#2\\\scriptsize #3\end{tabular}}"
)


def _stacked(cell: str) -> tuple[str, str] | None:
    """``82.4 [80.1, 84.6]`` → (``82.4``, ``[80.1, 84.6]``); ``943 (64.1%)`` likewise."""
    match = _SPLIT.match(cell)
    return (match["value"], match["detail"]) if match else None


def _cell_width(cell: str, stack: bool) -> float:
    parts = _stacked(cell) if stack else None
    if parts:
        return max(text_width(parts[0], BODY_SIZE), text_width(parts[1], SMALL_SIZE))
    return text_width(cell, BODY_SIZE)


def header_lines(text: str) -> list[str]:
    """A header's lines: broken where :class:`Table` marks it and between the words of a
    snake_case name (``conflicting_gender``), so a column of counts stays narrow."""
    return re.sub(r"(?<=[a-z]{2})_(?=[a-z]{2})", "\n", text).split("\n")


def _header_width(text: str) -> float:
    return max(text_width(line, BODY_SIZE) for line in header_lines(text))


#: Where a name (a system's, a run's label) may break when its column is too narrow.
_NAME_BREAK = re.compile(r"(?<=[-_/ ])")


@dataclass(frozen=True)
class Layout:
    """How one LaTeX rendering of a table is laid out."""

    columns: tuple[int, ...]  # which of the table's columns, in order
    stack: bool  # intervals and shares under their values
    page: bool  # table* across both columns
    wrap: float = 0.0  # points the first column's names wrap to; 0: on one line

    def column_width(self, table: Table, index: int) -> float:
        """The estimated width of one of the table's columns, :data:`MARGIN` included."""
        if self.wrap and index == self.columns[0]:
            return self.wrap
        widths = [_cell_width(row[index], self.stack) for row in table.rows]
        return MARGIN * max([_header_width(table.header[index]), *widths])

    def width(self, table: Table) -> float:
        """The estimated width of the whole table in points."""
        return sum(self.column_width(table, index) for index in self.columns) + (
            2 * COLUMN_SEP * (len(self.columns) - 1)
        )

    def fits(self, table: Table) -> bool:
        return self.width(table) <= self.room

    @property
    def room(self) -> float:
        return PAGE_WIDTH if self.page else COLUMN_WIDTH


def _first_fitting(table: Table, columns: tuple[int, ...], page: bool) -> Layout | None:
    """Intervals beside their values if that fits, else under them, else also the first
    column's names wrapped (at ``-``, ``_``, ``/``, spaces); None if nothing fits."""
    for stack in (False, True):
        layout = Layout(columns, stack=stack, page=page)
        if layout.fits(table):
            return layout
    first = columns[0]
    pieces = [piece for row in table.rows for piece in _NAME_BREAK.split(row[first])]
    narrowest = MARGIN * max(
        [_header_width(table.header[first]), *(text_width(p, BODY_SIZE) for p in pieces)]
    )
    spare = layout.room - (layout.width(table) - layout.column_width(table, first))
    return Layout(columns, stack=True, page=page, wrap=spare) if spare >= narrowest else None


def _name(text: str, width: float) -> str:
    """A name in a box ``width`` points wide, breaking where :data:`_NAME_BREAK` allows."""
    pieces = [latex_escape(piece) for piece in _NAME_BREAK.split(text)]
    return rf"\parbox[t]{{{width:.0f}pt}}{{\raggedright " + r"\allowbreak{}".join(pieces) + "}"


def layouts(table: Table) -> dict[str, Layout]:
    """File suffix → layout: the whole table in one column if it fits, else across the page,
    plus its compact columns in one column (``-column``) where those fit."""
    every = tuple(range(len(table.header)))
    column = _first_fitting(table, every, page=False)
    if column:
        return {"": column}
    chosen = {"": _first_fitting(table, every, page=True) or Layout(every, True, True)}
    compact = _first_fitting(table, table.compact, page=False) if table.compact else None
    return chosen | ({"-column": compact} if compact else {})


def latex_files(table: Table) -> dict[str, str]:
    """File name → LaTeX for each of the table's :func:`layouts`."""
    chosen = layouts(table)
    return {
        f"{table.name}{suffix}.tex": to_latex(table, layout, compact=bool(suffix))
        for suffix, layout in chosen.items()
    }


def to_latex(table: Table, layout: Layout | None = None, compact: bool = False) -> str:
    """A booktabs table in ``layout`` (the first of :func:`layouts` by default), the runs'
    signatures in comments above it (printed once, from tables/signatures.tex); ``compact``:
    the one-column variant of a wide table, labelled and captioned as such."""
    layout = layout or layouts(table)[""]
    align = "".join(table.align()[index] for index in layout.columns)

    def cell(text: str, kind: str, index: int, header: bool = False) -> str:
        if header:
            lines = [latex_words(line, names=True) for line in header_lines(text)]
            if len(lines) == 1:
                return lines[0]
            joined = r"\\\relax ".join(lines)
            return rf"\begin{{tabular}}[b]{{@{{}}{kind}@{{}}}}{joined}\end{{tabular}}"
        if layout.wrap and index == layout.columns[0]:
            return _name(text, layout.wrap / MARGIN)
        parts = _stacked(text) if layout.stack else None
        if parts:
            return rf"\genstack{{{kind}}}{{{latex_escape(parts[0])}}}{{{latex_escape(parts[1])}}}"
        return latex_escape(text)

    def row(cells: Sequence[str], header: bool = False) -> str:
        return (
            " & ".join(
                cell(cells[index], table.align()[index], index, header) for index in layout.columns
            )
            + r" \\"
        )

    environment = "table*" if layout.page else "table"
    label = table.name.replace("_", "-") + ("-column" if compact else "")
    caption = latex_escape(table.title) + ". " + latex_words(table.note)
    if compact:
        caption += " The full-width variant of this table has every column."
    lines = [
        "% Generated by `gen report`; needs \\usepackage{booktabs}.",
        *(f"% {run.label}: {run.signature}" for run in table.runs),
        *([STACK] if layout.stack else []),
        rf"\begin{{{environment}}}[t]",
        r"\centering\footnotesize\setlength{\tabcolsep}{" + f"{COLUMN_SEP:g}pt}}",
        r"\begin{tabular}{@{}" + align + "@{}}",
        r"\toprule",
        row(table.header, header=True),
        r"\midrule",
        *(row(cells) for cells in table.rows),
        r"\bottomrule",
        r"\end{tabular}",
        r"\caption{" + caption + "}",
        r"\label{tab:" + label + "}",
        rf"\end{{{environment}}}",
    ]
    return "\n".join(lines) + "\n"


def signatures_latex(runs: Sequence[Run]) -> str:
    """The runs' signatures once, a footnote-size block to \\input where the paper states
    them: each run's label, then its signature in type that breaks after ``|`` and within
    a field's options, ragged right, so it wraps to any column."""
    entries = [
        r"\item[" + latex_escape(run.label) + r":] \texttt{" + breakable_code(run.signature) + "}"
        for run in runs
    ]
    return (
        "% Generated by `gen report`.\n"
        "\\par\\begingroup\\footnotesize\\raggedright\\noindent Signatures:\n"
        "\\begin{description}\\setlength{\\itemsep}{0pt}\\setlength{\\parsep}{0pt}\n"
        + "\n".join(entries)
        + "\n\\end{description}\\endgroup\n"
    )
