"""Figures from labelled results: rates, accuracy and breakdowns, with bootstrap intervals.

Results stream through :class:`SummaryBuilder` (counts only, so memory does not grow with
the input); :func:`render_markdown` writes the human-readable page. Accuracy is
``correct / (correct + wrong)``: the share of decided labels that are right; how many were
not decided is in the ``inconclusive`` count and rate. Intervals are 95% percentile
bootstrap intervals: resampling the records of a cell is drawing its three counts from a
multinomial, which is what is done (seeded per cell, so a figure does not depend on the
order the cells are computed in).
"""

from __future__ import annotations

import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from checker.label import CORRECT, INCONCLUSIVE, LABELS, WRONG

GENDERS = ("male", "female")
Counts = list[int]  # [correct, wrong, inconclusive]


def _get(record: dict[str, Any], dotted: str) -> Any:
    value: Any = record
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip().lower() or None
    return str(value).lower()


def _trigger_gender(record: dict[str, Any]) -> str | None:
    return _text(_get(record, "trigger.gender"))


def _adjective_relation(record: dict[str, Any]) -> str | None:
    """Whether the adjective's stereotype matches the trigger's gender (R&W 2022, Fig. 3)."""
    if "adjective" not in record:
        return None
    adjective = record["adjective"]
    if not isinstance(adjective, dict):
        return "none"
    stereotype, trigger = _text(adjective.get("stereotype")), _trigger_gender(record)
    if stereotype not in GENDERS or trigger not in GENDERS:
        return "neutral"
    return "matching" if stereotype == trigger else "mismatching"


def _adjective_attachment(record: dict[str, Any]) -> str | None:
    if "adjective" not in record:
        return None
    adjective = record["adjective"]
    return _text(adjective.get("attaches_to")) if isinstance(adjective, dict) else "none"


def _occupation_kind(record: dict[str, Any]) -> str | None:
    nonce = _get(record, "occupation.nonce")
    return None if nonce is None else ("nonce" if nonce else "real")


def _field(dotted: str) -> Callable[[dict[str, Any]], str | None]:
    return lambda record: _text(_get(record, dotted))


@dataclass(frozen=True)
class Breakdown:
    """A table of the summary: records grouped by one or two of their fields."""

    name: str
    fields: tuple[str, ...]
    keys: tuple[Callable[[dict[str, Any]], str | None], ...]


BREAKDOWNS = (
    Breakdown("expected_gender", ("expected_gender",), (_field("expected_gender"),)),
    Breakdown(
        "trigger_gender_x_occupation_stereotype",
        ("trigger.gender", "occupation.stereotype"),
        (_trigger_gender, _field("occupation.stereotype")),
    ),
    Breakdown("adjective", ("adjective (vs trigger gender)",), (_adjective_relation,)),
    Breakdown(
        "adjective_x_attachment",
        ("adjective (vs trigger gender)", "adjective.attaches_to"),
        (_adjective_relation, _adjective_attachment),
    ),
    Breakdown("position", ("position",), (_field("position"),)),
    Breakdown("trigger_type", ("trigger.type",), (_field("trigger.type"),)),
    Breakdown("occupation_kind", ("occupation.nonce",), (_occupation_kind,)),
    Breakdown("construction", ("construction",), (_field("construction"),)),
    Breakdown("occupation", ("occupation.text",), (_field("occupation.text"),)),
    Breakdown(
        "occupation_x_expected_gender",
        ("occupation.text", "expected_gender"),
        (_field("occupation.text"), _field("expected_gender")),
    ),
    Breakdown("lang", ("lang",), (_field("lang"),)),
)

#: ΔM and ΔF (Renduchintala & Williams 2022): accuracy with a pro-stereotypical occupation
#: minus accuracy with an anti-stereotypical one, for each trigger gender.
DELTAS = {
    "M": ("male", "male", "female"),  # (trigger gender, stereotype of minuend, of subtrahend)
    "F": ("female", "female", "male"),
}


class SummaryBuilder:
    """Accumulates counts from result records, one at a time."""

    def __init__(self) -> None:
        self.overall: Counts = [0, 0, 0]
        self.reasons: Counter[str] = Counter()
        self.tables: dict[str, dict[tuple[str, ...], Counts]] = {
            breakdown.name: defaultdict(lambda: [0, 0, 0]) for breakdown in BREAKDOWNS
        }
        self._open_pairs: dict[str, bool] = {}
        self.pairs = [0, 0]  # [complete pairs, pairs with both twins correct]

    def add(self, result: dict[str, Any]) -> None:
        slot = LABELS.index(result["label"])
        self.overall[slot] += 1
        if result["label"] == INCONCLUSIVE:
            self.reasons[result.get("reason") or "unknown"] += 1
        for breakdown in BREAKDOWNS:
            key = tuple(get(result) for get in breakdown.keys)
            if None not in key:
                self.tables[breakdown.name][key][slot] += 1
        pair_id = result.get("pair_id")
        if pair_id is not None:
            correct = result["label"] == CORRECT
            twin_correct = self._open_pairs.pop(str(pair_id), None)
            if twin_correct is None:
                self._open_pairs[str(pair_id)] = correct
            else:
                self.pairs[0] += 1
                self.pairs[1] += twin_correct and correct

    def build(self, *, signature: dict[str, str], rejected: int, seed: int, resamples: int) -> dict:
        """The summary.json object (its schema is in docs/formats.md)."""
        boot = _Bootstrap(seed, resamples)
        tables = {}
        for breakdown in BREAKDOWNS:
            cells = self.tables[breakdown.name]
            if not cells or (breakdown.name == "lang" and len(cells) < 2):
                continue
            tables[breakdown.name] = {
                "fields": list(breakdown.fields),
                "cells": _nest(
                    {key: boot.cell(cells[key], (breakdown.name, *key)) for key in sorted(cells)}
                ),
            }
        n, (complete, both_correct) = sum(self.overall), self.pairs
        summary = {
            "signature": format_signature(signature),
            "signature_fields": signature,
            "n": n,
            "rejected": rejected,
            "overall": {
                **boot.cell(self.overall, ("overall",)),
                "rates": boot.rates(self.overall, ("overall",)),
            },
            "reasons": dict(sorted(self.reasons.items())),
            "breakdowns": tables,
            "delta": self._deltas(boot),
            "pairs": {
                **boot.proportion(both_correct, complete, ("pairs",)),
                "both_correct": both_correct,
                "unpaired": len(self._open_pairs),
            },
            "bootstrap": {"resamples": resamples, "seed": seed, "interval": 0.95},
        }
        return summary

    def _deltas(self, boot: _Bootstrap) -> dict[str, Any]:
        table = self.tables["trigger_gender_x_occupation_stereotype"]
        deltas = {}
        for name, (trigger, pro, anti) in DELTAS.items():
            if (trigger, pro) not in table or (trigger, anti) not in table:
                continue
            deltas[name] = boot.difference(
                table[trigger, pro],
                ("trigger_gender_x_occupation_stereotype", trigger, pro),
                table[trigger, anti],
                ("trigger_gender_x_occupation_stereotype", trigger, anti),
            )
        return deltas


def _nest(flat: dict[tuple[str, ...], Any]) -> dict[str, Any]:
    nested: dict[str, Any] = {}
    for key, value in flat.items():
        level = nested
        for part in key[:-1]:
            level = level.setdefault(part, {})
        level[key[-1]] = value
    return nested


def _round(value: float | None) -> float | None:
    return None if value is None or np.isnan(value) else round(float(value), 6)


class _Bootstrap:
    """Percentile bootstrap over a cell's records, drawn as multinomial counts."""

    def __init__(self, seed: int, resamples: int) -> None:
        self.seed = seed
        self.resamples = resamples

    def _draws(self, counts: Counts, path: tuple[str, ...]) -> np.ndarray:
        """``resamples`` × 3 resampled counts, the same for the same cell in every run."""
        n = sum(counts)
        rng = np.random.default_rng([self.seed, zlib.crc32("\x1f".join(path).encode())])
        return rng.multinomial(n, np.asarray(counts) / n, size=self.resamples)

    @staticmethod
    def _accuracies(draws: np.ndarray) -> np.ndarray:
        decided = draws[:, 0] + draws[:, 1]
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(decided > 0, draws[:, 0] / decided, np.nan)

    def _interval(self, values: np.ndarray) -> list[float | None] | None:
        values = values[~np.isnan(values)]
        if not len(values):
            return None
        low, high = np.percentile(values, [2.5, 97.5])
        return [_round(low), _round(high)]

    def cell(self, counts: Counts, path: tuple[str, ...]) -> dict[str, Any]:
        correct, wrong, inconclusive = counts
        decided = correct + wrong
        return {
            "n": sum(counts),
            "correct": correct,
            "wrong": wrong,
            "inconclusive": inconclusive,
            "accuracy": _round(correct / decided) if decided else None,
            "ci95": self._interval(self._accuracies(self._draws(counts, path)))
            if decided
            else None,
        }

    def rates(self, counts: Counts, path: tuple[str, ...]) -> dict[str, Any]:
        n = sum(counts)
        if not n:
            return {}
        draws = self._draws(counts, path) / n
        return {
            label: {"value": _round(counts[i] / n), "ci95": self._interval(draws[:, i])}
            for i, label in enumerate((CORRECT, WRONG, INCONCLUSIVE))
        }

    def proportion(self, hits: int, n: int, path: tuple[str, ...]) -> dict[str, Any]:
        if not n:
            return {"n": 0, "accuracy": None, "ci95": None}
        rng = np.random.default_rng([self.seed, zlib.crc32("\x1f".join(path).encode())])
        draws = rng.binomial(n, hits / n, size=self.resamples) / n
        return {"n": n, "accuracy": _round(hits / n), "ci95": self._interval(draws)}

    def difference(
        self,
        first: Counts,
        first_path: tuple[str, ...],
        second: Counts,
        second_path: tuple[str, ...],
    ) -> dict[str, Any]:
        """accuracy(first) − accuracy(second), each cell resampled as in its own interval."""
        if not (first[0] + first[1]) or not (second[0] + second[1]):
            return {"value": None, "ci95": None}
        value = first[0] / (first[0] + first[1]) - second[0] / (second[0] + second[1])
        draws = self._accuracies(self._draws(first, first_path)) - self._accuracies(
            self._draws(second, second_path)
        )
        return {"value": _round(value), "ci95": self._interval(draws)}


SIGNATURE_ORDER = ("set", "lang", "aligner", "tagger", "chunk", "boot", "seed", "version")


def format_signature(fields: dict[str, str]) -> str:
    """``set:…|lang:es|aligner:…|tagger:…|boot:1000|seed:12345|version:0.1.0``, sacreBLEU-style."""
    ordered = [key for key in SIGNATURE_ORDER if key in fields]
    ordered += sorted(key for key in fields if key not in SIGNATURE_ORDER)
    return "|".join(f"{key}:{fields[key]}" for key in ordered)


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{100 * value:.1f}"


def _accuracy_text(cell: dict[str, Any]) -> str:
    if cell.get("accuracy") is None:
        return "–"
    text = _percent(cell["accuracy"])
    if cell.get("ci95"):
        low, high = cell["ci95"]
        text += f" [{_percent(low)}, {_percent(high)}]"
    return text


def render_markdown(summary: dict[str, Any]) -> str:
    """summary.json as a Markdown page: headline, reasons, ΔM/ΔF, pairs, every breakdown."""
    overall = summary["overall"]
    rates = overall.get("rates", {})
    lines = [
        "# gen check summary",
        "",
        f"`{summary['signature']}`",
        "",
        f"{summary['n']} records"
        + (f", {summary['rejected']} rejected (see rejects.jsonl)" if summary["rejected"] else ""),
        "",
        "| | % | 95% CI |",
        "|---|---:|---|",
    ]
    for label in LABELS:
        rate = rates.get(label, {})
        interval = rate.get("ci95") or [None, None]
        lines.append(
            f"| {label} | {_percent(rate.get('value'))} "
            f"| {_percent(interval[0])}–{_percent(interval[1])} |"
        )
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
            interval = delta["ci95"] or [None, None]
            lines.append(
                f"| Δ{name} | {_percent(delta['value'])} "
                f"| {_percent(interval[0])}–{_percent(interval[1])} |"
            )
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
            f"{_accuracy_text(row[column])} (n={row[column]['n']})" if column in row else "–"
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
    seed: int = 12345,
    resamples: int = 1000,
) -> dict[str, Any]:
    """The summary of a sequence of result records (for callers that hold them already)."""
    builder = SummaryBuilder()
    for result in results:
        builder.add(result)
    return builder.build(signature=signature, rejected=rejected, seed=seed, resamples=resamples)
