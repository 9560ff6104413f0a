"""Which runs a report may put side by side: what their signatures must share, and what may
differ because it is what the report compares, or because it does not touch the labels.

A signature's fields are of four kinds (docs/formats.md, "Report"):

- what is compared: ``mt``, the translation system (the reason to report two runs at all);
- what groups runs shown side by side (:data:`GROUP_FIELDS`: the language, MT-GenEval's
  subset), and the ``set``, which checker runs share across languages;
- where the labels were made, :data:`EXECUTION_FIELDS`: ``engine`` and ``workers``. The labels
  do not depend on them (a run may resume on other workers); the chunking that does is its
  own field, ``chunk``;
- the instrument, every other field (aligner, tagger, chunk, interval method, version...):
  runs in a group must agree on it, or a difference between two systems could be the
  checker's. A field this module does not know is taken as one of these.

One difference of ``set`` is a designed comparison, not a mix: a set and its nonce twin
(`gen build` and `gen build --nonce` of one size and grammar: the same sentences, numbered
alike, with invented occupations in place of the real ones) are compared in the nonce figure.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

#: Per kind of run, the signature fields that split runs into groups shown side by side.
GROUP_FIELDS = {
    "gender": ("lang",),
    "open": ("lang",),
    "tgbi": (),
    "mtgeneval": ("lang", "split", "subset"),
}
SET_FIELD = "set"
#: The kinds of run on a grammar set, whose runs share the set across languages.
SET_KINDS = ("gender", "open")
#: What differs between the systems a report compares.
SYSTEM_FIELDS = frozenset({"mt"})
#: Where the labels were made, not what they are (common/cluster.py).
EXECUTION_FIELDS = frozenset({"engine", "workers"})
#: The part of a nonce set's record ids that its real twin's lack (generator/english_parts.py).
NONCE_ID = "-nonce-"


class Compared(Protocol):
    """What this module reads of a run (report.load.Run)."""

    label: str
    summary: dict[str, Any]

    @property
    def system(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def signature_fields(self) -> dict[str, str]: ...

    @property
    def set_hash(self) -> str | None: ...

    @property
    def labels(self) -> dict[str, str]: ...


def mixed_fields(runs: Sequence[Compared]) -> list[tuple[str, list[Compared]]]:
    """What makes ``runs`` incomparable: one line per difference, with the runs it concerns.

    Runs in one group (:data:`GROUP_FIELDS`) must agree on every instrument field. Runs of
    the reference-free checker must also share the set across languages (the same English
    sentences translated into each), or be on a set and its nonce twin (:func:`nonce_twins`);
    MT-GenEval has references per language and subset.
    """
    problems = []
    for kind in SET_KINDS:  # an open-gender set is another set than the fixed one
        checked = [run for run in runs if run.kind == kind]
        if len({run.set_hash for run in checked}) > 1 and not nonce_twins(checked):
            problems.append((_differ(SET_FIELD, checked), checked))
    groups: dict[tuple[str | None, ...], list[Compared]] = {}
    for run in runs:
        fields = GROUP_FIELDS[run.kind]
        key = (run.kind, *(run.signature_fields.get(name) for name in fields))
        groups.setdefault(key, []).append(run)
    for group in groups.values():
        kind = group[0].kind
        keys = {key for run in group for key in run.signature_fields}
        keys -= {*GROUP_FIELDS[kind], *SYSTEM_FIELDS, *EXECUTION_FIELDS}
        if kind in SET_KINDS:
            keys.discard(SET_FIELD)  # compared above, across languages
        for key in sorted(keys):
            if len({run.signature_fields.get(key) for run in group}) > 1:
                problems.append((_differ(key, group), group))
    return problems


def _differ(key: str, runs: Sequence[Compared]) -> str:
    values = ", ".join(f"{run.label} has {key}:{run.signature_fields.get(key)}" for run in runs)
    return f"different {key} ({values})"


def occupation_kinds(run: Compared) -> set[str]:
    """``real``, ``nonce`` or both: the kinds of occupation the run's records have."""
    table = run.summary.get("breakdowns", {}).get("occupation_kind", {})
    return {kind for kind, cell in table.get("cells", {}).items() if cell.get("n")}


def nonce_twins(runs: Sequence[Compared]) -> bool:
    """Whether ``runs`` are on two sets, one a real set and one its nonce twin.

    Twins: every record of one set has a real occupation and every record of the other a
    nonce one; their record ids are the same but for the nonce set's ``-nonce-``
    (``en-xs-000001``, ``en-nonce-xs-000001``: one size, numbered alike); and every
    breakdown that does not concern the occupation (construction, position, trigger,
    adjective, expected gender) counts the same records in each cell.
    """
    by_set: dict[str | None, Compared] = {}
    for run in runs:
        by_set.setdefault(run.set_hash, run)
    if len(by_set) != 2:
        return False
    kinds = {frozenset(occupation_kinds(run)): run for run in by_set.values()}
    real, nonce = kinds.get(frozenset({"real"})), kinds.get(frozenset({"nonce"}))
    if real is None or nonce is None:
        return False
    if _layout(real.summary) != _layout(nonce.summary):
        return False
    return {key.replace(NONCE_ID, "-", 1) for key in nonce.labels} == set(real.labels)


def _layout(summary: Mapping[str, Any]) -> dict[str, Any]:
    """Record counts per cell of every breakdown whose fields do not name the occupation."""

    def counts(cells: Mapping[str, Any]) -> dict[str, Any]:
        return {key: value["n"] if "n" in value else counts(value) for key, value in cells.items()}

    return {
        name: counts(table.get("cells", {}))
        for name, table in summary.get("breakdowns", {}).items()
        if not any("occupation" in field for field in table.get("fields", ()))
    }


def twin_of(run: Compared, runs: Sequence[Compared]) -> Compared | None:
    """The run on the real twin of ``run``'s nonce set with the same system and language
    (None when ``run`` is not on a nonce set, or no such run is given)."""
    if occupation_kinds(run) != {"nonce"}:
        return None
    for other in runs:
        same = all(
            other.signature_fields.get(name) == run.signature_fields.get(name)
            for name in ("lang", *SYSTEM_FIELDS)
        )
        if same and other.system == run.system and occupation_kinds(other) == {"real"}:
            return other
    return None
