"""Paired bootstrap resampling between two systems labelled on the same set (Koehn, 2004).

The test follows sacreBLEU's ``paired-bs`` (sacrebleu/significance.py): resample the items
with replacement, score both systems on each resample, centre the resampled absolute
differences and count how often they exceed the observed one; p = (count + 1) / (samples + 1).
Accuracy is per item 1 (correct) or 0 (wrong or inconclusive), so a resample is fully
described by how many items fall in each of the four (a, b) outcomes: one multinomial draw
per resample gives the exact bootstrap distribution in O(samples) memory, whatever the
set's size.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from gen.errors import GenError

SAMPLES, SEED = 1000, 12345


@dataclass(frozen=True)
class PairedResult:
    """System B against system A on the items both labelled (matched by id)."""

    n: int
    accuracy_a: float
    accuracy_b: float
    ci95: tuple[float, float]  # of accuracy_b - accuracy_a
    p_value: float
    samples: int
    seed: int

    @property
    def difference(self) -> float:
        return self.accuracy_b - self.accuracy_a


def paired_bootstrap(
    labels_a: Mapping[str, str],
    labels_b: Mapping[str, str],
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
) -> PairedResult:
    """Compare two runs' labels (``id`` → label) on the ids they share."""
    shared = labels_a.keys() & labels_b.keys()
    if not shared:
        raise GenError("the two runs share no record ids: they were not run on the same set")
    a = np.fromiter((labels_a[key] == "correct" for key in shared), dtype=bool, count=len(shared))
    b = np.fromiter((labels_b[key] == "correct" for key in shared), dtype=bool, count=len(shared))
    # Outcome counts in the order (a only, b only, both, neither).
    counts = np.array([(a & ~b).sum(), (b & ~a).sum(), (a & b).sum(), (~a & ~b).sum()])
    n = len(shared)
    draws = np.random.default_rng(seed).multinomial(n, counts / n, size=samples)
    accuracy_a = (draws[:, 0] + draws[:, 2]) / n
    accuracy_b = (draws[:, 1] + draws[:, 2]) / n
    observed = (counts[1] - counts[0]) / n
    differences = accuracy_b - accuracy_a
    spread = np.abs(differences)
    exceed = int(np.sum(spread - spread.mean() > abs(observed)))
    low, high = np.percentile(differences, [2.5, 97.5])
    return PairedResult(
        n=n,
        accuracy_a=float((counts[0] + counts[2]) / n),
        accuracy_b=float((counts[1] + counts[2]) / n),
        ci95=(float(low), float(high)),
        p_value=(exceed + 1) / (samples + 1),
        samples=samples,
        seed=seed,
    )
