"""MT-GenEval results on disk and on screen: summary.json, summary.md, segments.jsonl."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from common.io import write_jsonl
from common.outputs import MT_GENEVAL, output_folder
from scores.mtgeneval.scores import Scores
from scores.numbers import bounds, figure, with_interval

_COUNTS = (
    "accuracy",
    "accuracy_ci95",
    "correct",
    "incorrect",
    "unscorable",
    "no_contrastive_words",
)


def markdown(summary: dict) -> str:
    """A short Markdown report: accuracy table (pairs and halves), quality gap, signature."""
    unit = "pairs" if summary["subset"] == "counterfactual" else "segments"
    lines = [
        f"# MT-GenEval en→{summary['lang']}, {summary['subset']} ({summary['split']}),"
        f" {summary['mode']} mode",
        "",
        f"Hypotheses: {', '.join(summary['hypotheses'])}; {summary[unit]} {unit}.",
        "",
        "| | accuracy % | 95% CI | correct | incorrect | unscorable | no contrastive words |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    rows = [(unit, summary)]
    rows += [(half, summary[half]) for half in ("feminine", "masculine") if half in summary]
    for name, row in rows:
        accuracy, ci, *counts = (row[key] for key in _COUNTS)
        lines.append(
            f"| {name} | {figure(accuracy, digits=2)} | {bounds(ci, digits=2)} | "
            + " | ".join(map(str, counts))
            + " |"
        )
    if "quality_gap" in summary:
        lines += [
            "",
            "Gender quality gap (masculine − feminine, sacreBLEU):",
            "",
            "| metric | feminine | masculine | gap [95% CI] |",
            "|---|---:|---:|---:|",
        ]
        for name, gap in summary["quality_gap"].items():
            lines.append(
                f"| {name} | {figure(gap['feminine'], digits=2)} "
                f"| {figure(gap['masculine'], digits=2)} "
                f"| {with_interval(gap['gap'], gap.get('gap_ci95'), digits=2, signed=True)} |"
            )
        lines.append("")
        lines += [f"- {name}: `{gap['signature']}`" for name, gap in summary["quality_gap"].items()]
    if "checker_agreement" in summary:
        agreement = summary["checker_agreement"]
        lines += [
            "",
            f"Reference-free checker agreement: {agreement['agree']}/{agreement['compared']}"
            f" ({agreement['agreement']}%), {len(agreement['disagreements'])} disagreements"
            " listed in summary.json.",
        ]
    lines += ["", f"Signature: `{summary['signature']}`", ""]
    return "\n".join(lines)


def write_report(
    scores: Scores, out: Path, *, force: bool = False, inputs: Sequence[Path | None] = ()
) -> None:
    """Write OUT/summary.json, OUT/summary.md and OUT/segments.jsonl, all or nothing
    (``inputs``: the files scored, which the output must not replace)."""
    with output_folder(out, MT_GENEVAL, force=force, inputs=inputs) as staging:
        (staging / "summary.json").write_text(
            json.dumps(scores.summary, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        (staging / "summary.md").write_text(markdown(scores.summary), encoding="utf-8")
        with open(staging / "segments.jsonl", "w", encoding="utf-8") as handle:
            write_jsonl(handle, scores.segments)
