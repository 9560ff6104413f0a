"""Engines by name, imported only when asked for, so a missing optional dependency (torch,
transformers) matters only to the user who picks that engine."""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from common.errors import GenError
from translator.base import Engine

#: name → "module:Class". Adding an engine is one module plus one line here.
ENGINES: dict[str, str] = {
    "apertium": "translator.apertium:ApertiumEngine",
    "huggingface": "translator.huggingface:HuggingFaceEngine",
}


def register_engine(name: str, target: str) -> None:
    """Make ``--engine name`` load ``target`` ("module:Class"), e.g. a plug-in or a test fake."""
    ENGINES[name] = target


def engine_class(name: str) -> type[Engine]:
    if name not in ENGINES:
        raise GenError(f"unknown engine {name!r}; choose one of: {', '.join(ENGINES)}")
    module_name, class_name = ENGINES[name].split(":")
    return getattr(importlib.import_module(module_name), class_name)


def load_engine(name: str, source: str, target: str, options: Mapping[str, Any]) -> Engine:
    """Build the engine ``name`` for ``source`` → ``target``."""
    return engine_class(name)(source, target, options)
