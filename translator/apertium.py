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
from translator.base import Engine, EngineError
from translator.languages import language_code, table

_RESERVED = re.compile(r"([\[\]^$\\/@<>{}])")
_ESCAPED = re.compile(r"\\(.)", re.DOTALL)
_MARKED = re.compile(r"(.*)\[gen:(\d+)\]\s*", re.DOTALL)


def to_stream(text: str) -> str:
    r"""Escape Apertium's reserved characters (``[ ] ^ $ \ / @ < > { }``)."""
    return _RESERVED.sub(r"\\\1", text)


def from_stream(text: str) -> str:
    """Undo the escapes and tidy the whitespace Apertium leaves (doubled, leading, line breaks)."""
    return " ".join(_ESCAPED.sub(r"\1", text).split())


def installed_modes() -> list[str]:
    if shutil.which("apertium") is None:
        return []
    result = subprocess.run(["apertium", "-l"], capture_output=True, text=True, check=False)
    return result.stdout.split()


def candidate_modes(source: str, target: str) -> list[str]:
    """The mode names that would translate ``source`` → ``target``, in the order tried: the
    one language_codes.toml names, then ISO 639-3 (eng-spa), then ISO 639-1 (es-fr)."""
    known = table()["apertium"].get(f"{source}-{target}", {}).get("mode")
    columns = [
        (language_code(source, c), language_code(target, c)) for c in ("iso639_3", "iso639_1")
    ]
    return [known] * bool(known) + [f"{s}-{t}" for s, t in columns if s and t]


def installed_pairs() -> dict[tuple[str, str], str]:
    """The (source, target) pairs `--engine apertium` can translate here, each with the mode
    it would run: every pair of languages language_codes.toml knows whose mode is installed."""
    modes = set(installed_modes())
    langs = list(table()["languages"])
    pairs = {}
    for source in langs:
        for target in langs:
            found = [mode for mode in candidate_modes(source, target) if mode in modes]
            if source != target and found:
                pairs[source, target] = found[0]
    return pairs


def _no_pair(source: str, target: str, package: str | None) -> str:
    """What to do about a pair Apertium lacks: its Debian package where one is known, else
    the pairs that exist here and the engine that can do the rest."""
    if package:
        return f"sudo apt-get install apertium {package}"
    here = [f"{s}→{t}" for s, t in sorted(installed_pairs()) if s == source]
    return (
        (f"its pairs from {source} here are {', '.join(here)}" if here else f"none from {source}")
        + f"; gen knows no Debian package for {source}→{target} (`apt-cache search apertium-` "
        "lists the pairs Debian has); "
        "--engine huggingface --model NAME (OPUS-MT, M2M-100, NLLB) translates many more"
    )


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


class ApertiumEngine(Engine):
    name = "apertium"
    # Large chunks: each starts an Apertium pipeline (about 0.2 s).
    chunk_size = 5000

    def __init__(self, source: str, target: str, options: Mapping[str, Any]) -> None:
        super().__init__(source, target, options)
        self.unknown_marks = bool(options.get("unknown_marks", False))
        known = table()["apertium"].get(f"{source}-{target}", {})
        package = known.get("package")
        if shutil.which("apertium") is None:
            install = f"apertium {package}" if package else "apertium"
            raise MissingResourceError(f"Apertium is not installed: sudo apt-get install {install}")
        modes = installed_modes()
        found = [mode for mode in candidate_modes(source, target) if mode in modes]
        if not found:
            raise MissingResourceError(
                f"Apertium has no {source}→{target} pair here: {_no_pair(source, target, package)}"
            )
        self.mode = found[0]
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
