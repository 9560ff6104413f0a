"""A seeded sample of a run's records, stratified by label.

Each label gets its share of the sample in proportion to its share of the run (largest
remainders), and at least one record while the sample has room for one of each, so a label
as rare as a few percent is still looked at. The records within a label are drawn with
Python's ``random.Random(seed)``, and the sheet's rows are shuffled with the same generator:
the rows' order says nothing about the labels.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from common.errors import GenError
from common.io import read_jsonl


def allocate(sizes: Mapping[str, int], n: int) -> dict[str, int]:
    """How many records to draw from each stratum: proportional, largest remainders, at
    least one from each non-empty stratum while ``n`` allows."""
    total = sum(sizes.values())
    n = min(n, total)
    strata = [name for name, size in sizes.items() if size]
    floor = 1 if n >= len(strata) else 0
    share = {name: max(floor, n * sizes[name] // total) for name in strata}
    share = {name: min(share[name], sizes[name]) for name in strata}
    remainders = sorted(strata, key=lambda name: (-(n * sizes[name] % total), -sizes[name], name))
    while sum(share.values()) < n:
        for name in remainders:
            if sum(share.values()) < n and share[name] < sizes[name]:
                share[name] += 1
    while sum(share.values()) > n:  # the floors of rare strata overshot: take from the largest
        largest = max(strata, key=lambda name: (share[name], name))
        share[largest] -= 1
    return share


def draw(records: Sequence[Mapping[str, Any]], n: int, seed: int) -> list[Mapping[str, Any]]:
    """``n`` records (all, where the run has fewer), stratified by ``label``, in an order
    that does not follow the labels."""
    if n < 1:
        raise GenError("the sample must hold at least one record", field="--sample")
    if not records:
        raise GenError("the run has no records to sample")
    strata: dict[str, list[Mapping[str, Any]]] = {}
    for record in records:
        strata.setdefault(str(record.get("label")), []).append(record)
    rng = random.Random(seed)
    drawn = []
    for name, count in sorted(allocate({k: len(v) for k, v in strata.items()}, n).items()):
        drawn += rng.sample(strata[name], count)
    rng.shuffle(drawn)
    return drawn


def read_run(run: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A `gen check` folder's records (results.jsonl) and what the key keeps of the run: its
    language, signature and label counts. The run must be of one language."""
    results = run / "results.jsonl"
    records = [record for _, record in read_jsonl(results)]
    for number, record in enumerate(records, 1):
        if "label" not in record:
            raise GenError("no label: not a gen check result", path=results, line=number)
    summary_file = run / "summary.json"
    summary = json.loads(summary_file.read_text(encoding="utf-8")) if summary_file.is_file() else {}
    langs = sorted({str(record.get("lang") or "") for record in records} - {""})
    lang = summary.get("signature_fields", {}).get("lang") or "+".join(langs)
    if not lang or "+" in lang:
        raise GenError(
            f"annotate a run of one language (this one has {lang or 'none named'})", path=run
        )
    return records, {
        "lang": lang,
        "signature": summary.get("signature"),
        "population": dict(Counter(str(record["label"]) for record in records)),
    }
