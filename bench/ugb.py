"""The ugb-m2m100-1.2b dev data (Renduchintala & Williams 2022) as `gen check` records.

source.en / source.feats / source.ans carry the full metadata of each sentence ("That
editor is her emotional brother ."): occupation stereotype, adjective stereotype, trigger
gender and kind, position. Converted here for benchmarks and measurements, never in the
library.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

DEV = Path(__file__).resolve().parent.parent.parent / "shared" / "dev-data" / "ugb-m2m100-1.2b"
GENDER = {"F": "female", "M": "male"}
#: each kinship trigger and its twin of the other gender, for pair_id
TWIN = {"brother": "sister", "sister": "brother", "father": "mother", "mother": "father"}


def ugb_records(lang: str, dev: Path = DEV) -> Iterator[dict]:
    """One record per line, with the M2M-100 translation into ``lang``."""
    lines = zip(
        *(
            (dev / name).read_text(encoding="utf-8").splitlines()
            for name in ("source.en", "source.feats", "source.ans", f"target.{lang}")
        ),
        strict=True,
    )
    for number, (text, feats, answer, translation) in enumerate(lines):
        tokens = text.split()
        tags = {
            tag.strip("_").rsplit("_", 1)[0]: tag.strip("_").rsplit("_", 1)[1]
            for tag in feats.split()
        }
        trigger = tokens[5]
        twin_key = " ".join([*tokens[:5], min(trigger, TWIN[trigger])])
        yield {
            "id": f"ugb-{lang}-{number:05d}",
            "pair_id": f"ugb-{twin_key}",
            "text": text,
            "tokens": tokens,
            "lang": lang,
            "expected_gender": GENDER[answer.strip("_").split("_")[1]],
            "occupation": {
                "text": tokens[1],
                "index": 1,
                "stereotype": GENDER[tags["OCC_NO"]],
                "nonce": False,
            },
            "trigger": {
                "text": trigger,
                "index": 5,
                "gender": GENDER[tags["CLUE_NR"]],
                "type": "kinship",
            },
            "adjective": {
                "text": tokens[4],
                "index": 4,
                "stereotype": GENDER[tags[next(k for k in tags if k.startswith("CONTEXT_A"))]],
                "attaches_to": "trigger",
            },
            "distractors": [],
            "position": "before",
            "construction": "copula_kinship",
            "translation": translation,
        }


def write_records(lang: str, path: Path, copies: int = 1) -> int:
    """Write the records ``copies`` times (ids made unique); return how many."""
    count = 0
    with open(path, "w", encoding="utf-8") as handle:
        for copy in range(copies):
            for record in ugb_records(lang):
                record["id"] += f"-{copy}"
                record["pair_id"] += f"-{copy}"
                handle.write(json.dumps(record, ensure_ascii=False) + "\n")
                count += 1
    return count


def paper_labels(lang: str, dev: Path = DEV) -> list[str]:
    """Their pipeline's reading: Masc, Fem, or anything else (inconclusive)."""
    return (dev / f"target.{lang}.paper-label").read_text(encoding="utf-8").splitlines()
