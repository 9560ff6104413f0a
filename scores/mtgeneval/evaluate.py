"""Score system output (or the references themselves) on MT-GenEval: the library entry point
behind ``gen mt-geneval``."""

from __future__ import annotations

import hashlib
from pathlib import Path

from checker.pipeline.run import CheckOptions
from common.errors import GenError
from common.io import read_lines, refuse_repeats
from scores.mtgeneval.accuracy import MODES
from scores.mtgeneval.agreement import checker_agreement, run_checker
from scores.mtgeneval.dataset import (
    LANGUAGES,
    SPLITS,
    SUBSETS,
    check_same_length,
    read_contextual,
    read_counterfactual,
)
from scores.mtgeneval.quality import N_BOOTSTRAP, quality_gap
from scores.mtgeneval.records import checkable, contextual_records, with_translations
from scores.mtgeneval.scores import BOOTSTRAP_SEED, Scores, score_contextual, score_counterfactual

#: What ``--references`` scores instead of a system: the correct or the contrastive reference.
REFERENCE_CHOICES = ("correct", "flipped")


def evaluate(
    root: Path,
    lang: str,
    split: str,
    subset: str,
    hypotheses: list[Path] | None = None,
    references: str | None = None,
    mode: str = "default",
    n_bootstrap: int = N_BOOTSTRAP,
    checker: CheckOptions | None = None,
) -> Scores:
    """Score hypothesis files (one for contextual; feminine then masculine for counterfactual),
    or, with ``references="correct"|"flipped"``, the dataset's own references as hypotheses.
    With ``checker`` options (contextual only), also label the same lines with the
    reference-free checker and add ``checker_agreement`` to the summary."""
    _check_choice("language", lang, LANGUAGES)
    _check_choice("split", split, SPLITS)
    _check_choice("subset", subset, SUBSETS)
    _check_choice("mode", mode, MODES)
    if (references is None) == (not hypotheses):
        raise GenError("give either hypothesis files or references to score, not both or neither")
    if references is not None:
        _check_choice("references", references, REFERENCE_CHOICES)
    wanted = 1 if subset == "contextual" else 2
    if checker is not None and subset != "contextual":
        raise GenError("the reference-free checker can only be compared on the contextual subset")
    refuse_repeats(hypotheses or [])
    if hypotheses and len(hypotheses) != wanted:
        raise GenError(
            f"the {subset} subset takes {wanted} hypothesis file(s)"
            + (" (feminine, then masculine)" if wanted == 2 else "")
            + f", got {len(hypotheses)}"
        )
    if subset == "contextual":
        data = read_contextual(root, lang, split)
        reference_files = [data.files["original"], data.files["flipped"]]
        if references:
            hyps = [data.original if references == "correct" else data.flipped]
        else:
            hyps = [_read_hypotheses(hypotheses[0], data.original, data.files["original"])]
        scores = score_contextual(data, hyps[0], mode, n_bootstrap)
        if checker is not None:
            records = with_translations(contextual_records(data, lang, split), hyps[0])
            results, checker_summary = run_checker(checkable(records), lang, checker)
            scores.summary["checker_agreement"] = {
                "signature": checker_summary["signature"],
                **checker_agreement(records, scores.segments, results),
            }
    else:
        data = read_counterfactual(root, lang, split)
        reference_files = [data.files["feminine_references"], data.files["masculine_references"]]
        if references:
            hyps = [data.feminine, data.masculine]
            if references == "flipped":
                hyps.reverse()
        else:
            hyps = [
                _read_hypotheses(path, refs, data.files[f"{half}_references"])
                for path, refs, half in zip(
                    hypotheses,
                    (data.feminine, data.masculine),
                    ("feminine", "masculine"),
                    strict=True,
                )
            ]
        scores = score_counterfactual(data, hyps[0], hyps[1], mode, n_bootstrap)
        scores.summary["quality_gap"] = quality_gap(
            lang, hyps[0], data.feminine, hyps[1], data.masculine, n_bootstrap
        )
    scores.summary = {
        "dataset": "MT-GenEval",
        "lang": lang,
        "split": split,
        "subset": subset,
        "mode": mode,
        "hypotheses": [str(p) for p in hypotheses] if hypotheses else [f"references:{references}"],
        **scores.summary,
        "signature": signature(lang, split, subset, mode, reference_files, n_bootstrap),
    }
    return scores


def signature(
    lang: str, split: str, subset: str, mode: str, reference_files: list[Path], n_bootstrap: int
) -> str:
    """Everything needed to reproduce the accuracy, sacreBLEU-style; ``refs`` hashes the
    reference files' bytes, so a different copy of the dataset shows up."""
    from common import __version__

    digest = hashlib.sha256()
    for path in reference_files:
        digest.update(Path(path).read_bytes())
    return (
        f"mtgeneval|lang:{lang}|split:{split}|subset:{subset}|tok:{mode}|"
        f"bs:{n_bootstrap}|seed:{BOOTSTRAP_SEED}|refs:{digest.hexdigest()[:12]}|"
        f"version:gen-{__version__}"
    )


def _read_hypotheses(path: Path, references: list[str], reference_path: Path) -> list[str]:
    lines = read_lines(path)
    check_same_length(references, reference_path, lines, path)
    return lines


def _check_choice(what: str, value: str, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise GenError(f"unknown {what} {value!r}; choose from {', '.join(choices)}")
