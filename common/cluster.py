"""Running a job's partitions on Dask distributed workers: local processes or a cluster.

`gen check` and `gen translate` cut their input into partitions (whole eflomal or
translation chunks) that need nothing from each other. With ``--workers N`` gen starts a Dask
``LocalCluster`` of N single-threaded processes and stops it at the end; with ``--scheduler
ADDRESS`` it connects to a running scheduler (started by hand, by dask-jobqueue on Slurm, by
dask-kubernetes...). The caller's function runs on the workers, which load their heavy
resources (analyser, aligner, MT model) once each and keep them (:func:`functools.cache` in
the worker process); the results come back here, where the caller saves each as it arrives.

A partition whose worker dies is run again by Dask; one that fails twice (its code raised
twice, or two workers died running it) is reported, after all the others have finished and
been saved, with the caller's description of it and the command that resumes the job.
distributed is imported only when a cluster is asked for.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from common.errors import GenError

#: Runs of a partition before it is reported as failed.
ATTEMPTS = 2
#: What OpenMP (eflomal's samplers), MKL and OpenBLAS read for their number of threads.
THREAD_VARIABLES = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OPENBLAS_NUM_THREADS")
#: Set on a `dask worker`, the threads each of its chunks may use (see worker_threads).
THREADS_SETTING = "GEN_THREADS"
#: Dask's own watchers, set down for gen's few long tasks: its sampling profiler (100 stacks
#: a second of the thread labelling a chunk), the event loops' tick checks (50 a second),
#: work stealing (10 a second) and the memory and system monitors. Left at their defaults
#: an idle local cluster of two workers used 0.13 cores (2.6 CPU s in 20 s).
QUIET = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.scheduler.work-stealing": False,
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "2s",
}
#: Memory a worker needs (its analysers, its aligner and a chunk: about 800 MiB for Spanish
#: at 50,000 records, docs/scale-out.md): ``--workers auto`` starts no more than fit.
WORKER_MEMORY = 1 << 30
#: Seconds local workers may take to start (each imports gen's backends: 7 s for two on a
#: busy 2-core machine) before gen gives up on them rather than wait forever.
WORKER_START = 300


def usable_cores() -> int:
    """The cores this process may run on (its affinity: a Slurm job's or a container's
    share, not the machine's)."""
    return len(os.sched_getaffinity(0))


def thread_budget(cores: int, slots: int) -> int:
    """Threads for one chunk's libraries when ``slots`` chunks run at once on ``cores``:
    an equal share, at least one. Dask's nanny otherwise gives every worker one thread
    (OMP_NUM_THREADS=1), which runs eflomal's samplers one after another."""
    return max(1, cores // max(1, slots))


def thread_environment(threads: int) -> dict[str, str]:
    return {name: str(threads) for name in THREAD_VARIABLES}


def limit_threads(threads: int) -> None:
    """Give the processes this one starts from now on (eflomal) ``threads`` threads."""
    os.environ.update(thread_environment(threads))


def auto_workers(cores: int, available_memory: int, per_worker: int = WORKER_MEMORY) -> int:
    """``--workers auto``: one worker per core, as many as the memory holds (``per_worker``
    each: WORKER_MEMORY, more for neural backends); one means a single process without Dask."""
    return max(1, min(cores, available_memory // max(1, per_worker)))


def worker_threads() -> int:
    """On a Dask worker: the threads each of its chunks may use. GEN_THREADS where the
    worker's environment sets it; otherwise the cores the worker may run on, shared
    equally among the threads of all the scheduler's workers on its host (a worker started
    with --nthreads 1 per job gets its job's cores; N on one machine get a share each)."""
    if os.environ.get(THREADS_SETTING, "").strip():
        try:
            return max(1, int(os.environ[THREADS_SETTING]))
        except ValueError:
            raise GenError(
                f"{THREADS_SETTING}={os.environ[THREADS_SETTING]!r} on the worker: "
                "give a whole number of threads"
            ) from None
    from distributed import get_client, get_worker

    host = get_worker().address.rsplit(":", 1)[0]
    workers = get_client().scheduler_info()["workers"]
    slots = sum(w["nthreads"] for at, w in workers.items() if at.rsplit(":", 1)[0] == host)
    return thread_budget(usable_cores(), slots)


@dataclass(frozen=True)
class Partition:
    """One unit of work: ``key`` names it to the caller, ``args`` go to the function, and
    ``about`` says which records it holds when it fails (``ids a … b (n records)``)."""

    key: Any
    args: tuple
    about: str


class Cluster:
    """A connected Dask client, the number of workers it found, and how to resume."""

    def __init__(self, client: Any, resume_command: str, *, local: bool = False) -> None:
        self.client = client
        self.resume_command = resume_command
        self.local = local  # its workers were started here, on this machine
        self.workers = len(client.scheduler_info()["workers"])

    @property
    def signature(self) -> dict[str, str]:
        """The summary's signature fields: engine and worker count."""
        return {"engine": "dask", "workers": str(self.workers)}

    def resources(self, name: str) -> dict[str, float] | None:
        """``{name: 1}`` when some worker offers the resource ``name`` (`dask worker
        --resources GPU=1`): a task that asks for it runs only there, one at a time per unit;
        None when none does."""
        offered = (w.get("resources", {}) for w in self.client.scheduler_info()["workers"].values())
        return {name: 1} if any(name in each for each in offered) else None

    def run(self, function: Callable[..., Any], *args: Any, resources: Any = None) -> Any:
        """Run ``function(*args)`` on one worker and return its result (e.g. to load a model
        there and read its metadata)."""
        return self.client.submit(
            function, *args, pure=False, retries=ATTEMPTS - 1, resources=resources
        ).result()

    def on_every_worker(self, function: Callable[..., Any], *args: Any) -> Any:
        """Run ``function(*args)`` as a task on every worker at once (so that all load their
        resources together, before the work) and return the first worker's result."""
        futures = [
            self.client.submit(
                function, *args, pure=False, workers=[worker], allow_other_workers=True
            )
            for worker in self.client.scheduler_info()["workers"]
        ]
        return self.client.gather(futures)[0]

    def map(
        self,
        function: Callable[..., Any],
        partitions: Iterable[Partition],
        done: Callable[[Any, Any], None],
        resources: dict[str, float] | None = None,
    ) -> None:
        """Run ``function(*partition.args)`` for every partition on the workers and call
        ``done(key, result)`` here as each finishes, in the order they finish. At most two
        partitions per worker are in flight, so the input is read as the work goes. Raise
        :class:`GenError` naming the partitions that failed twice once the rest are done."""
        from distributed import as_completed

        limit = 2 * max(1, self.workers)
        source = iter(partitions)
        running: dict[Any, Partition] = {}
        failed: list[tuple[Partition, str]] = []

        def submit(queue: Any) -> None:
            for partition in source:
                future = self.client.submit(
                    function, *partition.args, pure=False, retries=ATTEMPTS - 1, resources=resources
                )
                running[future.key] = partition
                queue.add(future)
                if len(running) >= limit:
                    return

        queue = as_completed()
        submit(queue)
        for future in queue:
            partition = running.pop(future.key)
            try:
                result = future.result()
            except Exception as error:  # the task's own error, or KilledWorker
                failed.append((partition, f"{type(error).__name__}: {error}"))
            else:
                done(partition.key, result)
            future.release()
            submit(queue)
        if failed:
            listed = "; ".join(f"{p.about}: {why}" for p, why in failed)
            raise GenError(
                f"{len(failed)} partition(s) failed {ATTEMPTS} times ({listed}); the finished "
                f"ones are kept: run `{self.resume_command}` to redo only the missing ones"
            )


@contextmanager
def connect(workers: int, scheduler: str | None, resume_command: str) -> Iterator[Cluster]:
    """A :class:`Cluster` on the scheduler at ``scheduler`` (``tcp://host:8786``), or on a
    local cluster of ``workers`` processes started here and stopped on leaving."""
    import dask
    from distributed import Client, LocalCluster

    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    # Futures a Ctrl-C leaves unawaited in Dask's event loop: asyncio would log each
    # ("Task exception was never retrieved") after gen's own line.
    logging.getLogger("asyncio").setLevel(logging.CRITICAL)
    _quiet_client_finalizer()
    if scheduler is not None:
        try:
            client = Client(scheduler, timeout="30s")
        except OSError as error:
            raise GenError(f"cannot reach the Dask scheduler at {scheduler}: {error}") from None
        try:
            client.wait_for_workers(1, timeout=3600)  # a batch queue may take its time
            yield Cluster(client, resume_command)
        finally:
            client.close()
        return
    # Each worker's share of the cores, set before its process starts (the nanny's default
    # is one thread) and in its environment, where eflomal's processes read it.
    threads = thread_environment(thread_budget(usable_cores(), workers))
    spawn = {**dask.config.get("distributed.nanny.pre-spawn-environ"), **threads}
    # A partition whose worker died is run again; twice, and it is reported.
    with dask.config.set(
        {
            "distributed.scheduler.allowed-failures": ATTEMPTS - 1,
            "distributed.nanny.pre-spawn-environ": spawn,
            **QUIET,
        }
    ):
        local = LocalCluster(
            n_workers=0,  # started below, where Ctrl-C cannot reach them
            threads_per_worker=1,
            processes=True,
            env=threads,
            dashboard_address=":0",  # none wanted; a free port, never a clash with another's
            silence_logs=logging.CRITICAL,  # a task's error is reported by gen, once
        )
        with _closing(local):
            with ctrl_c_kept_from_new_processes(), _environment(PYTHONWARNINGS=_QUIET_TRACKER):
                local.scale(workers)
                _wait_for_spawned(workers)
            with _closing(Client(local)) as client:
                try:
                    client.wait_for_workers(workers, timeout=WORKER_START)
                except TimeoutError:
                    raise GenError(
                        f"the {workers} local Dask workers did not start within "
                        f"{WORKER_START} s; try fewer (--workers) or run without"
                    ) from None
                yield Cluster(client, resume_command, local=True)


def _quiet_client_finalizer() -> None:
    """Drop the errors of Dask's ``Client.__del__`` for the rest of the run. A Ctrl-C in the
    middle of a client's start or close leaves it half done; when the client is collected,
    ``__del__`` closes it again, fails, and Python prints "Exception ignored in ...
    Client.__del__" with a traceback after gen's own line (scripts/faults'
    check-sigint-workers-start). gen closes its clients itself (:func:`_closing`), so that
    second close has nothing left to report. Other objects' errors are printed as before."""
    previous = sys.unraisablehook
    if getattr(previous, "quiet_client_finalizer", False):
        return

    def hook(unraisable: Any) -> None:
        finalizer = unraisable.object
        if (getattr(finalizer, "__module__", ""), getattr(finalizer, "__qualname__", "")) != (
            "distributed.client",
            "Client.__del__",
        ):
            previous(unraisable)

    hook.quiet_client_finalizer = True  # type: ignore[attr-defined]
    sys.unraisablehook = hook


#: multiprocessing's resource tracker (a process of its own, started with the workers) warns
#: of the semaphores a Ctrl-C during the workers' start leaves it, after gen's line.
_QUIET_TRACKER = "ignore:resource_tracker:UserWarning"


@contextmanager
def _environment(**values: str) -> Iterator[None]:
    """``values`` added to the environment (a comma-separated list, PYTHONWARNINGS's) for
    the processes the block starts."""
    before = {name: os.environ.get(name) for name in values}
    for name, value in values.items():
        os.environ[name] = ",".join(filter(None, [before[name], value]))
    try:
        yield
    finally:
        for name, value in before.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


@contextmanager
def _closing(resource: Any) -> Iterator[Any]:
    """``resource``, closed on leaving; when leaving on an error (Ctrl-C), an error of the
    closing itself is dropped: Dask's close may fail after an interrupted call, and the
    error to report is the first."""
    try:
        yield resource
    except BaseException:
        try:
            resource.close()
        except Exception:  # noqa: S110 (the error in flight is the one to report)
            pass
        raise
    resource.close()


def _wait_for_spawned(count: int, *, within: float = 10.0) -> None:
    """Wait until ``count`` worker processes have been started from this one (multiprocessing
    spawns them), or ``within`` seconds have passed."""
    import psutil  # distributed's own dependency

    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        spawned = 0
        for child in psutil.Process().children():
            try:
                spawned += any("spawn_main" in part for part in child.cmdline())
            except psutil.Error:
                continue
        if spawned >= count:
            return
        time.sleep(0.02)


@contextmanager
def ctrl_c_kept_from_new_processes() -> Iterator[None]:
    """Ignore Ctrl-C (SIGINT) while the block starts processes: they keep ignoring it (an
    ignored signal stays ignored across exec, and Python, finding it so, leaves it).

    Ctrl-C reaches the whole foreground process group: the local cluster's workers would
    each print Dask's tracebacks. Started here, they never see it; gen alone does, stops the
    cluster and prints its own line. A Ctrl-C during the block (the moment the workers take
    to be spawned, not the seconds they take to start) is lost; a worker the nanny restarts
    later is not started here and sees Ctrl-C again."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
