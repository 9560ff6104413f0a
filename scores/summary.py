"""Figures from labelled results: rates, accuracy and breakdowns, with 95% intervals.

Results stream through :class:`SummaryBuilder` (counts only, so memory does not grow with
the input); :func:`render_markdown` writes the human-readable page. Accuracy is
``correct / (correct + wrong)``: the share of decided labels that are right; how many were
not decided is in the ``inconclusive`` count and rate. Intervals are Wilson score intervals,
and Newcombe's for ΔM/ΔF (scores.intervals): closed-form, so a cell's interval depends on
its counts alone.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from common.fields import CORRECT, GENDERS, INCONCLUSIVE, LABELS
from common.outputs import system_name
from scores import intervals
from scores.intervals import Counts
from scores.numbers import NOTHING, bounds, figure, with_interval
from scores.validity import card_markdown

#: A language's validity cards by the code they were measured under (checker/validity.py's
#: cards_for: hbs → sr, hr); handed in by the caller, as the scores do not read the checker.
ValidityCards = Callable[[str], Mapping[str, Mapping[str, Any]]]


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


#: What a record is grouped by, each read once per record: name → getter (None: the record
#: does not say, and stays out of the tables that use it).
DIMENSIONS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "expected_gender": _field("expected_gender"),
    "trigger.gender": _trigger_gender,
    "occupation.stereotype": _field("occupation.stereotype"),
    "adjective": _adjective_relation,
    "adjective.attaches_to": _adjective_attachment,
    "position": _field("position"),
    "trigger.type": _field("trigger.type"),
    "occupation.nonce": _occupation_kind,
    "construction": _field("construction"),
    "occupation.text": _field("occupation.text"),
    "lang": _field("lang"),
}
_DIMENSION_INDEX = {name: i for i, name in enumerate(DIMENSIONS)}

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
        folder: str | None = None,
    ) -> None:
        self.system, self.folder = system, folder  # the output folder's name: the default system
        self.validity = validity
        self.summary: dict[str, Any] | None = None  # set by files()
        self.combinations: dict[tuple[str | None, ...], Counts] = defaultdict(_no_counts)
        self.reasons: Counter[str] = Counter()
        self._open_pairs: dict[str, bool] = {}
        self.pairs = [0, 0]  # [complete pairs, pairs with both twins correct]

    def add(self, result: dict[str, Any]) -> None:
        label = result["label"]
        key = tuple(get(result) for get in DIMENSIONS.values())
        self.combinations[key][LABELS.index(label)] += 1
        if label == INCONCLUSIVE:
            self.reasons[result.get("reason") or "unknown"] += 1
        pair_id = result.get("pair_id")
        if pair_id is not None:
            self._pair(str(pair_id), label == CORRECT)

    def _pair(self, pair_id: str, correct: bool) -> None:
        twin_correct = self._open_pairs.pop(pair_id, None)
        if twin_correct is None:
            self._open_pairs[pair_id] = correct
        else:
            self.pairs[0] += 1
            self.pairs[1] += twin_correct and correct

    @classmethod
    def count(cls, results: Iterable[dict[str, Any]]) -> SummaryBuilder:
        """The counts of some results alone (a worker's chunk), for :meth:`merge`: each
        worker counts its own, so that the process that gathers them reads no result."""
        counts = cls()
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
        self.pairs = [ours + theirs for ours, theirs in zip(self.pairs, counts.pairs, strict=True)]
        for pair_id, correct in counts._open_pairs.items():
            self._pair(pair_id, correct)

    def table(self, dimensions: tuple[str, ...]) -> dict[tuple[str, ...], Counts]:
        """Counts by the values of ``dimensions``, over the records that have them all."""
        indices = [_DIMENSION_INDEX[name] for name in dimensions]
        cells: dict[tuple[str, ...], Counts] = defaultdict(_no_counts)
        for key, counts in self.combinations.items():
            values = tuple(key[i] for i in indices)
            if None not in values:
                cell = cells[values]  # type: ignore[index]
                for slot in range(3):
                    cell[slot] += counts[slot]
        return cells

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
        signature = _ordered({**signature, "ci": intervals.METHOD})
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
        return {
            **({"system": system} if system else {}),
            "signature": format_signature(signature),
            "signature_fields": signature,
            "signature_notes": signature_notes(signature),
            "n": sum(overall),
            "rejected": rejected,
            "overall": {
                **intervals.cell(overall),
                "rates": intervals.rates(overall),
            },
            "reasons": dict(sorted(self.reasons.items())),
            "breakdowns": tables,
            "delta": self._deltas(),
            "pairs": {
                **intervals.proportion(both_correct, complete),
                "both_correct": both_correct,
                "unpaired": len(self._open_pairs),
            },
            "intervals": {
                "method": intervals.METHOD,
                "differences": "newcombe",
                "level": intervals.LEVEL,
            },
            "validity": self._cards(signature.get("lang", "")),
        }

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


def _nest(flat: dict[tuple[str, ...], Any]) -> dict[str, Any]:
    nested: dict[str, Any] = {}
    for key, value in flat.items():
        level = nested
        for part in key[:-1]:
            level = level.setdefault(part, {})
        level[key[-1]] = value
    return nested


#: What a reader of a signature must know about a backend named in it (by the name the
#: signature spells). eflomal's variation: bench/eflomal_variation.py --runs 3, three runs on
#: the same input compared two by two, an xs set translated by Apertium into es and M2M-100
#: translations of de, fr, it, uk, ro, cs, he, hi (1,824 each), with eflomal_aligner.SETTINGS.
SIGNATURE_NOTES = {
    "eflomal": "eflomal seeds itself (no option fixes its seed): two runs on the same input "
    "differed on 0.12-0.20% of labels at gen's 2 samplers x 1 iteration (two measurements: "
    "75,392 dev labels, es 60,800 of them, and 44,544; bench/eflomal_settings.py)",
}


def signature_notes(fields: dict[str, str]) -> list[str]:
    """The notes of SIGNATURE_NOTES for the backends in a signature's fields."""
    named = " ".join(fields.values())
    return [note for name, note in SIGNATURE_NOTES.items() if name in named]


SIGNATURE_ORDER = ("set", "lang", "mt", "aligner", "tagger", "chunk", "ci", "version")


def format_signature(fields: dict[str, str]) -> str:
    """``set:…|lang:es|mt:…|aligner:…|tagger:…|chunk:50000|ci:wilson|version:0.1.0``,
    sacreBLEU-style."""
    return "|".join(f"{key}:{value}" for key, value in _ordered(fields).items())


def _ordered(fields: dict[str, str]) -> dict[str, str]:
    """The signature's fields in SIGNATURE_ORDER, then any others by name."""
    ordered = [key for key in SIGNATURE_ORDER if key in fields]
    ordered += sorted(key for key in fields if key not in SIGNATURE_ORDER)
    return {key: fields[key] for key in ordered}


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
        "",
        "| | % | 95% CI |",
        "|---|---:|---|",
    ]
    for label in LABELS:
        rate = rates.get(label, {})
        lines.append(f"| {label} | {figure(rate.get('value'))} | {bounds(rate.get('ci95'))} |")
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
) -> dict[str, Any]:
    """The summary of a sequence of result records (for callers that hold them already)."""
    builder = SummaryBuilder(system=system)
    for result in results:
        builder.add(result)
    return builder.build(signature=signature, rejected=rejected)
