"""Hand-made `gen check` output folders for the report's tests.

Records follow docs/formats.md (set record + label); the summary is written in the checker's
summary.json layout (every cell {n, correct, wrong, inconclusive, accuracy, ci95}), with
labels drawn from a seeded generator whose bias toward the stereotype is a parameter, so two
"systems" differ in a way the figures should show.
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path

from gen.io import write_jsonl

OCCUPATIONS = [
    ("nurse", "female", False),
    ("secretary", "female", False),
    ("baker", "male", False),
    ("carpenter", "male", False),
    ("blicket", "none", True),
]
TRIGGERS = {"male": ("brother", "he"), "female": ("sister", "she")}
ADJECTIVES = {"male": "strong", "female": "gentle"}


def records(set_name: str = "xs") -> list[dict]:
    """Every combination of occupation × trigger gender × adjective × position, as set records."""
    out = []
    for occupation, stereotype, nonce in OCCUPATIONS:
        for gender, (kinship, _pronoun) in TRIGGERS.items():
            for adjective in (None, "male", "female"):
                for position in ("before", "after"):
                    number = len(out)
                    out.append(
                        {
                            "id": f"en-{set_name}-{number:06d}",
                            "pair_id": f"en-{set_name}-p{number // 2:05d}",
                            "text": f"That {occupation} is my {kinship}.",
                            "expected_gender": gender,
                            "occupation": {
                                "text": occupation,
                                "index": 1,
                                "stereotype": stereotype,
                                "nonce": nonce,
                            },
                            "trigger": {
                                "text": kinship,
                                "index": 4,
                                "gender": gender,
                                "type": "kinship",
                            },
                            "adjective": None
                            if adjective is None
                            else {
                                "text": ADJECTIVES[adjective],
                                "index": 3,
                                "stereotype": adjective,
                                "attaches_to": "trigger",
                            },
                            "position": position,
                        }
                    )
    return out


def label(record: dict, rng: random.Random, bias: float) -> str:
    """correct more often when the stereotype agrees with the trigger; ``bias`` sets how much."""
    agrees = record["occupation"]["stereotype"] in (record["expected_gender"], "none")
    p_correct = 0.9 if agrees else 0.9 - bias
    draw = rng.random()
    return "correct" if draw < p_correct else "wrong" if draw < 0.95 else "inconclusive"


def cell(labels: list[str]) -> dict:
    n = len(labels)
    counts = {name: labels.count(name) for name in ("correct", "wrong", "inconclusive")}
    accuracy = counts["correct"] / n
    half = 1.96 * (accuracy * (1 - accuracy) / n) ** 0.5
    return {
        "n": n,
        **counts,
        "accuracy": accuracy,
        "ci95": [max(0.0, accuracy - half), min(1.0, accuracy + half)],
    }


def adjective_key(record: dict) -> str:
    adjective = record["adjective"]
    if adjective is None:
        return "none"
    return "matching" if adjective["stereotype"] == record["expected_gender"] else "mismatching"


def summary(results: list[dict], signature: str, lang: str, system: str) -> dict:
    groups: dict[str, dict] = defaultdict(lambda: defaultdict(list))
    nested: dict[str, dict] = defaultdict(lambda: defaultdict(lambda: defaultdict(list)))
    for record in results:
        occupation, trigger = record["occupation"], record["expected_gender"]
        groups["overall"]["all"].append(record["label"])
        groups["by_adjective"][adjective_key(record)].append(record["label"])
        groups["by_position"][record["position"]].append(record["label"])
        groups["by_nonce"]["nonce" if occupation["nonce"] else "real"].append(record["label"])
        nested["by_occupation"][occupation["text"]][trigger].append(record["label"])
        if not occupation["nonce"]:
            nested["by_trigger_stereotype"][trigger][occupation["stereotype"]].append(
                record["label"]
            )
    out = {"signature": signature, "lang": lang, "system": system}
    out["overall"] = cell(groups.pop("overall")["all"])
    for key, cells in groups.items():
        out[key] = {name: cell(labels) for name, labels in cells.items()}
    for key, outer in nested.items():
        out[key] = {
            a: {b: cell(labels) for b, labels in inner.items()} for a, inner in outer.items()
        }
    table = out["by_trigger_stereotype"]
    out["delta"] = {
        short: {
            "value": table[g]["male" if g == "male" else "female"]["accuracy"]
            - table[g]["female" if g == "male" else "male"]["accuracy"],
            "ci95": [-0.1, 0.3],
        }
        for short, g in (("M", "male"), ("F", "female"))
    }
    return out


def make_run(
    folder: Path,
    *,
    lang: str,
    system: str = "apertium",
    bias: float = 0.3,
    seed: int = 1,
    set_hash: str = "3f2a9c",
    aligner: str = "eflomal",
    repeat: int = 4,
) -> Path:
    """Write ``folder/results.jsonl`` and ``folder/summary.json`` for one hand-made run."""
    rng = random.Random(seed)
    results = [
        {**record, "id": f"{record['id']}-{copy}", "label": label(record, rng, bias)}
        for copy in range(repeat)
        for record in records()
    ]
    for record in results:
        if record["label"] == "inconclusive":
            record["reason"] = "no_gender"
    signature = (
        f"gen:0.1.0|set:{set_hash}|lang:{lang}|aligner:{aligner}|tagger:offline(apertium-3.8.3)"
    )
    folder.mkdir(parents=True)
    with open(folder / "results.jsonl", "w", encoding="utf-8") as handle:
        write_jsonl(handle, results)
    (folder / "summary.json").write_text(
        json.dumps(summary(results, signature, lang, system), indent=1), encoding="utf-8"
    )
    return folder
