"""`gen mt-geneval`: MT-GenEval's accuracy, counterfactual accuracy and gender quality gap."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from checker.backends.registry import AUTO
from checker.pipeline.run import CheckOptions
from common.outputs import MT_GENEVAL, check_output
from gen.commands import options as shared
from scores.mtgeneval.dataset import LANGUAGES, SPLITS, SUBSETS
from scores.mtgeneval.evaluate import REFERENCE_CHOICES, evaluate
from scores.mtgeneval.report import markdown, write_report

Split = Enum("Split", {name: name for name in SPLITS}, type=str)
Subset = Enum("Subset", {name: name for name in SUBSETS}, type=str)
References = Enum("References", {name: name for name in REFERENCE_CHOICES}, type=str)


def mt_geneval(
    hypotheses: Annotated[
        list[Path] | None,
        typer.Argument(
            help="System output, one line per source line: one file for contextual; "
            "two (feminine, then masculine) for counterfactual.",
            show_default=False,
        ),
    ] = None,
    dataset: Annotated[
        Path, typer.Option("--mt-geneval", help="MT-GenEval's data folder (context/, sentences/).")
    ] = ...,
    lang: Annotated[str, typer.Option(help=f"Target language: {', '.join(LANGUAGES)}.")] = ...,
    split: Annotated[Split, typer.Option(help="Data split.")] = Split.dev,
    subset: Annotated[Subset, typer.Option(help="Which subset to score.")] = Subset.contextual,
    compat: Annotated[
        bool,
        typer.Option(
            "--compat",
            help="Tokenise exactly like the published accuracy_metric.py (ASCII punctuation "
            "only; segments without contrastive words count as correct).",
        ),
    ] = False,
    references: Annotated[
        References | None,
        typer.Option(
            help="Score the dataset's own correct or flipped references instead of "
            "hypothesis files (a sanity check: correct → 100%, flipped → 0%).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Write summary.json, summary.md and segments.jsonl here."),
    ] = None,
    force: shared.Force = False,
    with_checker: Annotated[
        bool,
        typer.Option(
            "--checker",
            help="Contextual subset: also label the lines with the reference-free checker "
            "(gen check) and report how often the two agree.",
        ),
    ] = False,
    aligner: shared.AlignerName = AUTO,
    tagger: shared.TaggerName = AUTO,
    align_model: shared.AlignModel = None,
    align_method: shared.AlignMethod = None,
    align_layer: shared.AlignLayer = None,
    stanza_dir: shared.StanzaDir = None,
    depparse: shared.Depparse = False,
    device: shared.Device = None,
    half: shared.Half = False,
    batch_size: shared.BatchSize = None,
    download: shared.Download = False,
) -> None:
    """Score translations on MT-GenEval (Currey et al., 2022) as the paper does, and print
    the Markdown summary. With --checker, the backend options are gen check's."""
    backends = shared.backend_options(locals())
    inputs = [dataset, *(hypotheses or [])]
    if out is not None:  # before the scoring, which may take long
        check_output(out, MT_GENEVAL, force=force, inputs=inputs)
    scores = evaluate(
        dataset,
        lang,
        split.value,
        subset.value,
        hypotheses=hypotheses or None,
        references=references.value if references else None,
        mode="compat" if compat else "default",
        checker=CheckOptions(
            aligner=aligner,
            tagger=tagger,
            backend_options=backends,
        )
        if with_checker
        else None,
    )
    if out is not None:
        write_report(scores, out, force=force, inputs=inputs)
    typer.echo(markdown(scores.summary))
