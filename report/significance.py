"""Paired bootstrap resampling between two systems labelled on the same set (Koehn, 2004).

Resample the items with replacement and score both systems on each resample, as sacreBLEU's
``paired-bs`` does. The p-value is two-sided: the share of resampled differences that, centred
on the observed difference (the null hypothesis), lie at least as far from zero as the observed
one, p = (count + 1) / (samples + 1) (Efron & Tibshirani 1993, §16.4). It agrees with the
percentile interval: p < 0.05 about when the interval excludes 0. sacreBLEU instead centres the
*absolute* differences, which makes its test one-sided (p < 0.05 can stand beside an interval
across 0) and gives a system compared with itself p = 1 / (samples + 1); here that is p = 1.

The score is the checker's accuracy, correct of decided (correct + wrong), so each item is one
of nine (label A, label B) outcomes, and a resample is fully described by how many items fall
in each: one multinomial draw per resample gives the exact bootstrap distribution in
O(samples) memory, whatever the set's size.

Runs on a grammar set whose summaries used the cluster bootstrap (``ci:cluster-...``) are also
compared on resamples of the set's occupations and constructions (scores/bootstrap.py): each
cluster's nine outcome counts, weighted by how often the resample drew it. Their items share
occupations and templates, so a difference that holds for these sentences may not hold for
another draw of occupations; the interval is the hull of the two and p the larger of the two
(docs/intervals.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import numpy as np

from common.errors import GenError
from common.fields import LABELS
from scores.apart import counted_as
from scores.bootstrap import Design, Resamples

SAMPLES, SEED = 1000, 12345


def accuracies(counts: np.ndarray) -> np.ndarray:
    """Correct of decided along the last axis of label counts (correct, wrong, inconclusive);
    NaN where nothing is decided."""
    correct, wrong = counts[..., 0], counts[..., 1]
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(correct + wrong > 0, correct / (correct + wrong), np.nan)


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
    method: str = "items"  # or the cluster bootstrap's name (scores.bootstrap.Design.method)

    @property
    def difference(self) -> float:
        return self.accuracy_b - self.accuracy_a


def _slot(label: str) -> int:
    """A label's row: neutral and both are no decision here, as inconclusive."""
    return LABELS.index(counted_as(label, compat=True))


def paired_bootstrap(
    labels_a: Mapping[str, str],
    labels_b: Mapping[str, str],
    *,
    samples: int = SAMPLES,
    seed: int = SEED,
    clusters: Mapping[str, tuple[str, ...]] | None = None,
    design: Design | None = None,
) -> PairedResult:
    """Compare two runs' labels (``id`` → label) on the ids they share; with ``clusters``
    (``id`` → the item's level of each of ``design``'s factors), on resamples of the
    clusters too."""
    shared = sorted(labels_a.keys() & labels_b.keys())
    if not shared:
        raise GenError("the two runs share no record ids: they were not run on the same set")
    units = sorted({clusters[key] for key in shared}) if clusters and design else [()]
    where = {unit: i for i, unit in enumerate(units)}
    outcomes = np.zeros((len(units), len(LABELS), len(LABELS)), dtype=np.int64)
    for key in shared:
        unit = where[clusters[key]] if clusters and design else 0
        outcomes[unit, _slot(labels_a[key]), _slot(labels_b[key])] += 1
    pooled = outcomes.sum(axis=0)
    accuracy_a, accuracy_b = accuracies(pooled.sum(axis=1)), accuracies(pooled.sum(axis=0))
    if np.isnan(accuracy_a) or np.isnan(accuracy_b):
        raise GenError("one of the two runs decided none of the shared records")
    observed = float(accuracy_b - accuracy_a)
    n = len(shared)
    draws = np.random.default_rng(seed).multinomial(n, pooled.ravel() / n, size=samples)
    result = _percentiles(draws.reshape(samples, *pooled.shape), observed)
    result = PairedResult(n, float(accuracy_a), float(accuracy_b), *result, samples, seed)
    if not (clusters and design):
        return result
    resampled = Resamples(units, design).totals(outcomes)
    (low, high), p_value = _percentiles(resampled, observed)
    return replace(
        result,
        ci95=(min(low, result.ci95[0]), max(high, result.ci95[1])),
        p_value=max(p_value, result.p_value),
        method=design.method,
    )


def _percentiles(draws: np.ndarray, observed: float) -> tuple[tuple[float, float], float]:
    """The percentile interval of B − A over resampled outcome tables (samples × A × B), and
    the two-sided p of the observed difference."""
    differences = accuracies(draws.sum(axis=1)) - accuracies(draws.sum(axis=2))
    differences = differences[~np.isnan(differences)]
    reach = int(np.sum(np.abs(differences - observed) >= abs(observed)))
    low, high = np.percentile(differences, [2.5, 97.5])
    return (float(low), float(high)), (reach + 1) / (len(differences) + 1)
