"""95% intervals for the summary's rates: Wilson score intervals for a proportion, and
Newcombe's hybrid score interval (his method 10) for the difference of two independent ones.

Both are closed-form, so a cell's interval depends on its counts alone (no seed, no
resamples), and neither collapses at 0% or 100%: 368 of 368 correct is [99.0, 100.0], where
a percentile bootstrap, which can only redraw what it saw, gives [100.0, 100.0]. Wilson's
interval keeps close to its nominal coverage down to small cells (Brown, Cai & DasGupta 2001,
"Interval estimation for a binomial proportion"); Newcombe (1998), "Interval estimation for the
difference between independent proportions", recommends method 10 for ΔM and ΔF's kind of
difference.
"""

from __future__ import annotations

from math import sqrt
from statistics import NormalDist
from typing import Any

from common.fields import LABELS

Counts = list[int]  # [correct, wrong, inconclusive]

LEVEL = 0.95
Z = NormalDist().inv_cdf(0.5 + LEVEL / 2)
#: What summary.json's ``intervals`` and the signature's ``ci`` field say was used.
METHOD = "wilson"


def _round(value: float) -> float:
    return round(value, 6)


def wilson(hits: int, n: int) -> tuple[float, float]:
    """The Wilson score interval of ``hits`` of ``n`` (n > 0)."""
    p = hits / n
    spread = Z * Z / n
    centre = (p + spread / 2) / (1 + spread)
    half = Z * sqrt(p * (1 - p) / n + spread / (4 * n)) / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(first: tuple[int, int], second: tuple[int, int]) -> tuple[float, float]:
    """The interval of p1 − p2 from each one's Wilson interval (``(hits, n)`` each, n > 0)."""
    (hits1, n1), (hits2, n2) = first, second
    p1, p2 = hits1 / n1, hits2 / n2
    (low1, high1), (low2, high2) = wilson(hits1, n1), wilson(hits2, n2)
    difference = p1 - p2
    return (
        difference - sqrt((p1 - low1) ** 2 + (high2 - p2) ** 2),
        difference + sqrt((high1 - p1) ** 2 + (p2 - low2) ** 2),
    )


def _interval(bounds: tuple[float, float]) -> list[float]:
    return [_round(bounds[0]), _round(bounds[1])]


def cell(counts: Counts) -> dict[str, Any]:
    """A summary cell: counts, accuracy (correct of decided) and its interval."""
    correct, wrong, inconclusive = counts
    decided = correct + wrong
    return {
        "n": sum(counts),
        "correct": correct,
        "wrong": wrong,
        "inconclusive": inconclusive,
        "accuracy": _round(correct / decided) if decided else None,
        "ci95": _interval(wilson(correct, decided)) if decided else None,
    }


def rates(counts: Counts) -> dict[str, Any]:
    """Each label's share of all records, with its interval."""
    n = sum(counts)
    if not n:
        return {}
    return {
        label: {"value": _round(counts[i] / n), "ci95": _interval(wilson(counts[i], n))}
        for i, label in enumerate(LABELS)
    }


def proportion(hits: int, n: int) -> dict[str, Any]:
    if not n:
        return {"n": 0, "accuracy": None, "ci95": None}
    return {"n": n, "accuracy": _round(hits / n), "ci95": _interval(wilson(hits, n))}


def difference(first: Counts, second: Counts) -> dict[str, Any]:
    """accuracy(first) − accuracy(second); undefined when either decided nothing."""
    decided = [(counts[0], counts[0] + counts[1]) for counts in (first, second)]
    if not all(n for _, n in decided):
        return {"value": None, "ci95": None}
    value = decided[0][0] / decided[0][1] - decided[1][0] / decided[1][1]
    return {"value": _round(value), "ci95": _interval(newcombe(*decided))}
