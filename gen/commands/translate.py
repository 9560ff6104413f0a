"""`gen translate`: translate a set with an MT engine, writing the input `gen check` reads."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from common.errors import Interrupted
from common.outputs import output_path
from gen.commands import options as shared
from translator.base import Engine
from translator.distributed import ClusterEngine
from translator.languages import source_language
from translator.registry import ENGINES, load_engine
from translator.run import default_output, kept_translations, translate_set

_HF = "huggingface engine"


def translate_command(
    set_path: Annotated[
        Path,
        typer.Argument(
            metavar="SET", help="A set folder (its source.jsonl is read) or a JSONL of records."
        ),
    ],
    to: Annotated[
        str,
        typer.Option(
            "--to",
            help="Target language (ISO 639-1, e.g. es); `gen languages` lists the directions "
            "installed here.",
        ),
    ],
    engine: Annotated[str, typer.Option(help=f"MT engine: {', '.join(ENGINES)}.")] = "apertium",
    source_lang: Annotated[
        str | None,
        typer.Option(
            "--from",
            help="Source language (default: the set's, from its manifest.json; else en). "
            "A file of translations into this language is translated onward (a pivot).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Output JSONL (default: SET/ENGINE.LANG.jsonl); the hyp file is "
            "written beside it with the suffix .txt."
        ),
    ] = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume", help="Continue an interrupted run from its journal (OUT.journal)."
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Replace an existing output, or discard an interrupted run's journal."
        ),
    ] = False,
    chunk_size: Annotated[
        int | None,
        typer.Option(
            min=1,
            help="Sentences per chunk, the unit of --resume and of a worker's task "
            "(default: the engine's).",
        ),
    ] = None,
    workers: shared.Workers = 1,
    scheduler: shared.Scheduler = None,
    unknown_marks: Annotated[
        bool,
        typer.Option(
            "--unknown-marks",
            help="apertium: keep the * Apertium puts before words it does not know.",
        ),
    ] = False,
    model: Annotated[
        str | None,
        typer.Option(
            help="huggingface: the model's name on the hub, or a local folder. apertium: "
            "another mode of the direction, e.g. eng-cat_valencia (`gen languages` lists them)."
        ),
    ] = None,
    beam_size: Annotated[
        int, typer.Option(help="huggingface: Beams (1: greedy).", rich_help_panel=_HF)
    ] = 4,
    max_length: Annotated[
        int, typer.Option(help="huggingface: Most tokens per translation.", rich_help_panel=_HF)
    ] = 256,
    batch_size: Annotated[
        int, typer.Option(help="huggingface: Sentences per forward pass.", rich_help_panel=_HF)
    ] = 32,
    device: Annotated[
        str,
        typer.Option(
            help="huggingface: auto (GPU when present), cpu, cuda, cuda:1...", rich_help_panel=_HF
        ),
    ] = "auto",
    dtype: Annotated[
        str,
        typer.Option(
            help="huggingface: auto (float16 on GPU, float32 on CPU), float32, float16, bfloat16.",
            rich_help_panel=_HF,
        ),
    ] = "auto",
) -> None:
    """Translate a set: write its records plus `translation`, `lang` and `mt` (the input of
    `gen check`) and a plain hyp file, one translation per line, in the set's order."""
    options = {
        "unknown_marks": unknown_marks,
        "model": model,
        "beam_size": beam_size,
        "max_length": max_length,
        "batch_size": batch_size,
        "device": device,
        "dtype": dtype,
    }
    source_lang = source_language(set_path, source_lang)
    out = output_path(out or default_output(set_path, engine, to))
    columns = (TextColumn("translating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    console = Console(stderr=True)
    hidden = not console.is_terminal  # no bar in logs and pipes
    with (
        shared.cluster(workers, scheduler) as cluster,
        Progress(*columns, console=console, transient=True, disable=hidden) as bar,
    ):
        runner = None
        if cluster is None:
            mt: Engine = load_engine(engine, source_lang, to, options)
        else:  # loaded on the workers, not here
            mt = on_workers = ClusterEngine(cluster, engine, source_lang, to, options)
            runner = on_workers.run_chunks
        task = bar.add_task("translate", total=None)
        try:
            summary = translate_set(
                set_path,
                mt,
                out,
                resume=resume,
                force=force,
                chunk_size=chunk_size,
                progress=lambda done, total: bar.update(task, completed=done, total=total),
                runner=runner,
            )
        except KeyboardInterrupt:
            kept = kept_translations(out)
            raise Interrupted(
                shared.interrupted_message(kept, shared.resume_command(), "translated")
            ) from None
    notes = [f"{summary.resumed} read back from the journal"] if summary.resumed else []
    if summary.failed:
        notes.append(f"{summary.failed} without a translation (see translation_error)")
    typer.echo(
        f"translated {summary.records} sentences"
        + "".join(f", {note}" for note in notes)
        + f": {summary.out}, {summary.hyp}",
        err=True,
    )
