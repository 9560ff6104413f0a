"""`gen check`: label translations correct / wrong / inconclusive and summarise them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from checker.backends import registry
from checker.pipeline import run as pipeline
from checker.pipeline.scan import input_kind
from checker.validity import cards_for
from common import __version__
from common.errors import Interrupted
from common.io import resolve_input
from gen.commands import options as shared
from scores.summary import SummaryBuilder
from scores.tgbi import check_tgbi
from scores.validity import headline


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
            help="Output folder. Default: INPUT's name + .check, beside the records file "
            "(inside a set folder given as INPUT)."
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
    seed: Annotated[int, typer.Option(help="TGBI (Korean→English): bootstrap seed.")] = 12345,
    bootstrap: Annotated[
        int, typer.Option(min=1, help="TGBI (Korean→English): bootstrap resamples.")
    ] = 1000,
    compat: Annotated[
        bool,
        typer.Option(
            "--compat", help="Korean→English (TGBI): classify exactly as Cho et al. (2019)."
        ),
    ] = False,
    system: Annotated[
        str | None,
        typer.Option(
            help="The MT system's name, kept in summary.json for gen report "
            "(default: the output folder's name)."
        ),
    ] = None,
) -> None:
    """Label each translation correct / wrong / inconclusive for the occupation's gender,
    without references, and write results.jsonl, summary.json and summary.md."""
    backends = shared.backend_options(locals())
    input_path = resolve_input(input_path)
    out = out or input_path.parent / f"{input_path.stem}.check"
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
            system=system,
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
                summary=SummaryBuilder(system=system, validity=cards_for),
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


def _print_headline(out: Path, n: int) -> None:
    typer.echo((out / "summary.md").read_text(encoding="utf-8").split("\n## ")[0].rstrip())
    cards = json.loads((out / "summary.json").read_text(encoding="utf-8")).get("validity")
    if cards:
        typer.echo(headline(cards))
    typer.echo(f"\nwrote {out}/results.jsonl ({n} records), summary.json, summary.md")
