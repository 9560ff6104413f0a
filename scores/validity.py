"""The checker's validity card (checker/data/validity.json, docs/validity.md) in words: one
line for a terminal or `gen languages`, a table for summary.md. It reads the card's counts
and works out the percentages (and, for a human-judged sample, their Wilson intervals), so
the card holds no figure twice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scores.intervals import wilson
from scores.numbers import NOTHING, bounds, figure

#: The card's two halves of MT-GenEval's dev lines, as a reader should call them.
HALVES = {
    "flip_changes_occupation": "lines whose flip changes the occupation word",
    "other_lines": "the other lines",
}


def _share(part: int, whole: int) -> str:
    """``12.5%``; NOTHING for a share of nothing."""
    return f"{figure(part / whole)}%" if whole else NOTHING


def _half(counts: Mapping[str, int]) -> str:
    """``97.4% right on decided, 6.8% inconclusive (1200 labels)``: two labels a line, one
    for each reference."""
    neutral = counts.get("neutral", 0)  # neutral or both, counted apart (older cards have none)
    undecided = counts["results"] - counts["decided"] - neutral
    if not counts["results"]:
        return "none in the data"
    apart = f", {_share(neutral, counts['results'])} neutral or both" if neutral else ""
    return (
        f"{_share(counts['right'], counts['decided'])} right on decided, "
        f"{_share(undecided, counts['results'])} inconclusive{apart} ({counts['results']} labels)"
    )


def _ugb(ugb: Mapping[str, Any]) -> str:
    agreement = (
        f"agrees with that pipeline on {_share(ugb['agree'], ugb['both_decided'])} of the "
        "lines both decide"
        if ugb["both_decided"]
        else "no line both decide"
    )
    return (
        f"{_share(ugb['inconclusive'], ugb['n'])} inconclusive (the paper's pipeline "
        f"{_share(ugb['paper_inconclusive'], ugb['n'])}), {agreement} ({ugb['n']} lines)"
    )


def _judged_share(part: int, whole: int) -> str:
    """``96.8% [91.0, 98.9] (92 of 95)``: a human-judged share with its 95% interval."""
    if not whole:
        return f"{NOTHING} (none judged)"
    return f"{figure(part / whole)}% {bounds(wilson(part, whole))} ({part} of {whole})"


def _human_figures(human: Mapping[str, Any]) -> str:
    """gen's agreement with the readers where it decided, how many inconclusive records they
    could decide, and how many records how many readers judged."""
    decided, undecided = human["decided"], human["inconclusive"]
    readers = f"{human['annotators']} reader" + ("s" if human["annotators"] > 1 else "")
    if "kappa" in human:
        kappa = NOTHING if human["kappa"] is None else f"{human['kappa']:.2f}"
        readers += f", Cohen's kappa {kappa}, {human['disputed']} disputed left out"
    return (
        f"human-judged: {_judged_share(decided['right'], decided['judged'])} right on "
        f"decided ({decided['unclear']} unclear to the reader), inconclusive a reader could "
        f"decide {_judged_share(undecided['readable'], undecided['judged'])}; "
        f"{human['sample']} records of {human['run_records']}, {readers}"
    )


def _human_stamp(human: Mapping[str, Any]) -> str:
    return f"judged {human['date']} at gen {human['version']}"


def human_line(human: Mapping[str, Any]) -> str:
    """A human-judged sample in words, with when it was judged."""
    return f"{_human_figures(human)} [{_human_stamp(human)}]"


def measured(card: Mapping[str, Any]) -> str | None:
    """``tagger offline, aligner eflomal; measured 2026-05-10 at gen 0.1.0 (fd0f4be)``; None
    for a card with no dev-data part (human-judged only)."""
    if "tagger" not in card:
        return None
    return (
        f"tagger {card['tagger']}, aligner {card['aligner']}; measured {card['date']} "
        f"at gen {card['version']} ({card['commit']})"
    )


def card_line(lang: str, card: Mapping[str, Any], *, stamp: bool = True) -> str:
    """The whole card on one (long) line; without ``stamp``, not saying when it was measured
    (for a list that says it once)."""
    parts = []
    if "mtgeneval" in card:
        halves = "; ".join(
            f"{name} {_half(card['mtgeneval'][key])}" for key, name in HALVES.items()
        )
        parts.append(f"MT-GenEval dev: {halves}")
    if "ugb" in card:
        parts.append(f"UGB dev slice: {_ugb(card['ugb'])}")
    dev = ". ".join(parts) + (f" [{measured(card)}]" if stamp and parts else "")
    human = human_line(card["human"]) if "human" in card else ""
    return f"{lang}: " + ". ".join(part for part in (dev, human) if part)


def card_markdown(cards: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """summary.md's section: per language, each data set's figures and when they were
    measured."""
    lines = [
        "## validity of the checker",
        "",
        "How often gen check's labels were right on dev data with references (docs/validity.md):",
        "",
        "| lang | data | figures | measured |",
        "|---|---|---|---|",
    ]
    for lang, card in cards.items():
        rows = [
            (f"MT-GenEval dev, {name}", _half(card["mtgeneval"][key]))
            for key, name in HALVES.items()
            if "mtgeneval" in card
        ]
        if "ugb" in card:
            rows.append(("UGB dev slice (M2M-100 1.2B)", _ugb(card["ugb"])))
        lines += [f"| {lang} | {data} | {text} | {measured(card)} |" for data, text in rows]
        if "human" in card:
            human = card["human"]
            lines.append(
                f"| {lang} | {human['data']} | {_human_figures(human)} | {_human_stamp(human)} |"
            )
    return lines


def headline(cards: Mapping[str, Mapping[str, Any]]) -> str:
    """The terminal's one short line: MT-GenEval's two halves per language, or where the
    rest is."""
    parts = []
    for lang, card in cards.items():
        if "mtgeneval" in card:
            halves = card["mtgeneval"]
            figures = " / ".join(
                f"{_share(h['right'], h['decided'])} right, "
                f"{_share(h['results'] - h['decided'], h['results'])} inconclusive"
                if h["results"]
                else "none"
                for h in (halves[key] for key in HALVES)
            )
            parts.append(f"{lang} {figures}")
        elif "ugb" in card:
            parts.append(f"{lang} UGB dev only")
        if "human" in card:
            decided = card["human"]["decided"]
            share = _share(decided["right"], decided["judged"])
            parts.append(f"{lang} {share} right as readers judged {card['human']['sample']}")
    return (
        "checker validity on MT-GenEval dev (occupation word flips / other lines): "
        + "; ".join(parts)
        + " (summary.md)"
    )
