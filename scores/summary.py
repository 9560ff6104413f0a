"""Figures from labelled results: rates, accuracy and breakdowns, with 95% intervals.

Results stream through :class:`SummaryBuilder` (counts only, so memory does not grow with
the input); :func:`render_markdown` writes the human-readable page. Accuracy is
``correct / (correct + wrong)``: the share of decided labels that are right; how many were
not decided is in the ``inconclusive`` count and rate; ``neutral`` and ``both`` of a fixed-gender
set, apart (scores.apart). Intervals are Wilson score intervals,
and Newcombe's for ΔM/ΔF (scores.intervals), or for a grammar set a cluster bootstrap over its
occupations and constructions (scores.cluster_intervals; docs/intervals.md).
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from typing import Any

from common.fields import CORRECT, INCONCLUSIVE, LABELS
from common.outputs import system_name
from scores import apart, bootstrap, cluster_intervals, intervals
from scores.cluster_intervals import ClusterIntervals
from scores.dimensions import DIMENSION_INDEX, DIMENSIONS
from scores.intervals import Counts
from scores.numbers import NOTHING, bounds, figure, with_interval
from scores.open_gender import OpenGenderCounts, open_gender_markdown
from scores.signature import format_signature, ordered, signature_notes
from scores.validity import card_markdown

#: A language's validity cards by the code they were measured under (checker/validity.py's
#: cards_for: hbs → sr, hr); handed in by the caller, as the scores do not read the checker.
ValidityCards = Callable[[str], Mapping[str, Mapping[str, Any]]]


#: The tables of the summary: name → the dimensions its cells are grouped by.
BREAKDOWNS: dict[str, tuple[str, ...]] = {
    "expected_gender": ("expected_gender",),
    "trigger_gender_x_occupation_stereotype": ("trigger.gender", "occupation.stereotype"),
    "adjective": ("adjective",),
    "adjective_x_attachment": ("adjective", "adjective.attaches_to"),
    "position": ("position",),
    "trigger_type": ("trigger.type",),
    "occupation_kind": ("occupation.nonce",),
    "construction": ("construction",),
    "occupation": ("occupation.text",),
    "occupation_x_expected_gender": ("occupation.text", "expected_gender"),
    "lang": ("lang",),
}


#: ΔM and ΔF (Renduchintala & Williams 2022): accuracy with a pro-stereotypical occupation
#: minus accuracy with an anti-stereotypical one, for each trigger gender.
DELTAS = {
    "M": ("male", "male", "female"),  # (trigger gender, stereotype of minuend, of subtrahend)
    "F": ("female", "female", "male"),
}


class SummaryBuilder:
    """Accumulates counts from result records, one at a time.

    Each record is counted once under the tuple of all its dimensions; the tables are sums
    over those tuples, made at the end (there are few distinct tuples, however many records).
    """

    def __init__(
        self,
        *,
        system: str | None = None,
        validity: ValidityCards | None = None,
        ci: str = "auto",
        samples: int = bootstrap.SAMPLES,
        seed: int = bootstrap.SEED,
        compat: bool = False,
        folder: str | None = None,
    ) -> None:
        self.system, self.folder = system, folder  # the output folder's name: the default system
        self.validity = validity
        self.ci, self.samples, self.seed = ci, samples, seed  # scores.cluster_intervals.choose
        self.summary: dict[str, Any] | None = None  # set by files()
        self.combinations: dict[tuple[str | None, ...], Counts] = defaultdict(_no_counts)
        self.reasons: Counter[str] = Counter()
        self._open_pairs: dict[str, tuple[bool, tuple[str | None, ...]]] = {}
        #: [complete pairs, pairs with both twins correct] by the first twin's dimensions
        self.pair_counts: dict[tuple[str | None, ...], list[int]] = defaultdict(_no_pairs)
        self.open_gender = OpenGenderCounts()  # records with expected_gender null
        # the labels outside LABELS (neutral, both); or, with compat, as inconclusive
        self.compat, self.apart = compat, Counter[str]()

    def add(self, result: dict[str, Any]) -> None:
        if result.get("expected_gender", "") is None:
            return self.open_gender.add(result)
        label = apart.counted_as(result["label"], compat=self.compat)
        key = tuple(get(result) for get in DIMENSIONS.values())
        if label in LABELS:
            self.combinations[key][LABELS.index(label)] += 1
        else:
            self.apart[label] += 1
        if label == INCONCLUSIVE:
            self.reasons[result.get("reason") or "unknown"] += 1
        pair_id = result.get("pair_id")
        if pair_id is not None:
            self._pair(str(pair_id), label == CORRECT, key)

    def _pair(self, pair_id: str, correct: bool, key: tuple[str | None, ...]) -> None:
        twin = self._open_pairs.pop(pair_id, None)
        if twin is None:
            self._open_pairs[pair_id] = (correct, key)
        else:
            counts = self.pair_counts[twin[1]]
            counts[0] += 1
            counts[1] += twin[0] and correct

    @property
    def pairs(self) -> list[int]:
        """[complete pairs, pairs with both twins correct]."""
        return [sum(counts[slot] for counts in self.pair_counts.values()) for slot in range(2)]

    def count(self, results: Iterable[dict[str, Any]]) -> SummaryBuilder:
        """The counts of some results alone (a worker's chunk), for :meth:`merge`: each
        worker counts its own, so that the process that gathers them reads no result."""
        counts = type(self)(compat=self.compat)  # workers count as gen's process does
        for result in results:
            counts.add(result)
        return counts

    def merge(self, counts: SummaryBuilder) -> None:
        """Add the counts :meth:`count` made of other results (twins counted apart pair up
        here)."""
        for key, cell in counts.combinations.items():
            mine = self.combinations[key]
            for slot in range(3):
                mine[slot] += cell[slot]
        self.reasons.update(counts.reasons)
        self.open_gender.merge(counts.open_gender)
        self.apart.update(counts.apart)
        for key, pairs in counts.pair_counts.items():
            mine = self.pair_counts[key]
            mine[0], mine[1] = mine[0] + pairs[0], mine[1] + pairs[1]
        for pair_id, (correct, key) in counts._open_pairs.items():
            self._pair(pair_id, correct, key)

    def table(
        self, dimensions: tuple[str, ...], source: Mapping[tuple, list[int]] | None = None
    ) -> dict[tuple[str, ...], Counts]:
        """Counts by the values of ``dimensions``, over the records that have them all (of
        ``source``: the label counts by default, or :attr:`pair_counts`)."""
        indices = [DIMENSION_INDEX[name] for name in dimensions]
        cells: dict[tuple[str, ...], Counts] = {}
        for key, counts in (self.combinations if source is None else source).items():
            values = tuple(key[i] for i in indices)
            if None not in values:
                cell = cells.setdefault(values, [0] * len(counts))  # type: ignore[arg-type]
                for slot, count in enumerate(counts):
                    cell[slot] += count
        return cells

    def _names(self, field: str) -> bool:
        """Whether every record counted names ``field`` (a dimension)."""
        index = DIMENSION_INDEX[field]
        return bool(self.combinations) and all(key[index] is not None for key in self.combinations)

    def files(self, *, signature: dict[str, str], rejected: int) -> dict[str, str]:
        """summary.json and summary.md (what checker.pipeline.run.check asks a summary for);
        the summary itself is kept in ``self.summary``."""
        self.summary = self.build(signature=signature, rejected=rejected)
        return {
            "summary.json": json.dumps(self.summary, ensure_ascii=False, indent=2) + "\n",
            "summary.md": render_markdown(self.summary),
        }

    def build(self, *, signature: dict[str, str], rejected: int) -> dict:
        """The summary.json object (its schema is in docs/formats.md); the signature gains
        the interval method (``ci``)."""
        design = cluster_intervals.choose(
            self.ci, self._names, samples=self.samples, seed=self.seed
        )
        method = design.method if design else intervals.METHOD
        signature = ordered({**signature, "ci": method})
        overall = [sum(counts[slot] for counts in self.combinations.values()) for slot in range(3)]
        tables = {}
        for name, dimensions in BREAKDOWNS.items():
            cells = self.table(dimensions)
            if not cells or (name == "lang" and len(cells) < 2):
                continue
            tables[name] = {
                "fields": list(dimensions),
                "cells": _nest({key: intervals.cell(cells[key]) for key in sorted(cells)}),
            }
        complete, both_correct = self.pairs
        system = self.system or (self.folder and system_name(self.folder, signature["lang"]))
        summary = {
            **({"system": system} if system else {}),
            "signature": format_signature(signature),
            "signature_fields": signature,
            "signature_notes": signature_notes(signature),
            "n": sum(overall) + self.open_gender.n + sum(self.apart.values()),
            "rejected": rejected,
            "overall": {
                **intervals.cell(overall),
                "rates": intervals.rates(overall),
            },
            "apart": apart.shares(self.apart, sum(overall)),
            "reasons": dict(sorted(self.reasons.items())),
            "breakdowns": tables,
            "delta": self._deltas(),
            "pairs": {
                **intervals.proportion(both_correct, complete),
                "both_correct": both_correct,
                "unpaired": len(self._open_pairs),
            },
            "intervals": {
                "method": method,
                "differences": method if design else "newcombe",
                "level": intervals.LEVEL,
            },
            "validity": self._cards(signature.get("lang", "")),
            **self.open_gender.section(),
        }
        if design:
            pairs = partial(self.table, source=self.pair_counts)
            ClusterIntervals(self.table, pairs, design).widen(summary, BREAKDOWNS, DELTAS)
        return summary

    def _cards(self, langs: str) -> dict[str, Any]:
        """The validity cards of the run's languages (``es+fr``), by the code measured."""
        if self.validity is None:
            return {}
        return {
            code: dict(card)
            for lang in langs.split("+")
            for code, card in self.validity(lang).items()
        }

    def _deltas(self) -> dict[str, Any]:
        table = self.table(BREAKDOWNS["trigger_gender_x_occupation_stereotype"])
        deltas = {}
        for name, (trigger, pro, anti) in DELTAS.items():
            if (trigger, pro) not in table or (trigger, anti) not in table:
                continue
            deltas[name] = intervals.difference(table[trigger, pro], table[trigger, anti])
        return deltas


def _no_counts() -> Counts:
    return [0, 0, 0]


def _no_pairs() -> list[int]:
    return [0, 0]


def _nest(flat: dict[tuple[str, ...], Any]) -> dict[str, Any]:
    nested: dict[str, Any] = {}
    for key, value in flat.items():
        level = nested
        for part in key[:-1]:
            level = level.setdefault(part, {})
        level[key[-1]] = value
    return nested


def _accuracy_text(cell: dict[str, Any]) -> str:
    return with_interval(cell.get("accuracy"), cell.get("ci95"))


def render_markdown(summary: dict[str, Any]) -> str:
    """summary.json as a Markdown page: headline, reasons, ΔM/ΔF, pairs, every breakdown."""
    overall = summary["overall"]
    rates = overall.get("rates", {})
    notes = summary.get("signature_notes", [])
    lines = [
        "# gen check summary",
        "",
        f"`{summary['signature']}`",
        "",
        *(["Notes on the backends: at the end of summary.md.", ""] if notes else []),
        f"{summary['n']} records"
        + (f", {summary['rejected']} rejected (see rejects.jsonl)" if summary["rejected"] else ""),
    ]
    if overall["n"] or summary.get("apart") or not summary.get("open_gender"):
        lines += ["", "| | % | 95% CI |", "|---|---:|---|"]
        for label in LABELS:
            rate = rates.get(label, {})
            lines.append(f"| {label} | {figure(rate.get('value'))} | {bounds(rate.get('ci95'))} |")
        lines += apart.markdown_rows(summary)
        lines.append(f"| **accuracy** (correct of decided) | {_accuracy_text(overall)} | |")
    if summary["reasons"]:
        lines += [
            "",
            "Inconclusive, by reason: "
            + ", ".join(f"{reason} {count}" for reason, count in summary["reasons"].items()),
        ]
    if summary["delta"]:
        lines += ["", "| | value | 95% CI |", "|---|---:|---|"]
        for name, delta in summary["delta"].items():
            lines.append(f"| Δ{name} | {figure(delta['value'])} | {bounds(delta['ci95'])} |")
    lines += open_gender_markdown(summary)
    pairs = summary["pairs"]
    if pairs["n"]:
        lines += [
            "",
            f"Counterfactual pairs with both twins correct: {_accuracy_text(pairs)} "
            f"({pairs['both_correct']} of {pairs['n']} pairs)",
        ]
    for name, table in summary["breakdowns"].items():
        lines += ["", f"## {name.replace('_', ' ')}", ""]
        lines += _table_markdown(table)
    if summary.get("validity"):
        lines += ["", *card_markdown(summary["validity"])]
    if notes:  # once, at the end: `gen check` prints only the page's head after every run
        lines += ["", "## Notes", "", *(f"- {note}." for note in notes)]
    return "\n".join(lines) + "\n"


def _table_markdown(table: dict[str, Any]) -> list[str]:
    fields, cells = table["fields"], table["cells"]
    if len(fields) == 1:
        rows = [
            f"| {key} | {cell['n']} | {cell['correct']} | {cell['wrong']} "
            f"| {cell['inconclusive']} | {_accuracy_text(cell)} |"
            for key, cell in cells.items()
        ]
        header = f"| {fields[0]} | n | correct | wrong | inconclusive | accuracy [95% CI] |"
        return [header, "|---|---:|---:|---:|---:|---|", *rows]
    columns = sorted({column for row in cells.values() for column in row})
    header = f"| {fields[0]} \\ {fields[1]} | " + " | ".join(columns) + " |"
    rows = [
        f"| {key} | "
        + " | ".join(
            f"{_accuracy_text(row[column])} (n={row[column]['n']})" if column in row else NOTHING
            for column in columns
        )
        + " |"
        for key, row in cells.items()
    ]
    return [header, "|---|" + "---|" * len(columns), *rows]


def summarise(
    results: Iterable[dict[str, Any]],
    *,
    signature: dict[str, str],
    rejected: int = 0,
    system: str | None = None,
    ci: str = "auto",
) -> dict[str, Any]:
    """The summary of a sequence of result records (for callers that hold them already)."""
    builder = SummaryBuilder(system=system, ci=ci)
    for result in results:
        builder.add(result)
    return builder.build(signature=signature, rejected=rejected)
