"""How figures are written in summaries, tables and reports: in one place, so that a run's
summary.md and the report built from it show the same digits."""

from __future__ import annotations

from collections.abc import Sequence

NOTHING = "–"  # a figure that is undefined (no decided record in its cell)


def figure(value: float | None, *, digits: int | None = None, signed: bool = False) -> str:
    """``value`` (a rate) in points of percent to one decimal, or with ``digits`` as itself
    to that many decimals (TGBI's P_S, MT-GenEval's accuracy); NOTHING when undefined.
    A value that rounds to zero is written ``0.0`` (``+0.0`` when signed), never ``-0.0``."""
    if value is None:
        return NOTHING
    number, places = (100 * value, 1) if digits is None else (value, digits)
    if round(number, places) == 0:
        number = 0.0  # drops the sign of -0.04 (Python 3.11's "z" format, on 3.10 too)
    return f"{number:{'+' if signed else ''}.{places}f}"


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
    return f"{text} {bounds(ci95, digits=digits, signed=signed)}"


def bounds(
    ci95: Sequence[float | None] | None, *, digits: int | None = None, signed: bool = False
) -> str:
    """``[80.1, 84.6]``: an interval, in a column of its own or after its value; NOTHING
    when there is none. Brackets, not a dash, so negative bounds stay readable."""
    if not ci95:
        return NOTHING
    low, high = (figure(bound, digits=digits, signed=signed) for bound in ci95)
    return f"[{low}, {high}]"
