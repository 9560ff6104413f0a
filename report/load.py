"""Read `gen check` output folders into :class:`Run` objects and check they belong together.

Every number a report prints is read from a run's ``summary.json`` as the checker wrote it, so
the report and the summary can never disagree; ``results.jsonl`` is read only for what a summary
cannot hold (per-item labels for paired significance tests). The keys of the checker's summary
that the report reads are named in this module only (report/scores.py reads the TGBI
and MT-GenEval summaries).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from common.errors import GenError
from common.fields import APART, INCONCLUSIVE, LABELS
from common.io import read_jsonl, refuse_repeats
from common.outputs import system_name
from report.comparable import SET_FIELD, mixed_fields, occupation_kinds
from scores.bootstrap import FACTORS, Design
from scores.dimensions import DIMENSIONS

SUMMARY, RESULTS = "summary.json", "results.jsonl"


KIND_NAMES = {
    "gender": "reference-free check",
    "open": "open-gender check",
    "tgbi": "TGBI",
    "mtgeneval": "MT-GenEval",
}


@dataclass(frozen=True)
class Cell:
    """One breakdown cell of a summary: label counts, accuracy and its 95% interval.

    Accuracy is the checker's: correct of decided (correct + wrong); it and its interval are
    None when nothing in the cell was decided.
    """

    n: int
    correct: int
    wrong: int
    inconclusive: int
    accuracy: float | None
    ci95: tuple[float, float] | None

    def share(self, label: str) -> float:
        """The fraction of the cell's records that got ``label``."""
        return getattr(self, label) / self.n if self.n else 0.0


@dataclass(frozen=True)
class Estimate:
    """A single figure with its 95% interval (ΔM, ΔF...); None where undefined."""

    value: float | None
    ci95: tuple[float, float] | None


@dataclass
class Run:
    """One `gen check` output folder: its summary, its signature and (lazily) its labels."""

    path: Path
    summary: dict[str, Any]
    label: str = ""
    flags: list[str] = field(default_factory=list)

    @property
    def signature(self) -> str:
        return str(self.summary["signature"])

    @cached_property
    def signature_fields(self) -> dict[str, str]:
        """The summary's ``signature_fields``, else its ``key:value|...`` signature parsed."""
        fields = self.summary.get("signature_fields")
        if isinstance(fields, Mapping):
            return {str(key): str(value) for key, value in fields.items()}
        return parse_signature(self.signature)

    @property
    def lang(self) -> str:
        """The target language; TGBI runs are Korean→English by definition."""
        lang = self.signature_fields.get("lang") or self.summary.get("lang")
        return str(lang or ("ko→en" if self.kind == "tgbi" else "?"))

    @property
    def system(self) -> str:
        """The translation system's name: the summary's ``system``, else the folder's name
        as :func:`common.outputs.system_name` reads it (``runs/apertium-es`` → ``apertium``)."""
        if self.summary.get("system"):
            return str(self.summary["system"])
        return system_name(self.path.resolve().name, self.lang)

    @property
    def set_hash(self) -> str | None:
        return self.signature_fields.get(SET_FIELD)

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]

    @property
    def kind(self) -> str:
        """``gender`` (the checker's labels), ``open`` (labels of an open-gender set alone),
        ``tgbi`` (Korean→English) or ``mtgeneval``."""
        if self.summary.get("dataset") == "MT-GenEval":
            return "mtgeneval"
        if "tgbi" in self.summary and "sets" in self.summary:
            return "tgbi"
        if self.summary.get("open_gender") and not self.summary.get("overall", {}).get("n"):
            return "open"
        return "gender"

    def section(self, key: str) -> Any:
        """The summary's value under ``key``; a missing key is an error naming the file."""
        try:
            return self.summary[key]
        except KeyError:
            raise GenError(
                "missing from the summary", path=self.path / SUMMARY, field=key
            ) from None

    def breakdown(self, name: str) -> dict[str, Any]:
        """A breakdown's cells (nested one level per field), read as :class:`Cell`.

        A breakdown the summary lacks is empty: the checker leaves out a breakdown whose
        field no record has (a set without adjectives has no adjective breakdown).
        """
        table = self.section("breakdowns").get(name)
        if table is None:
            return {}
        return _cells(table.get("cells", {}), self.path / SUMMARY, f"breakdowns.{name}.cells")

    def estimate(self, key: str, name: str) -> Estimate:
        value = self.section(key).get(name) or {"value": None, "ci95": None}
        return Estimate(value["value"], _interval(value, self.path / SUMMARY, f"{key}.{name}"))

    # The analyses of Renduchintala & Williams (2022), as the checker's summary names them.

    def overall(self) -> Cell:
        return to_cell(self.section("overall"), self.path / SUMMARY, "overall")

    def reasons(self) -> dict[str, int]:
        """How many records were left inconclusive for each reason."""
        return dict(self.section("reasons"))

    def pairs(self) -> Cell:
        """Counterfactual pairs with both twins correct: ``n`` pairs, ``correct`` of them."""
        pairs = self.section("pairs")
        n = int(pairs["n"])
        correct = int(pairs.get("both_correct", 0))
        interval = _interval(pairs, self.path / SUMMARY, "pairs")
        return Cell(n, correct, n - correct, 0, pairs.get("accuracy"), interval)

    def by_trigger_and_stereotype(self) -> dict[str, dict[str, Cell]]:
        """Trigger gender → occupation stereotype → cell (their Fig. 1)."""
        return self.breakdown("trigger_gender_x_occupation_stereotype")

    def deltas(self) -> dict[str, Estimate]:
        """ΔM and ΔF (their Table 4)."""
        return {name: self.estimate("delta", name) for name in ("M", "F")}

    def by_occupation(self) -> dict[str, dict[str, Cell]]:
        """Occupation → trigger gender → cell (their Fig. 2)."""
        return self.breakdown("occupation_x_expected_gender")

    def by_adjective(self) -> dict[str, Cell]:
        """Adjective stereotype matching / mismatching the trigger's gender, or none (Fig. 3)."""
        return self.breakdown("adjective")

    def by_position(self) -> dict[str, Cell]:
        """Position of the occupation relative to the trigger (Fig. 4)."""
        return self.breakdown("position")

    def by_nonce(self) -> dict[str, Cell]:
        """Nonce vs real occupations (Fig. 5)."""
        return self.breakdown("occupation_kind")

    @cached_property
    def labels(self) -> dict[str, str]:
        """``id`` → label for every record in results.jsonl, checked against the summary."""
        path = self.path / RESULTS
        labels: dict[str, str] = {}
        for line, record in read_jsonl(path):
            for name in ("id", "label"):
                if name not in record:
                    raise GenError("missing", path=path, line=line, field=name)
            if record["label"] not in (*LABELS, *APART):
                raise GenError(
                    f"{record['label']!r} is not one of {', '.join((*LABELS, *APART))}",
                    path=path,
                    line=line,
                    field="label",
                )
            if record["id"] in labels:
                raise GenError(f"duplicate id {record['id']!r}", path=path, line=line, field="id")
            labels[str(record["id"])] = record["label"]
        overall = self.overall()
        counts = Counter(labels.values())
        apart = self.summary.get("apart", {})  # or, under --compat, counted as inconclusive
        counts[INCONCLUSIVE] += sum(counts[label] for label in APART if label not in apart)
        if [counts[label] for label in LABELS] != [getattr(overall, label) for label in LABELS]:
            raise GenError(
                f"label counts {dict(counts)} disagree with {SUMMARY}'s overall cell; "
                "was the folder written by two different runs?",
                path=path,
            )
        return labels

    def clusters(self, design: Design) -> dict[str, tuple[str, ...]]:
        """``id`` → the record's level of each factor the cluster bootstrap resamples, read
        as the summary read them (scores.dimensions), for the paired test."""
        getters = [DIMENSIONS[FACTORS[name]] for name in design.factors]
        path = self.path / RESULTS
        keys: dict[str, tuple[str, ...]] = {}
        for line, record in read_jsonl(path):
            key = tuple(get(record) for get in getters)
            if None in key:
                field = FACTORS[design.factors[key.index(None)]]
                raise GenError(
                    "missing; the summary's ci needs it", path=path, line=line, field=field
                )
            keys[str(record["id"])] = key  # type: ignore[assignment]
        return keys


def parse_signature(signature: str) -> dict[str, str]:
    """Split a ``key:value|key:value`` signature; a value may itself contain ``:``."""
    fields = {}
    for part in signature.split("|"):
        key, _, value = part.partition(":")
        fields[key.strip()] = value.strip()
    return fields


def _cells(value: Any, path: Path, where: str) -> dict[str, Any]:
    """Nested dicts whose leaves are cells (they have ``n``) → the same nesting of Cell."""
    if not isinstance(value, Mapping):
        raise GenError("expected an object of cells", path=path, field=where)
    return {
        str(key): to_cell(inner, path, f"{where}.{key}")
        if isinstance(inner, Mapping) and "n" in inner
        else _cells(inner, path, f"{where}.{key}")
        for key, inner in value.items()
    }


def to_cell(value: Any, path: Path, where: str) -> Cell:
    """Read a summary cell ``{n, correct, wrong, inconclusive, accuracy, ci95}``."""
    if not isinstance(value, Mapping):
        raise GenError(
            "expected a cell {n, correct, wrong, inconclusive, ...}", path=path, field=where
        )
    try:
        counts = [int(value[name]) for name in ("n", *LABELS)]
        accuracy = None if value["accuracy"] is None else float(value["accuracy"])
    except (KeyError, TypeError, ValueError) as err:
        raise GenError(f"bad or missing count {err}", path=path, field=where) from None
    return Cell(*counts, accuracy=accuracy, ci95=_interval(value, path, where))


def _interval(value: Mapping, path: Path, where: str) -> tuple[float, float] | None:
    """``ci95`` as ``(low, high)``, or None where the summary has none (nothing decided)."""
    interval = value.get("ci95")
    if interval is None:
        return None
    if not isinstance(interval, Sequence) or len(interval) != 2 or None in interval:
        raise GenError("expected ci95 as [low, high] or null", path=path, field=f"{where}.ci95")
    return float(interval[0]), float(interval[1])


def load_run(path: str | Path) -> Run:
    """Read one output folder of `gen check` (its summary.json; results.jsonl when needed)."""
    path = Path(path)
    summary_path = path / SUMMARY
    if not summary_path.is_file():
        raise GenError(f"not a `gen check` output folder: no {SUMMARY}", path=path)
    try:
        summary = json.loads(summary_path.read_text(encoding="utf-8-sig"))
    except json.JSONDecodeError as err:
        raise GenError(f"not JSON: {err.msg}", path=summary_path, line=err.lineno) from None
    if not isinstance(summary, dict) or not isinstance(summary.get("signature"), str):
        raise GenError("missing", path=summary_path, field="signature")
    return Run(path=path, summary=summary)


def load_runs(paths: Sequence[str | Path], *, allow_mixed: bool = False) -> list[Run]:
    """Read every run, give each a unique label and check they measure the same thing.

    Runs must share one challenge set (or be on a set and its nonce twin), and runs in the
    same language must share every instrument field of their signatures (aligner, tagger,
    models, versions; report/comparable.py): otherwise the difference between two systems
    could be the instrument's. Mixed runs are refused with a message saying what differs,
    unless ``allow_mixed``; then each run carries ``flags``.
    """
    if not paths:
        raise GenError("no results folder given")
    refuse_repeats(paths)
    runs = [load_run(path) for path in paths]
    _label(runs)
    problems = mixed_fields(runs)
    if problems and not allow_mixed:
        raise GenError(
            "runs are not comparable: "
            + "; ".join(problem for problem, _ in problems)
            + " (pass --allow-mixed to report them anyway)"
        )
    for problem, involved in problems:
        for run in involved:
            run.flags.append(problem)
    return runs


def _label(runs: list[Run]) -> None:
    """``system · lang`` (``· nonce`` for a run on a nonce set), numbered where two runs
    would otherwise look the same."""
    names = [
        f"{run.system} · {run.lang}" + (" · nonce" if occupation_kinds(run) == {"nonce"} else "")
        for run in runs
    ]
    seen = Counter(names)
    for number, (run, name) in enumerate(zip(runs, names, strict=True), start=1):
        run.label = name if seen[name] == 1 else f"{name} #{number}"
