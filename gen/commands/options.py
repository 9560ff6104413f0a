"""Options several commands share, declared once so they read and behave the same."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer

from checker.backends import registry
from checker.backends.base import Aligner, Tagger
from common.cluster import WORKER_MEMORY, Cluster, auto_workers, connect, usable_cores
from common.errors import GenError

# Scale-out (common/cluster.py): local worker processes or an existing Dask scheduler.
AUTO_WORKERS = "auto"
#: What parse_workers gives for ``auto``: sized when the cluster starts (:func:`cluster`),
#: once the command knows what a worker will load.
AUTO_WORKER_COUNT = 0


def parse_workers(value: str | int) -> int:
    """``--workers``: a number of processes, or ``auto`` (AUTO_WORKER_COUNT, sized by
    common.cluster.auto_workers when the cluster starts)."""
    if isinstance(value, int):
        return value
    if value.strip().lower() == AUTO_WORKERS:
        return AUTO_WORKER_COUNT
    try:
        number = int(value)
    except ValueError:
        raise typer.BadParameter(f"{value!r} is neither a number of workers nor 'auto'") from None
    if number < 1:
        raise typer.BadParameter(f"{number} workers: give 1 or more, or 'auto'")
    return number


Workers = Annotated[
    int,
    typer.Option(
        parser=parse_workers,
        metavar="N|auto",
        help="Worker processes on this machine (a Dask local cluster; 1: no Dask, one "
        "process), each with cores/N threads for eflomal. auto: one per core, as many as "
        "the free memory holds at 1 GiB each, plus the neural models' size for gen check "
        "(1 on one core: one process).",
    ),
]
Scheduler = Annotated[
    str | None,
    typer.Option(help="Run on the workers of this Dask scheduler (tcp://host:8786)."),
]

Force = Annotated[bool, typer.Option("--force", help="Replace an existing output folder.")]

# The checker's backends (gen check, gen mt-geneval --checker).
AlignerName = Annotated[
    str, typer.Option(help=f"Word aligner: {', '.join([registry.AUTO, *registry.names(Aligner)])}.")
]
TaggerName = Annotated[
    str, typer.Option(help=f"Tagger: {', '.join([registry.AUTO, *registry.names(Tagger)])}.")
]
AlignModel = Annotated[str | None, typer.Option(help="SimAlign: model name or local model folder.")]
AlignMethod = Annotated[
    str | None, typer.Option(help="SimAlign: itermax (default), argmax or match.")
]
AlignLayer = Annotated[int | None, typer.Option(help="SimAlign: embedding layer.")]
StanzaDir = Annotated[Path | None, typer.Option(help="Stanza: local resources folder.")]
Depparse = Annotated[
    bool, typer.Option("--depparse", help="Stanza: also parse, for agreement by heads.")
]
Device = Annotated[
    str | None, typer.Option(help="Neural backends: cpu, cuda, cuda:1... (default: best).")
]
Half = Annotated[bool, typer.Option("--half", help="Neural backends: half precision.")]
BatchSize = Annotated[int | None, typer.Option(min=1, help="Neural backends: batch.")]
Download = Annotated[
    bool, typer.Option("--download", help="Let neural backends fetch missing models.")
]


#: Command parameter → the backend option it sets (a flag left off sets nothing).
_BACKEND_OPTIONS = {
    "align_model": "align_model",
    "align_method": "align_method",
    "align_layer": "align_layer",
    "stanza_dir": "stanza_dir",
    "depparse": "stanza_depparse",
    "device": "device",
    "half": "half",
    "batch_size": "batch_size",
    "download": "download",
}


def backend_options(parameters: Mapping[str, Any]) -> dict[str, Any]:
    """The backend options a command was given, from its parameters (pass ``locals()``
    first thing), under the names the backends read. A flag left off (None, False) sets
    nothing; a number set to 0 (``--align-layer 0``, the embedding layer) is kept, though
    ``0 == False``."""
    return {
        option: parameters[name]
        for name, option in _BACKEND_OPTIONS.items()
        if parameters[name] is not None and parameters[name] is not False
    }


def resume_command() -> str:
    """The command line that was run, with --resume (and without --force, which would start
    afresh): what redoes a job's missing parts."""
    arguments = [argument for argument in sys.argv[1:] if argument != "--force"]
    return shlex.join(["gen", *arguments, *([] if "--resume" in arguments else ["--resume"])])


def interrupted_message(kept: int | None, resume_command: str, done: str = "labelled") -> str:
    """What Ctrl-C leaves: the records kept (``done``: labelled, translated), and the
    command that goes on."""
    if kept is None:
        return f"nothing was {done} yet"
    return f"{kept} {done} records are kept: run `{resume_command}` to go on from there"


def sized_workers(workers: int, per_worker: int = WORKER_MEMORY) -> int:
    """``workers``, or for ``auto`` one per core, as many as the free memory holds at
    ``per_worker`` bytes each."""
    if workers != AUTO_WORKER_COUNT:
        return workers
    import psutil  # distributed's own dependency

    return auto_workers(usable_cores(), psutil.virtual_memory().available, per_worker)


def checker_worker_memory(
    workers: int, tagger: str, aligner: str, lang: str | None, options: Mapping[str, Any]
) -> int:
    """What a `gen check` worker needs: the common budget (analysers, aligner, a chunk),
    plus the neural models it would load (their files' size; Stanza's only with ``--lang``).
    Worked out only for ``--workers auto``."""
    if workers != AUTO_WORKER_COUNT:
        return WORKER_MEMORY
    models = registry.model_bytes(Tagger, tagger, lang, options)
    return WORKER_MEMORY + models + registry.model_bytes(Aligner, aligner, lang, options)


@contextmanager
def cluster(
    workers: int, scheduler: str | None, per_worker: int = WORKER_MEMORY
) -> Iterator[Cluster | None]:
    """The Dask cluster ``--workers``/``--scheduler`` ask for, or None for one process;
    ``per_worker``: the memory a worker needs, for ``--workers auto``."""
    workers = sized_workers(workers, per_worker)
    if workers == 1 and scheduler is None:
        yield None
        return
    if scheduler is not None and workers != 1:
        raise GenError("--workers starts workers here, --scheduler uses a cluster's: give one")
    with connect(workers, scheduler, resume_command()) as connected:
        yield connected
