"""How often the reference-free checker agrees with MT-GenEval's reference-based decision.

Both judge the same contextual line: MT-GenEval from the two references (correct /
incorrect / unscorable), the checker from the English sentence and the translation alone
(correct / wrong / inconclusive). Agreement is counted over the lines both decided;
every other line is counted by why it was not compared, and each disagreement is listed.
"""

from __future__ import annotations

import tempfile
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

from checker.pipeline.run import CheckOptions, check
from common.errors import GenError
from common.io import atomic_write, read_jsonl, write_jsonl
from scores.summary import SummaryBuilder

#: MT-GenEval's decision that matches each checker label.
_SAME = {"correct": "correct", "wrong": "incorrect"}


def checker_agreement(
    records: list[dict], segments: list[dict], checker_results: Mapping[str, dict]
) -> dict:
    """Compare line by line.

    ``records`` are the converter's records with ``translation`` (one per line, in order);
    ``segments`` MT-GenEval's decisions for the same lines (``scores.segments``);
    ``checker_results`` the checker's output records by ``id`` (a line the checker was not
    given, e.g. for want of an expected gender, is counted, not compared).
    """
    not_compared: Counter[str] = Counter()
    inconclusive_reasons: Counter[str] = Counter()
    confusion: Counter[str] = Counter()
    disagreements = []
    for record, segment in zip(records, segments, strict=True):
        result = checker_results.get(record["id"])
        if result is None:
            not_compared[_why_not_checked(record)] += 1
            continue
        if result["label"] not in _SAME:
            not_compared["checker_inconclusive"] += 1
            inconclusive_reasons[result.get("reason") or "unknown"] += 1
            continue
        if segment["decision"] == "unscorable":
            not_compared["mtgeneval_unscorable"] += 1
            continue
        confusion[f"checker_{result['label']}/mtgeneval_{segment['decision']}"] += 1
        if _SAME[result["label"]] != segment["decision"]:
            disagreements.append(
                {
                    "id": record["id"],
                    "line": segment["line"],
                    "text": record["text"],
                    "translation": record["translation"],
                    "expected_gender": record["expected_gender"],
                    "occupation": record["occupation"],
                    "checker_label": result["label"],
                    "checker_target_gender": result.get("target_gender"),
                    "checker_target_tokens": result.get("target_tokens"),
                    "mtgeneval_decision": segment["decision"],
                    "mtgeneval_wrong_words": segment["wrong_words"],
                    "mtgeneval_correct_words": segment["correct_words"],
                }
            )
    compared = sum(confusion.values())
    agree = compared - len(disagreements)
    return {
        "compared": compared,
        "agree": agree,
        "agreement": round(100 * agree / compared, 2) if compared else None,
        "confusion": dict(sorted(confusion.items())),
        "not_compared": dict(sorted(not_compared.items())),
        "checker_inconclusive_reasons": dict(inconclusive_reasons.most_common()),
        "disagreements": disagreements,
    }


def _why_not_checked(record: dict) -> str:
    if record.get("expected_gender") is None:
        return f"no_expected_gender:{record.get('undecidable', 'unknown')}"
    if record.get("occupation") is None:
        return "no_occupation"
    return "not_checked"


def run_checker(records: list[dict], lang: str, options: CheckOptions) -> tuple[dict, dict]:
    """Label ``records`` (with translations) with the reference-free checker in one batch;
    return its results by ``id`` and its summary (which carries its signature). The records
    go through a temporary file, whose name an error would not help the user with."""
    with tempfile.TemporaryDirectory(prefix="gen-mtgeneval-") as work:
        source, out = Path(work, "records.jsonl"), Path(work, "check")
        with atomic_write(source) as handle:
            write_jsonl(handle, records)
        try:
            summary = SummaryBuilder()
            check(source, out=out, lang=lang, options=options, summary=summary)
        except GenError as err:
            raise type(err)(f"--checker: {err.message}") from None
        results = {record["id"]: record for _, record in read_jsonl(out / "results.jsonl")}
    return results, summary.summary
