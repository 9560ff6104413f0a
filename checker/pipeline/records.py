"""Reading `gen check` input: JSONL records (plus an optional --hyp file) → validated items.

Reading is streamed: one pass validates the whole input before any model runs (so a bad
line fails fast, naming file and line), a second pass feeds items to the backends in chunks.
Records that came from elsewhere need only ``id``, ``text``, ``translation``,
``expected_gender`` (null for an open-gender record: the source leaves the person's gender
open, and the label says which gender the translation gives) and ``occupation.index`` or
``occupation.text``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import orjson

from common.errors import GenError
from common.fields import GENDERS
from common.io import not_utf8, open_text, parse_jsonl_line, read_lines

_TOKEN = re.compile(r"['’]s\b|\w+(?:(?:['’](?!s\b)|-)\w+)*|[^\w\s]")


def tokenize_english(text: str) -> list[str]:
    """Words and punctuation, keeping hyphenated words and contractions whole but for the
    possessive 's, a token of its own as in the Penn Treebank ("the clerk's help" → clerk,
    's, help: the occupation is found, and known to be a possessor)."""
    return _TOKEN.findall(text)


@dataclass(frozen=True)
class Line:
    """One input line: its number, the record read from it, or why it could not be read."""

    number: int
    record: dict[str, Any] | None
    raw: str
    error: GenError | None = None


@dataclass(frozen=True)
class Item:
    """A record ready for labelling: source tokens, where the occupation is, what to expect."""

    line: int
    record: dict[str, Any]
    lang: str
    source_tokens: tuple[str, ...]
    occupation: tuple[int, int]  # [start, end) over source_tokens; end - 1 is the head
    expected_gender: str | None  # None: an open-gender record
    translation: str


def count_records(path: Path) -> int:
    """How many non-blank lines (records, valid or not) a JSONL file has."""
    with open_text(path) as handle:
        return sum(1 for line in handle if line.strip())


def read_input(
    path: Path, hypotheses: Sequence[str] | None = None, *, after: int = 0
) -> Iterator[Line]:
    """Yield every non-blank line of ``path`` as a :class:`Line`; with ``hypotheses`` (a
    --hyp file's lines), each record gets the one of the same position as its
    ``translation``. Lines up to number ``after`` are skipped unread (a caller that
    already has them).

    Malformed JSON does not raise here: the error travels in the Line so that the caller
    decides between failing and rejecting (``--skip-invalid``). So does a line, or its
    --hyp line, that is not UTF-8.
    """
    for raw in raw_lines(path, hypotheses, after=after):
        yield parse_line(raw, path)


class RawLine(NamedTuple):
    """A non-blank input line as read, unparsed: its number, its text, and its --hyp line
    and that line's number (None without --hyp)."""

    number: int
    text: str
    translation: str | None = None
    hyp_line: int | None = None


def raw_lines(
    path: Path, hypotheses: Sequence[str] | None = None, *, after: int = 0
) -> Iterator[RawLine]:
    """The non-blank lines of ``path`` after line ``after``, each with its --hyp line, as
    read: what :func:`parse_line` reads, here or on a worker."""
    translations = enumerate(hypotheses, start=1) if hypotheses is not None else None
    with open_text(path) as handle:
        for number, text in enumerate(handle, start=1):
            if not text.strip():
                continue
            hyp_line, translation = next(translations) if translations is not None else (None, None)
            if number > after:
                yield RawLine(number, text.rstrip("\n"), translation, hyp_line)


def parse_line(raw: RawLine, path: Path) -> Line:
    """One raw line read as a record (with its --hyp translation), or why it cannot be."""
    number, text = raw.number, raw.text
    error = not_utf8(text, path, number)
    if error is None and raw.translation is not None:
        bad = not_utf8(raw.translation, "--hyp", raw.hyp_line or number)
        if bad is not None:
            error = GenError(str(bad), path=path, line=number, field="translation")
    if error is not None:
        return Line(number, None, text.encode("utf-8", "replace").decode(), error)
    record, error = _parse(text, path, number)
    if raw.translation is not None and record is not None:
        record = {**record, "translation": raw.translation}
    return Line(number, record, text, error)


def _parse(raw: str, path: Path, number: int) -> tuple[dict[str, Any] | None, GenError | None]:
    """orjson for speed; the shared parser for the error message when a line is bad."""
    try:
        record = orjson.loads(raw)
    except orjson.JSONDecodeError:
        record = None
    if isinstance(record, dict):
        return record, None
    try:
        return parse_jsonl_line(raw, path, number), None
    except GenError as err:
        return None, err


def read_hypotheses(path: Path, hyp: Path, *, strict: bool = True) -> list[str]:
    """The --hyp file's lines, read once; refused, before any work, when their count differs
    from the records', or (``strict``) when a line is not UTF-8 (else that line's record is
    refused when it is read)."""
    hypotheses = read_lines(hyp, strict=strict)
    records, lines = count_records(path), len(hypotheses)
    if records != lines:
        raise GenError(
            f"mismatch in the number of translations ({lines} lines in {hyp}) "
            f"and records ({records} in {path})",
            path=hyp,
        )
    return hypotheses


def record_lang(record: dict[str, Any], default: str | None) -> str | None:
    lang = record.get("lang", default)
    return lang.strip().lower() if isinstance(lang, str) and lang.strip() else default


def to_item(record: dict[str, Any], *, path: Path, line: int, default_lang: str | None) -> Item:
    """Validate one record and locate its occupation, or raise GenError naming the field."""

    def fail(field: str, message: str) -> GenError:
        return GenError(message, path=path, line=line, field=field)

    for field in ("id", "text"):
        if field not in record:
            raise fail(field, "missing")
    text = record["text"]
    if not isinstance(text, str) or not text.strip():
        raise fail("text", "must be a non-empty string")
    translation = record.get("translation")
    if translation is None:
        raise fail("translation", "missing (give it in the record or pass --hyp FILE)")
    if not isinstance(translation, str):
        raise fail("translation", "must be a string")
    expected = record.get("expected_gender")
    if "expected_gender" not in record:
        raise fail("expected_gender", f"missing (one of {', '.join(GENDERS)}, or null)")
    if expected is not None and expected not in GENDERS:
        raise fail(
            "expected_gender", f"must be one of {', '.join(GENDERS)} or null, not {expected!r}"
        )
    lang = record_lang(record, default_lang)
    if lang is None:
        raise fail("lang", "no target language: pass --lang XX or give each record a lang")

    tokens = record.get("tokens")
    if tokens is None:
        tokens = tokenize_english(text)
    elif not (isinstance(tokens, list) and all(isinstance(t, str) for t in tokens)):
        raise fail("tokens", "must be a list of strings")
    occupation = record.get("occupation")
    if not isinstance(occupation, dict):
        raise fail("occupation", "must be an object with index or text")
    span = _occupation_span(tokens, occupation, fail)
    return Item(line, record, lang, tuple(tokens), span, expected, translation)


def _occupation_span(tokens: list[str], occupation: dict[str, Any], fail) -> tuple[int, int]:
    """The occupation's token span: ``index`` names its head (last word); ``text`` gives its
    words (multi-word occupations such as "police officer") and, without an index, is
    looked for in the tokens (first occurrence, case-insensitive).

    ``text`` is matched by its characters, not re-tokenised: the record's tokens may come
    from another tokenizer than gen's ("Dr." one token or two, "C.E.O." one or six,
    "editor-in-chief" one or five), and text written as in the sentence must match either way."""
    text = occupation.get("text")
    target = "".join(text.lower().split()) if isinstance(text, str) else ""
    lowered = [t.lower() for t in tokens]
    index = occupation.get("index")
    if index is not None:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(tokens):
            raise fail("occupation.index", f"must be a token index in 0..{len(tokens) - 1}")
        if not target:
            return index, index + 1
        start = _span_ending_at(lowered, index + 1, target)
        if start is not None:
            return start, index + 1
        # the head alone, when the sentence has only the last word of a longer text
        if tokenize_english(text.lower())[-1:] == [lowered[index]]:
            return index, index + 1
        raise fail(
            "occupation.text",
            f"{text!r} does not match token {index} of the sentence ({tokens[index]!r}): "
            "occupation.index must point at the occupation's last word",
        )
    if not target:
        raise fail("occupation", "needs index or text")
    for end in range(1, len(lowered) + 1):
        start = _span_ending_at(lowered, end, target)
        if start is not None:
            return start, end
    raise fail("occupation.text", f"{text!r} not found in text")


def _span_ending_at(tokens: list[str], end: int, target: str) -> int | None:
    """The start of the tokens before ``end`` whose characters, joined, are ``target``."""
    joined = ""
    for start in range(end - 1, -1, -1):
        joined = tokens[start] + joined
        if joined == target:
            return start
        if not target.endswith(joined):
            return None
    return None
