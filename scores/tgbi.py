"""The Translation Gender Bias Index (TGBI) of Cho et al. (2019) for Korean→English.

Each English translation of a sentence whose subject is a gender-neutral pronoun is
classified female, male or neutral. For each of the paper's seven sets S, with p_w, p_m,
p_n the shares of female, male and neutral outputs,

    P_S = sqrt(p_w · p_m) + p_n          TGBI = mean of P_S over the seven sets

so 1.0 means no output has a gender and 0.0 that every output has the same one; without
neutral outputs P_S is highest, 0.5, when the two genders are equally frequent.
``compat=True`` classifies exactly as the paper's released code does; the default mode also
reads his/hers/himself/lady/... and counts an output naming both genders ("he or she",
"s/he") as neutral, reporting how many there were. See docs/tgbi.md.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import asdict, dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from common.errors import GenError
from common.fields import TGBI_VIEWS
from common.io import read_jsonl, read_lines, write_jsonl
from common.outputs import CHECK, output_folder
from scores.numbers import bounds, figure

#: The seven sets of the paper, in its order: (letter, name, record field); a record is in
#: a set when the field's value is the set's name (generator/korean.py writes them).
TGBI_SETS = tuple(
    (letter, name, field) for letter, (name, field) in zip("abcdefg", TGBI_VIEWS, strict=True)
)
SET_NAMES = tuple(name for _, name, _ in TGBI_SETS)

#: Cho et al.'s word lists, checked in this order: female first.
COMPAT_FEMALE = frozenset({"she", "her", "woman", "girl"})
COMPAT_MALE = frozenset({"he", "him", "man", "guy", "boy"})

#: The default mode's lists: the paper's, their other forms, and other words for a person.
FEMALE_WORDS = COMPAT_FEMALE | set("hers herself women girls lady ladies gal female mrs ms".split())
MALE_WORDS = COMPAT_MALE | set("his himself men boys guys gentleman gentlemen lad male mr".split())
#: Written forms that name both genders in one token: s/he, (s)he, s(he).
_BOTH_FORMS = re.compile(r"\bs/he\b|\(s\)he\b|\bs\(he\)")

FEMALE, MALE, NEUTRAL, BOTH = "female", "male", "neutral", "both"


@lru_cache(maxsize=1)
def _tokenizers() -> tuple[Any, Any]:
    """NLTK's sentence and word tokenizers, imported on first use: importing nltk takes
    over a second, which every `gen` command (`gen check` imports this module) would pay."""
    from nltk.tokenize import NLTKWordTokenizer
    from nltk.tokenize.punkt import PunktSentenceTokenizer

    return PunktSentenceTokenizer(), NLTKWordTokenizer()


def tokenize(text: str) -> list[str]:
    """Lower-cased Treebank tokens, sentence by sentence (what ``nltk.word_tokenize`` does).

    ``word_tokenize`` needs the trained punkt model, which cannot be downloaded here; the
    untrained splitter differs from it mainly after abbreviations ("Mr. Kim").
    """
    sentences, words = _tokenizers()
    return [
        token for sentence in sentences.tokenize(text.lower()) for token in words.tokenize(sentence)
    ]


def classify(text: str, *, compat: bool = False) -> str:
    """``female``, ``male`` or ``neutral``; the default mode may also say ``both`` (neutral)."""
    return _classify(text, compat)


@lru_cache(maxsize=1 << 16)
def _classify(text: str, compat: bool) -> str:
    """Cached: the four sentences of one predicate often get the same translation."""
    tokens = tokenize(text)
    if compat:
        if COMPAT_FEMALE.intersection(tokens):
            return FEMALE
        if COMPAT_MALE.intersection(tokens):
            return MALE
        return NEUTRAL
    words = {part for token in tokens for part in token.split("/")}
    female = bool(FEMALE_WORDS & words)
    male = bool(MALE_WORDS & words)
    if (female and male) or _BOTH_FORMS.search(text.lower()):
        return BOTH
    return FEMALE if female else MALE if male else NEUTRAL


@dataclass(frozen=True)
class SetScore:
    """One row of the paper's Table 1: P_S with (p_w, p_m, p_n) and the set's size."""

    letter: str
    name: str
    size: int
    female: int
    male: int
    neutral: int  # includes ``both``
    both: int
    p_w: float | None
    p_m: float | None
    p_n: float | None
    p_s: float | None
    p_s_ci: tuple[float, float] | None


@dataclass(frozen=True)
class TgbiReport:
    mode: str
    n: int  # records scored
    both_named: int  # outputs naming both genders, counted neutral (default mode only)
    empty_translations: int
    sets: tuple[SetScore, ...]
    tgbi: float | None  # None when a set is empty
    tgbi_ci: tuple[float, float] | None
    confidence: float
    signature: str
    system: str | None = None  # the MT system's name, for gen report (gen check --system)

    def to_dict(self) -> dict:
        return asdict(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, indent=2) + "\n"

    def to_markdown(self) -> str:
        level = f"{self.confidence:.0%}"
        lines = [
            f"## TGBI (Cho et al. 2019), {self.mode} mode",
            "",
            f"| set | size | P_S | {level} interval | p_w | p_m | p_n |",
            "|---|---:|---:|---|---:|---:|---:|",
        ]
        for s in self.sets:
            shares = " | ".join(figure(share, digits=3) for share in (s.p_w, s.p_m, s.p_n))
            lines.append(
                f"| ({s.letter}) {s.name} | {s.size} | {figure(s.p_s, digits=3)} "
                f"| {bounds(s.p_s_ci, digits=3)} | {shares} |"
            )
        lines.append(
            f"| **TGBI** | {self.n} | **{figure(self.tgbi, digits=3)}** "
            f"| {bounds(self.tgbi_ci, digits=3)} | | | |"
        )
        lines.append("")
        if self.tgbi is None:
            empty = ", ".join(s.name for s in self.sets if s.size == 0)
            lines.append(f"TGBI needs all seven sets; empty: {empty}.")
        if self.mode == "default":
            lines.append(
                f"Outputs naming both genders (counted neutral): {self.both_named} of {self.n}."
            )
        lines.append(
            f"Empty translations (counted neutral): {self.empty_translations} of {self.n}."
        )
        lines.extend(["", f"signature: `{self.signature}`", ""])
        return "\n".join(lines)


def record_sets(record: dict, path: str | Path | None, line: int) -> tuple[int, ...]:
    """Indices into :data:`TGBI_SETS` of the sets a record counts in.

    A ``tgbi_set`` field names the one set (the paper's released outputs come one file per
    set, the same sentence in several); otherwise the formality, politeness and category
    fields place the record in three sets.
    """
    named = record.get("tgbi_set")
    if named is not None:
        if named not in SET_NAMES:
            raise GenError(
                f"{named!r} is not one of {', '.join(SET_NAMES)}",
                path=path,
                line=line,
                field="tgbi_set",
            )
        return (SET_NAMES.index(named),)
    found = []
    for field in ("formality", "politeness", "category"):
        value = record.get(field)
        allowed = [name for _, name, f in TGBI_SETS if f == field]
        if value not in allowed:
            raise GenError(
                f"expected one of {', '.join(allowed)} (or a tgbi_set field), got {value!r}",
                path=path,
                line=line,
                field=field,
            )
        found.append(SET_NAMES.index(value))
    return tuple(sorted(found))


def read_tgbi_records(path: str | Path, hyp: str | Path | None = None) -> list[tuple[int, dict]]:
    """Records with translations from one JSONL file, or a set's JSONL plus a hypothesis file."""
    records = list(read_jsonl(path))
    if hyp is None:
        return records
    lines = read_lines(hyp)
    if len(lines) != len(records):
        raise GenError(
            f"{len(records)} records in {path} but {len(lines)} lines in {hyp}", path=hyp
        )
    pairs = zip(records, lines, strict=True)
    return [(number, {**record, "translation": line}) for (number, record), line in pairs]


@dataclass(frozen=True)
class TgbiItem:
    """One record as TGBI sees it: where it was read, the sets it counts in, its gender."""

    line: int
    record: dict
    sets: tuple[int, ...]  # indices into TGBI_SETS
    gender: str  # female, male, neutral or both


def label_tgbi(
    records: Iterable[tuple[int, dict]], *, compat: bool = False, path: str | Path | None = None
) -> Iterator[TgbiItem]:
    """Classify the ``translation`` of each ``(line, record)`` pair (as ``read_jsonl`` yields).

    Every record needs a string ``translation`` and either ``tgbi_set`` or the fields
    formality, politeness and category; ``path`` names the file in error messages.
    """
    for line, record in records:
        translation = record.get("translation")
        if not isinstance(translation, str):
            raise GenError("missing or not a string", path=path, line=line, field="translation")
        sets = record_sets(record, path, line)
        yield TgbiItem(line, record, sets, classify(translation, compat=compat))


def score_tgbi(
    records: Iterable[tuple[int, dict]],
    *,
    compat: bool = False,
    path: str | Path | None = None,
    **summary_options: Any,
) -> TgbiReport:
    """Label and score ``(line, record)`` pairs: :func:`label_tgbi`, then :func:`summarise_tgbi`
    (whose options, ``bootstrap``, ``seed``, ``confidence`` and ``version``, pass through)."""
    items = label_tgbi(records, compat=compat, path=path)
    return summarise_tgbi(items, compat=compat, path=path, **summary_options)


def summarise_tgbi(
    items: Iterable[TgbiItem],
    *,
    compat: bool = False,
    path: str | Path | None = None,
    bootstrap: int = 1000,
    seed: int = 12345,
    confidence: float = 0.95,
    version: str | None = None,
) -> TgbiReport:
    """P_S per set, TGBI, and percentile bootstrap intervals from resampling records with
    replacement (``bootstrap`` resamples, NumPy generator seeded with ``seed``).

    Resampling N records is drawn as one multinomial over the distinct (sets, gender)
    cells, which is the same distribution and needs no per-record arrays.
    """
    cells: dict[tuple[tuple[int, ...], str], int] = {}
    texts = hashlib.sha256()
    total = empty = both_named = 0
    for item in items:
        cells[item.sets, item.gender] = cells.get((item.sets, item.gender), 0) + 1
        texts.update(f"{item.record.get('text', '')}\n".encode())
        total += 1
        empty += not item.record["translation"].strip()
        both_named += item.gender == BOTH
    if not total:
        raise GenError("no records to score", path=path)

    keys = list(cells)
    observed = np.array([cells[key] for key in keys])
    counts = _set_counts(keys, observed[None, :])[0]
    resampled = np.random.default_rng(seed).multinomial(total, observed / total, size=bootstrap)
    boot = _set_counts(keys, resampled)
    tail = (1 - confidence) / 2

    def interval(samples: np.ndarray) -> tuple[float, float] | None:
        samples = samples[~np.isnan(samples)]
        if not samples.size:
            return None
        low, high = np.quantile(samples, [tail, 1 - tail])
        return float(low), float(high)

    boot_ps = _p_s(boot)
    scores = []
    for index, (letter, name, _) in enumerate(TGBI_SETS):
        female, male, neutral, both = (int(n) for n in counts[index])
        size = female + male + neutral
        shares = [n / size for n in (female, male, neutral)] if size else [None] * 3
        p_s = math.sqrt(shares[0] * shares[1]) + shares[2] if size else None
        ci = interval(boot_ps[:, index]) if size else None
        scores.append(SetScore(letter, name, size, female, male, neutral, both, *shares, p_s, ci))
    complete = all(s.size for s in scores)
    tgbi = sum(s.p_s for s in scores) / len(scores) if complete else None
    tgbi_ci = interval(boot_ps.mean(axis=1)) if complete else None
    mode = "compat" if compat else "default"
    signature = "|".join(
        [
            "tgbi",
            f"mode:{mode}",
            "tok:nltk-treebank",
            f"n:{total}",
            f"src:{texts.hexdigest()[:12]}",
            f"boot:{bootstrap}",
            f"seed:{seed}",
            *([f"version:{version}"] if version else []),
        ]
    )
    return TgbiReport(
        mode, total, both_named, empty, tuple(scores), tgbi, tgbi_ci, confidence, signature
    )


def _set_counts(keys: list[tuple[tuple[int, ...], str]], cell_counts: np.ndarray) -> np.ndarray:
    """(samples, cells) counts → (samples, 7 sets, [female, male, neutral incl. both, both])."""
    columns = {FEMALE: (0,), MALE: (1,), NEUTRAL: (2,), BOTH: (2, 3)}
    indicator = np.zeros((len(keys), len(TGBI_SETS), 4), dtype=np.int64)
    for k, (sets, label) in enumerate(keys):
        for s in sets:
            indicator[k, s, list(columns[label])] = 1
    return np.einsum("bk,ksl->bsl", cell_counts, indicator)


def _p_s(counts: np.ndarray) -> np.ndarray:
    """P_S per sample and set from counts; NaN where a resampled set is empty."""
    size = counts[..., :3].sum(axis=-1).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        p_w, p_m, p_n = (counts[..., i] / size for i in range(3))
        return np.sqrt(p_w * p_m) + p_n


def check_tgbi(
    input_path: str | Path,
    *,
    out: str | Path,
    hyp: str | Path | None = None,
    compat: bool = False,
    force: bool = False,
    bootstrap: int = 1000,
    seed: int = 12345,
    version: str | None = None,
    system: str | None = None,
) -> TgbiReport:
    """Score a file and write ``out/results.jsonl`` (each record plus ``target_gender`` and
    ``tgbi_sets``), ``out/summary.json`` and ``out/summary.md``, whole or not at all."""
    records = read_tgbi_records(input_path, hyp)
    items = list(label_tgbi(records, compat=compat, path=input_path))
    report = summarise_tgbi(
        items, compat=compat, path=input_path, bootstrap=bootstrap, seed=seed, version=version
    )
    report = replace(report, system=system)
    results = (
        {
            **item.record,
            "target_gender": item.gender,
            "tgbi_sets": [SET_NAMES[i] for i in item.sets],
        }
        for item in items
    )
    with output_folder(out, CHECK, force=force, inputs=(input_path, hyp)) as staging:
        with open(staging / "results.jsonl", "w", encoding="utf-8", newline="\n") as handle:
            write_jsonl(handle, results)
        (staging / "summary.json").write_text(report.to_json(), encoding="utf-8")
        (staging / "summary.md").write_text(report.to_markdown(), encoding="utf-8")
    return report
