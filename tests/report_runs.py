"""Hand-made `gen check` output folders for the report's tests.

Records follow docs/formats.md (set record + label) and are summarised by the checker's own
:func:`scores.summary.summarise`, so the report is tested on the summaries `gen check` writes.
Labels come from a seeded generator whose bias toward the stereotype is a parameter, so two
"systems" differ in a way the figures should show. TGBI and MT-GenEval summaries are written
in the layouts of scores/tgbi.py and checker/mtgeneval.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from common.io import write_jsonl
from scores.summary import summarise
from scores.tgbi import TGBI_SETS

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


def invented(real: list[dict]) -> list[dict]:
    """The records with a real occupation, each given an invented one in its place."""
    return [
        {
            **record,
            "occupation": {
                **record["occupation"],
                "text": "florp",
                "stereotype": "none",
                "nonce": True,
            },
        }
        for record in real
        if not record["occupation"]["nonce"]
    ]


def label(record: dict, rng: random.Random, bias: float) -> str:
    """correct more often when the stereotype agrees with the trigger; ``bias`` sets how much."""
    agrees = record["occupation"]["stereotype"] in (record["expected_gender"], "none")
    p_correct = 0.9 if agrees else 0.9 - bias
    draw = rng.random()
    return "correct" if draw < p_correct else "wrong" if draw < 0.95 else "inconclusive"


def make_run(
    folder: Path,
    *,
    lang: str,
    bias: float = 0.3,
    seed: int = 1,
    set_hash: str = "sha256.3f2a9c5e0b1d",
    aligner: str = "eflomal",
    repeat: int = 4,
    unsupported: bool = False,
    nonce: bool = True,
    nonce_twin: bool = False,
) -> Path:
    """Write ``folder/results.jsonl`` and ``folder/summary.json`` for one hand-made run;
    ``unsupported``: every record inconclusive, as for a language no backend can read;
    ``nonce=False``: no nonce occupation, as in a set built without --nonce;
    ``nonce_twin``: the nonce twin of the ``nonce=False`` set, as `gen build --nonce` makes
    it: the same sentences and numbering, ids with ``-nonce-``, every occupation invented."""
    rng = random.Random(seed)
    results = [
        {**record, "id": f"{record['id']}-{copy}", "label": label(record, rng, bias)}
        for copy in range(repeat)
        for record in (invented(records("nonce-xs")) if nonce_twin else records())
        if nonce or nonce_twin or not record["occupation"]["nonce"]
    ]
    for record in results:
        if unsupported:
            record["label"] = "inconclusive"
        if record["label"] == "inconclusive":
            record["reason"] = "unsupported_language" if unsupported else "no_gender"
    fields = {
        "set": set_hash,
        "lang": lang,
        "aligner": aligner,
        "tagger": "apertium-3.8.3",
        "version": "0.1.0",
    }
    folder.mkdir(parents=True)
    with open(folder / "results.jsonl", "w", encoding="utf-8") as handle:
        write_jsonl(handle, results)
    (folder / "summary.json").write_text(
        json.dumps(summarise(results, signature=fields), indent=1), encoding="utf-8"
    )
    return folder


def make_tgbi_run(folder: Path, *, female: int, male: int, neutral: int) -> Path:
    """A Korean→English run in scores/tgbi.py's summary layout, the same counts in every set."""
    size = female + male + neutral
    p_w, p_m, p_n = female / size, male / size, neutral / size
    p_s = (p_w * p_m) ** 0.5 + p_n
    sets = [
        {
            "letter": letter,
            "name": name,
            "size": size,
            "female": female,
            "male": male,
            "neutral": neutral,
            "both": 0,
            "p_w": p_w,
            "p_m": p_m,
            "p_n": p_n,
            "p_s": p_s,
            "p_s_ci": [max(0.0, p_s - 0.05), min(1.0, p_s + 0.05)],
        }
        for letter, name, _ in TGBI_SETS
    ]
    summary = {
        "mode": "default",
        "n": 4 * size,
        "both_named": 0,
        "empty_translations": 0,
        "sets": sets,
        "tgbi": p_s,
        "tgbi_ci": [max(0.0, p_s - 0.03), min(1.0, p_s + 0.03)],
        "confidence": 0.95,
        "signature": f"tgbi|mode:default|tok:nltk-treebank|n:{4 * size}|src:0a1b2c3d4e5f|"
        "boot:1000|seed:12345|version:0.1.0",
    }
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return folder


def make_mtgeneval_run(folder: Path, *, lang: str, correct: int, incorrect: int) -> Path:
    """A counterfactual MT-GenEval run in checker/mtgeneval's summary layout."""

    def accuracy(right: int, wrong: int) -> dict:
        value = round(100 * right / (right + wrong), 2)
        return {
            "correct": right,
            "incorrect": wrong,
            "unscorable": 3,
            "no_contrastive_words": 3,
            "accuracy": value,
            "accuracy_ci95": [round(value - 2.5, 2), round(min(100.0, value + 2.5), 2)],
        }

    bleu = "nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.4.3"
    summary = {
        "dataset": "MT-GenEval",
        "lang": lang,
        "split": "dev",
        "subset": "counterfactual",
        "mode": "default",
        "hypotheses": ["female.txt", "male.txt"],
        "pairs": correct + incorrect + 3,
        **accuracy(correct, incorrect),
        "feminine": accuracy(correct, incorrect + 20),
        "masculine": accuracy(correct + 15, incorrect),
        "quality_gap": {
            name: {"feminine": 30.5, "masculine": 32.25, "gap": 1.75, "signature": signature}
            for name, signature in (("bleu", bleu), ("chrf", "nrefs:1|case:mixed|nc:6|nw:0"))
        },
        "signature": f"mtgeneval|lang:{lang}|split:dev|subset:counterfactual|tok:default|"
        "bs:1000|seed:12345|refs:5e6f7a8b9c0d|version:gen-0.1.0",
    }
    folder.mkdir(parents=True)
    (folder / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    return folder


#: Every reason the checker gives (checker/rules/verdict.py, and translate's), for a reasons
#: table as wide as a real multilingual run's.
ALL_REASONS = (
    "conflicting_gender",
    "empty_translation",
    "no_alignment",
    "no_gender",
    "not_a_person",
    "translation_error",
    "unmarked_gender",
    "untranslated",
)
PAPER_SYSTEMS = (
    ("apertium", "es", "spa"),
    ("opus-mt-en-es", "es", "spa"),
    ("apertium", "ca", "cat"),
    ("m2m100-1.2b", "de", "deu"),
    ("nllb-200-600m", "de", "deu"),
    ("apertium", "fr", "fra"),
)


def make_paper_runs(root: Path, count: int = 6) -> list[Path]:
    """``count`` checker runs as a paper would report them (systems named with --system,
    signatures as long as real ones, every reason of the checker), then a TGBI and an
    MT-GenEval run."""
    runs = []
    for number, (system, lang, code) in enumerate(PAPER_SYSTEMS[:count]):
        folder = make_run(
            root / f"{system}-{lang}",
            lang=lang,
            bias=0.1 + 0.05 * number,
            seed=number,
            aligner=f"eflomal-2.0.0(n_samplers=2,rel_iterations=1)+gdfa+freedict-eng-{code}"
            f"+apertium-eng-{code}",
        )
        summary = json.loads((folder / "summary.json").read_text(encoding="utf-8"))
        fields = summary["signature_fields"] | {
            "mt": f"huggingface:facebook/{system}(transformers 5.23.0, torch 2.13.0+cpu;"
            "beam_size=4,max_length=256,dtype=float32)",
            "tagger": f"offline(apertium-eng-{code} 0.8.1-2)",
            "chunk": "29952",
            "ci": "wilson",
            "engine": "process",
            "workers": "1",
        }
        summary |= {
            "system": system,
            "signature_fields": fields,
            "signature": "|".join(f"{key}:{value}" for key, value in fields.items()),
            "reasons": {reason: 1000 + 7 * number for reason in ALL_REASONS},
        }
        (folder / "summary.json").write_text(json.dumps(summary), encoding="utf-8")
        runs.append(folder)
    return [
        *runs,
        make_tgbi_run(root / "papago-tgbi", female=10, male=50, neutral=40),
        make_mtgeneval_run(root / "opus-mt-en-es-mtgeneval", lang="es", correct=700, incorrect=200),
    ]
