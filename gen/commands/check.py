"""`gen check`: label translations correct / wrong / inconclusive and summarise them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from checker.backends import registry
from checker.pipeline import run as pipeline
from checker.pipeline.scan import input_kind, read_input
from checker.validity import cards_for
from common import __version__
from common.errors import Interrupted
from common.io import resolve_input
from common.outputs import output_path, system_name
from gen.commands import options as shared
from scores import bootstrap as bootstrap_defaults
from scores.cluster_intervals import factors_requested
from scores.summary import SummaryBuilder
from scores.tgbi import check_tgbi
from scores.validity import headline
from scores.winomt import WinoMTSummary


def check(
    input_path: Annotated[
        Path,
        typer.Argument(
            metavar="INPUT",
            help="JSONL records with a translation each, or a set (folder or source.jsonl) "
            "with --hyp.",
        ),
    ],
    hyp: Annotated[
        Path | None,
        typer.Option(help="Plain text file of translations, one per record, in order."),
    ] = None,
    lang: Annotated[
        str | None, typer.Option(help="Target language code, for records without a lang.")
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Output folder. Default: INPUT's name (with --hyp, the hyp file's) + .check, "
            "beside the records file (inside a set folder given as INPUT)."
        ),
    ] = None,
    aligner: shared.AlignerName = registry.AUTO,
    tagger: shared.TaggerName = registry.AUTO,
    align_model: shared.AlignModel = None,
    align_method: shared.AlignMethod = None,
    align_layer: shared.AlignLayer = None,
    stanza_dir: shared.StanzaDir = None,
    depparse: shared.Depparse = False,
    device: shared.Device = None,
    half: shared.Half = False,
    batch_size: shared.BatchSize = None,
    download: shared.Download = False,
    chunk_size: Annotated[
        int,
        typer.Option(min=1, help="Records labelled together; eflomal is fitted on each chunk."),
    ] = 50_000,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue an interrupted run into the same --out.")
    ] = False,
    force: shared.Force = False,
    workers: shared.Workers = 1,
    scheduler: shared.Scheduler = None,
    skip_invalid: Annotated[
        bool,
        typer.Option(
            "--skip-invalid", help="Write unreadable records to rejects.jsonl instead of failing."
        ),
    ] = False,
    ci: Annotated[
        str,
        typer.Option(
            metavar="auto|wilson|cluster[-FACTOR+...]",
            help="95% intervals: a bootstrap over the occupations and constructions (cluster; "
            "FACTORs: occupation, construction) or Wilson's, sentences as "
            "independent; auto: cluster for grammar sets, Wilson for other records. See "
            "docs/intervals.md.",
        ),
    ] = "auto",
    seed: Annotated[
        int, typer.Option(help="Bootstrap seed (the cluster intervals and TGBI's).")
    ] = bootstrap_defaults.SEED,
    bootstrap: Annotated[
        int,
        typer.Option(min=1, help="Bootstrap resamples (the cluster intervals and TGBI's)."),
    ] = bootstrap_defaults.SAMPLES,
    compat: Annotated[
        bool,
        typer.Option(
            "--compat",
            help="Korean→English (TGBI): classify exactly as Cho et al. (2019). Occupation "
            "sets: count neutral and both answers as inconclusive (the grammar paper's scheme).",
        ),
    ] = False,
    system: Annotated[
        str | None,
        typer.Option(
            help="The MT system's name, kept in summary.json for gen report (default: the "
            "output folder's name less .check and a trailing language code: "
            "apertium.es.check → apertium)."
        ),
    ] = None,
) -> None:
    """Label each translation correct / wrong / inconclusive for the occupation's gender
    (neutral / both where it marks none, or both), or, for an open-gender record
    (expected_gender null), feminine / masculine / neutral / both / inconclusive, without
    references, and write results.jsonl, summary.json and summary.md."""
    backends = shared.backend_options(locals())
    factors_requested(ci)  # a misspelt --ci stops here, not after labelling
    input_path = resolve_input(input_path)
    out = output_path(out or pipeline.default_output(input_path, hyp))
    if input_kind(input_path, lang) == "tgbi":
        tgbi = check_tgbi(
            input_path,
            out=out,
            hyp=hyp,
            compat=compat,
            force=force,
            bootstrap=bootstrap,
            seed=seed,
            version=__version__,
            system=system or system_name(out.name, "en"),
        )
        _print_headline(out, tgbi.n)
        return
    options = pipeline.CheckOptions(
        aligner=aligner,
        tagger=tagger,
        backend_options=backends,
        chunk_size=chunk_size,
        skip_invalid=skip_invalid,
    )
    summary = _summary(input_path)(
        system=system,
        folder=out.name,
        validity=cards_for,
        ci=ci,
        samples=bootstrap,
        seed=seed,
        compat=compat,
    )
    with (
        shared.cluster(
            workers,
            scheduler,
            shared.checker_worker_memory(workers, tagger, aligner, lang, backends),
        ) as cluster,
        Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
        ) as bar,
    ):
        task = bar.add_task("checking", total=None)
        try:
            run = pipeline.check(
                input_path,
                out=out,
                hyp=hyp,
                lang=lang,
                options=options,
                summary=summary,
                resume=resume,
                force=force,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
                warn=lambda message: bar.console.print(
                    f"gen: warning: {message}", style="yellow", soft_wrap=True
                ),
                cluster=cluster,
            )
        except KeyboardInterrupt:
            raise Interrupted(
                shared.interrupted_message(pipeline.kept_records(out), shared.resume_command())
            ) from None
    _print_headline(out, run.n)


def _summary(input_path: Path) -> type[SummaryBuilder]:
    """WinoMT's summary for `gen import winomt` records (judged by the first record): gen's
    figures and WinoMT's accuracy, ΔG and ΔS; else gen's."""
    for line in read_input(input_path, None):
        if line.record is not None:
            return WinoMTSummary if line.record.get("benchmark") == "winomt" else SummaryBuilder
    return SummaryBuilder


def _print_headline(out: Path, n: int) -> None:
    typer.echo((out / "summary.md").read_text(encoding="utf-8").split("\n## ")[0].rstrip())
    cards = json.loads((out / "summary.json").read_text(encoding="utf-8")).get("validity")
    if cards:
        typer.echo(headline(cards))
    typer.echo(f"\nwrote {out}/results.jsonl ({n} records), summary.json, summary.md")
