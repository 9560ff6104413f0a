"""Which interval a summary gets, and the cluster intervals of a grammar set's summary.

The rule (``--ci auto``, the default): records that all name an occupation and a construction
come from a grammar (``gen build`` writes both), and get the cluster bootstrap over
occupations × constructions (scores/bootstrap.py); any other input (WinoMT, MT-GenEval's
contextual records, a file of hand-made records) gets Wilson's closed form, whose sentences
really are separate items. ``--ci wilson`` and ``--ci cluster[-FACTOR+FACTOR...]`` choose
by hand.

A cluster interval is the hull of the bootstrap's percentile interval and the closed-form one
(Wilson; Newcombe for ΔM/ΔF): resampling a handful of clusters can only redraw what it saw
(368 of 368 correct gives [100, 100]), and the sentence-level uncertainty is there whatever
the occupations.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from common.errors import GenError
from scores.bootstrap import FACTORS, Design, Resamples, percentile_interval, ratio_interval

#: The factors of ``--ci auto`` and a bare ``--ci cluster``.
GRAMMAR_FACTORS = ("occupation", "construction")
CHOICES = "auto, wilson, cluster or cluster-FACTOR+... (FACTORs: " + ", ".join(FACTORS) + ")"

#: Counts by the values of some dimensions (scores.summary.SummaryBuilder.table).
Table = Callable[[tuple[str, ...]], Mapping[tuple[str, ...], list[int]]]


def factors_requested(requested: str) -> tuple[str, ...] | None:
    """The factors ``--ci cluster-A+B`` names (``()`` for a bare ``cluster``; None for
    ``auto`` and ``wilson``); anything else is an error, raised before any record is read."""
    if requested in ("auto", "wilson"):
        return None
    if requested == "cluster":
        return ()
    factors = tuple(requested.removeprefix("cluster-").split("+"))
    if not requested.startswith("cluster-") or not all(name in FACTORS for name in factors):
        raise GenError(f"--ci: {requested!r} is not one of {CHOICES}")
    return factors


def choose(
    requested: str, named: Callable[[str], bool], *, samples: int, seed: int
) -> Design | None:
    """The Design for ``--ci requested`` (None: Wilson); ``named(field)`` says whether every
    record names that field."""
    if requested == "wilson":
        return None
    if requested == "auto":
        grammar = all(named(FACTORS[name]) for name in GRAMMAR_FACTORS)
        return Design(GRAMMAR_FACTORS, samples, seed) if grammar else None
    factors = factors_requested(requested) or tuple(
        name for name in GRAMMAR_FACTORS if named(FACTORS[name])
    )
    missing = [FACTORS[name] for name in factors or GRAMMAR_FACTORS if not named(FACTORS[name])]
    if missing:
        raise GenError(
            f"--ci {requested}: not every record names {' or '.join(missing)}, "
            "so there is nothing to resample; use --ci wilson"
        )
    return Design(factors, samples, seed)


def _round(bounds: tuple[float, float]) -> list[float]:
    return [round(bounds[0], 6), round(bounds[1], 6)]


def hull(closed: list[float] | None, cluster: tuple[float, float] | None) -> list[float] | None:
    """The smallest interval holding both (either may be missing)."""
    if cluster is None:
        return closed
    if closed is None:
        return _round(cluster)
    return _round((min(closed[0], cluster[0]), max(closed[1], cluster[1])))


class ClusterIntervals:
    """Resampled totals of a summary's cells, all from one draw of the clusters."""

    def __init__(self, table: Table, pairs: Table, design: Design) -> None:
        self.table, self.pairs, self.design = table, pairs, design
        self.fields = tuple(FACTORS[name] for name in design.factors)
        # a cell all of whose records were counted apart (neutral, both) has pairs, no labels
        self.units = sorted(set(table(self.fields)) | set(pairs(self.fields)))
        self.resamples = Resamples(self.units, design)

    def totals(
        self, dimensions: tuple[str, ...], source: Table | None = None
    ) -> dict[tuple, np.ndarray]:
        """Each cell of ``dimensions`` → its resampled label totals (samples × slots)."""
        joint = (source or self.table)(dimensions + self.fields)
        cells = sorted({key[: len(dimensions)] for key in joint})
        slots = len(next(iter(joint.values()))) if joint else 3
        counts = np.zeros((len(self.units), len(cells), slots))
        where = {cell: i for i, cell in enumerate(cells)}
        unit = self.resamples.index
        for key, values in joint.items():
            counts[unit[key[len(dimensions) :]], where[key[: len(dimensions)]]] += values
        totals = self.resamples.totals(counts)
        return {cell: totals[:, i] for i, cell in enumerate(cells)}

    def widen(
        self,
        summary: dict[str, Any],
        breakdowns: Mapping[str, tuple[str, ...]],
        deltas: Mapping[str, tuple[str, str, str]],
    ) -> None:
        """Replace the closed-form intervals of ``summary`` by cluster intervals (in place)."""
        overall = self.totals(())[()]
        _widen_accuracy(summary["overall"], overall)
        for slot, rate in enumerate(summary["overall"].get("rates", {}).values()):
            rate["ci95"] = hull(rate["ci95"], ratio_interval(overall[:, slot], overall.sum(axis=1)))
        for name, table in summary["breakdowns"].items():
            for cell, totals in self.totals(breakdowns[name]).items():
                _widen_accuracy(_nested(table["cells"], cell), totals)
        by_stereotype = self.totals(breakdowns["trigger_gender_x_occupation_stereotype"])
        for name, delta in summary["delta"].items():
            trigger, pro, anti = deltas[name]
            pro_accuracy, anti_accuracy = (
                _accuracy(by_stereotype[trigger, s]) for s in (pro, anti)
            )
            delta["ci95"] = hull(delta["ci95"], percentile_interval(pro_accuracy - anti_accuracy))
        pairs = self.totals((), self.pairs).get(())
        if pairs is not None and summary["pairs"]["n"]:
            both_correct = ratio_interval(pairs[:, 1], pairs[:, 0])
            summary["pairs"]["ci95"] = hull(summary["pairs"]["ci95"], both_correct)


def _accuracy(totals: np.ndarray) -> np.ndarray:
    """Correct of decided per resample; NaN where the resample decided none."""
    with np.errstate(invalid="ignore", divide="ignore"):
        return totals[:, 0] / (totals[:, 0] + totals[:, 1])


def _widen_accuracy(cell: dict[str, Any], totals: np.ndarray) -> None:
    cell["ci95"] = hull(cell["ci95"], ratio_interval(totals[:, 0], totals[:, 0] + totals[:, 1]))


def _nested(cells: dict[str, Any], key: Iterable[str]) -> dict[str, Any]:
    for part in key:
        cells = cells[part]
    return cells
