"""MT-GenEval's released folder layout (amazon-science/machine-translation-gender-eval, data/).

    context/geneval-context-wikiprofessions-2to1-{split}.en_{lang}.en       "context <sep> sentence"
    context/geneval-context-wikiprofessions-original-{split}.en_{lang}.{lang} correct reference
    context/geneval-context-wikiprofessions-flipped-{split}.en_{lang}.{lang}  gender-flipped one
    sentences/{split}/geneval-sentences-{feminine,masculine}-{split}.en_{lang}.{en,lang}

Every file is read whole and checked to be line-aligned with its partners, so a truncated
download fails here with both counts instead of scoring the wrong lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from common.errors import GenError
from common.io import read_lines

LANGUAGES = ("ar", "de", "es", "fr", "hi", "it", "nl", "pt", "ru")
SPLITS = ("dev", "test")
SUBSETS = ("contextual", "counterfactual")
#: What separates the context from the sentence in the contextual subset's English source.
CONTEXT_SEPARATOR = "<sep>"


@dataclass(frozen=True)
class Contextual:
    """The contextual subset: English context and sentence, a correct and a flipped reference."""

    contexts: list[str]
    sources: list[str]
    original: list[str]
    flipped: list[str]
    files: dict[str, Path]


@dataclass(frozen=True)
class Counterfactual:
    """The counterfactual subset: line-aligned feminine and masculine sources and references."""

    feminine_sources: list[str]
    masculine_sources: list[str]
    feminine: list[str]
    masculine: list[str]
    files: dict[str, Path]


def contextual_files(root: Path, lang: str, split: str) -> dict[str, Path]:
    stem = Path(root) / "context" / "geneval-context-wikiprofessions"
    return {
        "source": Path(f"{stem}-2to1-{split}.en_{lang}.en"),
        "original": Path(f"{stem}-original-{split}.en_{lang}.{lang}"),
        "flipped": Path(f"{stem}-flipped-{split}.en_{lang}.{lang}"),
    }


def counterfactual_files(root: Path, lang: str, split: str) -> dict[str, Path]:
    stem = Path(root) / "sentences" / split / "geneval-sentences"
    return {
        f"{gender}_{side}": Path(f"{stem}-{gender}-{split}.en_{lang}.{ext}")
        for gender in ("feminine", "masculine")
        for side, ext in (("sources", "en"), ("references", lang))
    }


def read_contextual(root: Path, lang: str, split: str) -> Contextual:
    files = contextual_files(root, lang, split)
    lines = _read_aligned(files)
    contexts, sources = [], []
    for number, line in enumerate(lines["source"], start=1):
        if line.count(CONTEXT_SEPARATOR) != 1:
            raise GenError(
                f"expected one {CONTEXT_SEPARATOR!r} between context and sentence",
                path=files["source"],
                line=number,
            )
        context, source = line.split(CONTEXT_SEPARATOR)
        contexts.append(context.strip())
        sources.append(source.strip())
    return Contextual(contexts, sources, lines["original"], lines["flipped"], files)


def read_counterfactual(root: Path, lang: str, split: str) -> Counterfactual:
    files = counterfactual_files(root, lang, split)
    lines = _read_aligned(files)
    return Counterfactual(
        lines["feminine_sources"],
        lines["masculine_sources"],
        lines["feminine_references"],
        lines["masculine_references"],
        files,
    )


def _read_aligned(files: dict[str, Path]) -> dict[str, list[str]]:
    """Read every file; raise naming both files and counts when they are not line-aligned."""
    missing = [path for path in files.values() if not path.is_file()]
    if missing:
        raise GenError(
            "not in MT-GenEval's layout (context/, sentences/SPLIT/); missing file", path=missing[0]
        )
    lines = {name: read_lines(path) for name, path in files.items()}
    first = next(iter(files))
    for name in files:
        check_same_length(lines[first], files[first], lines[name], files[name])
    return lines


def check_same_length(expected: list[str], expected_path: Path, got: list[str], got_path: Path):
    if len(expected) != len(got):
        raise GenError(
            f"has {len(got)} lines but {expected_path} has {len(expected)}; "
            "the files must be line-aligned",
            path=got_path,
        )
