"""The report's tables: built once from the runs' summaries, rendered as Markdown or HTML here
and as LaTeX in report/latex.py.

A :class:`Table` holds formatted strings only, so the three renderings show the same digits.
A header's ``\n`` marks where LaTeX breaks it (the pages print a space).
A table keeps the runs it came from: the LaTeX file names their signatures in comments (the
report prints each signature once, in its list of runs, and in tables/signatures.tex).
"""

from __future__ import annotations

import html
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from common.fields import LABELS
from report.load import Cell, Estimate, Run
from report.significance import SAMPLES, SEED, paired_bootstrap
from scores.bootstrap import parse_method
from scores.numbers import NOTHING, figure, with_interval

SHORT = {"male": "M", "female": "F"}


@dataclass(frozen=True)
class Table:
    """A titled grid of formatted cells and the runs it came from."""

    name: str  # file stem of its LaTeX rendering
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    runs: tuple[Run, ...]
    note: str = ""
    text_columns: int = 2  # leading columns that hold names, left-aligned
    #: The columns a one-column variant keeps when the whole table needs the page's width
    #: (report/latex.py); empty: no such variant.
    compact: tuple[int, ...] = ()

    def align(self) -> str:
        return "l" * self.text_columns + "r" * (len(self.header) - self.text_columns)


# Number formats shared by every table and figure.


def accuracy(cell: Cell | None) -> str:
    return NOTHING if cell is None else with_interval(cell.accuracy, cell.ci95)


def difference(estimate: Estimate) -> str:
    return with_interval(estimate.value, estimate.ci95, signed=True)


def count(cell: Cell, label: str) -> str:
    return f"{getattr(cell, label)} ({figure(cell.share(label))}%)"


# The tables.


def labels_table(runs: Sequence[Run]) -> Table:
    """Systems × languages: correct / wrong / inconclusive and accuracy (their Table 3), and
    the counterfactual pairs whose two twins are both correct (as MT-GenEval counts pairs)."""
    rows = tuple(
        (
            run.system,
            run.lang,
            str(cell.n),
            *(count(cell, label) for label in LABELS),
            accuracy(cell),
            str(pairs.n),
            with_interval(pairs.accuracy, pairs.ci95),
        )
        for run in runs
        for cell, pairs in [(run.overall(), run.pairs())]
    )
    return Table(
        name="table3_labels",
        title="Labels per system and language",
        header=(
            "System",
            "Lang",
            "n",
            "Correct",
            "Wrong",
            "Incon-\nclusive",
            "Accuracy %\n[95% CI]",
            "Pairs",
            "Both twins\ncorrect %\n[95% CI]",
        ),
        rows=rows,
        runs=tuple(runs),
        compact=(0, 1, 5, 6, 8),
        note=(
            "Accuracy is correct of decided (correct + wrong), with the 95% interval the "
            "checker's summary gives (Wilson's score interval; the signature's ci field names "
            "it); inconclusive records are counted, not scored. Pairs: counterfactual "
            "pairs (a sentence and its twin with the triggers' gender swapped); a pair counts "
            "only if both of its sentences are correct."
        ),
    )


def reasons_table(runs: Sequence[Run]) -> Table:
    """Why records were left inconclusive, per run: what limits each language's checker."""
    reasons = sorted({reason for run in runs for reason in run.reasons()})
    rows = tuple(
        (run.system, run.lang, *(str(run.reasons().get(r, 0)) for r in reasons)) for run in runs
    )
    return Table(
        name="table_reasons",
        title="Inconclusive records, by reason",
        header=("System", "Lang", *reasons),
        rows=rows,
        runs=tuple(runs),
        note="Reasons as the checker gives them (docs/formats.md, output of gen check).",
    )


def delta_table(runs: Sequence[Run]) -> Table:
    """Accuracy by trigger gender × occupation stereotype, with ΔM and ΔF (their Table 4)."""
    combos = [("male", "male"), ("male", "female"), ("female", "female"), ("female", "male")]
    rows = []
    for run in runs:
        cells = run.by_trigger_and_stereotype()
        deltas = run.deltas()
        rows.append(
            (
                run.system,
                run.lang,
                *(
                    accuracy(cells.get(trigger, {}).get(stereotype))
                    for trigger, stereotype in combos
                ),
                difference(deltas["M"]),
                difference(deltas["F"]),
            )
        )
    return Table(
        name="table4_deltas",
        title="Accuracy by trigger gender × occupation stereotype, ΔM and ΔF",
        header=(
            "System",
            "Lang",
            *(f"{SHORT[t]} trig.\n{SHORT[s]} occ." for t, s in combos),
            "ΔM\n[95% CI]",
            "ΔF\n[95% CI]",
        ),
        rows=tuple(rows),
        runs=tuple(runs),
        compact=(0, 1, 6, 7),
        note=(
            "ΔM = acc(M trigger, M occupation) − acc(M trigger, F occupation); ΔF likewise for F "
            "(Renduchintala & Williams, 2022). A positive Δ means the stereotype, not the "
            "trigger, decided some translations. Points of accuracy, 95% intervals as the "
            "summary gives them: Newcombe's hybrid score interval (ci:wilson in the signature), "
            "a bootstrap of occupations and constructions where it has ci:cluster-..., a "
            "bootstrap of records where it has boot."
        ),
    )


def significance_table(runs: Sequence[Run]) -> Table | None:
    """Paired bootstrap between every two runs on the same set *and* language (None if no
    such pair). Runs in two languages are not paired: their items are different translations
    of the set, and a test would present a language difference as a system difference."""
    rows, involved = [], []
    for a, b in itertools.combinations(runs, 2):
        if (a.set_hash, a.lang) != (b.set_hash, b.lang):
            continue
        if None in (a.overall().accuracy, b.overall().accuracy):
            continue
        design = parse_method(a.signature_fields.get("ci", ""))
        clusters = a.clusters(design) if design else None
        result = paired_bootstrap(a.labels, b.labels, clusters=clusters, design=design)
        rows.append(
            (
                a.label,
                b.label,
                str(result.n),
                figure(result.accuracy_a),
                figure(result.accuracy_b),
                with_interval(result.difference, result.ci95, signed=True),
                f"{result.p_value:.4f}",
            )
        )
        involved += [run for run in (a, b) if run not in involved]
    if not rows:
        return None
    return Table(
        name="table_significance",
        title="Paired bootstrap: system B against system A on the same items",
        header=("A", "B", "n", "Acc. A %", "Acc. B %", "B − A\n[95% CI]", "p"),
        rows=tuple(rows),
        runs=tuple(involved),
        compact=(0, 1, 5, 6),
        note=(
            f"Paired bootstrap (Koehn, 2004), items matched by id, {SAMPLES} resamples, seed "
            f"{SEED}. Two-sided p: the share of resampled differences, centred on the observed "
            "one, at least as far from 0 as the observed one. Runs whose signature has "
            "ci:cluster-...: also resampling occupations and constructions (interval: the hull "
            "of both; p: the larger)."
        ),
    )


def gender_tables(runs: Sequence[Run]) -> list[Table]:
    """Every table for the runs of the reference-free checker."""
    tables = [labels_table(runs), reasons_table(runs), delta_table(runs)]
    significance = significance_table(runs)
    return tables + ([significance] if significance else [])


# Renderings.


def to_markdown(table: Table) -> str:
    align = ["---" if kind == "l" else "---:" for kind in table.align()]
    lines = [
        f"### {table.title}",
        "",
        _md_row(table.header),
        _md_row(align),
        *(_md_row(row) for row in table.rows),
        "",
    ]
    if table.note:
        lines += [table.note, ""]
    return "\n".join(lines)


def one_line(header: str) -> str:
    """A header as the pages print it: on one line, without the hyphen of a LaTeX break."""
    return header.replace("-\n", "").replace("\n", " ")


def _md_row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(one_line(cell).replace("|", "\\|") for cell in cells) + " |"


def to_html(table: Table) -> str:
    def row(cells: Sequence[str], tag: str) -> str:
        return (
            "<tr>"
            + "".join(
                f'<{tag} class="{kind}">{_interval_html(one_line(cell))}</{tag}>'
                for cell, kind in zip(cells, table.align(), strict=True)
            )
            + "</tr>"
        )

    body = "\n".join(row(cells, "td") for cells in table.rows)
    note = f"<p class=note>{html.escape(table.note)}</p>" if table.note else ""
    return (
        f"<h3>{html.escape(table.title)}</h3>\n<div class=scroll><table>\n"
        f"<thead>{row(table.header, 'th')}</thead>\n<tbody>\n{body}\n</tbody>\n</table></div>\n"
        f"{note}\n"
    )


def _interval_html(cell: str) -> str:
    """``82.4 [80.1, 84.6]`` with the interval set smaller, so wide tables stay readable."""
    value, bracket, rest = cell.partition(" [")
    if not bracket:
        return html.escape(cell)
    return f"{html.escape(value)} <span class=ci>[{html.escape(rest)}</span>"
