"""Tables for the published scores the checker also computes: TGBI and MT-GenEval.

They read the summaries that scores/tgbi.py and checker/mtgeneval write, in those modules'
own layouts (docs/formats.md), and print their numbers at the precision those modules do.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from report.load import Run
from report.tables import Table
from scores.numbers import NOTHING, figure, with_interval


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def tgbi_table(run: Run) -> Table:
    """One Korean→English run: P_S per set with (p_w, p_m, p_n) and its size, then TGBI
    (Cho et al. 2019, their Table 1), with bootstrap intervals."""
    summary = run.summary
    rows = [
        (
            f"({row['letter']}) {row['name']}",
            str(row["size"]),
            *(figure(row[share], digits=3) for share in ("p_w", "p_m", "p_n")),
            with_interval(row["p_s"], row["p_s_ci"], digits=3),
        )
        for row in run.section("sets")
    ]
    rows.append(
        (
            "TGBI",
            str(summary["n"]),
            "",
            "",
            "",
            with_interval(summary["tgbi"], summary["tgbi_ci"], digits=3),
        )
    )
    note = (
        f"Mode: {summary['mode']}. P_S = sqrt(p_w · p_m) + p_n; TGBI = mean of P_S over the seven "
        f"sets (1 = no gender invented). Outputs naming both genders, counted neutral: "
        f"{summary['both_named']}; empty translations: {summary['empty_translations']}."
    )
    return Table(
        name=f"table_tgbi_{slug(run.label)}",
        title=f"TGBI per set: {run.label}",
        header=("Set", "Size", "p_w", "p_m", "p_n", "P_S\n[95% CI]"),
        rows=tuple(rows),
        runs=(run,),
        note=note,
        text_columns=1,
    )


def mtgeneval_accuracy_table(runs: Sequence[Run]) -> Table:
    """MT-GenEval accuracy per run (Currey et al. 2022): segments (contextual) or pairs
    (counterfactual, both halves correct), and each half."""
    rows = []
    for run in runs:
        summary = run.summary
        halves = [
            figure(summary[half]["accuracy"], digits=2) if half in summary else NOTHING
            for half in ("feminine", "masculine")
        ]
        agreement = summary.get("checker_agreement")
        rows.append(
            (
                run.system,
                run.lang,
                f"{summary['subset']} ({summary['split']}, {summary['mode']})",
                str(summary["correct"]),
                str(summary["incorrect"]),
                str(summary["unscorable"]),
                with_interval(summary["accuracy"], summary["accuracy_ci95"], digits=2),
                *halves,
                f"{agreement['agree']}/{agreement['compared']}" if agreement else NOTHING,
            )
        )
    return Table(
        name="table_mtgeneval_accuracy",
        title="MT-GenEval accuracy",
        header=(
            "System",
            "Lang",
            "Subset\n(split, mode)",
            "Correct",
            "Incorrect",
            "Unscorable",
            "Accuracy %\n[95% CI]",
            "Feminine\n%",
            "Masculine\n%",
            "Checker\nagrees",
        ),
        rows=tuple(rows),
        runs=tuple(runs),
        text_columns=3,
        compact=(0, 1, 6, 7, 8),
        note=(
            "A segment is incorrect iff a word only in the contrastive reference appears in the "
            "output; a counterfactual pair is correct only if both halves are. Unscorable "
            "segments (references with no differing word) are left out of the accuracy."
        ),
    )


def quality_gap_table(runs: Sequence[Run]) -> Table | None:
    """BLEU and chrF of the masculine minus the feminine half (counterfactual runs only)."""
    gapped = [run for run in runs if "quality_gap" in run.summary]
    if not gapped:
        return None
    metrics = ("bleu", "chrf")
    rows = [
        (
            run.system,
            run.lang,
            *(
                figure(gaps[metric][part], digits=2, signed=part == "gap")
                for metric in metrics
                for part in ("feminine", "masculine", "gap")
            ),
        )
        for run in gapped
        for gaps in [run.summary["quality_gap"]]
    ]
    sacrebleu = sorted(
        {run.summary["quality_gap"][metric]["signature"] for run in gapped for metric in metrics}
    )
    return Table(
        name="table_mtgeneval_quality_gap",
        title="MT-GenEval gender quality gap (masculine − feminine)",
        header=("System", "Lang", "BLEU F", "BLEU M", "BLEU gap", "chrF F", "chrF M", "chrF gap"),
        rows=tuple(rows),
        runs=tuple(gapped),
        compact=(0, 1, 4, 7),
        note="sacreBLEU signatures: " + "; ".join(sacrebleu) + ".",
    )
