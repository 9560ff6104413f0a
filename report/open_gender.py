"""The report's open-gender part: which gender a translation gives a person the source leaves
open, read from each run's summary.json ``open_gender`` object (scores/open_gender.py).

Three tables (the label shares and the masculine-default rate per run; the splits by the
occupation's and the adjective's stereotype; bins of the occupation's share of women) and one
figure: the feminine share of gendered answers against the occupation's share of women (U.S.
BLS), per occupation and per bin, with each run's logistic fit and the line where translations
would follow the workforce.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from common.fields import FEMININE, MASCULINE, OPEN_LABELS
from report.figures import RUN_COLOURS, save_figure
from report.footer import PAGE, Size, signed_figure
from report.load import Run
from report.sections import Plot, Section
from report.tables import Table
from scores.numbers import figure, with_interval
from scores.open_gender import default_text, share_text

FIGURE = "fig7_open_gender"
CAPTION = (
    "Feminine share of the gendered answers (feminine of feminine + masculine) against the "
    "occupation's share of women (U.S. BLS, CPS 2023), on sentences that leave the person's "
    "gender open. Small dots: occupations; large markers with 95% Wilson intervals: bins of 20 "
    "points (at their records' mean share of women); curve: each run's logistic fit. On the "
    "dashed diagonal a system would choose the feminine as often as women hold the job; below "
    "it, the masculine is its default."
)
TEXT = (
    "The source leaves the person's gender open; the label says what the translation gives "
    "the person. The masculine-default rate is the masculine share of the answers that choose "
    "a gender (neutral, both and inconclusive left out): 50% means no lean."
)


def open_runs(runs: Sequence[Run]) -> list[Run]:
    """The runs that have open-gender records."""
    return [run for run in runs if run.summary.get("open_gender")]


def _section(run: Run) -> dict[str, Any]:
    return run.summary["open_gender"]


def _feminine_of_gendered(cell: dict[str, Any]) -> tuple[float, float, float] | None:
    """Feminine share of gendered answers and its interval (1 − the masculine default)."""
    rate = cell["masculine_default"]
    if rate["value"] is None:
        return None
    return 1 - rate["value"], 1 - rate["ci95"][1], 1 - rate["ci95"][0]


def labels_table(runs: Sequence[Run]) -> Table:
    rows = []
    for run in runs:
        section = _section(run)
        logistic = section["share_women_trend"]["logistic"]
        correlation = section["share_women_trend"]["correlation"]
        rows.append(
            (
                run.system,
                run.lang,
                str(section["n"]),
                *(share_text(section, label) for label in OPEN_LABELS),
                default_text(section),
                with_interval(logistic["slope"], logistic["ci95"], digits=2, signed=True),
                with_interval(correlation["r"], correlation["ci95"], digits=2),
            )
        )
    return Table(
        name="table_open_gender",
        title="Open-gender sentences: what the translation gives the person",
        header=(
            "System",
            "Lang",
            "n",
            *(f"{label.capitalize()}\n%" for label in OPEN_LABELS),
            "Masc.\ndefault %",
            "Slope per\n10 pts",
            "r",
        ),
        rows=tuple(rows),
        runs=tuple(runs),
        compact=(0, 1, 3, 4, 8),
        note=(
            "Shares of all open records with 95% Wilson intervals. Masculine default: masculine "
            "of feminine + masculine. Slope: logistic regression of feminine (vs masculine) on the "
            "occupation's share of women, per 10 points (Wald interval); r: Pearson over "
            "occupations (Fisher z interval)."
        ),
    )


def stereotype_table(runs: Sequence[Run]) -> Table:
    """Feminine, masculine and no-gender shares by the occupation's and the adjective's
    stereotype, and by construction."""
    rows = []
    for run in runs:
        breakdowns = _section(run)["breakdowns"]
        for name in ("occupation_stereotype", "adjective_stereotype", "construction"):
            for value, cell in breakdowns.get(name, {}).items():
                rows.append(
                    (
                        run.label,
                        f"{name.split('_')[0]}: {value}",
                        str(cell["n"]),
                        share_text(cell, FEMININE),
                        share_text(cell, MASCULINE),
                        figure(_sum(cell, ("neutral", "both")) / cell["n"] if cell["n"] else None),
                        default_text(cell),
                    )
                )
    return Table(
        name="table_open_gender_splits",
        title="Open-gender sentences by stereotype and construction",
        header=(
            "Run",
            "Split",
            "n",
            "Feminine %",
            "Masculine %",
            "Neutral/both %",
            "Masc. default %",
        ),
        rows=tuple(rows),
        runs=tuple(runs),
        note="Stereotype of the occupation (BLS share of women >= 65% female, <= 35% male) and "
        "of the adjective (its source list); 'none': no adjective.",
    )


def _sum(cell: dict[str, Any], labels: Sequence[str]) -> int:
    return sum(cell[label] for label in labels)


def bins_table(runs: Sequence[Run]) -> Table:
    rows = [
        (
            run.label,
            f"{row['low']}–{row['high']}",
            str(row["occupations"]),
            str(row["n"]),
            share_text(row, FEMININE),
            default_text(row),
        )
        for run in runs
        for row in _section(run)["share_women_bins"]
    ]
    return Table(
        name="table_open_gender_share_women",
        title="Open-gender sentences by the occupation's share of women",
        header=("Run", "Women %", "Occupations", "n", "Feminine %", "Masc. default %"),
        rows=tuple(rows),
        runs=tuple(runs),
        note="Share of women: U.S. BLS, Current Population Survey 2023 "
        "(wordlists/en/occupations.tsv).",
    )


def share_women_figure(runs: Sequence[Run], signed: bool = True, size: Size = PAGE) -> Figure:
    """Feminine share of gendered answers vs the occupation's share of women, per run."""
    figure_, body = signed_figure(runs, size, size.width * 0.68 + 0.15 * (len(runs) + 1), signed)
    axes = body.subplots()
    axes.plot([0, 100], [0, 1], ls="--", color="#888888", lw=0.8, label="share of women")
    axes.axhline(0.5, color="#CCCCCC", lw=0.6)
    shown = 0
    for number, run in enumerate(runs):
        colour = RUN_COLOURS[number % len(RUN_COLOURS)]
        section = _section(run)
        points = [
            (row["share_women"], fem[0])
            for row in section["occupations"]
            if (fem := _feminine_of_gendered(row)) is not None
        ]
        if points:
            axes.scatter(*zip(*points, strict=True), s=8, color=colour, alpha=0.35, lw=0)
        bins = [
            (row["share_women_mean"], fem)
            for row in section["share_women_bins"]
            if (fem := _feminine_of_gendered(row)) is not None
        ]
        if bins:
            xs = [x for x, _ in bins]
            ys = [fem[0] for _, fem in bins]
            lows = [y - fem[1] for y, (_, fem) in zip(ys, bins, strict=True)]
            highs = [fem[2] - y for y, (_, fem) in zip(ys, bins, strict=True)]
            axes.errorbar(
                xs, ys, yerr=[lows, highs], fmt="o", color=colour, markersize=5, capsize=2,
                elinewidth=0.9, label=run.label,
            )  # fmt: skip
            shown += 1
        logistic = section["share_women_trend"]["logistic"]
        if logistic["slope"] is not None:
            grid = [x / 2 for x in range(201)]
            a, b = logistic["intercept"], logistic["slope"] / logistic["per"]
            curve = [1 / (1 + math.exp(-(a + b * x))) for x in grid]
            axes.plot(grid, curve, color=colour, lw=1.2)
    if not shown:
        axes.text(50, 0.5, "no gendered answer", ha="center", color="#777777", fontsize=size.text)
    axes.set_xlim(0, 100)
    axes.set_ylim(-0.02, 1.02)
    axes.xaxis.set_major_formatter(PercentFormatter(100, decimals=0))
    axes.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=0))
    axes.set_xlabel("women among those employed in the occupation (BLS)")
    axes.set_ylabel("feminine of gendered (95% CI)")
    axes.grid(color="#EEEEEE", linewidth=0.6)
    axes.set_axisbelow(True)
    axes.tick_params(labelsize=size.text)
    axes.xaxis.label.set_size(size.text)
    axes.yaxis.label.set_size(size.text)
    handles, labels = axes.get_legend_handles_labels()
    body.legend(  # under the axes: inside, six runs would hide the bins
        handles, labels, fontsize=size.text, loc="outside lower center", ncols=2, frameon=False
    )
    body.suptitle("Which gender does the translation choose?", fontsize=size.title)
    return figure_


def open_gender_sections(
    runs: Sequence[Run], out: Path, formats: Sequence[str], signed: bool = True
) -> list[Section]:
    """The open-gender section, its figure written to ``out`` in each of ``formats``."""
    chosen = open_runs(runs)
    if not chosen:
        return []
    save_figure(share_women_figure, FIGURE, chosen, out, formats, signed)
    return [
        Section(
            "Open gender: which gender does the translation choose?",
            text=TEXT,
            tables=[labels_table(chosen), stereotype_table(chosen), bins_table(chosen)],
            figures=[Plot(FIGURE, CAPTION)],
        )
    ]
