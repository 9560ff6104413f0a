"""Apertium, the rule-based MT system from Debian's packages: offline, fast, deterministic, and
with real gender errors for the checker to find.

A chunk of sentences goes through one ``apertium`` process (no shell) in null-flush mode
(``-z``): each sentence ends with a NUL, which makes every stage of the pipeline finish the
sentence and reset, so no transfer rule reaches across a sentence boundary (in plain text
mode a line without a final full stop is merged with the next one). Each sentence also
carries a numbered superblank ``[gen:N]`` that Apertium copies through untouched; the output
must show every number once, in order, or the chunk fails loudly with an :class:`EngineError`.

Input is sent as Apertium stream format (``-f none``): the stream's reserved characters are
escaped here and unescaped in the output, as apertium-destxt and apertium-retxt would.
Unknown words are marked ``*word`` by Apertium; the marks are dropped (``apertium -u``)
unless the ``unknown_marks`` option keeps them.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Mapping, Sequence
from typing import Any

from common.errors import MissingResourceError
from translator.apertium_modes import (
    default_mode,
    installed_modes,
    missing_direction,
    packages_for,
    pairs_of,
    variants_of,
)
from translator.base import Engine, EngineError

_RESERVED = re.compile(r"([\[\]^$\\/@<>{}])")
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)
_MARKED = re.compile(r"(.*)\[gen:(\d+)\]\s*", re.DOTALL)


def to_stream(text: str) -> str:
    r"""Escape Apertium's reserved characters (``[ ] ^ $ \ / @ < > { }``)."""
    return _RESERVED.sub(r"\\\1", text)


def from_stream(text: str) -> str:
    """Undo the escapes and tidy the whitespace Apertium leaves (doubled, leading, line breaks)."""
    return " ".join(_ESCAPED.sub(r"\1", text).split())


def data_version(mode: str) -> str:
    """The Debian package holding ``mode`` and its version ("apertium-eng-spa 0.8.1-2"), or
    "language data of unknown version" for data built from source."""
    if shutil.which("dpkg-query") is None:
        return "language data of unknown version"
    mode_file = f"/usr/share/apertium/modes/{mode}.mode"
    owner = subprocess.run(["dpkg-query", "-S", mode_file], capture_output=True, text=True)
    package = owner.stdout.split(":")[0].strip() if owner.returncode == 0 else ""
    if not package:
        return "language data of unknown version"
    version = subprocess.run(
        ["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True
    )
    if version.returncode != 0:
        return "language data of unknown version"
    return f"{package} {version.stdout.strip()}"


def split_output(output: str, expected: int, mode: str) -> list[str]:
    """Map Apertium's output back to the input sentences by their ``[gen:N]`` marks."""
    # The pipeline's stages each add a NUL of their own at the end of the input.
    parts = output.split("\0")
    while parts and not parts[-1].strip() and len(parts) > expected:
        parts.pop()
    translations = []
    for number, part in enumerate(parts):
        match = _MARKED.fullmatch(part)
        if match is None or int(match.group(2)) != number:
            break
        translations.append(from_stream(match.group(1)))
    if len(translations) != expected or len(parts) != expected:
        raise EngineError(
            f"apertium {mode} returned {len(parts)} sentences for {expected}, "
            f"sentence boundaries intact for the first {len(translations)}"
        )
    return translations


def choose_mode(source: str, target: str, modes: Sequence[str], asked: str | None) -> str:
    """The mode for ``source`` → ``target``: ``asked`` (``--model``, e.g. a variant such as
    eng-cat_valencia) when it is installed and translates that way, else the default one."""
    default = default_mode(source, target, modes) or pairs_of(modes).get((source, target))
    others = variants_of(modes).get((source, target), [])
    if asked is None:
        if default is None:
            raise MissingResourceError(missing_direction(source, target, modes))
        return default
    if asked in [default, *others]:
        return asked
    choices = ", ".join([default, *others]) if default else "none"
    raise MissingResourceError(
        f"--model {asked}: Apertium has no such {source}→{target} mode here "
        f"(its {source}→{target} modes here: {choices}; `gen languages` lists them all)"
    )


class ApertiumEngine(Engine):
    name = "apertium"
    # Large chunks: each starts an Apertium pipeline (about 0.2 s).
    chunk_size = 5000

    def __init__(self, source: str, target: str, options: Mapping[str, Any]) -> None:
        super().__init__(source, target, options)
        self.unknown_marks = bool(options.get("unknown_marks", False))
        if shutil.which("apertium") is None:
            install = " ".join(["apertium", *packages_for(source, target)[:1]])
            raise MissingResourceError(f"Apertium is not installed: sudo apt-get install {install}")
        modes = installed_modes()
        self.mode = choose_mode(source, target, modes, options.get("model"))
        version = subprocess.run(["apertium", "-V"], capture_output=True, text=True, check=False)
        self.version = version.stdout.strip().lower() or "apertium unknown"
        self.data_version = data_version(self.mode)

    @property
    def metadata(self) -> dict[str, Any]:
        return {
            "engine": self.name,
            "model": self.mode,
            "version": f"{self.version}, {self.data_version}",
            "options": {"unknown_marks": self.unknown_marks},
        }

    def translate(self, texts: Sequence[str]) -> list[str]:
        if any("\0" in text for text in texts):
            raise EngineError("the sentence contains a NUL character")
        stream = "".join(f"{to_stream(text)} [gen:{number}]\0" for number, text in enumerate(texts))
        command = ["apertium", "-f", "none", "-z", *([] if self.unknown_marks else ["-u"])]
        result = subprocess.run(
            [*command, self.mode], input=stream.encode(), capture_output=True, check=False
        )
        if result.returncode != 0:
            stderr = result.stderr.decode(errors="replace").strip().splitlines()
            raise EngineError(
                f"apertium {self.mode} exited with status {result.returncode}"
                + (f": {stderr[-1]}" if stderr else "")
            )
        return split_output(result.stdout.decode(errors="replace"), len(texts), self.mode)
