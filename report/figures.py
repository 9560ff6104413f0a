"""The report's figures, one function per analysis, each returning a matplotlib Figure.

Figures are drawn on matplotlib's object API with the Agg canvas (no pyplot, no display, no
global state), so the report runs on servers and in tests. Each is drawn at the width it is
printed at (report/footer.py: one column or the page), with no text under 7 pt. Every bar
shows its 95% interval (the summary's) and, where the bar is wide enough to carry it
legibly, its accuracy and count; runs are told apart by colour in a legend, never by text
crowded over the bars. A page-wide figure ends with the signatures of the runs it shows.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from matplotlib.figure import Figure, SubFigure
from matplotlib.ticker import PercentFormatter

from common.fields import GENDERS, LABELS
from report.comparable import twin_of
from report.footer import DPI, PAGE, SIZES, Size, signed_figure
from report.load import Cell, Run
from report.tables import SHORT

# Okabe & Ito's colour-blind-safe palette: one colour per run.
RUN_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442")
LABEL_COLOURS = {"correct": "#009E73", "wrong": "#D55E00", "inconclusive": "#BBBBBB"}
TRIGGER_MARKERS = {"male": ("s", "#0072B2"), "female": ("o", "#E69F00")}
#: The file formats figures can be written in; the report embeds and links the PNGs.
FORMATS = ("png", "pdf", "svg")


def _ordered(keys: Iterable[str], preferred: Sequence[str]) -> list[str]:
    """``preferred`` first (always: a missing one is shown as such), then the rest as found."""
    return list(preferred) + [key for key in dict.fromkeys(keys) if key not in preferred]


#: Inches of a figure that are not its panels' plotting area (axis labels, ticks).
AXES_MARGIN = 0.75


def _bar_labels_fit(size: Size, panels: int, categories: int, runs: int, chars: int) -> bool:
    """Whether a bar is wide enough for a label ``chars`` characters wide at the figure's
    type size (the panels' width estimated as the figure's less :data:`AXES_MARGIN`)."""
    bar = (size.width - AXES_MARGIN) / panels / max(categories, 1) * 0.8 / runs
    return bar * 72 >= 0.75 * size.text * chars + 2  # DejaVu Sans: digits 0.64 em, % 0.95


def _grouped_bars(
    axes,
    runs: Sequence[Run],
    categories: Sequence[str],
    cells: Callable[[Run], dict[str, Cell]],
    tick_labels: Callable[[str], str] = str,
    size: Size = PAGE,
    panels: int = 1,
) -> None:
    """Accuracy bars per category, one bar per run, with intervals; accuracy and ``n``
    written above each bar where :func:`_bar_labels_fit`."""
    decided = [c for run in runs for c in cells(run).values() if c.accuracy is not None]
    chars = max((len(f"n={cell.n}") for cell in decided), default=0)
    labelled = _bar_labels_fit(size, panels, len(categories), len(runs), max(chars, 4))
    width = 0.8 / len(runs)
    bar_points = (size.width - AXES_MARGIN) / panels / max(len(categories), 1) * width * 72
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
            ecolor="black", elinewidth=0.7, capsize=min(2.0, bar_points / 5),
        )  # fmt: skip
        for x, cell in shown if labelled else ():
            top = cell.ci95[1] if cell.ci95 else cell.accuracy
            axes.annotate(
                f"{100 * cell.accuracy:.0f}%\nn={cell.n}", (x, top), xytext=(0, 1),
                textcoords="offset points", ha="center", va="bottom", fontsize=size.text,
                linespacing=0.9,
            )  # fmt: skip
    for position, category in enumerate(categories):
        found = [cells(run)[category] for run in runs if category in cells(run)]
        if all(cell.accuracy is None for cell in found):
            note = "nothing decided" if found else "no records"
            axes.text(position, 0.03, note, ha="center", color="#777777", fontsize=size.text)
    axes.set_xticks(range(len(categories)), [tick_labels(c) for c in categories])
    axes.set_xlim(-0.5, len(categories) - 0.5)
    _accuracy_axis(axes, size, limits=(0, 1.3 if labelled else 1.04))


def _error_bars(cells: Sequence[Cell]) -> list[list[float]]:
    """Distances from each accuracy down and up to its interval's ends, as errorbar wants."""
    intervals = [cell.ci95 or (cell.accuracy, cell.accuracy) for cell in cells]
    return [
        [max(cell.accuracy - low, 0) for cell, (low, _) in zip(cells, intervals, strict=True)],
        [max(high - cell.accuracy, 0) for cell, (_, high) in zip(cells, intervals, strict=True)],
    ]


def _accuracy_axis(
    axes, size: Size, axis: str = "y", limits: tuple[float, float] = (0, 1.04)
) -> None:
    """0–100% accuracy on ``axis``, in the figure's type size."""
    (axes.set_ylim if axis == "y" else axes.set_xlim)(*limits)
    getattr(axes, f"{axis}axis").set_major_formatter(PercentFormatter(1.0, decimals=0))
    ticks = [0, 0.25, 0.5, 0.75, 1.0]
    (axes.set_yticks if axis == "y" else axes.set_xticks)(ticks)
    axes.grid(axis=axis, color="#DDDDDD", linewidth=0.6)
    axes.set_axisbelow(True)
    (axes.set_ylabel if axis == "y" else axes.set_xlabel)("accuracy (95% CI)", fontsize=size.text)
    axes.tick_params(labelsize=size.text)


def _legend(figure: SubFigure, axes, runs: Sequence[Run], size: Size) -> None:
    """The runs' colours under the plot, in as many columns as fit the figure's width."""
    if len(runs) > 1:
        handles, labels = axes.get_legend_handles_labels()
        longest = max(len(label) for label in labels)
        per_row = max(1, int(size.width * 72 // (0.6 * size.text * longest + 30)))
        figure.legend(
            handles, labels, loc="outside lower center", fontsize=size.text,
            ncols=min(len(runs), per_row, 4), handlelength=1.2, columnspacing=1.0,
        )  # fmt: skip


def trigger_stereotype_figure(
    runs: Sequence[Run], signed: bool = True, size: Size = PAGE
) -> Figure:
    """Accuracy by trigger gender × occupation stereotype (their Fig. 1)."""
    rows = math.ceil(len(runs) / 3) if len(runs) > 1 else 0  # the legend's
    height = (2.3 if size is PAGE else 2.0) + rows * size.text * 1.6 / 72
    figure, body = signed_figure(runs, size, height, signed)
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
            size=size,
            panels=2,
        )
        axes.set_title(f"{trigger} trigger", fontsize=size.text)
        axes.set_xlabel("occupation's stereotype", fontsize=size.text)
    panels[1].set_ylabel("")
    _legend(body, panels[0], runs, size)
    body.suptitle("Accuracy by trigger gender × occupation stereotype", fontsize=size.title)
    return figure


def occupation_figure(runs: Sequence[Run], signed: bool = True, size: Size = PAGE) -> Figure:
    """Accuracy per occupation, split by trigger gender (their Fig. 2): one panel per run,
    two (one column) or three (the page) panels a row.

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
    across = min(len(runs), 3 if size is PAGE else 2)
    rows = math.ceil(len(runs) / across)
    row_height = max(1.6, 1.4 * size.text / 72 * len(occupations) + 0.6)
    figure, body = signed_figure(runs, size, rows * row_height + 0.5, signed)
    grid = body.subplots(rows, across, sharey=True, squeeze=False)
    panels = [axes for row in grid for axes in row]
    for axes in panels[len(runs) :]:
        axes.set_visible(False)
    for axes, run in zip(panels, runs, strict=False):
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
        axes.set_title(run.label, fontsize=size.text)
        if all(cell.accuracy is None for row in cells.values() for cell in row.values()):
            axes.text(
                0.5, 0.5, "nothing decided", transform=axes.transAxes, ha="center",
                color="#777777", fontsize=size.text,
            )  # fmt: skip
        _accuracy_axis(axes, size, "x", limits=(-0.03, 1.03))  # markers at 0%, 100% stay whole
        if size.width / across < 2.5:  # a narrow panel: 0%, 50%, 100%, apart
            axes.set_xticks([0, 0.5, 1])
    ticks = [
        f"{o} ({', '.join(f'{cells[t].n} {SHORT[t]}' for t in GENDERS if t in cells)})"
        for o in occupations
        for cells in [first.get(o, {})]
    ]
    for row in grid:
        row[0].set_yticks(range(len(occupations)), ticks, fontsize=size.text)
        row[0].set_ylim(-0.7, len(occupations) - 0.3)
    handles, labels = panels[0].get_legend_handles_labels()
    body.legend(handles, labels, loc="outside lower center", ncols=2, fontsize=size.text)
    body.suptitle("Accuracy per occupation, split by trigger gender", fontsize=size.title)
    return figure


def _breakdown_figure(
    runs: Sequence[Run],
    cells: Callable[[Run], dict[str, Cell]],
    preferred: Sequence[str],
    title: str,
    tick_labels: Callable[[str], str] = str,
    signed: bool = True,
    size: Size = PAGE,
    signers: Sequence[Run] = (),
) -> Figure:
    """One panel of :func:`_grouped_bars`; ``signers``: the runs whose signatures the
    footer lists, if not ``runs``."""
    categories = _ordered((key for run in runs for key in cells(run)), preferred)
    rows = math.ceil(len(runs) / 3) if len(runs) > 1 else 0  # the legend's
    height = 2.2 + rows * size.text * 1.6 / 72
    figure, body = signed_figure(signers or runs, size, height, signed)
    axes = body.subplots()
    _grouped_bars(axes, runs, categories, cells, tick_labels, size)
    _legend(body, axes, runs, size)
    body.suptitle(title, fontsize=size.title)
    return figure


def adjective_figure(runs: Sequence[Run], signed: bool = True, size: Size = PAGE) -> Figure:
    """Accuracy by adjective stereotype matching or mismatching the trigger (their Fig. 3)."""
    return _breakdown_figure(
        runs,
        Run.by_adjective,
        ("matching", "mismatching", "none"),
        "Accuracy by adjective stereotype vs trigger gender",
        lambda key: {"none": "no\nadjective"}.get(key, f"{key}\nadjective"),
        signed=signed,
        size=size,
    )


def position_figure(runs: Sequence[Run], signed: bool = True, size: Size = PAGE) -> Figure:
    """Accuracy by position of the occupation relative to the trigger (their Fig. 4)."""
    return _breakdown_figure(
        runs,
        Run.by_position,
        ("before", "after", "middle"),
        "Accuracy by the occupation's position vs the trigger",
        lambda key: f"occupation\n{key}" + (" trigger" if key in ("before", "after") else ""),
        signed=signed,
        size=size,
    )


def nonce_figure(runs: Sequence[Run], signed: bool = True, size: Size = PAGE) -> Figure:
    """Accuracy on real vs nonce occupations (their Fig. 5). A run on a nonce set is drawn
    beside the run of the same system and language on the set's real twin
    (report/comparable.py), as one series named by the real run."""
    twins = {id(twin): run for run in runs if (twin := twin_of(run, runs)) is not None}
    drawn = [run for run in runs if run not in twins.values()]

    def cells(run: Run) -> dict[str, Cell]:
        twin = twins.get(id(run))
        return run.by_nonce() | (twin.by_nonce() if twin else {})

    return _breakdown_figure(
        drawn,
        cells,
        ("real", "nonce"),
        "Accuracy on real vs nonce occupations",
        lambda key: f"{key}\noccupations",
        signed=signed,
        size=size,
        signers=runs,
    )


def labels_figure(runs: Sequence[Run], signed: bool = True, size: Size = PAGE) -> Figure:
    """Correct / wrong / inconclusive shares, stacked, one bar per run (language)."""
    figure, body = signed_figure(runs, size, 0.4 * len(runs) + 1.3, signed)
    axes = body.subplots()
    for y, run in enumerate(runs):
        cell = run.overall()
        left = 0.0
        for label in LABELS:
            share = cell.share(label)
            axes.barh(
                y, share, left=left, color=LABEL_COLOURS[label], label=label if y == 0 else None
            )
            if share * (size.width - 1.5) * 72 >= 0.6 * size.text * 4:  # room for "100%"
                axes.text(
                    left + share / 2, y, f"{100 * share:.0f}%", ha="center", va="center",
                    fontsize=size.text,
                )  # fmt: skip
            left += share
    axes.set_yticks(range(len(runs)), [_counts_label(run) for run in runs], fontsize=size.text)
    axes.tick_params(labelsize=size.text)
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    axes.xaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_xlabel(
        "share of records\n(at left: correct / wrong / inconclusive of n)", fontsize=size.text
    )
    handles, labels = axes.get_legend_handles_labels()
    body.legend(handles, labels, loc="outside lower center", ncols=3, fontsize=size.text)
    body.suptitle("Correct / wrong / inconclusive per run", fontsize=size.title)
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
    """Draw the figures some run has data for (:func:`save_figure`); return their names."""
    names = figures_with_data(runs)
    for name in names:
        save_figure(FIGURES[name], name, runs, out, formats, signed)
    return names


def save_figure(
    draw: Callable[[Sequence[Run], bool, Size], Figure],
    name: str,
    runs: Sequence[Run],
    out: Path,
    formats: Sequence[str] = FORMATS,
    signed: bool = True,
) -> None:
    """Draw a figure at the page's width as ``out/NAME.FORMAT`` and at one column's as
    ``out/NAME-column.FORMAT``. The runs' signatures are also kept in each file's metadata
    (PNG and SVG Description, PDF Subject), so a figure drawn without its footer still says
    what it shows."""
    out.mkdir(parents=True, exist_ok=True)
    signatures = "; ".join(f"{run.label}: {run.signature}" for run in runs)
    for size in SIZES.values():
        figure = draw(runs, signed, size)
        stem = name if size is PAGE else f"{name}-{size.name}"
        for suffix in formats:
            key = "Subject" if suffix == "pdf" else "Description"
            figure.savefig(out / f"{stem}.{suffix}", dpi=DPI, metadata={key: signatures})
