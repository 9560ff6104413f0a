"""MT-GenEval's contextual subset and a system's translations → `gen check` records: the
converter `gen mt-geneval --checker` runs (scores.mtgeneval.records), written to a file."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from common.io import read_lines
from scores.mtgeneval.dataset import check_same_length, read_contextual
from scores.mtgeneval.records import checkable, contextual_records, with_translations

#: The dataset's own translations `--references` may stand in for a system's.
REFERENCES = ("original", "flipped")


def import_records(
    root: Path, lang: str, split: str, hypotheses: Path | None, references: str | None
) -> tuple[list[dict], Counter]:
    """The checkable records with their translations (the hypotheses, or the dataset's
    ``original``/``flipped`` references), and how many lines were left out, by reason:
    ``no_occupation``, or ``no_expected_gender:REASON`` (the context fixes no gender)."""
    data = read_contextual(root, lang, split)
    if hypotheses is not None:
        lines = read_lines(hypotheses)
        check_same_length(data.original, data.files["original"], lines, hypotheses)
    else:
        lines = data.original if references == "original" else data.flipped
    records = with_translations(contextual_records(data, lang, split), lines)
    kept = checkable(records)
    left_out = Counter(
        "no_occupation"
        if record["occupation"] is None
        else f"no_expected_gender:{record.get('undecidable')}"
        for record in records
        if record["expected_gender"] is None or record["occupation"] is None
    )
    return kept, left_out
