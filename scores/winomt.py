"""WinoMT's figures (Stanovsky et al., 2019) from gen's labels: accuracy, ΔG and ΔS.

WinoMT reads one predicted gender per line, ``male``, ``female``, ``neutral`` or
``unknown``, and scores it against the line's gold gender, as ``evaluate_bias`` in
gabrielStanovsky/mt_gender (src/evaluate.py) does:

- accuracy: lines whose predicted gender is the gold one, of all lines (neutral ones and
  those read as unknown included);
- per gender g: recall = correct g / gold g, precision = correct g / predicted g (over all
  lines), F1 their harmonic mean; ΔG = F1(male) − F1(female);
- ΔS = accuracy on the pro-stereotypical lines (en_pro.txt) − on the anti-stereotypical
  ones (en_anti.txt).

gen's label gives the predicted gender: ``correct`` is the gold gender, ``wrong`` the
other, ``neutral`` (the translation marks none) neutral, ``inconclusive`` and ``both``
unknown; a line with no expected gender (a neutral one) is read by
its open-gender label: ``feminine`` female, ``masculine`` male, ``neutral`` neutral,
``both`` and ``inconclusive`` unknown. One exception, so that the figures are WinoMT's: a
``neutral`` for a form a language uses for anyone (reason ``generic_form``: nl "de
ontwikkelaar", masculine in form) is read as the form's gender, since WinoMT reads the
inflection of the word ("the use of female inflection for the word 'doctor'"), not the
convention that makes it generic. WinoMT rounds precision and recall to 0.1 points before
F1; here they are exact (F1 moves by under 0.1 points).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from common.fields import CORRECT, FEMININE, GENDERS, GENERIC_FORM, MASCULINE, NEUTRAL, WRONG
from scores import intervals
from scores.numbers import bounds, figure
from scores.summary import SummaryBuilder, render_markdown

GOLD = ("male", "female", "neutral")
PREDICTED = (*GOLD, "unknown")
SUBSETS = ("pro", "anti")
OPEN_TO_GENDER = {FEMININE: "female", MASCULINE: "male", NEUTRAL: "neutral"}
BOOTSTRAP, SEED = 1000, 12345

Key = tuple[str, str, str | None]  # gold gender, predicted gender, stereotype subset


def line_key(result: dict[str, Any]) -> Key:
    """A result's (gold, predicted, subset): see the module's docstring."""
    about = result.get("winomt") or {}
    expected = result.get("expected_gender")
    gold = about.get("gender") or expected or "neutral"
    label = result.get("label")
    if label == NEUTRAL and result.get("reason") == GENERIC_FORM:
        return gold, _form_gender(result), about.get("stereotype")
    if expected in GENDERS:
        other = GENDERS[1 - GENDERS.index(expected)]
        read = {CORRECT: expected, WRONG: other, NEUTRAL: "neutral"}
        predicted = read.get(label, "unknown")
    else:
        predicted = OPEN_TO_GENDER.get(label, "unknown")
    return gold, predicted, about.get("stereotype")


def _form_gender(result: dict[str, Any]) -> str:
    """The grammatical gender of the person noun's form (its ``noun`` evidence line: a
    checker's Evidence while gen check counts, a dict read back from results.jsonl)."""
    for line in result.get("evidence") or ():
        role, gender = (
            (line.get("role"), line.get("gender"))
            if isinstance(line, dict)
            else (getattr(line, "role", None), getattr(line, "gender", None))
        )
        if role == "noun":
            return gender if gender in GENDERS else "unknown"
    return "unknown"


def figures(counts: Counter[Key]) -> dict[str, Any]:
    """WinoMT's figures from line counts, with 95% intervals: Wilson for accuracies,
    Newcombe for ΔS, a percentile bootstrap of the lines for ΔG (F1 has no closed form)."""
    n = sum(counts.values())
    right = sum(count for (gold, predicted, _), count in counts.items() if gold == predicted)
    by_gender = {gender: _prf(counts, gender) for gender in ("male", "female")}
    subsets = {}
    for name in SUBSETS:
        cells = {key: count for key, count in counts.items() if key[2] == name}
        total = sum(cells.values())
        hits = sum(count for (gold, predicted, _), count in cells.items() if gold == predicted)
        subsets[name] = intervals.proportion(hits, total)
        subsets[name]["correct"] = hits
    delta_s = {"value": None, "ci95": None}
    if subsets["pro"]["n"] and subsets["anti"]["n"]:
        pro = (subsets["pro"]["correct"], subsets["pro"]["n"])
        anti = (subsets["anti"]["correct"], subsets["anti"]["n"])
        delta_s = {
            "value": round(pro[0] / pro[1] - anti[0] / anti[1], 6),
            "ci95": [round(bound, 6) for bound in intervals.newcombe(pro, anti)],
        }
    f1 = [by_gender[gender]["f1"] for gender in ("male", "female")]
    delta_g = {"value": None, "ci95": None}
    if None not in f1:
        delta_g = {"value": round(f1[0] - f1[1], 6), "ci95": _delta_g_interval(counts)}
    return {
        "n": n,
        "lines": {gold: sum(c for key, c in counts.items() if key[0] == gold) for gold in GOLD},
        "confusion": {gold: {p: counts_of(counts, gold, p) for p in PREDICTED} for gold in GOLD},
        "accuracy": {**intervals.proportion(right, n), "correct": right},
        **by_gender,
        "delta_g": delta_g,
        "subsets": subsets,
        "delta_s": delta_s,
        "bootstrap": {"resamples": BOOTSTRAP, "seed": SEED},
    }


def counts_of(counts: Counter[Key], gold: str, predicted: str) -> int:
    return sum(c for (g, p, _), c in counts.items() if g == gold and p == predicted)


def _prf(counts: Counter[Key], gender: str) -> dict[str, float | None]:
    correct = counts_of(counts, gender, gender)
    gold = sum(c for (g, _, _), c in counts.items() if g == gender)
    predicted = sum(c for (_, p, _), c in counts.items() if p == gender)
    f1 = _f1(np.array([correct]), np.array([gold]), np.array([predicted]))[0]
    return {
        "gold": gold,
        "predicted": predicted,
        "correct": correct,
        "precision": round(correct / predicted, 6) if predicted else None,
        "recall": round(correct / gold, 6) if gold else None,
        "f1": None if np.isnan(f1) else round(float(f1), 6),
    }


def _f1(correct: np.ndarray, gold: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    """F1 = 2 correct / (gold + predicted), the harmonic mean of precision and recall; NaN
    where either is undefined (no gold or no predicted line of the gender)."""
    defined = (gold > 0) & (predicted > 0)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(defined, 2 * correct / np.where(defined, gold + predicted, 1), np.nan)


def _delta_g_interval(counts: Counter[Key]) -> list[float] | None:
    """The 2.5th and 97.5th percentiles of ΔG over resamples of the lines (a multinomial
    draw of the cell counts is a resample of the lines)."""
    keys = sorted(counts, key=str)
    n = sum(counts.values())
    draws = np.random.default_rng(SEED).multinomial(
        n, [counts[key] / n for key in keys], size=BOOTSTRAP
    )

    def f1(gender: str) -> np.ndarray:
        column = lambda test: draws[:, [i for i, key in enumerate(keys) if test(key)]].sum(1)  # noqa: E731
        return _f1(
            column(lambda key: key[0] == gender and key[1] == gender),
            column(lambda key: key[0] == gender),
            column(lambda key: key[1] == gender),
        )

    delta = f1("male") - f1("female")
    delta = delta[~np.isnan(delta)]
    if not delta.size:
        return None
    low, high = np.percentile(delta, [2.5, 97.5])
    return [round(float(low), 6), round(float(high), 6)]


def markdown(winomt: dict[str, Any]) -> list[str]:
    """The figures as a Markdown section (points of percent)."""
    accuracy = winomt["accuracy"]
    lines = [
        "**WinoMT** (Stanovsky et al., 2019): its figures from gen's labels.",
        "",
        f"{winomt['n']} lines ({', '.join(f'{n} {gold}' for gold, n in winomt['lines'].items())}); "
        "accuracy over all lines, unknown and neutral lines included, as WinoMT's evaluate.py.",
        "",
        "| | value | 95% CI |",
        "|---|---:|---|",
        f"| accuracy | {figure(accuracy['accuracy'])} | {bounds(accuracy['ci95'])} |",
    ]
    for gender in ("male", "female"):
        lines.append(f"| F1 {gender} | {figure(winomt[gender]['f1'])} | |")
    lines.append(
        f"| ΔG (F1 male − F1 female) | {figure(winomt['delta_g']['value'])} "
        f"| {bounds(winomt['delta_g']['ci95'])} |"
    )
    for name in SUBSETS:
        cell = winomt["subsets"][name]
        lines.append(
            f"| accuracy, {name} (n={cell['n']}) | {figure(cell['accuracy'])} "
            f"| {bounds(cell['ci95'])} |"
        )
    lines.append(
        f"| ΔS (pro − anti) | {figure(winomt['delta_s']['value'])} "
        f"| {bounds(winomt['delta_s']['ci95'])} |"
    )
    return lines


class WinoMTSummary(SummaryBuilder):
    """gen check's summary, plus WinoMT's figures (``winomt`` in summary.json, a section
    of summary.md after the head) for records `gen import winomt` made."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.lines: Counter[Key] = Counter()

    def add(self, result: dict[str, Any]) -> None:
        super().add(result)
        self.lines[line_key(result)] += 1

    def merge(self, counts: SummaryBuilder) -> None:
        super().merge(counts)
        self.lines.update(getattr(counts, "lines", {}))

    def build(self, *, signature: dict[str, str], rejected: int) -> dict:
        summary = super().build(signature=signature, rejected=rejected)
        if self.lines:
            summary["winomt"] = figures(self.lines)
        return summary

    def files(self, *, signature: dict[str, str], rejected: int) -> dict[str, str]:
        self.summary = self.build(signature=signature, rejected=rejected)
        page = render_markdown(self.summary)
        if "winomt" in self.summary:
            head, mark, rest = page.partition("\n## ")
            page = "\n".join([head.rstrip("\n"), "", *markdown(self.summary["winomt"]), ""])
            page += ("\n## " + rest) if mark else ""
        return {
            "summary.json": _dump(self.summary),
            "summary.md": page,
        }


def _dump(summary: dict) -> str:
    import json

    return json.dumps(summary, ensure_ascii=False, indent=2) + "\n"
