"""How figures are written in summaries, tables and reports: in one place, so that a run's
summary.md and the report built from it show the same digits."""

from __future__ import annotations

from collections.abc import Sequence

NOTHING = "–"  # a figure that is undefined (no decided record in its cell)


def figure(value: float | None, *, digits: int | None = None, signed: bool = False) -> str:
    """``value`` (a rate) in points of percent to one decimal, or with ``digits`` as itself
    to that many decimals (TGBI's P_S, MT-GenEval's accuracy); NOTHING when undefined."""
    if value is None:
        return NOTHING
    sign = "+" if signed else ""
    if digits is None:
        return f"{100 * value:{sign}.1f}"
    return f"{value:{sign}.{digits}f}"


def with_interval(
    value: float | None,
    ci95: Sequence[float] | None,
    *,
    digits: int | None = None,
    signed: bool = False,
) -> str:
    """``82.4 [80.1, 84.6]``, each number as :func:`figure` writes it; the interval left out
    when there is none."""
    text = figure(value, digits=digits, signed=signed)
    if value is None or not ci95:
        return text
    low, high = (figure(bound, digits=digits, signed=signed) for bound in ci95)
    return f"{text} [{low}, {high}]"


def bounds(ci95: Sequence[float | None] | None, *, digits: int | None = None) -> str:
    """``80.1–84.6``: an interval in a column of its own; NOTHING when there is none."""
    if not ci95:
        return NOTHING
    low, high = ci95
    return f"{figure(low, digits=digits)}–{figure(high, digits=digits)}"
