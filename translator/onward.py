"""Translating translations onward (a pivot): `gen translate es.jsonl --from es --to fr`.

A file `gen translate` wrote holds each record's English ``text`` and its ``translation`` into
``lang``. Translated ``--from`` that ``lang``, it is the translations that are translated:
the output keeps the English ``text`` (what `gen check` aligns the French with), moves the
Spanish into ``pivots`` and writes the whole chain as ``mt``, a list of steps in order, each
``{"from", "to", "engine", "model", "version", "options"}``, so the signature names every
engine that touched the sentence. A ``--from`` that is neither the records' ``lang`` nor the
language of their ``text`` is refused: translating Spanish as if it were French helps no one.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from common.errors import GenError


def text_language(records_path: Path) -> str:
    """The language of the records' ``text``: the grammar of the set beside them (its
    manifest.json, as `gen build` writes it), else English."""
    try:
        manifest = json.loads((records_path.parent / "manifest.json").read_text(encoding="utf-8"))
        stated = manifest.get("grammar")
    except (OSError, ValueError, AttributeError):
        stated = None
    return stated if isinstance(stated, str) else "en"


def translates_onward(numbered: list[tuple[int, dict]], path: Path, source: str) -> bool:
    """Whether the records' ``translation`` (True) or their ``text`` is what ``source``
    names. Onward, every record must hold a translation into ``source``; otherwise a file of
    translations is translated from its text only when ``source`` is the text's language."""
    langs = sorted(
        {record["lang"] for _, record in numbered if "translation" in record and "lang" in record},
        key=str,
    )
    if source not in langs:
        text_lang = text_language(path)
        if langs and source != text_lang:
            raise GenError(
                f"--from {source}: these records' text is in {text_lang} and their "
                f"translations are in {', '.join(map(str, langs))}; give --from {text_lang} "
                f"to translate the text again, or --from {langs[0]} to translate the "
                "translations onward",
                path=path,
            )
        return False
    for line, record in numbered:
        if record.get("lang") != source:
            raise GenError(
                f"{record.get('lang')!r}, not {source!r}: a file translated onward holds "
                "translations into one language (the one --from names)",
                path=path,
                line=line,
                field="lang",
            )
        if not isinstance(record.get("translation"), str):
            raise GenError("missing or not a string", path=path, line=line, field="translation")
    return True


def onward_input(record: dict) -> dict:
    """The record as the engine reads it: its translation in the place of its text."""
    return {"id": record.get("id"), "text": record["translation"]}


def chain(record: Mapping[str, Any], text_lang: str) -> list[dict]:
    """The record's ``mt`` as a list of steps (a single step has no ``from``/``to``: they are
    the text's language and the record's ``lang``); translations made elsewhere are one
    step of unknown engine."""
    mt = record.get("mt")
    if isinstance(mt, list):
        return list(mt)
    step = dict(mt) if isinstance(mt, dict) else {"engine": "unknown"}
    return [{"from": text_lang, "to": record.get("lang"), **step}]


def onward_result(
    record: dict,
    translated: tuple[str, str | None],
    mt: Mapping[str, Any],
    target: str,
    text_lang: str,
) -> dict:
    """The output record of one translated onward: the new ``translation``, ``lang`` and the
    ``mt`` chain; the translation it was made from appended to ``pivots``; an earlier step's
    failure kept as the reason (its empty translation was not sent to the engine)."""
    translation, error = translated
    earlier, lang = record.get("translation_error"), record["lang"]
    step = {"from": lang, "to": target, **mt}
    result = {
        key: value for key, value in record.items() if key not in ("translation_error", "pivots")
    }
    result.update(
        translation=translation,
        lang=target,
        mt=[*chain(record, text_lang), step],
        pivots=[*record.get("pivots", []), {"lang": lang, "translation": record["translation"]}],
    )
    if earlier:
        result["translation_error"] = f"the {lang} translation failed: {earlier}"
    elif error is not None:
        result["translation_error"] = error
    return result
