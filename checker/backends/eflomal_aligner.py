"""eflomal: an offline statistical word aligner fitted on the batch it is given.

Like WinoMT with fast_align, the aligner learns from the translations under test: it is
fitted on the whole batch (the pipeline sends chunks of up to 20,000 pairs), in both
directions, and the two are symmetrised with grow-diag-final-and. A handful of pairs
alone aligns badly; the more pairs a batch has, the better. eflomal's sampler seeds itself
from /dev/urandom, so two runs may differ on a few rare words.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from checker.backends.base import Aligner, Alignment

_NEIGHBOURS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


class EflomalAligner(Aligner):
    name = "eflomal"

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        try:
            import eflomal  # noqa: F401
        except ImportError:
            return "eflomal is not installed: pip install eflomal"
        return None

    @property
    def signature(self) -> str:
        return f"eflomal-{metadata.version('eflomal')}+gdfa"

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]]
    ) -> list[Alignment]:
        import eflomal

        alignments: list[Alignment] = [frozenset()] * len(sources)
        usable = [i for i, (s, t) in enumerate(zip(sources, targets, strict=True)) if s and t]
        if not usable:
            return alignments
        with tempfile.TemporaryDirectory(prefix="gen-eflomal-") as tmp:
            forward, reverse = Path(tmp, "forward"), Path(tmp, "reverse")
            eflomal.Aligner().align(
                [_line(sources[i]) for i in usable],
                [_line(targets[i]) for i in usable],
                links_filename_fwd=str(forward),
                links_filename_rev=str(reverse),
            )
            pairs = zip(_read_links(forward), _read_links(reverse), strict=True)
            for i, (fwd, rev) in zip(usable, pairs, strict=True):
                alignments[i] = grow_diag_final_and(fwd, rev)
        return alignments


def _line(tokens: Sequence[str]) -> str:
    return " ".join("_".join(token.split()) for token in tokens)


def _read_links(path: Path) -> list[set[tuple[int, int]]]:
    with open(path, encoding="utf-8") as handle:
        return [
            {(int(s), int(t)) for s, t in (link.split("-") for link in line.split())}
            for line in handle
        ]


def grow_diag_final_and(forward: set[tuple[int, int]], reverse: set[tuple[int, int]]) -> Alignment:
    """Symmetrise two directional alignments (Koehn et al. 2003; Moses' grow-diag-final-and):
    start from their intersection, grow into neighbouring union links that align a word not
    yet aligned, then add union links whose both words are still unaligned."""
    union = forward | reverse
    links = forward & reverse
    source_aligned = {s for s, _ in links}
    target_aligned = {t for _, t in links}
    grown = True
    while grown:
        grown = False
        for s, t in sorted(links):
            for ds, dt in _NEIGHBOURS:
                link = (s + ds, t + dt)
                if (
                    link in union
                    and link not in links
                    and (link[0] not in source_aligned or link[1] not in target_aligned)
                ):
                    links.add(link)
                    source_aligned.add(link[0])
                    target_aligned.add(link[1])
                    grown = True
    for direction in (forward, reverse):
        for s, t in sorted(direction):
            if s not in source_aligned and t not in target_aligned:
                links.add((s, t))
                source_aligned.add(s)
                target_aligned.add(t)
    return frozenset(links)
