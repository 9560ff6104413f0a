"""The dev benches through the UD-profile harness: does the neural path's rule data hold?

    python bench/ud_profile.py                       # every language of both dev sets
    python bench/ud_profile.py de ar hi --limit 400  # some, on the first 400 lines each
    python bench/ud_profile.py --sets nordic         # sv da nb nn is: template sentences

Each language's UGB dev slice (ugb-m2m100-1.2b, as bench/dev_ugb.py reads it) and
MT-GenEval contextual dev lines (original and flipped references, as bench/dev_mtgeneval.py
reads them), or the Nordic template translations (bench/nordic_templates.py: written from
patterns, not MT output; no dev data exists in those languages), are tagged by the offline
tagger, aligned once by eflomal, and labelled twice: from the offline analyses, and from
the same analyses re-expressed as the language's default Stanza model would give them
(checker/backends/ud_profile.py: lemmas, only its treebank's UD features, its words; `gen
check --tagger checker.backends.ud_profile:UDProfileTagger` runs it whole). Prints, per
language and set, % of decided labels right, % inconclusive and % neutral on each path,
and the differences in points: rule data keyed on a feature UD lacks shows as a gap.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from dev_mtgeneval import DEV as MTGENEVAL  # noqa: E402
from dev_mtgeneval import RIGHT, versions  # noqa: E402
from dev_ugb import dev_languages, records_with_paper_labels  # noqa: E402
from nordic_templates import languages as nordic_languages  # noqa: E402
from nordic_templates import records as nordic_records  # noqa: E402

from checker.backends.base import Alignment  # noqa: E402
from checker.backends.ud_profile import UDProfileTagger  # noqa: E402
from checker.pipeline import stages  # noqa: E402
from checker.pipeline.scan import read_items  # noqa: E402
from scores.mtgeneval.dataset import read_contextual  # noqa: E402
from scores.mtgeneval.records import checkable, contextual_records  # noqa: E402

DECIDED = ("correct", "wrong")

#: a set's records for a language and, per result, the label that is right
Rows = tuple[list[dict], Callable[[dict], str]]


def ugb_rows(lang: str, limit: int | None) -> Rows:
    records = records_with_paper_labels(lang)[0][:limit]
    return records, lambda result: "correct"


def mtgeneval_rows(lang: str, limit: int | None) -> Rows:
    records = contextual_records(read_contextual(MTGENEVAL, lang, "dev"), lang, "dev")
    return versions(checkable(records)[:limit]), lambda result: RIGHT[result["version"]]


def mtgeneval_languages() -> list[str]:
    return sorted(p.suffix[1:] for p in MTGENEVAL.glob("context/*original-dev.en_*"))


def nordic_rows(lang: str, limit: int | None) -> Rows:
    return nordic_records(lang)[:limit], lambda result: result["want"]


SETS: dict[str, tuple[Callable[[str, int | None], Rows], Callable[[], list[str]]]] = {
    "ugb": (ugb_rows, dev_languages),
    "mtgeneval": (mtgeneval_rows, mtgeneval_languages),
    "nordic": (nordic_rows, nordic_languages),
}


def rates(results: Sequence[dict], right: Callable[[dict], str]) -> tuple[float, float, float]:
    """% of the decided labels (correct or wrong) that are right, % inconclusive and %
    neutral."""
    decided = [r for r in results if r["label"] in DECIDED]
    good = sum(r["label"] == right(r) for r in decided)
    share = {label: 100 * sum(r["label"] == label for r in results) / max(len(results), 1)
             for label in ("inconclusive", "neutral")}  # fmt: skip
    return 100 * good / max(len(decided), 1), share["inconclusive"], share["neutral"]


class Remapped(Sequence):
    """One language's alignments of the offline words, read on the UD profile's words
    (a split proclitic and its word both get the links of the word they were written as)."""

    def __init__(self, alignments: Sequence[Alignment], sources: list[list[int]]) -> None:
        self._alignments = alignments
        self._targets = [_inverse(words) for words in sources]

    def __len__(self) -> int:
        return len(self._alignments)

    def __getitem__(self, k: int) -> Alignment:  # type: ignore[override]
        targets = self._targets[k]
        return frozenset((s, j) for s, t in self._alignments[k] for j in targets.get(t, ()))

    def translations(self, k: int) -> Callable[[int], list[int]]:
        found, targets = self._alignments.translations(k), self._targets[k]  # type: ignore[attr-defined]
        return lambda source: sorted(j for t in found(source) for j in targets.get(t, ()))


def _inverse(sources: list[int]) -> dict[int, list[int]]:
    targets: dict[int, list[int]] = {}
    for j, k in enumerate(sources):
        targets.setdefault(k, []).append(j)
    return targets


def both_labels(records: list[dict]) -> tuple[list[dict], list[dict]]:
    """``records`` labelled on the offline path and on the UD-profile path, from one
    eflomal alignment: eflomal seeds itself, and two fits differ by more than the
    taggers do on a small slice (0.8 points of hi's UGB slice between two runs)."""
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp, "in.jsonl")
        source.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        items = list(read_items(source, None, None, skip_invalid=False))
    backends = stages.build_backends(
        Counter(item.lang for item in items),
        tagger="offline", aligner="eflomal", backend_options={}, warn=print,
    )  # fmt: skip
    tagged = stages.tag_chunk(items, backends)
    undecided = list(tagged.verdicts)  # label_chunk fills them in
    aligned = stages.align_chunk(tagged, backends)
    offline = stages.label_chunk(aligned)
    sentences, alignments = {}, {}
    for lang, (positions, tagged_sentences) in aligned.sentences.items():
        tagger = UDProfileTagger(lang, {})
        sentences[lang] = (positions, [tagger.reexpressed(s) for s in tagged_sentences])
        alignments[lang] = Remapped(
            aligned.alignments[lang], [tagger.sources(s) for s in tagged_sentences]
        )
        tagger.close()
    profiled = stages.label_chunk(stages.TaggedChunk(items, undecided, sentences, alignments))
    for backend in backends.values():
        if backend is not None and hasattr(backend.tagger, "close"):
            backend.tagger.close()
    return offline, profiled


def compare(dev_set: str, lang: str, limit: int | None = None) -> dict[str, float]:
    """Right-on-decided and inconclusive (%) on each path, for one set and language."""
    records, right = SETS[dev_set][0](lang, limit)
    row: dict[str, float] = {"n": len(records)}
    for path, results in zip(("offline", "ud"), both_labels(records), strict=True):
        row[f"{path} right"], row[f"{path} inconclusive"], row[f"{path} neutral"] = rates(
            results, right
        )
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("langs", nargs="*", help="default: every language of each set")
    parser.add_argument("--sets", nargs="+", choices=list(SETS), default=list(SETS))
    parser.add_argument("--limit", type=int, help="the first N lines of each language")
    args = parser.parse_args()
    print(
        "| set | lang | n | offline right | UD right | Δ | offline inconclusive "
        "| UD inconclusive | Δ | offline neutral | UD neutral |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for dev_set in args.sets:
        known = SETS[dev_set][1]()
        for lang in [lang for lang in args.langs or known if lang in known]:
            row = compare(dev_set, lang, args.limit)
            print(
                f"| {dev_set} | {lang} | {row['n']:.0f} | {row['offline right']:.1f} "
                f"| {row['ud right']:.1f} | {row['ud right'] - row['offline right']:+.1f} "
                f"| {row['offline inconclusive']:.1f} | {row['ud inconclusive']:.1f} "
                f"| {row['ud inconclusive'] - row['offline inconclusive']:+.1f} "
                f"| {row['offline neutral']:.1f} | {row['ud neutral']:.1f} |",
                flush=True,
            )


if __name__ == "__main__":
    main()
