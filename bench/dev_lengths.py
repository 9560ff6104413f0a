"""How long real translations are beside their sources, in characters: the grounds of
`gen check`'s ``too_long`` limit (checker/pipeline/stages.py LENGTH_RATIO, LENGTH_FLOOR).

    python bench/dev_lengths.py [DEV_DATA]

Reads every source/translation pair of ../shared/dev-data (docs: its README.md): the
m2m100 translations of the grammar set (ugb-m2m100-1.2b, 20 languages), WinoMT's Bing
translations and MT-GenEval's contextual references. Prints how many pairs, the highest
translation/source ratios and the longest translation.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

DEFAULT = Path(__file__).resolve().parent.parent.parent / "shared" / "dev-data"


def lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def pairs(data: Path) -> Iterator[tuple[str, str, str]]:
    """(source, translation, file) for every pair the dev data holds."""
    ugb = data / "ugb-m2m100-1.2b"
    for target in ("target.es", "target.ru"):
        for source, translation in zip(lines(ugb / "source.en"), lines(ugb / target), strict=True):
            yield source, translation, target
    for path in sorted((ugb / "more").glob("*.jsonl")):
        for line in lines(path):
            if line.strip():
                record = json.loads(line)
                yield record["text"], record.get("translation", ""), path.name
    for path in sorted((data / "winomt" / "bing").glob("*.txt")):
        for line in lines(path):
            if " ||| " in line:
                source, translation = line.split(" ||| ", 1)
                yield source, translation, path.name
    for path in sorted((data / "mt-geneval" / "context").glob("*-original-dev.en_*")):
        source = path.with_suffix(".en")
        if path.suffix != ".en" and source.is_file():
            for pair in zip(lines(source), lines(path), strict=True):
                yield *pair, path.name


def main() -> None:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    found = [
        (len(translation) / len(source), len(source), len(translation), name)
        for source, translation, name in pairs(data)
        if source.strip() and translation.strip()
    ]
    found.sort(reverse=True)
    print(f"{len(found)} pairs from {len({name for *_, name in found})} files")
    print("highest ratios (translation/source characters):")
    for ratio, source, translation, name in found[:5]:
        print(f"  {ratio:.2f}  {source} → {translation} characters  {name}")
    print(f"longest translation: {max(row[2] for row in found)} characters")


if __name__ == "__main__":
    main()
