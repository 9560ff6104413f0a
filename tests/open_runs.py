"""Hand-made `gen check` output folders of an open-gender set, for the scores' and report's tests.

The records are the shipped open xs set's (generator/english_records.py); each gets an open
label from a seeded draw in which the feminine answer grows with the occupation's share of
women (``slope`` per 10 points, ``intercept`` at 50%), so the figure has a trend to show. They
are summarised by the checker's own :func:`scores.summary.summarise`, as `gen check` does.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

from common.fields import BOTH, FEMININE, INCONCLUSIVE, MASCULINE, NEUTRAL
from common.io import write_jsonl
from generator import english, english_parts, english_records
from scores.summary import summarise


def open_records(size: str = "xs") -> list[dict]:
    grammar, lists = english.load(open_gender=True)
    return list(english_records.records(english_parts.prepare(size, grammar, lists)))


def open_label(
    record: dict, rng: random.Random, *, intercept: float, slope: float, neutral: float
) -> str:
    """neutral, both or inconclusive with fixed odds; otherwise feminine with a probability
    that follows the share of women."""
    draw = rng.random()
    if draw < neutral:
        return NEUTRAL
    if draw < neutral + 0.03:
        return BOTH
    if draw < neutral + 0.05:
        return INCONCLUSIVE
    x = (record["occupation"]["share_women"] - 50) / 10
    feminine = 1 / (1 + math.exp(-(intercept + slope * x)))
    return FEMININE if rng.random() < feminine else MASCULINE


def make_open_run(
    folder: Path,
    *,
    lang: str,
    intercept: float = -1.0,
    slope: float = 0.4,
    neutral: float = 0.1,
    seed: int = 1,
    set_hash: str = "sha256.0pen5e7a9c11",
) -> Path:
    """Write ``folder/results.jsonl`` and ``folder/summary.json`` for one hand-made open run."""
    rng = random.Random(seed)
    results = []
    for record in open_records():
        label = open_label(record, rng, intercept=intercept, slope=slope, neutral=neutral)
        result = {**record, "lang": lang, "translation": "…", "label": label}
        if label == INCONCLUSIVE:
            result["reason"] = "no_gender"
        results.append(result)
    fields = {"set": set_hash, "lang": lang, "aligner": "eflomal", "tagger": "apertium-3.8.3"}
    folder.mkdir(parents=True)
    with open(folder / "results.jsonl", "w", encoding="utf-8") as handle:
        write_jsonl(handle, results)
    summary = summarise(results, signature={**fields, "version": "0.1.0"}, system=folder.name)
    (folder / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return folder
