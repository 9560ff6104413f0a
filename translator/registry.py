"""Engines by name, imported only when asked for, so a missing optional dependency (torch,
transformers) matters only to the user who picks that engine."""

from __future__ import annotations

import importlib
import importlib.util
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


#: The Python packages an engine's module imports that a machine may lack, looked for
#: without importing them (torch takes seconds), for `gen languages`.
PACKAGES: dict[str, tuple[str, ...]] = {"huggingface": ("transformers", "torch")}


def engines_here() -> dict[str, str]:
    """What each engine can translate on this machine, in words: every direction of Apertium's
    installed modes (and the variants ``--model`` picks); for a model engine, any pair its
    model has, or the packages it lacks."""
    from translator.apertium_modes import installed_modes, pairs_of, variants_of
    from translator.languages import table

    here = {}
    modes = installed_modes()
    pairs = ", ".join(f"{s}→{t}" for s, t in sorted(pairs_of(modes)))
    variants = "; ".join(
        f"{s}→{t} {', '.join(names)}" for (s, t), names in variants_of(modes).items()
    )
    here["apertium"] = (
        pairs + (f" (other modes, with --model MODE: {variants})" if variants else "")
        if pairs
        else "none (sudo apt-get install apertium apertium-eng-spa ...)"
    )
    for name, packages in PACKAGES.items():
        missing = [p for p in packages if importlib.util.find_spec(p) is None]
        here[name] = (
            f"not installed: pip install {' '.join(missing)}"
            if missing
            else "the pairs of the --model you name; language codes known for "
            + ", ".join(sorted(table()["languages"]))
        )
    return here
