"""The answers counted apart from correct, wrong and inconclusive in a fixed-gender set: a
translation that marks no gender for the person, or both (common.fields.APART). Each is
given with its share of all records; the grammar paper's scheme (`gen check --compat`)
counts them as inconclusive instead."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from common.fields import APART, INCONCLUSIVE
from scores import intervals
from scores.numbers import bounds, figure


def counted_as(label: str, *, compat: bool) -> str:
    """The label a summary counts: ``inconclusive`` for neutral and both under ``compat``."""
    return INCONCLUSIVE if compat and label in APART else label


def shares(apart: Mapping[str, int], counted: int) -> dict[str, Any]:
    """Each label counted apart: how many, and its share of all records (``counted`` of
    the other labels and these) with its Wilson interval."""
    total = counted + sum(apart.values())
    found = {label: intervals.proportion(n, total) for label, n in apart.items()}
    return {
        label: {"n": apart[label], "value": share["accuracy"], "ci95": share["ci95"]}
        for label, share in sorted(found.items())
    }


def markdown_rows(summary: Mapping[str, Any]) -> list[str]:
    """summary.md's rows for them, beside the labels' own rates."""
    return [
        f"| {label} (apart, of all records) | {figure(share['value'])} | {bounds(share['ci95'])} |"
        for label, share in summary.get("apart", {}).items()
    ]
