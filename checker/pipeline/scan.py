"""The first pass over `gen check` input: validate every line before any model loads.

A bad line fails here, naming file and line (or, with --skip-invalid, is set aside in the
rejects); the pass also counts the languages, hashes the set for the signature and keeps
the first chunk's items, so that input which fits one chunk is read only once.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from checker.languages import language
from checker.pipeline.records import Item, Line, read_input, to_item
from common.errors import GenError
from common.io import UniqueIds

#: The fewest records balancing cuts a chunk to (chunk_count). Labels hardly move with the
#: chunk (0.02-0.03% from 50,000-record chunks' down to 10,000 on the small es set and the
#: M2M-100 es and ru slices), but eflomal's iterations grow as chunks shrink: its CPU is
#: 1.3× at 20,000 and 1.8× at 10,000 (bench/eflomal_settings.py --chunk-sizes, in
#: docs/scale-out.md). Balancing may cost that much, no more.
MIN_CHUNK = 20_000
#: Target languages whose records another checker reads: Korean→English (TGBI).
KIND_BY_LANG = {"ko-en": "tgbi"}


def record_kind(record: Mapping[str, Any]) -> str:
    """``tgbi`` for Korean→English pronoun records, ``gender`` for occupation records."""
    return "tgbi" if "pronoun" in record or "tgbi_set" in record else "gender"


def input_kind(input_path: Path, lang: str | None) -> str:
    """Which checker reads this input, from ``lang`` or its first readable record:
    ``tgbi`` (scores/tgbi.py) or ``gender`` (the labeller)."""
    if lang is not None and lang.strip().lower() in KIND_BY_LANG:
        return KIND_BY_LANG[lang.strip().lower()]
    for line in read_input(input_path, None):
        if line.record is not None:
            return record_kind(line.record)
    return "gender"


@dataclass
class Scan:
    """What the validating pass learnt about the input."""

    kind: str = "gender"
    items: int = 0
    rejected: int = 0
    languages: Counter[str] = field(default_factory=Counter)
    systems: set[str] = field(default_factory=set)
    rejects: list[dict[str, Any]] = field(default_factory=list)
    head: list[Item] = field(default_factory=list)  # the first items, read no second time
    head_end: int = 0  # the number of the last line the head covers
    set_digest: Any = field(default_factory=hashlib.sha256)
    input_digest: Any = field(default_factory=hashlib.sha256)


def scan_input(
    input_path: Path,
    hypotheses: list[str] | None,
    lang: str | None,
    *,
    skip_invalid: bool,
    head_size: int,
) -> Scan:
    """Validate every line; reject (with --skip-invalid) or raise on the first bad one."""
    scan = Scan()
    first = True
    ids = UniqueIds(input_path)
    contradicted: list[tuple[int, str]] = []  # (line, the record's lang) where --lang differs
    last_mt: Any = object()
    for line in read_input(input_path, hypotheses):
        scan.input_digest.update(line.raw.encode() + b"\n")
        if line.record is not None:
            scan.input_digest.update(str(line.record.get("translation")).encode() + b"\n")
            if first:
                scan.kind = record_kind(line.record)
                first = False
            if scan.kind != "gender":
                return scan  # another kind's checker reads the input itself
        own = line.record.get("lang") if line.record is not None else None
        if lang is not None and isinstance(own, str) and _differ(own, lang):
            contradicted.append((line.number, own))
        try:
            item = validated(line, input_path, lang)
            ids.add(item.record["id"], line.number)
        except GenError as err:
            if not skip_invalid:
                raise
            scan.rejected += 1
            scan.rejects.append({"line": line.number, "error": str(err), "text": line.raw})
            continue
        item = in_known_language(item, input_path)
        if len(scan.head) < head_size:
            scan.head.append(item)
            scan.head_end = line.number
        scan.items += 1
        scan.languages[item.lang] += 1
        mt = item.record.get("mt")
        if mt != last_mt:  # a set's records name one system: described once per change
            scan.systems.add(describe_system(mt))
            last_mt = mt
        scan.set_digest.update(f"{item.record['id']}\t{item.record['text']}\n".encode())
    if contradicted:
        raise _contradiction(input_path, lang, contradicted)
    if not scan.items:
        why = (
            f"all {scan.rejected} were invalid, the first: {scan.rejects[0]['error']}"
            if scan.rejected
            else "the file is empty"
        )
        raise GenError(f"no records to check: {why}", path=input_path)
    return scan


def _differ(own: str, lang: str) -> bool:
    """Whether a record's ``lang`` names another language than --lang (sr and hbs do not)."""
    own = own.strip().lower()
    if own == lang:
        return False
    try:
        return language(own).code != language(lang).code
    except GenError:  # an unknown code is reported as such later
        return True


def _contradiction(path: Path, lang: str | None, lines: list[tuple[int, str]]) -> GenError:
    """``--lang fr`` against records that say es: one error, the first lines and the count."""
    shown = ", ".join(f"{number} ({own})" for number, own in lines[:5])
    more = f" and {len(lines) - 5} more" if len(lines) > 5 else ""
    return GenError(
        f"--lang {lang} contradicts the records' own lang on {len(lines)} line"
        f"{'s' * (len(lines) > 1)}: {shown}{more} (leave --lang out to use theirs)",
        path=path,
        field="lang",
    )


def describe_system(mt: Any) -> str:
    """The MT system a record's ``mt`` field (written by `gen translate`) names, for the
    signature: ``engine:model(version;option=value,...)``; ``unknown`` without one. A chain
    (a list of steps, translated onward through a pivot language) joins its steps with the
    pivot language: ``apertium:eng-spa(...)>es>apertium:es-fr(...)``."""
    if isinstance(mt, list) and mt:
        steps = [describe_system(mt[0])]
        for step in mt[1:]:
            pivot = step.get("from", "?") if isinstance(step, dict) else "?"
            steps += [str(pivot), describe_system(step)]
        return ">".join(steps)
    if not isinstance(mt, dict) or mt.get("engine") == "unknown":
        return "unknown"
    options = ",".join(f"{key}={value}" for key, value in sorted((mt.get("options") or {}).items()))
    details = ";".join(part for part in (str(mt.get("version") or ""), options) if part)
    return f"{mt.get('engine', '?')}:{mt.get('model', '?')}" + (f"({details})" if details else "")


def validated(line: Line, path: Path, lang: str | None) -> Item:
    if line.error is not None or line.record is None:
        raise line.error or GenError("unreadable line", path=path, line=line.number)
    return to_item(line.record, path=path, line=line.number, default_lang=lang)


def in_known_language(item: Item, path: Path) -> Item:
    """The item with its language's canonical code (sr → hbs); an unknown language is an
    error listing the supported ones, even with --skip-invalid."""
    try:
        code = language(item.lang).code
    except GenError as err:
        raise GenError(err.message, path=path, line=item.line, field="lang") from None
    return item if code == item.lang else replace(item, lang=code)


def read_items(
    input_path: Path,
    hypotheses: list[str] | None,
    lang: str | None,
    *,
    skip_invalid: bool,
    after: int = 0,
    rejected: frozenset[int] = frozenset(),
) -> Iterator[Item]:
    """The valid items of the lines after line ``after``, but for the ``rejected`` lines
    (the scan's: a repeated id is valid on its own)."""
    for line in read_input(input_path, hypotheses, after=after):
        if line.number in rejected:
            continue
        try:
            yield in_known_language(validated(line, input_path, lang), input_path)
        except GenError:
            if not skip_invalid:
                raise


def chunk_count(total: int, chunk_size: int, workers: int = 1) -> int:
    """How many chunks ``total`` items are cut into: the fewest of at most ``chunk_size``;
    on ``workers`` > 1, rounded up to a multiple of them, so that all finish together,
    while no chunk falls below MIN_CHUNK (eflomal fits worse on fewer pairs)."""
    count = max(1, -(-total // chunk_size))
    if workers > 1:
        balanced = -(-count // workers) * workers
        count = max(count, min(balanced, total // MIN_CHUNK))
    return count


def chunks(items: Iterator[Item], total: int, count: int) -> Iterator[list[Item]]:
    """``total`` items in ``count`` chunks, all of about the same size: a statistical
    aligner fitted on a short last chunk would align it badly."""
    sizes = [total // count + (i < total % count) for i in range(count)]
    chunk: list[Item] = []
    for item in items:
        chunk.append(item)
        if len(chunk) == sizes[0]:
            yield chunk
            sizes.pop(0)
            chunk = []
    if chunk:
        yield chunk
