"""`gen check` end to end: validate the input, label it chunk by chunk, write the outputs.

The input is read twice, streaming: a first pass validates every line (a bad line fails
before any model loads, naming file and line), counts the languages and hashes the set,
and keeps the first ``chunk_size`` items; the second pass reads on from there and labels
records in chunks of ``chunk_size``. Each finished chunk is saved
in a partial folder beside the output, so an interrupted run continues with ``--resume``
from the first unfinished chunk; the output folder appears, whole, only at the end.
Memory holds at most three chunks, one per stage (tagging, aligning, labelling), whatever
the input's length (the statistical aligner is fitted per chunk).
"""

from __future__ import annotations

import functools
import gc
import hashlib
import json
import shutil
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from itertools import chain
from pathlib import Path
from typing import Any, TypeVar

import gen
from checker.backends import registry
from checker.backends.base import Aligner, Alignment, TaggedSentence, Tagger
from checker.agreement import agreement_rules
from checker.label import EMPTY_TRANSLATION, UNSUPPORTED_LANGUAGE, Verdict, inconclusive, label
from checker.languages import language
from checker.records import Item, Line, read_hypotheses, read_input, to_item
from checker.summary import SummaryBuilder, render_markdown
from gen.errors import GenError, MissingResourceError
from gen.io import atomic_write, output_directory, resolve_input, write_jsonl

T = TypeVar("T")

#: ``--lang`` values that name a record kind outright, whatever the records' fields.
KIND_BY_LANG = {"ko-en": "tgbi"}


def record_kind(record: Mapping[str, Any]) -> str:
    """``tgbi`` for Korean→English pronoun records, ``gender`` for occupation records."""
    return "tgbi" if "pronoun" in record or "tgbi_set" in record else "gender"


@dataclass(frozen=True)
class CheckOptions:
    """Everything besides the files that decides the results."""

    aligner: str = registry.AUTO
    tagger: str = registry.AUTO
    backend_options: Mapping[str, Any] = field(default_factory=dict)
    chunk_size: int = 50_000
    skip_invalid: bool = False
    seed: int = 12345
    resamples: int = 1000
    compat: bool = False  # TGBI: classify exactly as Cho et al. (2019)


@dataclass
class _Scan:
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


@dataclass
class _Backends:
    tagger: Tagger
    aligner: Aligner


def _collecting_at_checkpoints(function: Callable[..., T]) -> Callable[..., T]:
    """Run ``function`` with Python's cyclic garbage collector run by hand (check() collects
    once per chunk, and freezes the scanned items out of it), not by allocation counts:
    left alone, it walks the chunks' millions of live objects over and over (1 to 3 s of a
    13 s run on 60,000 records) for the few dozen objects in cycles a chunk leaves
    (measured on 30,000 records). Undone on return: collector on, nothing frozen."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            gc.unfreeze()
            if enabled:
                gc.enable()

    return wrapper


@_collecting_at_checkpoints
def check(
    input_path: Path,
    *,
    out: Path,
    hyp: Path | None = None,
    lang: str | None = None,
    options: CheckOptions = CheckOptions(),
    resume: bool = False,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
    warn: Callable[[str], None] = lambda message: None,
) -> dict[str, Any]:
    """Label every record of ``input_path`` and write results.jsonl, summary.json and
    summary.md (and rejects.jsonl, if any) into ``out``; return the summary.

    ``progress(done, total)`` is called as records are labelled; ``warn`` gets one-line
    notices (records of a language no backend can read here).
    """
    input_path = resolve_input(input_path)
    if out.exists() and not (force or resume):
        raise GenError("output directory exists; pass --force to replace it", path=out)
    hypotheses = read_hypotheses(input_path, hyp) if hyp is not None else None
    lang = lang.strip().lower() if lang else None
    if lang in KIND_BY_LANG:
        scan = _Scan(kind=KIND_BY_LANG[lang])
    else:
        scan = _scan(input_path, hypotheses, lang, options)
        gc.freeze()  # the items kept from the scan make no cycles: never walk them again
    if scan.kind == "tgbi":  # Korean→English pronoun records (Cho et al., 2019)
        from checker.tgbi import check as check_tgbi

        return check_tgbi(input_path, out=out, hyp=hyp, options=options, force=force)
    backends = _build_backends(scan.languages, options, warn)
    signature = _signature(scan, backends, options)

    partial = out.with_name(f".{out.name}.partial")
    state = {"fingerprint": scan.input_digest.hexdigest(), "signature": signature}
    _prepare_partial(partial, state, resume)
    builder = SummaryBuilder()
    done = 0
    items = (
        scan.head
        if len(scan.head) == scan.items  # the whole input fits in the first chunk
        else chain(scan.head, _items(input_path, hypotheses, lang, options, after=scan.head_end))
    )
    chunks = _chunks(items, scan.items, options.chunk_size)
    # The stages overlap: a thread tags chunk k+1 (lt-proc works in its own process) while
    # another waits on the aligner fitting chunk k (eflomal too); then this thread labels
    # chunk k while chunk k+1 is tagged and aligned.
    with ThreadPoolExecutor(1) as tagging, ThreadPoolExecutor(1) as aligning:
        pending = None
        for number, chunk in enumerate(chunks):
            chunk_file = partial / f"chunk-{number:06d}.jsonl"
            if chunk_file.exists():
                with open(chunk_file, encoding="utf-8") as handle:
                    for line in handle:
                        builder.add(json.loads(line))
                done += len(chunk)
            else:
                tagged = tagging.submit(_tag_chunk, chunk, backends)
                aligned = aligning.submit(
                    lambda tagged=tagged: _align_chunk(tagged.result(), backends)
                )
                if pending is not None:
                    done += _finish_chunk(*pending, builder)
                    gc.collect()  # not after the last chunk: the run is about to end
                pending = (aligned, chunk_file)
            if progress:
                progress(done, scan.items)
        if pending is not None:
            done += _finish_chunk(*pending, builder)
            if progress:
                progress(done, scan.items)

    with output_directory(out, force=True) as staging:
        with open(staging / "results.jsonl", "wb") as results_file:
            for chunk_file in sorted(partial.glob("chunk-*.jsonl")):
                with open(chunk_file, "rb") as handle:
                    shutil.copyfileobj(handle, results_file)
        if scan.rejects:
            with open(staging / "rejects.jsonl", "w", encoding="utf-8") as handle:
                write_jsonl(handle, scan.rejects)
        summary = builder.build(
            signature=signature,
            rejected=scan.rejected,
            seed=options.seed,
            resamples=options.resamples,
        )
        (staging / "summary.json").write_text(
            json.dumps(summary, ensure_ascii=False, indent=2) + "\n", encoding="utf-8"
        )
        (staging / "summary.md").write_text(render_markdown(summary), encoding="utf-8")
    shutil.rmtree(partial, ignore_errors=True)
    return summary


def _finish_chunk(aligned: Future[_TaggedChunk], chunk_file: Path, builder: SummaryBuilder) -> int:
    """Label an aligned chunk, count it in the summary, save it; return its size."""
    results = _label_chunk(aligned.result())
    for result in results:
        builder.add(result)
    with atomic_write(chunk_file) as handle:
        write_jsonl(handle, results)
    return len(results)


def _scan(
    input_path: Path, hypotheses: list[str] | None, lang: str | None, options: CheckOptions
) -> _Scan:
    """Validate every line; reject (with --skip-invalid) or raise on the first bad one."""
    scan = _Scan()
    first = True
    for line in read_input(input_path, hypotheses):
        scan.input_digest.update(line.raw.encode() + b"\n")
        if line.record is not None:
            scan.input_digest.update(str(line.record.get("translation")).encode() + b"\n")
            if first:
                scan.kind = record_kind(line.record)
                first = False
            if scan.kind != "gender":
                return scan  # another kind's checker reads the input itself
        try:
            item = _validated(line, input_path, lang)
        except GenError as err:
            if not options.skip_invalid:
                raise
            scan.rejected += 1
            scan.rejects.append({"line": line.number, "error": str(err), "text": line.raw})
            continue
        item = _in_known_language(item, input_path)
        if len(scan.head) < options.chunk_size:
            scan.head.append(item)
            scan.head_end = line.number
        scan.items += 1
        scan.languages[item.lang] += 1
        scan.systems.add(describe_system(item.record.get("mt")))
        scan.set_digest.update(f"{item.record['id']}\t{item.record['text']}\n".encode())
    return scan


def describe_system(mt: Any) -> str:
    """The MT system a record's ``mt`` field (written by `gen translate`) names, for the
    signature: ``engine:model(version;option=value,...)``; ``unknown`` without one."""
    if not isinstance(mt, dict):
        return "unknown"
    options = ",".join(f"{key}={value}" for key, value in sorted((mt.get("options") or {}).items()))
    details = ";".join(part for part in (str(mt.get("version") or ""), options) if part)
    return f"{mt.get('engine', '?')}:{mt.get('model', '?')}" + (f"({details})" if details else "")


def _validated(line: Line, path: Path, lang: str | None) -> Item:
    if line.error is not None or line.record is None:
        raise line.error or GenError("unreadable line", path=path, line=line.number)
    return to_item(line.record, path=path, line=line.number, default_lang=lang)


def _in_known_language(item: Item, path: Path) -> Item:
    """The item with its language's canonical code (sr → hbs); an unknown language is an
    error listing the supported ones, even with --skip-invalid."""
    try:
        code = language(item.lang).code
    except GenError as err:
        raise GenError(err.message, path=path, line=item.line, field="lang") from None
    return item if code == item.lang else replace(item, lang=code)


def _items(
    input_path: Path,
    hypotheses: list[str] | None,
    lang: str | None,
    options: CheckOptions,
    after: int = 0,
) -> Iterator[Item]:
    """The valid items of the lines after line ``after``."""
    for line in read_input(input_path, hypotheses, after=after):
        try:
            yield _in_known_language(_validated(line, input_path, lang), input_path)
        except GenError:
            if not options.skip_invalid:
                raise


def _chunks(items: Iterator[Item], total: int, chunk_size: int) -> Iterator[list[Item]]:
    """``total`` items in the fewest chunks of at most ``chunk_size``, all of about the same
    size: a statistical aligner fitted on a short last chunk would align it badly."""
    count = max(1, -(-total // chunk_size))
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


def _build_backends(
    languages: Counter[str], options: CheckOptions, warn: Callable[[str], None]
) -> dict[str, _Backends | None]:
    """One tagger and one aligner per language, built before any work. A language no
    backend can read under ``auto`` is labelled unsupported_language (with a warning); a
    backend the user named that cannot run is an error."""
    backends: dict[str, _Backends | None] = {}
    for lang in sorted(languages):
        built = []
        for kind, name in ((Tagger, options.tagger), (Aligner, options.aligner)):
            try:
                built.append(registry.create(kind, name, lang, options.backend_options))
            except MissingResourceError as err:
                if name != registry.AUTO:
                    raise
                warn(f"{languages[lang]} records in {lang!r} left inconclusive: {err}")
                break
        backends[lang] = _Backends(*built) if len(built) == 2 else None  # type: ignore[arg-type]
    return backends


def _signature(
    scan: _Scan, backends: Mapping[str, _Backends | None], options: CheckOptions
) -> dict[str, str]:
    ready = [b for b in backends.values() if b is not None]
    return {
        "set": "sha256." + scan.set_digest.hexdigest()[:12],
        "lang": "+".join(sorted(scan.languages)) or "none",
        "aligner": "+".join(sorted({b.aligner.signature for b in ready})) or "none",
        "tagger": "+".join(sorted({b.tagger.signature for b in ready})) or "none",
        "mt": "+".join(sorted(scan.systems)) or "unknown",
        "chunk": str(options.chunk_size),
        "boot": str(options.resamples),
        "seed": str(options.seed),
        "version": gen.__version__,
    }


def _prepare_partial(partial: Path, state: dict[str, Any], resume: bool) -> None:
    """Create the folder of finished chunks, or with ``resume`` check it belongs to this run."""
    state_file = partial / "state.json"
    if resume and state_file.is_file():
        if json.loads(state_file.read_text(encoding="utf-8")) != state:
            raise GenError(
                "the interrupted run there was for other input or options; "
                "run again without --resume to start afresh",
                path=partial,
            )
        return
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    with atomic_write(state_file) as handle:
        json.dump(state, handle)


@dataclass
class _TaggedChunk:
    """A chunk on its way through the stages: verdicts decided without backends, then per
    language the tagged sentences and, once aligned, their alignments."""

    items: list[Item]
    verdicts: list[Verdict | None]
    sentences: dict[str, tuple[list[int], list[TaggedSentence]]]
    alignments: dict[str, Sequence[Alignment]] = field(default_factory=dict)


def _tag_chunk(chunk: list[Item], backends: Mapping[str, _Backends | None]) -> _TaggedChunk:
    """First stage: what needs no backend, then tagging per language."""
    verdicts: list[Verdict | None] = [None] * len(chunk)
    by_lang: dict[str, list[int]] = {}
    for position, item in enumerate(chunk):
        if not item.translation.strip():
            verdicts[position] = inconclusive(EMPTY_TRANSLATION)
        elif backends[item.lang] is None:
            verdicts[position] = inconclusive(UNSUPPORTED_LANGUAGE)
        else:
            by_lang.setdefault(item.lang, []).append(position)
    sentences = {
        lang: (positions, backends[lang].tagger.tag([chunk[p].translation for p in positions]))
        for lang, positions in by_lang.items()
    }
    return _TaggedChunk(chunk, verdicts, sentences)


def _align_chunk(tagged: _TaggedChunk, backends: Mapping[str, _Backends | None]) -> _TaggedChunk:
    """Second stage: align each language's pairs (the aligner fits on them)."""
    for lang, (positions, sentences) in tagged.sentences.items():
        tagged.alignments[lang] = backends[lang].aligner.align(
            [tagged.items[p].source_tokens for p in positions], [s.tokens for s in sentences]
        )
    return tagged


def _label_chunk(aligned: _TaggedChunk) -> list[dict]:
    """Third stage: label every record (pure: tagged words + links → verdict)."""
    chunk, verdicts = aligned.items, aligned.verdicts
    for lang, (positions, sentences) in aligned.sentences.items():
        rules = agreement_rules(lang)
        alignments = aligned.alignments[lang]
        for position, sentence, alignment in zip(positions, sentences, alignments, strict=True):
            item = chunk[position]
            verdicts[position] = label(
                expected_gender=item.expected_gender,
                source_tokens=item.source_tokens,
                occupation=item.occupation,
                sentence=sentence,
                alignment=alignment,
                rules=rules,
            )
    return [
        {**item.record, **verdict.to_json()} for item, verdict in zip(chunk, verdicts, strict=True)
    ]
