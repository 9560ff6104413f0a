"""Translate a set chunk by chunk, with a journal that lets an interrupted run resume.

The set's records are cut into chunks of the engine's ``chunk_size``. After each chunk its
translations are appended to a journal beside the output (``OUT.journal``, flushed to disk);
``resume=True`` reads the finished chunks back and translates only the rest, so a resumed
run writes exactly what an uninterrupted one would. When every chunk is done the output JSONL
and the hyp file are written whole (:func:`common.io.atomic_write`) and the journal is removed.

A chunk the engine fails on is split in halves and retried until the failing sentences are
alone; each is recorded with an empty translation and ``translation_error``, never dropped.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common.errors import GenError
from common.io import UniqueIds, atomic_write, dumps, read_jsonl, resolve_input, write_jsonl
from common.outputs import TRANSLATIONS, claim_output, output_path
from translator.base import Engine, EngineError
from translator.onward import onward_input, onward_result, text_language, translates_onward

JOURNAL_FORMAT = "gen translate journal 1"
EMPTY_SOURCE = "empty source sentence"


@dataclass(frozen=True)
class RunSummary:
    records: int
    failed: int
    resumed: int  # sentences read back from the journal instead of translated
    out: Path
    hyp: Path


def default_output(set_path: str | Path, engine: str, target: str) -> Path:
    """``SET_DIR/ENGINE.TARGET.jsonl``, e.g. ``runs/set/apertium.es.jsonl``."""
    path = Path(set_path)
    folder = path if path.is_dir() else path.parent
    return folder / f"{engine}.{target}.jsonl"


def hyp_path(out: Path) -> Path:
    """The plain hyp file written beside the output JSONL: same name, ``.txt``."""
    hyp = out.with_suffix(".txt")
    if hyp == out:
        raise GenError("the output must not end in .txt: the hyp file takes that name", path=out)
    return hyp


def journal_path(out: Path) -> Path:
    return out.with_name(out.name + ".journal")


def kept_translations(out: Path) -> int | None:
    """How many translations an interrupted run into ``out`` has journalled for --resume;
    None when it left no journal (interrupted before it made one)."""
    path = journal_path(out)
    if not path.is_file():
        return None
    kept = 0
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        try:
            kept += len(json.loads(line)["translations"])
        except (json.JSONDecodeError, KeyError):
            break  # a torn last line: that chunk is translated again
    return kept


def read_records(path: Path) -> list[tuple[int, dict]]:
    """The set's records with their line numbers; each needs a ``text``, an unrepeated ``id``
    (where it has one), and there must be at least one."""
    records = []
    ids = UniqueIds(path)
    for line, record in read_jsonl(path):
        if not isinstance(record.get("text"), str):
            raise GenError("missing or not a string", path=path, line=line, field="text")
        if "id" in record:
            ids.add(record["id"], line)
        records.append((line, record))
    if not records:
        raise GenError("no records to translate: the file is empty", path=path)
    return records


def translate_chunk(engine: Engine, texts: Sequence[str]) -> tuple[list[str], dict[int, str]]:
    """Translate ``texts``; return the translations and ``{index: reason}`` for failures.

    On :class:`EngineError` the texts are split in halves and retried, so one bad sentence
    costs its own translation only.
    """
    try:
        translations = engine.translate(texts)
        if len(translations) != len(texts):
            got, sent = len(translations), len(texts)
            raise EngineError(f"{engine.name} returned {got} translations for {sent} sentences")
        return translations, {}
    except EngineError as error:
        if len(texts) == 1:
            return [""], {0: str(error)}
        middle = len(texts) // 2
        left, left_errors = translate_chunk(engine, texts[:middle])
        right, right_errors = translate_chunk(engine, texts[middle:])
        right_errors = {index + middle: reason for index, reason in right_errors.items()}
        return left + right, {**left_errors, **right_errors}


def translate_texts(engine: Engine, texts: Sequence[str]) -> tuple[list[str], dict[int, str]]:
    """Like translate_chunk, but blank sources are answered here, not sent to the engine."""
    wanted = [index for index, text in enumerate(texts) if text.strip()]
    translated, failures = translate_chunk(engine, [texts[index] for index in wanted])
    translations = [""] * len(texts)
    errors = {index: EMPTY_SOURCE for index, text in enumerate(texts) if not text.strip()}
    for position, index in enumerate(wanted):
        # The hyp file holds one translation per line.
        translations[index] = translated[position].replace("\r", " ").replace("\n", " ")
        if position in failures:
            errors[index] = failures[position]
    return translations, errors


#: Translates chunks ``{number: records}``, calling ``save(number, (translations, errors))``
#: as each is done, in any order.
ChunkRunner = Callable[[Mapping[int, list[dict]], Callable[[int, tuple], None]], None]


def translate_here(engine: Engine) -> ChunkRunner:
    """The chunks translated one after the other in this process."""

    def run(pending: Mapping[int, list[dict]], save: Callable[[int, tuple], None]) -> None:
        for number, chunk in pending.items():
            save(number, translate_texts(engine, [record["text"] for record in chunk]))

    return run


class Journal:
    """The finished chunks of an interrupted run: a header line, then one line per chunk."""

    def __init__(self, path: Path, header: dict[str, Any]) -> None:
        self.path = path
        self.header = header

    def read(self) -> dict[int, dict]:
        """Return the finished chunks by number; a torn last line (the run died while writing
        it) is cut off, so the chunk is simply translated again."""
        with open(self.path, encoding="utf-8") as handle:
            lines = handle.readlines()
        try:
            header = json.loads(lines[0]) if lines else None
        except json.JSONDecodeError:
            header = None
        if header is None or header.get("format") != JOURNAL_FORMAT:
            raise GenError("not a gen translate journal; delete it to start over", path=self.path)
        for field in ("input_sha256", "records", "mt"):
            if header.get(field) != self.header[field]:
                raise GenError(
                    f"the journal was made with a different {field} ({header.get(field)}); "
                    "delete it to start over, or resume with the same set and engine options",
                    path=self.path,
                    line=1,
                )
        self.header["chunk_size"] = header["chunk_size"]
        chunks: dict[int, dict] = {}
        good_bytes = len(lines[0].encode())
        for number, line in enumerate(lines[1:], start=2):
            try:
                chunk = json.loads(line)
            except json.JSONDecodeError:
                if number != len(lines):
                    raise GenError("corrupt journal line", path=self.path, line=number) from None
                with open(self.path, "r+b") as handle:
                    handle.truncate(good_bytes)
                break
            chunks[chunk["chunk"]] = chunk
            good_bytes += len(line.encode())
        return chunks

    def start(self) -> None:
        with open(self.path, "w", encoding="utf-8") as handle:
            handle.write(dumps({"format": JOURNAL_FORMAT, **self.header}) + "\n")
            handle.flush()
            os.fsync(handle.fileno())

    def append(self, chunk: dict) -> None:
        with open(self.path, "a", encoding="utf-8") as handle:
            handle.write(dumps(chunk) + "\n")
            handle.flush()
            os.fsync(handle.fileno())


def _results(
    records: list[dict],
    translations: list[str],
    errors: dict[int, str],
    engine: Engine,
    onward_from: str | None,
) -> Iterator[dict]:
    """The output records; translated onward, those of translator/onward.py, whose ``text``
    is in ``onward_from``."""
    mt = engine.metadata
    for index, (record, translation) in enumerate(zip(records, translations, strict=True)):
        if onward_from is not None:
            translated = (translation, errors.get(index))
            yield onward_result(record, translated, mt, engine.target, onward_from)
            continue
        # A stale error from translating an already translated file must not survive.
        result = {key: value for key, value in record.items() if key != "translation_error"}
        result.update(translation=translation, lang=engine.target, mt=mt)
        if index in errors:
            result["translation_error"] = errors[index]
        yield result


def translate_set(
    set_path: str | Path,
    engine: Engine,
    out: str | Path,
    *,
    resume: bool = False,
    force: bool = False,
    chunk_size: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    runner: ChunkRunner | None = None,
) -> RunSummary:
    """Translate the set at ``set_path`` (a set folder or a JSONL file of records) into
    ``out`` (records plus ``translation``, ``lang``, ``mt``) and its hyp file. A file of
    translations into the engine's source language is translated onward (translator/onward.py).

    ``progress(done, total)`` is called after each chunk, those read back from the journal
    included. ``runner`` translates the chunks not in the journal (default:
    :func:`translate_here`; translator/distributed.py's runs them on Dask workers). What an
    existing output or journal means: :mod:`common.outputs`.
    """
    source = resolve_input(set_path)
    out = output_path(out)
    hyp = hyp_path(out)
    resume = claim_output(
        out,
        journal_path(out),
        TRANSLATIONS,
        force=force,
        resume=resume,
        inputs=[source],
        companions=[hyp],
    )
    numbered = read_records(source)
    records = [record for _, record in numbered]
    onward = translates_onward(numbered, source, engine.source)
    text_lang = text_language(source) if onward else None
    inputs = records if text_lang is None else [onward_input(record) for record in records]
    journal = Journal(
        journal_path(out),
        {
            "input_sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
            "records": len(records),
            "mt": engine.metadata,
            "chunk_size": chunk_size or engine.chunk_size,
        },
    )
    done: dict[int, dict] = {}
    if resume:
        done = journal.read()
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        journal.start()
    try:
        translations, errors, resumed = _translate_chunks(
            inputs, engine, journal, done, progress, runner
        )
    except BaseException:
        if not resume and len(journal.path.read_bytes().splitlines()) <= 1:
            journal.path.unlink()  # nothing was translated: leave nothing behind
        raise
    with atomic_write(out) as handle:
        write_jsonl(handle, _results(records, translations, errors, engine, text_lang))
    with atomic_write(hyp) as handle:
        handle.writelines(translation + "\n" for translation in translations)
    journal.path.unlink()
    return RunSummary(len(records), len(errors), resumed, out, hyp)


def _translate_chunks(
    records: list[dict],
    engine: Engine,
    journal: Journal,
    done: dict[int, dict],
    progress: Callable[[int, int], None] | None,
    runner: ChunkRunner | None,
) -> tuple[list[str], dict[int, str], int]:
    """Translate the chunks not ``done``, journalling each; return every translation, the
    failures by record index, and how many were read back from the journal."""
    size = journal.header["chunk_size"]
    pending: dict[int, list[dict]] = {}
    for number, start in enumerate(range(0, len(records), size)):
        chunk_records = records[start : start + size]
        if number not in done:
            pending[number] = chunk_records
        elif len(done[number]["translations"]) != len(chunk_records):
            raise GenError(f"chunk {number} does not match the set", path=journal.path)
    resumed = finished = len(records) - sum(len(chunk) for chunk in pending.values())
    if progress is not None:
        progress(finished, len(records))

    def save(number: int, translated: tuple[list[str], dict[int, str]]) -> None:
        nonlocal finished
        chunk = {"chunk": number, "translations": translated[0], "errors": translated[1]}
        journal.append(chunk)
        done[number] = chunk
        finished += len(chunk["translations"])
        if progress is not None:
            progress(finished, len(records))

    (runner or translate_here(engine))(pending, save)
    translations: list[str] = []
    errors: dict[int, str] = {}
    for number in sorted(done):
        offset = len(translations)
        translations.extend(done[number]["translations"])
        for index, reason in done[number]["errors"].items():
            errors[offset + int(index)] = reason

    return translations, errors, resumed
