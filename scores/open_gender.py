"""Scores of open-gender records: which gender does the translation give a person the source
leaves open?

A record with ``expected_gender`` null (``gen build --open-gender``) is labelled feminine,
masculine, neutral, both or inconclusive (common.fields.OPEN_LABELS). :class:`OpenGenderCounts`
counts them by the record's metadata (memory does not grow with the input) and
:meth:`OpenGenderCounts.section` writes summary.json's ``open_gender`` object
(docs/formats.md):

- each label's share of all open records, with its Wilson interval;
- the *masculine-default rate*: masculine answers among the gendered ones (feminine +
  masculine). Neutral, both and inconclusive answers choose no gender and are left out, so
  the rate says which gender a system picks when it picks one (50% = no lean); how often it
  picks none is the neutral and both shares beside it;
- the same by the occupation's stereotype, the adjective's, the construction, the position
  relative to another person, and that person's stereotype;
- per occupation and in bins of its share of women (U.S. BLS, wordlists/en/occupations.tsv),
  the feminine share of gendered answers, and how it follows the share of women: a logistic
  regression of feminine (vs masculine) on the share of women in points of ten, with a Wald
  interval, and the Pearson correlation over occupations with Fisher's z interval.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable
from typing import Any

from common.errors import GenError
from common.fields import FEMININE, MASCULINE, OPEN_LABELS
from scores.intervals import Z, wilson
from scores.numbers import NOTHING, figure, with_interval

OpenCounts = list[int]  # one count per OPEN_LABELS entry
_FEMININE, _MASCULINE = OPEN_LABELS.index(FEMININE), OPEN_LABELS.index(MASCULINE)
NO_ADJECTIVE = NO_OTHER = "none"
PERSON = "person"  # a second person named by a person noun, with no occupation
#: Bins of the occupation's share of women (percent): [low, high), the last one closed.
SHARE_BINS = ((0, 20), (20, 40), (40, 60), (60, 80), (80, 100))
STEP = 10  # the logistic slope is per this many points of the share of women


def _stereotype(value: Any) -> str:
    return value["stereotype"] if isinstance(value, dict) else NO_ADJECTIVE


def _other(record: dict[str, Any]) -> str:
    """The other person's occupation stereotype; ``person`` for a person noun of no
    occupation ("a neighbor"), ``none`` without a second person."""
    distractors = record.get("distractors") or ()
    others = [d for d in distractors if d.get("type") == "occupation"]
    if others:
        return others[0].get("stereotype") or NO_OTHER
    return PERSON if any(d.get("type") == PERSON for d in distractors) else NO_OTHER


#: What an open record is counted by: name → getter.
DIMENSIONS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "occupation": lambda r: (r.get("occupation") or {}).get("text"),
    "share_women": lambda r: (r.get("occupation") or {}).get("share_women"),
    "occupation_stereotype": lambda r: (r.get("occupation") or {}).get("stereotype"),
    "adjective_stereotype": lambda r: _stereotype(r.get("adjective")),
    "construction": lambda r: r.get("construction"),
    "position": lambda r: r.get("position"),
    "other_stereotype": _other,
    "lang": lambda r: r.get("lang"),
}
#: The breakdowns of summary.json's ``open_gender``, each by one dimension.
BREAKDOWNS = (
    "occupation_stereotype",
    "adjective_stereotype",
    "construction",
    "position",
    "other_stereotype",
    "lang",
)


def _round(value: float) -> float:
    return round(value, 6)


def proportion(hits: int, n: int) -> dict[str, Any]:
    """``{value, ci95}`` of hits of n (both None when n is 0)."""
    if not n:
        return {"value": None, "ci95": None}
    low, high = wilson(hits, n)
    return {"value": _round(hits / n), "ci95": [_round(low), _round(high)]}


def cell(counts: OpenCounts) -> dict[str, Any]:
    """Counts per label, each label's share of all, and the masculine-default rate."""
    n = sum(counts)
    gendered = counts[_FEMININE] + counts[_MASCULINE]
    return {
        "n": n,
        **dict(zip(OPEN_LABELS, counts, strict=True)),
        "shares": {
            label: proportion(count, n) for label, count in zip(OPEN_LABELS, counts, strict=True)
        },
        "masculine_default": {**proportion(counts[_MASCULINE], gendered), "n": gendered},
    }


def _no_counts() -> list[int]:
    """An empty count per open label (a module-level function: counts travel pickled from
    Dask workers, and a lambda does not pickle)."""
    return [0] * len(OPEN_LABELS)


class OpenGenderCounts:
    """Open records' labels, counted under the tuple of their dimensions."""

    def __init__(self) -> None:
        self.combinations: dict[tuple, OpenCounts] = defaultdict(_no_counts)
        self.reasons: Counter[str] = Counter()

    @property
    def n(self) -> int:
        return sum(sum(counts) for counts in self.combinations.values())

    def add(self, result: dict[str, Any]) -> None:
        label = result.get("label")
        if label not in OPEN_LABELS:
            raise GenError(
                f"{label!r} is not an open-gender label ({', '.join(OPEN_LABELS)}) for a record "
                "with expected_gender null",
                field=f"{result.get('id')}.label",
            )
        key = tuple(get(result) for get in DIMENSIONS.values())
        self.combinations[key][OPEN_LABELS.index(label)] += 1
        if label == OPEN_LABELS[-1]:
            self.reasons[result.get("reason") or "unknown"] += 1

    def merge(self, other: OpenGenderCounts) -> None:
        for key, counts in other.combinations.items():
            mine = self.combinations[key]
            for slot, count in enumerate(counts):
                mine[slot] += count
        self.reasons.update(other.reasons)

    def table(self, *names: str) -> dict[tuple, OpenCounts]:
        """Counts by the values of the named dimensions, over records that have them all."""
        indices = [list(DIMENSIONS).index(name) for name in names]
        cells: dict[tuple, OpenCounts] = defaultdict(_no_counts)
        for key, counts in self.combinations.items():
            values = tuple(key[i] for i in indices)
            if None not in values:
                for slot, count in enumerate(counts):
                    cells[values][slot] += count
        return cells

    def section(self) -> dict[str, Any]:
        """``{"open_gender": {...}}`` for summary.json, or ``{}`` when no record was open."""
        if not self.combinations:
            return {}
        overall = [sum(c[slot] for c in self.combinations.values()) for slot in range(5)]
        breakdowns = {}
        for name in BREAKDOWNS:
            cells = self.table(name)
            if cells and not (name == "lang" and len(cells) < 2):
                breakdowns[name] = {str(key[0]): cell(cells[key]) for key in sorted(cells)}
        occupations = [
            {"occupation": name, "share_women": share, "stereotype": stereotype, **cell(counts)}
            for (name, share, stereotype), counts in sorted(
                self.table("occupation", "share_women", "occupation_stereotype").items(),
                key=lambda item: (item[0][1], item[0][0]),
            )
        ]
        return {
            "open_gender": {
                **cell(overall),
                "reasons": dict(sorted(self.reasons.items())),
                "breakdowns": breakdowns,
                "occupations": occupations,
                "share_women_bins": share_bins(occupations),
                "share_women_trend": trend(occupations),
            }
        }


def _bin(share: float) -> tuple[int, int]:
    for low, high in SHARE_BINS:
        if low <= share < high or (high == SHARE_BINS[-1][1] and share == high):
            return low, high
    raise GenError(f"share of women {share} is outside 0-100", field="occupation.share_women")


def share_bins(occupations: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The occupations' counts summed in bins of their share of women, each bin with the
    mean share of women of its records (where a figure places it)."""
    sums: dict[tuple[int, int], OpenCounts] = {}
    members: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for row in occupations:
        members[_bin(row["share_women"])].append(row)
        counts = sums.setdefault(_bin(row["share_women"]), [0] * len(OPEN_LABELS))
        for slot, label in enumerate(OPEN_LABELS):
            counts[slot] += row[label]
    return [
        {
            "low": low,
            "high": high,
            "occupations": len(members[low, high]),
            "share_women_mean": _round(
                sum(row["share_women"] * row["n"] for row in members[low, high]) / sum(counts)
            ),
            **cell(counts),
        }
        for (low, high), counts in sorted(sums.items())
    ]


def trend(occupations: list[dict[str, Any]]) -> dict[str, Any]:
    """How the feminine share of gendered answers follows the occupation's share of women."""
    groups = [
        (row["share_women"] / STEP, row[FEMININE], row[FEMININE] + row[MASCULINE])
        for row in occupations
        if row[FEMININE] + row[MASCULINE]
    ]
    return {
        "logistic": logistic_slope(groups),
        "correlation": correlation([(x * STEP, f / n) for x, f, n in groups]),
    }


def logistic_slope(groups: list[tuple[float, int, int]]) -> dict[str, Any]:
    """Maximum-likelihood logit(p) = a + b·x over grouped binomial counts ``(x, hits, n)``
    (Newton-Raphson), with the Wald interval of b; undefined where the data cannot fit it
    (one x value, or every answer of one gender: the estimate runs off to infinity)."""
    undefined = {"slope": None, "ci95": None, "intercept": None, "per": STEP, "n": 0}
    n = sum(trials for _, _, trials in groups)
    undefined["n"] = n
    hits = sum(h for _, h, _ in groups)
    if len({x for x, _, _ in groups}) < 2 or hits in (0, n):
        return undefined
    a = b = 0.0
    for _ in range(100):
        g0 = g1 = h00 = h01 = h11 = 0.0
        for x, h, trials in groups:
            p = 1 / (1 + math.exp(-(a + b * x)))
            w = trials * p * (1 - p)
            g0 += h - trials * p
            g1 += (h - trials * p) * x
            h00, h01, h11 = h00 + w, h01 + w * x, h11 + w * x * x
        det = h00 * h11 - h01 * h01
        if det <= 0:
            return undefined
        step_a, step_b = (h11 * g0 - h01 * g1) / det, (h00 * g1 - h01 * g0) / det
        a, b = a + step_a, b + step_b
        if abs(b) > 50:  # separated: no finite maximum
            return undefined
        if abs(step_a) < 1e-10 and abs(step_b) < 1e-10:
            break
    se = math.sqrt(h00 / det)
    return {
        "slope": _round(b),
        "ci95": [_round(b - Z * se), _round(b + Z * se)],
        "intercept": _round(a),
        "per": STEP,
        "n": n,
    }


def correlation(points: list[tuple[float, float]]) -> dict[str, Any]:
    """Pearson's r over ``(share of women, feminine share)`` per occupation, with Fisher's z
    interval (needs four occupations and some spread in both)."""
    k = len(points)
    result: dict[str, Any] = {"r": None, "ci95": None, "occupations": k}
    if k < 4:
        return result
    mx, my = sum(x for x, _ in points) / k, sum(y for _, y in points) / k
    sxy = sum((x - mx) * (y - my) for x, y in points)
    sxx, syy = sum((x - mx) ** 2 for x, _ in points), sum((y - my) ** 2 for _, y in points)
    if not sxx or not syy:
        return result
    r = max(-1.0, min(1.0, sxy / math.sqrt(sxx * syy)))
    if abs(r) == 1:
        return {**result, "r": _round(r), "ci95": [_round(r), _round(r)]}
    z, half = math.atanh(r), Z / math.sqrt(k - 3)
    return {
        **result,
        "r": _round(r),
        "ci95": [_round(math.tanh(z - half)), _round(math.tanh(z + half))],
    }


# summary.md


def share_text(cell_: dict[str, Any], label: str) -> str:
    """A label's share of a cell with its interval, as summary.md and the report write it."""
    share = cell_["shares"][label]
    return with_interval(share["value"], share["ci95"])


def default_text(cell_: dict[str, Any]) -> str:
    """A cell's masculine-default rate with its interval."""
    rate = cell_["masculine_default"]
    return with_interval(rate["value"], rate["ci95"])


def open_gender_markdown(summary: dict[str, Any]) -> list[str]:
    """The open-gender part of summary.md: its headline (which `gen check` prints after a run)
    and its tables."""
    return _headline(summary) + _tables(summary)


def _headline(summary: dict[str, Any]) -> list[str]:
    section = summary.get("open_gender")
    if not section:
        return []
    lines = [
        "",
        f"Open-gender records: {section['n']} (the source leaves the person's gender open)",
        "",
        "| | % [95% CI] |",
        "|---|---|",
        *(f"| {label} | {share_text(section, label)} |" for label in OPEN_LABELS),
        f"| **masculine default** (masculine of feminine + masculine) | {default_text(section)} |",
    ]
    logistic = section["share_women_trend"]["logistic"]
    if logistic["slope"] is not None:
        lines += [
            "",
            f"Feminine answers follow the share of women: logistic slope "
            f"{with_interval(logistic['slope'], logistic['ci95'], digits=3, signed=True)} "
            f"per {logistic['per']} points (odds ×{math.exp(logistic['slope']):.2f})",
        ]
    return lines


def _tables(summary: dict[str, Any]) -> list[str]:
    """Breakdowns, bins of the share of women, occupations."""
    section = summary.get("open_gender")
    if not section:
        return []
    header = "| n | " + " | ".join(OPEN_LABELS) + " | masculine default [95% CI] |"
    rule = "|---|---:|" + "---:|" * len(OPEN_LABELS) + "---|"

    def row(name: str, cell_: dict[str, Any]) -> str:
        shares = " | ".join(figure(cell_["shares"][label]["value"]) for label in OPEN_LABELS)
        return f"| {name} | {cell_['n']} | {shares} | {default_text(cell_)} |"

    lines = []
    if section["reasons"]:
        reasons = ", ".join(f"{reason} {count}" for reason, count in section["reasons"].items())
        lines += ["", f"Open-gender records inconclusive, by reason: {reasons}"]
    for name, cells in section["breakdowns"].items():
        lines += ["", f"## open gender by {name.replace('_', ' ')}", ""]
        lines += [f"| {name} {header}", rule, *(row(key, c) for key, c in cells.items())]
    lines += ["", "## open gender by share of women (BLS)", ""]
    lines += [f"| share of women {header}", rule]
    lines += [row(f"{b['low']}–{b['high']}%", b) for b in section["share_women_bins"]]
    correlation = section["share_women_trend"]["correlation"]
    r = (
        NOTHING
        if correlation["r"] is None
        else with_interval(correlation["r"], correlation["ci95"], digits=2)
    )
    lines += ["", f"Pearson r over {correlation['occupations']} occupations: {r}"]
    lines += [
        "",
        "## open gender by occupation",
        "",
        f"| occupation (share of women) {header}",
        rule,
    ]
    lines += [row(f"{o['occupation']} ({o['share_women']}%)", o) for o in section["occupations"]]
    return lines
