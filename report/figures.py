"""The report's figures, one function per analysis, each returning a matplotlib Figure.

Figures are drawn on matplotlib's object API with the Agg canvas (no pyplot, no display, no
global state), so the report runs on servers and in tests. Every bar shows its count and its
95% interval (the summary's); every figure ends with the signatures of the runs it shows.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from matplotlib.backends.backend_agg import RendererAgg
from matplotlib.figure import Figure, SubFigure
from matplotlib.font_manager import FontProperties
from matplotlib.ticker import PercentFormatter

from common.fields import GENDERS, LABELS
from report.load import Cell, Run
from report.tables import SHORT

# Okabe & Ito's colour-blind-safe palette: one colour per run.
RUN_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
LABEL_COLOURS = {"correct": "#009E73", "wrong": "#D55E00", "inconclusive": "#BBBBBB"}
TRIGGER_MARKERS = {"male": ("s", "#0072B2"), "female": ("o", "#E69F00")}
DPI = 150
FOOTER_FONT = FontProperties(family="monospace", size=5.5)
FOOTER_MARGIN = 0.1  # inches left and right of the signature lines
FOOTER_LINE = 0.12  # inches per footer line
CONTINUED = "  "  # starts a signature's continuation line
#: The file formats figures can be written in; the report embeds and links the PNGs.
FORMATS = ("png", "pdf", "svg")


def _signed_figure(
    runs: Sequence[Run], width: float, height: float, signed: bool = True
) -> tuple[Figure, SubFigure]:
    """A figure whose footer lists the runs' signatures, wrapped to its width (``signed``;
    otherwise no footer); draw on the returned body subfigure."""
    lines = [
        wrapped
        for run in runs
        for wrapped in wrap_signature(
            f"{run.label}: {run.signature}" + (" [MIXED]" if run.flags else ""),
            (width - 2 * FOOTER_MARGIN) * 72,
        )
    ]
    if not signed:
        figure = Figure(figsize=(width, height), dpi=DPI, layout="constrained")
        return figure, figure.subfigures(1, 1)
    footer = FOOTER_LINE * (len(lines) + 1) + 0.1
    figure = Figure(figsize=(width, height + footer), dpi=DPI, layout="constrained")
    body, foot = figure.subfigures(2, 1, height_ratios=[height, footer])
    foot.text(
        FOOTER_MARGIN / width, 0.5, "Signatures:\n" + "\n".join(lines),
        fontproperties=FOOTER_FONT, va="center",
    )  # fmt: skip
    return figure, body


def wrap_signature(line: str, width_pt: float) -> list[str]:
    """``line`` cut after a ``|`` wherever it would pass ``width_pt`` points in the footer's
    font, continuation lines indented by :data:`CONTINUED`; a field longer than a line is
    cut where it must. Widths are measured as Agg draws them at :data:`DPI`, whose hinting
    rounds each glyph's advance up (1.5% wider than the PDF's and SVG's outlines)."""
    measure = RendererAgg(1, 1, DPI).get_text_width_height_descent

    def fits(text: str) -> bool:
        return measure(text, FOOTER_FONT, ismath=False)[0] * 72 / DPI <= width_pt

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


def _ordered(keys: Iterable[str], preferred: Sequence[str]) -> list[str]:
    """``preferred`` first (always: a missing one is shown as such), then the rest as found."""
    return list(preferred) + [key for key in dict.fromkeys(keys) if key not in preferred]


def _grouped_bars(
    axes,
    runs: Sequence[Run],
    categories: Sequence[str],
    cells: Callable[[Run], dict[str, Cell]],
    tick_labels: Callable[[str], str] = str,
) -> None:
    """Accuracy bars per category, one bar per run, with intervals and ``n`` written above."""
    width = 0.8 / len(runs)
    for number, run in enumerate(runs):
        run_cells = cells(run)
        shown = [
            (position + (number - (len(runs) - 1) / 2) * width, run_cells[category])
            for position, category in enumerate(categories)
            if category in run_cells and run_cells[category].accuracy is not None
        ]
        xs = [x for x, _ in shown]
        heights = [cell.accuracy for _, cell in shown]
        colour = RUN_COLOURS[number % len(RUN_COLOURS)]
        axes.bar(xs, heights, width * 0.92, color=colour, label=run.label)
        axes.errorbar(
            xs, heights, yerr=_error_bars([cell for _, cell in shown]), fmt="none",
            ecolor="black", elinewidth=0.8, capsize=2,
        )  # fmt: skip
        for x, cell in shown:
            top = cell.ci95[1] if cell.ci95 else cell.accuracy
            axes.annotate(
                f"{100 * cell.accuracy:.0f}%\nn={cell.n}", (x, top), xytext=(0, 2),
                textcoords="offset points", ha="center", va="bottom", fontsize=6, linespacing=0.9,
            )  # fmt: skip
    for position, category in enumerate(categories):
        found = [cells(run)[category] for run in runs if category in cells(run)]
        if all(cell.accuracy is None for cell in found):
            note = "nothing decided" if found else "no records"
            axes.text(position, 0.03, note, ha="center", color="#777777", fontsize=9)
    axes.set_xticks(range(len(categories)), [tick_labels(c) for c in categories])
    axes.set_xlim(-0.5, len(categories) - 0.5)
    _accuracy_axis(axes)


def _error_bars(cells: Sequence[Cell]) -> list[list[float]]:
    """Distances from each accuracy down and up to its interval's ends, as errorbar wants."""
    intervals = [cell.ci95 or (cell.accuracy, cell.accuracy) for cell in cells]
    return [
        [max(cell.accuracy - low, 0) for cell, (low, _) in zip(cells, intervals, strict=True)],
        [max(high - cell.accuracy, 0) for cell, (_, high) in zip(cells, intervals, strict=True)],
    ]


def _accuracy_axis(axes, axis: str = "y", limits: tuple[float, float] = (0, 1.18)) -> None:
    """0–100% accuracy on ``axis``; the default limits leave room for the labels above bars."""
    (axes.set_ylim if axis == "y" else axes.set_xlim)(*limits)
    getattr(axes, f"{axis}axis").set_major_formatter(PercentFormatter(1.0, decimals=0))
    ticks = [0, 0.25, 0.5, 0.75, 1.0]
    (axes.set_yticks if axis == "y" else axes.set_xticks)(ticks)
    axes.grid(axis=axis, color="#DDDDDD", linewidth=0.6)
    axes.set_axisbelow(True)
    (axes.set_ylabel if axis == "y" else axes.set_xlabel)("accuracy (95% CI)")


def _legend(figure: SubFigure, axes, runs: Sequence[Run]) -> None:
    if len(runs) > 1:
        handles, labels = axes.get_legend_handles_labels()
        figure.legend(
            handles, labels, loc="outside lower center", ncols=min(len(runs), 4), fontsize=8
        )


def trigger_stereotype_figure(runs: Sequence[Run], signed: bool = True) -> Figure:
    """Accuracy by trigger gender × occupation stereotype (their Fig. 1)."""
    figure, body = _signed_figure(runs, 8, 3.8, signed)
    panels = body.subplots(1, 2, sharey=True)
    for axes, trigger in zip(panels, GENDERS, strict=True):
        stereotypes = _ordered(
            (s for run in runs for s in run.by_trigger_and_stereotype().get(trigger, {})),
            GENDERS,
        )
        _grouped_bars(
            axes,
            runs,
            stereotypes,
            lambda run, t=trigger: run.by_trigger_and_stereotype().get(t, {}),
        )
        axes.set_title(f"{trigger} trigger (expected {trigger})", fontsize=10)
        axes.set_xlabel("occupation's stereotype")
    panels[1].set_ylabel("")
    _legend(body, panels[0], runs)
    body.suptitle("Accuracy by trigger gender × occupation stereotype", fontsize=11)
    return figure


def occupation_figure(runs: Sequence[Run], signed: bool = True) -> Figure:
    """Accuracy per occupation, split by trigger gender (their Fig. 2): one panel per run.

    Occupations are sorted by how much better the female trigger does than the male one in
    the first run, so stereotyped occupations gather at the two ends.
    """
    first = runs[0].by_occupation()

    def gap(occupation: str) -> float:
        cells = first[occupation]
        return cells["female"].accuracy - cells["male"].accuracy

    def comparable(occupation: str) -> bool:
        cells = first[occupation]
        return all(g in cells and cells[g].accuracy is not None for g in GENDERS)

    occupations = sorted(filter(comparable, first), key=lambda o: (gap(o), o))
    occupations += [o for run in runs for o in run.by_occupation() if o not in occupations]
    occupations = list(dict.fromkeys(occupations))
    height = max(3.0, 0.2 * len(occupations) + 1.2)
    figure, body = _signed_figure(runs, min(3.4 * len(runs) + 1.6, 16), height, signed)
    panels = body.subplots(1, len(runs), sharey=True, squeeze=False)[0]
    for axes, run in zip(panels, runs, strict=True):
        cells = run.by_occupation()
        for offset, trigger in ((-0.17, "male"), (0.17, "female")):
            marker, colour = TRIGGER_MARKERS[trigger]
            found = [
                (y, cells[o][trigger])
                for y, o in enumerate(occupations)
                if trigger in cells.get(o, {}) and cells[o][trigger].accuracy is not None
            ]
            axes.errorbar(
                [cell.accuracy for _, cell in found],
                [y + offset for y, _ in found],
                xerr=_error_bars([cell for _, cell in found]),
                fmt=marker, color=colour, markersize=3.5, elinewidth=0.7, capsize=0,
                label=f"{trigger} trigger",
            )  # fmt: skip
        axes.set_title(run.label, fontsize=9)
        if all(cell.accuracy is None for row in cells.values() for cell in row.values()):
            axes.text(
                0.5, 0.5, "nothing decided", transform=axes.transAxes, ha="center", color="#777777"
            )
        _accuracy_axis(axes, "x", limits=(-0.03, 1.03))  # markers at 0% and 100% stay whole
    ticks = [
        f"{o} ({', '.join(f'{cells[t].n} {SHORT[t]}' for t in GENDERS if t in cells)})"
        for o in occupations
        for cells in [first.get(o, {})]
    ]
    panels[0].set_yticks(range(len(occupations)), ticks, fontsize=7)
    panels[0].set_ylim(-0.7, len(occupations) - 0.3)
    handles, labels = panels[0].get_legend_handles_labels()
    body.legend(handles, labels, loc="outside lower center", ncols=2, fontsize=8)
    body.suptitle("Accuracy per occupation, split by trigger gender", fontsize=11)
    return figure


def _breakdown_figure(
    runs: Sequence[Run],
    cells: Callable[[Run], dict[str, Cell]],
    preferred: Sequence[str],
    title: str,
    tick_labels: Callable[[str], str] = str,
    signed: bool = True,
) -> Figure:
    categories = _ordered((key for run in runs for key in cells(run)), preferred)
    width = max(4.5, 1.1 * len(categories) * max(len(runs), 2) / 2 + 2)
    figure, body = _signed_figure(runs, width, 3.6, signed)
    axes = body.subplots()
    _grouped_bars(axes, runs, categories, cells, tick_labels)
    _legend(body, axes, runs)
    body.suptitle(title, fontsize=11)
    return figure


def adjective_figure(runs: Sequence[Run], signed: bool = True) -> Figure:
    """Accuracy by adjective stereotype matching or mismatching the trigger (their Fig. 3)."""
    return _breakdown_figure(
        runs,
        Run.by_adjective,
        ("matching", "mismatching", "none"),
        "Accuracy by adjective stereotype vs the trigger's gender",
        lambda key: {"none": "no\nadjective"}.get(key, f"{key}\nadjective"),
        signed=signed,
    )


def position_figure(runs: Sequence[Run], signed: bool = True) -> Figure:
    """Accuracy by position of the occupation relative to the trigger (their Fig. 4)."""
    return _breakdown_figure(
        runs,
        Run.by_position,
        ("before", "after", "middle"),
        "Accuracy by the occupation's position relative to the trigger",
        lambda key: f"occupation\n{key}" + (" trigger" if key in ("before", "after") else ""),
        signed=signed,
    )


def nonce_figure(runs: Sequence[Run], signed: bool = True) -> Figure:
    """Accuracy on real vs nonce occupations (their Fig. 5)."""
    return _breakdown_figure(
        runs,
        Run.by_nonce,
        ("real", "nonce"),
        "Accuracy on real vs nonce occupations",
        lambda key: f"{key}\noccupations",
        signed=signed,
    )


def labels_figure(runs: Sequence[Run], signed: bool = True) -> Figure:
    """Correct / wrong / inconclusive shares, stacked, one bar per run (language)."""
    figure, body = _signed_figure(runs, 8, 0.45 * len(runs) + 1.4, signed)
    axes = body.subplots()
    for y, run in enumerate(runs):
        cell = run.overall()
        left = 0.0
        for label in LABELS:
            share = cell.share(label)
            axes.barh(
                y, share, left=left, color=LABEL_COLOURS[label], label=label if y == 0 else None
            )
            if share >= 0.04:
                axes.text(
                    left + share / 2, y, f"{100 * share:.0f}%", ha="center", va="center", fontsize=7
                )
            left += share
    axes.set_yticks(range(len(runs)), [_counts_label(run) for run in runs], fontsize=8)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_xlabel("share of records (counts at left: correct / wrong / inconclusive of n)")
    handles, labels = axes.get_legend_handles_labels()
    body.legend(handles, labels, loc="outside lower center", ncols=3, fontsize=8)
    body.suptitle("Correct / wrong / inconclusive per system and language", fontsize=11)
    return figure


def _counts_label(run: Run) -> str:
    cell = run.overall()
    counts = " / ".join(str(getattr(cell, label)) for label in LABELS)
    return f"{run.label}\n{counts} of {cell.n}"


#: File stem → figure function, in the order the report shows them.
FIGURES: dict[str, Callable[..., Figure]] = {
    "fig1_trigger_stereotype": trigger_stereotype_figure,
    "fig2_occupations": occupation_figure,
    "fig3_adjective": adjective_figure,
    "fig4_position": position_figure,
    "fig5_nonce": nonce_figure,
    "fig6_labels": labels_figure,
}


#: File stem → whether a run has data for that figure. A figure no run has data for is left
#: out, not drawn empty: real occupations alone (a set built without --nonce) compare nothing.
HAS_DATA: dict[str, Callable[[Run], bool]] = {
    "fig1_trigger_stereotype": lambda run: bool(run.by_trigger_and_stereotype()),
    "fig2_occupations": lambda run: bool(run.by_occupation()),
    "fig3_adjective": lambda run: bool(run.by_adjective()),
    "fig4_position": lambda run: bool(run.by_position()),
    "fig5_nonce": lambda run: run.by_nonce().get("nonce", Cell(0, 0, 0, 0, None, None)).n > 0,
    "fig6_labels": lambda run: run.overall().n > 0,
}


def figures_with_data(runs: Sequence[Run]) -> list[str]:
    """The names of the figures some run has data for, in the report's order."""
    return [name for name in FIGURES if any(HAS_DATA[name](run) for run in runs)]


def write_figures(
    runs: Sequence[Run], out: Path, formats: Sequence[str] = FORMATS, signed: bool = True
) -> list[str]:
    """Draw the figures some run has data for and save each as ``out/NAME.FORMAT``; return
    their names. The runs' signatures are also kept in each file's metadata (PNG and SVG
    Description, PDF Subject), so a figure drawn without its footer still says what it shows."""
    out.mkdir(exist_ok=True)
    signatures = "; ".join(f"{run.label}: {run.signature}" for run in runs)
    names = figures_with_data(runs)
    for name in names:
        figure = FIGURES[name](runs, signed)
        for suffix in formats:
            key = "Subject" if suffix == "pdf" else "Description"
            figure.savefig(out / f"{name}.{suffix}", dpi=DPI, metadata={key: signatures})
    return names
