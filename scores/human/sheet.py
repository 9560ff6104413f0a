"""The annotation sheet: a CSV a native reader fills in without seeing gen's labels, and
the key beside it (``SHEET.key.json``) that maps its items back to the run's records.

The sheet holds the source, the translation and the person's words (the occupation in the
source, and the target words gen's aligner linked to it), and an empty ``human`` column for
the gender the translation gives that person. Items are numbered 1..n in the sheet's own
shuffled order, so neither a record id nor the row order hints at a label; only the key,
which the reader need not see, holds the labels.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from common.errors import GenError
from common.io import atomic_write, open_text

COLUMNS = ("item", "source", "person", "translation", "target_words", "human", "comment")
#: What a reader may write in ``human``: the gender the translation gives the person.
JUDGEMENTS = ("feminine", "masculine", "neutral", "unclear")
KEY_ABOUT = (
    "The key of a gen annotate sheet: each item's record and gen's label. Keep it from the "
    "annotators; gen validity reads it."
)


def key_path(sheet: Path) -> Path:
    """``is.csv`` → ``is.key.json``."""
    return sheet.with_name(f"{sheet.stem}.key.json")


def page_path(sheet: Path) -> Path:
    """``is.csv`` → ``is.html``."""
    return sheet.with_suffix(".html")


def _occupation(record: Mapping[str, Any]) -> str:
    occupation = record.get("occupation")
    if isinstance(occupation, Mapping):
        return str(occupation.get("text", ""))
    return str(occupation or "")


def sheet_rows(records: Sequence[Mapping[str, Any]]) -> list[dict[str, str]]:
    """The sheet's rows for the drawn records, in their order, ``human`` left empty."""
    return [
        {
            "item": str(item),
            "source": str(record.get("text", "")),
            "person": _occupation(record),
            "translation": str(record.get("translation") or ""),
            "target_words": " ".join(t["text"] for t in record.get("target_tokens") or ()),
            "human": "",
            "comment": "",
        }
        for item, record in enumerate(records, 1)
    ]


def key_items(records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """What the key keeps of each drawn record: enough to score the reader's answer."""
    return [
        {
            "item": item,
            "id": record.get("id"),
            "label": record.get("label"),
            "target_gender": record.get("target_gender"),
            "reason": record.get("reason"),
            "translation": str(record.get("translation") or ""),
        }
        for item, record in enumerate(records, 1)
    ]


def csv_text(rows: Sequence[Mapping[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def write_key(path: Path, key: Mapping[str, Any]) -> None:
    with atomic_write(path) as handle:
        handle.write(json.dumps({"about": KEY_ABOUT, **key}, ensure_ascii=False, indent=1) + "\n")


def read_key(path: Path) -> dict[str, Any]:
    """The key of a sheet; an unreadable one names the file."""
    with open_text(path) as handle:
        text = handle.read()
    try:
        key = json.loads(text)
        items = {int(entry["item"]): entry for entry in key["items"]}
        key["lang"]  # noqa: B018 (a key without its language is not one)
    except (ValueError, KeyError, TypeError) as error:
        raise GenError(f"not a gen annotate key ({error})", path=path) from None
    return {**key, "items": items}


def read_sheet(path: Path, key: Mapping[str, Any]) -> dict[int, str]:
    """Each item's judgement in a filled-in sheet. A bad row is an error naming the file,
    the line and the column; so is an item the sheet lacks."""
    items = key["items"]
    judged: dict[int, str] = {}
    with open_text(path) as handle:
        header = handle.readline()
        handle.seek(0)
        # a spreadsheet saves with its locale's separator (";" where "," is the decimal mark)
        separator = max(",;\t", key=lambda mark: len(header.split(mark)))
        reader = csv.DictReader(handle, delimiter=separator)
        absent = [name for name in ("item", "human") if name not in (reader.fieldnames or ())]
        if absent:
            raise GenError(
                f"no column {absent[0]!r} (a gen annotate sheet has {', '.join(COLUMNS)})",
                path=path,
                line=1,
            )
        for row in reader:
            line = reader.line_num
            judged.update([_judgement(row, items, judged, path, line)])
    missing = sorted(set(items) - set(judged))
    if missing:
        shown = ", ".join(map(str, missing[:10])) + (" ..." if len(missing) > 10 else "")
        raise GenError(f"no row for item {shown} of the sample ({len(missing)} missing)", path=path)
    return judged


def _judgement(
    row: Mapping[str, str | None],
    items: Mapping[int, Any],
    judged: Mapping[int, str],
    path: Path,
    line: int,
) -> tuple[int, str]:
    text = (row.get("item") or "").strip()
    if not text.isdigit() or int(text) not in items:
        raise GenError(
            f"{text!r} is not an item of this sample (1-{len(items)}); is this the key's sheet?",
            path=path,
            line=line,
            field="item",
        )
    item = int(text)
    if item in judged:
        raise GenError(f"item {item} given twice", path=path, line=line, field="item")
    translation = row.get("translation")
    if translation is not None and translation.strip() != items[item]["translation"].strip():
        raise GenError(
            f"item {item}'s translation differs from the key's: a sheet of another sample?",
            path=path,
            line=line,
            field="translation",
        )
    human = (row.get("human") or "").strip().lower()
    if human not in JUDGEMENTS:
        said = f"{human!r} is not a judgement" if human else "empty"
        raise GenError(
            f"{said}: write one of {', '.join(JUDGEMENTS)}", path=path, line=line, field="human"
        )
    return item, human
