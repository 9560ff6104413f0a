"""Writing a set, and the registry of set builders (one per grammar folder).

A *builder* turns a size into a :class:`BuiltSet`: records in output order, how many there
will be, what the manifest should say about its inputs, and the sentence checks `gen lint`
runs on them. :func:`write_set` is shared by every builder: it streams the records to
``source.jsonl`` and ``source.txt``, counts every metadata value for ``manifest.json``, runs
the checks, and writes all three files whole or not at all.

Adding a grammar kind is one line in :data:`BUILDERS` (``"name": "module:function"``), imported
only when that grammar is asked for.
"""

from __future__ import annotations

import gc
import importlib
import itertools
import json
import multiprocessing
import os
import queue
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

import orjson

from common import __version__
from common.errors import GenError
from common.io import atomic_write
from common.outputs import SET, output_folder
from generator.resources import grammars_dir

BUILDERS: dict[str, str] = {
    "en": "generator.english:build",
    "ko": "generator.korean:build",
}

# Record fields that identify or spell out a sentence rather than describe it.
NOT_METADATA = frozenset({"id", "pair_id", "text", "tokens"})
BATCH = 4096  # records serialised, counted and checked together


class SentenceCheck(Protocol):
    """Sentence-level lint run on every record as it is written (see generator.lint)."""

    def observe(self, record: dict) -> None: ...

    def merge(self, other: SentenceCheck) -> None:
        """Fold in the state of a check that watched another shard of the same set."""

    def problems(self) -> list[str]: ...


@dataclass
class BuiltSet:
    """A set ready to write.

    ``shards`` are independent record streams whose concatenation, in order, is the set;
    :func:`write_set` may write them in parallel. ``check`` makes one sentence check per
    shard; their states are merged before the problems are read.
    """

    shards: list[Callable[[], Iterable[dict]]]
    total: int
    manifest: dict
    check: Callable[[], SentenceCheck] | None = None

    def records(self) -> Iterator[dict]:
        for shard in self.shards:
            yield from shard()


class Builder(Protocol):
    def __call__(
        self,
        size: str,
        *,
        nonce: bool = False,
        grammar_dir: Path | None = None,
        wordlist_dir: Path | None = None,
    ) -> BuiltSet:
        """The set of ``size`` from the grammar and word-list folders given (default: the
        shipped ones). A builder that also makes open-gender sets takes ``open_gender``
        (generator/english.py)."""
        ...


def grammar_names() -> list[str]:
    """The grammar folders shipped in grammars/ (the choices of ``gen build --grammar``)."""
    return sorted(p.name for p in grammars_dir().iterdir() if p.is_dir())


def builder_for(grammar: str) -> Builder:
    """The builder registered for a grammar folder, imported on first use."""
    target = BUILDERS.get(grammar)
    if target is None:
        known = ", ".join(sorted(BUILDERS))
        raise GenError(
            f"no set builder registered for grammar {grammar!r} (registered: {known})",
            field="grammar",
        )
    module, _, function = target.partition(":")
    return getattr(importlib.import_module(module), function)


@dataclass
class MetadataCounter:
    """Counts every metadata value of every record, for manifest.json.

    Records are counted a batch at a time with C-level ``Counter.update`` calls, one per field.
    Nested objects are counted by identity and expanded once at the end, so builders that
    share metadata objects among records (as the English one does) are counted cheaply; the
    objects are kept so that an identity is never reused. Integer fields inside objects
    (token indices) are positions, not metadata values, and are not counted.
    """

    scalars: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    objects: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    kept: dict[int, dict] = field(default_factory=dict)

    def add(self, batch: list[dict]) -> None:
        if not batch:
            return
        for key in batch[0]:
            if key in NOT_METADATA:
                continue
            values = [record[key] for record in batch]
            kinds = set(map(type, values))
            if list in kinds:
                values = list(itertools.chain.from_iterable(values))
                kinds = set(map(type, values))
            if dict in kinds:
                self.objects[key].update(map(id, values))
                self.kept.update(zip(map(id, values), values, strict=True))
            else:
                self.scalars[key].update(values)

    def counts(self) -> dict[str, dict[str, int]]:
        result: dict[str, Counter] = defaultdict(Counter)
        for key, counter in self.scalars.items():
            for value, n in counter.items():
                result[key][_label(value)] += n
        for key, counter in self.objects.items():
            for identity, n in counter.items():
                value = self.kept[identity]
                if value is None:
                    result[key]["null"] += n
                    continue
                for leaf, leaf_value in value.items():
                    if leaf_value.__class__ is not int:
                        result[f"{key}.{leaf}"][_label(leaf_value)] += n
        return {key: dict(sorted(result[key].items())) for key in sorted(result)}


def _batches(records: Iterable[dict]) -> Iterator[list[dict]]:
    iterator = iter(records)
    while batch := list(itertools.islice(iterator, BATCH)):
        yield batch


def _label(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def write_set(
    out: Path,
    built: BuiltSet,
    *,
    force: bool = False,
    parallel: bool = False,
    progress: Callable[[int], None] | None = None,
    inputs: Sequence[Path | None] = (),
) -> dict:
    """Write ``out/source.jsonl``, ``source.txt`` and ``manifest.json``; return the manifest.

    Records stream to disk in batches, so memory does not grow with the set. With
    ``parallel``, each shard is written by its own forked process into part files that are
    then joined in order. If the sentence checks find problems, nothing is written and
    :class:`GenError` names the first of them.
    """
    with output_folder(out, SET, force=force, inputs=inputs) as staging:
        jsonl, txt = staging / "source.jsonl", staging / "source.txt"
        if parallel and len(built.shards) > 1:
            results = _write_parallel(built, staging, progress)
            for target in (jsonl, txt):
                _join([_part(target, i) for i in range(1, len(built.shards))], target)
        else:
            results = [_write_shard(built.records(), jsonl, txt, built.check, progress)]
        written = sum(r.written for r in results)
        if written != built.total:
            raise GenError(f"builder promised {built.total} records but produced {written}")
        checks = [r.check for r in results if r.check is not None]
        if checks:
            for other in checks[1:]:
                checks[0].merge(other)
            problems = checks[0].problems()
            if problems:
                more = f" (and {len(problems) - 1} more; run gen lint)" if len(problems) > 1 else ""
                raise GenError(problems[0] + more)
        counts: dict[str, Counter] = defaultdict(Counter)
        for result in results:
            for key, values in result.counts.items():
                counts[key].update(values)
        manifest = {
            "tool": "gen",
            "version": __version__,
            **built.manifest,
            "sentences": written,
            "counts": {key: dict(sorted(counts[key].items())) for key in sorted(counts)},
        }
        with atomic_write(staging / "manifest.json") as handle:
            handle.write(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    return manifest


@dataclass
class _ShardResult:
    written: int
    counts: dict[str, dict[str, int]]
    check: SentenceCheck | None


def _write_shard(
    records: Iterable[dict],
    jsonl_path: Path,
    txt_path: Path,
    make_check: Callable[[], SentenceCheck] | None,
    progress: Callable[[int], None] | None,
) -> _ShardResult:
    """Serialise, count and check one stream of records into its two files."""
    counter = MetadataCounter()
    check = make_check() if make_check is not None else None
    written = 0
    with (
        _without_cycle_collection(),
        open(jsonl_path, "wb") as jsonl,
        open(txt_path, "w", encoding="utf-8", newline="\n") as txt,
    ):
        for batch in _batches(records):
            jsonl.write(b"\n".join(map(orjson.dumps, batch)))
            jsonl.write(b"\n")
            txt.write("\n".join([record["text"] for record in batch]))
            txt.write("\n")
            counter.add(batch)
            if check is not None:
                for record in batch:
                    check.observe(record)
            written += len(batch)
            if progress is not None:
                progress(len(batch))
    return _ShardResult(written, counter.counts(), check)


@contextmanager
def _without_cycle_collection() -> Iterator[None]:
    """Pause Python's cycle collector: records are acyclic, and the collector would otherwise
    rescan millions of short-lived dicts (a quarter of the time of a large set)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _write_parallel(
    built: BuiltSet, staging: Path, progress: Callable[[int], None] | None
) -> list[_ShardResult]:
    """Write each shard in its own forked process (a fork shares the builder, nothing is pickled
    but the results), reporting their joint progress."""
    context = multiprocessing.get_context("fork")
    done = context.Value("q", 0)
    results = context.Queue()

    def advance(n: int) -> None:
        with done.get_lock():
            done.value += n

    def work(index: int) -> None:
        jsonl, txt = _part(staging / "source.jsonl", index), _part(staging / "source.txt", index)
        try:
            results.put(
                (index, _write_shard(built.shards[index](), jsonl, txt, built.check, advance))
            )
        except BaseException as err:  # the parent re-raises it
            results.put((index, err))

    workers = [
        context.Process(target=work, args=(i,), daemon=True) for i in range(len(built.shards))
    ]
    for worker in workers:
        worker.start()
    collected: dict[int, _ShardResult] = {}
    reported = 0
    try:
        while len(collected) < len(workers):
            try:
                index, result = results.get(timeout=0.2)
            except queue.Empty:
                if not any(w.is_alive() for w in workers) and results.empty():
                    raise GenError("a set-writing worker process died") from None
            else:
                if isinstance(result, BaseException):
                    raise result
                collected[index] = result
            if progress is not None and done.value > reported:
                progress(done.value - reported)
                reported = done.value
    finally:
        for worker in workers:
            worker.join(timeout=1)
            if worker.is_alive():
                worker.terminate()
    return [collected[i] for i in range(len(workers))]


def _part(target: Path, index: int) -> Path:
    """Where shard ``index`` writes: the first straight into ``target``, later ones beside it."""
    return target if index == 0 else target.with_name(f"{target.name}.{index}.part")


def _join(parts: list[Path], target: Path) -> None:
    """Append the part files to ``target`` in order, removing them.

    The bytes are copied inside the kernel (``os.copy_file_range``) where the file system
    allows it, and through a buffer otherwise.
    """
    out = os.open(target, os.O_WRONLY)
    try:
        os.lseek(out, 0, os.SEEK_END)
        for part in parts:
            source = os.open(part, os.O_RDONLY)
            try:
                _copy(source, out, os.fstat(source).st_size)
            finally:
                os.close(source)
            part.unlink()
    finally:
        os.close(out)


def _copy(source: int, out: int, remaining: int) -> None:
    try:
        while remaining > 0:
            copied = os.copy_file_range(source, out, remaining)
            if copied == 0:
                break
            remaining -= copied
    except (OSError, AttributeError):
        pass  # a file system (or OS) without copy_file_range: copy the rest by hand
    while chunk := os.read(source, 1 << 20):
        view = memoryview(chunk)
        while view:
            view = view[os.write(out, view) :]
