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
                with_interval(
                    gaps[metric][part], gaps[metric].get("gap_ci95"), digits=2, signed=True
                )
                if part == "gap"
                else figure(gaps[metric][part], digits=2)
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
        header=(
            "System",
            "Lang",
            "BLEU F",
            "BLEU M",
            "BLEU gap\n[95% CI]",
            "chrF F",
            "chrF M",
            "chrF gap\n[95% CI]",
        ),
        rows=tuple(rows),
        runs=tuple(gapped),
        compact=(0, 1, 4, 7),
        note="Gap intervals: paired bootstrap over the pairs (both halves of a pair drawn "
        "together). sacreBLEU signatures: " + "; ".join(sacrebleu) + ".",
    )


def winomt_table(runs: Sequence[Run]) -> Table:
    """WinoMT's figures per run (Stanovsky et al. 2019, their Table 2: Acc, ΔG, ΔS), from
    gen's labels of `gen import winomt` records (scores/winomt.py), with gen's own accuracy
    of decided lines beside them."""
    rows = []
    for run in runs:
        winomt, overall = run.summary["winomt"], run.summary["overall"]
        rows.append(
            (
                run.system,
                run.lang,
                str(winomt["n"]),
                with_interval(overall["accuracy"], overall["ci95"]),
                with_interval(winomt["accuracy"]["accuracy"], winomt["accuracy"]["ci95"]),
                figure(winomt["male"]["f1"]),
                figure(winomt["female"]["f1"]),
                with_interval(winomt["delta_g"]["value"], winomt["delta_g"]["ci95"], signed=True),
                with_interval(winomt["delta_s"]["value"], winomt["delta_s"]["ci95"], signed=True),
            )
        )
    return Table(
        name="table_winomt",
        title="WinoMT: accuracy, ΔG and ΔS from gen's labels",
        header=(
            "System",
            "Lang",
            "Lines",
            "gen accuracy % [95% CI]",
            "WinoMT Acc % [95% CI]",
            "F1 male",
            "F1 female",
            "ΔG [95% CI]",
            "ΔS [95% CI]",
        ),
        rows=tuple(rows),
        runs=tuple(runs),
        text_columns=2,
        note=(
            "gen accuracy: correct of decided lines. WinoMT Acc: lines whose gender is the "
            "gold one, of all lines (unknown and neutral ones included), as WinoMT's "
            "evaluate.py; ΔG = F1 male − F1 female; ΔS = Acc pro − Acc anti. ΔG's interval "
            "is a percentile bootstrap of the lines, ΔS's Newcombe's."
        ),
    )
