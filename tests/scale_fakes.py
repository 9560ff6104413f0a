"""Fakes for the scale-out tests, importable by Dask workers started as separate processes
(``--tagger tests.scale_fakes:SlowTagger``; the workers run from the repository root).

The slow tagger takes its time over each chunk, so a test can kill a process mid-run, and
notes every chunk it tags in the folder ``GEN_TEST_TAG_LOG`` names, so the test can count
the partitions a run did.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Sequence
from pathlib import Path

from checker.backends.base import TaggedSentence
from tests.checker_fakes import FakeTagger
from translator.base import Engine

#: A translation holding this makes PoisonTagger fail on its chunk, every time.
POISON = "veneno"


class SlowTagger(FakeTagger):
    delay = 0.3

    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        time.sleep(self.delay)
        log = os.environ.get("GEN_TEST_TAG_LOG")
        if log:
            (Path(log) / f"{os.getpid()}-{uuid.uuid4().hex}").write_text(texts[0])
        return super().tag(texts)


class PoisonTagger(FakeTagger):
    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        if any(POISON in text for text in texts):
            raise RuntimeError("the tagger choked")
        return super().tag(texts)


class UpperEngine(Engine):
    """Translates by upper-casing."""

    name = "upper"
    chunk_size = 2

    @property
    def metadata(self) -> dict:
        return {"engine": self.name, "model": "upper", "version": "1", "options": {}}

    def translate(self, texts: Sequence[str]) -> list[str]:
        return [text.upper() for text in texts]
