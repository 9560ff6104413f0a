"""What a result record is grouped by in the summary: each dimension's value, read once per
record (None: the record does not say)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from common.fields import GENDERS


def _get(record: dict[str, Any], dotted: str) -> Any:
    value: Any = record
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value.strip().lower() or None
    return str(value).lower()


def _trigger_gender(record: dict[str, Any]) -> str | None:
    return _text(_get(record, "trigger.gender"))


def _adjective_relation(record: dict[str, Any]) -> str | None:
    """Whether the adjective's stereotype matches the trigger's gender (R&W 2022, Fig. 3)."""
    if "adjective" not in record:
        return None
    adjective = record["adjective"]
    if not isinstance(adjective, dict):
        return "none"
    stereotype, trigger = _text(adjective.get("stereotype")), _trigger_gender(record)
    if stereotype not in GENDERS or trigger not in GENDERS:
        return "neutral"
    return "matching" if stereotype == trigger else "mismatching"


def _adjective_attachment(record: dict[str, Any]) -> str | None:
    if "adjective" not in record:
        return None
    adjective = record["adjective"]
    return _text(adjective.get("attaches_to")) if isinstance(adjective, dict) else "none"


def _occupation_kind(record: dict[str, Any]) -> str | None:
    nonce = _get(record, "occupation.nonce")
    return None if nonce is None else ("nonce" if nonce else "real")


def _field(dotted: str) -> Callable[[dict[str, Any]], str | None]:
    return lambda record: _text(_get(record, dotted))


#: What a record is grouped by, each read once per record: name → getter (None: the record
#: does not say, and stays out of the tables that use it).
DIMENSIONS: dict[str, Callable[[dict[str, Any]], str | None]] = {
    "expected_gender": _field("expected_gender"),
    "trigger.gender": _trigger_gender,
    "occupation.stereotype": _field("occupation.stereotype"),
    "adjective": _adjective_relation,
    "adjective.attaches_to": _adjective_attachment,
    "position": _field("position"),
    "trigger.type": _field("trigger.type"),
    "occupation.nonce": _occupation_kind,
    "construction": _field("construction"),
    "occupation.text": _field("occupation.text"),
    "lang": _field("lang"),
}
DIMENSION_INDEX = {name: i for i, name in enumerate(DIMENSIONS)}
