"""Percentile bootstrap intervals for label counts, the same for the same cell in every run
(each cell's generator is seeded by the run's seed and the cell's path)."""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np

from common.fields import LABELS

Counts = list[int]  # [correct, wrong, inconclusive]


def _round(value: float | None) -> float | None:
    return None if value is None or np.isnan(value) else round(float(value), 6)


def accuracies(counts: np.ndarray) -> np.ndarray:
    """Correct of decided along the last axis of label counts (correct, wrong, inconclusive);
    NaN where nothing is decided."""
    correct, wrong = counts[..., 0], counts[..., 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(correct + wrong > 0, correct / (correct + wrong), np.nan)


class Bootstrap:
    """Percentile bootstrap over a cell's records, drawn as multinomial counts."""

    def __init__(self, seed: int, resamples: int) -> None:
        self.seed = seed
        self.resamples = resamples

    def _rng(self, path: tuple[str, ...]) -> np.random.Generator:
        """A generator seeded by the run's seed and the cell's path."""
        return np.random.default_rng([self.seed, zlib.crc32("\x1f".join(path).encode())])

    def _draws(self, counts: Counts, path: tuple[str, ...]) -> np.ndarray:
        """``resamples`` × 3 resampled counts, the same for the same cell in every run."""
        n = sum(counts)
        return self._rng(path).multinomial(n, np.asarray(counts) / n, size=self.resamples)

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
            "ci95": self._interval(accuracies(self._draws(counts, path))) if decided else None,
        }

    def rates(self, counts: Counts, path: tuple[str, ...]) -> dict[str, Any]:
        n = sum(counts)
        if not n:
            return {}
        draws = self._draws(counts, path) / n
        return {
            label: {"value": _round(counts[i] / n), "ci95": self._interval(draws[:, i])}
            for i, label in enumerate(LABELS)
        }

    def proportion(self, hits: int, n: int, path: tuple[str, ...]) -> dict[str, Any]:
        if not n:
            return {"n": 0, "accuracy": None, "ci95": None}
        draws = self._rng(path).binomial(n, hits / n, size=self.resamples) / n
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
        draws = accuracies(self._draws(first, first_path)) - accuracies(
            self._draws(second, second_path)
        )
        return {"value": _round(value), "ci95": self._interval(draws)}
