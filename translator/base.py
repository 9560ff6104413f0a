"""The MT engine interface: one small class per engine, so adding one is adding one module.

An engine is built once per run (it may start a subprocess or load a model), then called on
chunks of sentences. It translates a chunk in order, or raises :class:`EngineError` when the
chunk as a whole failed; the runner (:mod:`translator.run`) then retries smaller pieces to
find the sentences at fault, which are recorded with an empty translation and the reason.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar


class EngineError(Exception):
    """The engine failed on this chunk (a crash, a lost sentence boundary, out of memory).

    Not a :class:`common.errors.GenError`: it never reaches the user as such. The runner splits
    the chunk and retries, and a single sentence that still fails keeps ``str(error)`` as
    its reason.
    """


class Engine(ABC):
    """Translates sentences from ``source`` to ``target`` (ISO 639-1 codes such as ``es``)."""

    #: The name users type (``--engine apertium``).
    name: ClassVar[str]
    #: Sentences per call to :meth:`translate`: the unit of progress and of ``--resume``.
    chunk_size: ClassVar[int] = 256
    #: Runs on a GPU when it can: on a Dask cluster whose workers offer ``GPU`` resources,
    #: its chunks go to those, one model per GPU (translator/distributed.py).
    uses_gpu: ClassVar[bool] = False

    def __init__(self, source: str, target: str, options: Mapping[str, Any]) -> None:
        """Load what the engine needs, or raise :class:`common.errors.MissingResourceError`
        naming what to install. ``options`` holds the command line's engine options; each
        engine reads the ones it knows."""
        self.source = source
        self.target = target
        self.options = options

    @property
    @abstractmethod
    def metadata(self) -> dict[str, Any]:
        """What produced the translations, written into every output record as ``mt``:
        ``{"engine", "model", "version", "options"}``, where ``options`` holds only the
        settings that change the output (beam size, precision, unknown-word marks...)."""

    @abstractmethod
    def translate(self, texts: Sequence[str]) -> list[str]:
        """Return one translation per text, in order, or raise :class:`EngineError`."""
