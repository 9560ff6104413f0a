"""eflomal: an offline statistical word aligner fitted on the batch it is given.

Like WinoMT with fast_align, the aligner learns from the translations under test: it is
fitted on the whole batch (the pipeline sends chunks of up to 50,000 pairs), in both
directions, and the two are symmetrised with grow-diag-final-and. A batch of a few hundred
pairs cannot learn rare words from co-occurrence alone, so words that look alike once
transliterated (economist/economista, analyst/аналитик, student/Vollzeitstudentin, names)
and words the language's bilingual dictionary gives as translations (teacher/Turnlehrerin,
checker/backends/dictionary.py) get a lexical prior: the statistics still decide, but
start from them. eflomal seeds itself from /dev/urandom (see SETTINGS).

eflomal's binary is started so that it dies with gen (``setpriv --pdeathsig``: a gen killed
with kill -9 leaves no eflomal behind), and its files go where :mod:`tempfile` puts them
(`gen check` points that into its work area).
"""

from __future__ import annotations

import errno
import importlib.util
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Mapping, Sequence
from difflib import SequenceMatcher
from functools import cached_property, lru_cache
from importlib import metadata
from pathlib import Path
from typing import Any

from checker.backends import bidix, dictionary
from checker.backends.base import Aligner, Alignment
from checker.backends.bidix import ApertiumBidix
from checker.backends.dictionary import Dictionary
from checker.languages import language

#: Lexical priors: pairs of words of at least MIN_COGNATE letters whose transliterations
#: are this similar (difflib's ratio), and pairs the language's dictionary gives, get a
#: Dirichlet prior of LEXICAL_PRIOR pseudo-counts.
COGNATE_SIMILARITY = 0.65
MIN_COGNATE = 4
LEXICAL_PRIOR = 5.0
#: How close a target word must be to a dictionary translation (see
#: dictionary.translation_pairs) for the labeller to read it when the aligned word gives no
#: gender: look-alikes are not enough there (negotiator/negociação, cardiologist/cardiologia
#: name things), nor loose matches (clerk's "employé" / "emploi").
TRANSLATION_CLOSENESS = 0.85
#: How much better than any rival a look-alike or translation must be to anchor a link.
ANCHOR_MARGIN = 0.1

#: eflomal.Aligner's settings (also bench/bench_check.py's raw eflomal). eflomal seeds itself:
#: runs differ where its posterior nears a tie; more samplers (it averages their link
#: distributions) and iterations narrow that, at a cost linear in samplers × iterations.
#: bench/eflomal_settings.py (docs/formats.md, Long runs): 2 × 1 costs a sixth of the former
#: 6 × 2 and moves 0.15-0.24% of dev labels, about what two 6 × 2 runs differ by (0.10-0.15%).
SETTINGS = {"n_samplers": 2, "rel_iterations": 1.0}

#: Free bytes below which a failed eflomal run is put down to a full disk.
FULL = 1 << 20

_NEIGHBOURS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


class _DyingWithGen:
    """What eflomal's wrapper sees as :mod:`subprocess`: the same, but the binary it runs
    gets SIGKILL when the gen thread that started it dies (Linux's parent-death signal)."""

    def __getattr__(self, name: str) -> Any:
        return getattr(subprocess, name)

    @staticmethod
    def run(args: Sequence[str], **options: Any) -> subprocess.CompletedProcess:
        setpriv = shutil.which("setpriv")  # util-linux: on every Debian
        prefix = [setpriv, "--pdeathsig", "KILL", "--"] if setpriv else []
        return subprocess.run([*prefix, *args], **options)


def _short_answer(folder: Path, answered: list[int], pairs: int) -> Exception:
    """Why eflomal's links files are short: eflomal does not report failed writes, so a
    disk with less than FULL bytes free is taken to be the cause (the error names it)."""
    if shutil.disk_usage(folder).free < FULL:
        return OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(folder))
    return RuntimeError(f"eflomal answered {answered} lines (forward, reverse) for {pairs} pairs")


class EflomalAligner(Aligner):
    name = "eflomal"

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        # found, not imported: its import loads numpy, a cost `gen languages` need not pay
        if importlib.util.find_spec("eflomal") is None:
            return "eflomal is not installed: pip install eflomal"
        return None

    @property
    def signature(self) -> str:
        # from the specs, not the loaded dictionaries: eng-deu takes 2 s to open
        row = language(self.lang)
        chain = bidix.chain_for(row)  # the row's, or one found on its own (a pivot's name)
        sources = "".join(
            f"+{spec.name}"
            for spec, missing in ((row.dictionary, dictionary.missing), (chain, bidix.missing))
            if spec and not missing(spec)
        )
        settings = ",".join(f"{key}={value:g}" for key, value in SETTINGS.items())
        return f"eflomal-{metadata.version('eflomal')}({settings})+gdfa{sources}"

    @cached_property
    def _dictionary(self) -> Dictionary | None:
        """The language's bilingual dictionary (languages.toml), where it is installed."""
        spec = language(self.lang).dictionary
        return dictionary.load(spec) if spec and not dictionary.missing(spec) else None

    @cached_property
    def _bidix(self) -> ApertiumBidix | None:
        """The language's Apertium bilingual dictionaries (its own or found), if installed."""
        spec = bidix.chain_for(language(self.lang))
        return ApertiumBidix(spec) if spec and not bidix.missing(spec) else None

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]]
    ) -> Sequence[Alignment]:
        import eflomal
        import eflomal.cython

        eflomal.cython.subprocess = _DyingWithGen()

        usable = [i for i, (s, t) in enumerate(zip(sources, targets, strict=True)) if s and t]
        source_lines = [_line(sources[i]) for i in usable]
        target_lines = [_line(targets[i]) for i in usable]
        if not usable:
            return Symmetrised(len(sources), usable, source_lines, target_lines, [], [], {})
        with tempfile.TemporaryDirectory(prefix="gen-eflomal-") as tmp:
            forward, reverse = Path(tmp, "forward"), Path(tmp, "reverse")
            translations = self.translations(source_lines, target_lines)
            known = look_alike_pairs(source_lines, target_lines) | set(translations)
            eflomal.Aligner(**SETTINGS).align(
                source_lines,
                target_lines,
                links_filename_fwd=str(forward),
                links_filename_rev=str(reverse),
                # eflomal cannot read an empty priors file: give none when nothing is known.
                priors_input=[
                    f"LEX\t{source}\t{target}\t{LEXICAL_PRIOR}" for source, target in sorted(known)
                ]
                or None,
            )
            links = [path.read_text(encoding="utf-8").splitlines() for path in (forward, reverse)]
            if any(len(lines) != len(usable) for lines in links):
                raise _short_answer(Path(tmp), [len(lines) for lines in links], len(usable))
            return Symmetrised(
                len(sources),
                usable,
                source_lines,
                target_lines,
                *links,
                candidate_scores(known, translations),
            )

    def translations(
        self, source_lines: Sequence[str], target_lines: Sequence[str]
    ) -> dict[tuple[str, str], float]:
        """(source word, target word) pairs the dictionaries give, lower case, with how
        close each target word is to the translation it matched."""
        if self._dictionary is None and self._bidix is None:
            return {}
        words = {word for line in source_lines for word in line.lower().split()}
        found: dict[str, set[str]] = {word: set() for word in words}
        if self._dictionary is not None:
            for word in words:
                found[word].update(self._dictionary.translations(word))
        if self._bidix is not None:
            for word, translations in self._bidix.translations(words).items():
                found[word].update(translations)
        row = language(self.lang)
        return dictionary.translation_pairs(
            found,
            {word for line in target_lines for word in line.lower().split()},
            compounds=row.dictionary is not None and row.dictionary.compounds,
            prefixes=row.prefixes,
            optional_vowel_marks=row.optional_vowel_marks,
        )


class Symmetrised(Sequence[Alignment]):
    """eflomal's two directional alignments of a batch, each pair's symmetrised and
    cognate-anchored links computed when first read (empty for a pair with an empty side)."""

    def __init__(
        self,
        count: int,
        usable: Sequence[int],
        source_lines: Sequence[str],
        target_lines: Sequence[str],
        forward: Sequence[str],
        reverse: Sequence[str],
        alike: Mapping[str, Mapping[str, float]],
    ):
        self._count = count
        self._line_of = {position: k for k, position in enumerate(usable)}
        self._lines = (source_lines, target_lines, forward, reverse)
        self._alike = alike

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, position: int) -> Alignment:  # type: ignore[override]
        if not -self._count <= position < self._count:
            raise IndexError(position)
        k = self._line_of.get(position % self._count)
        if k is None:
            return frozenset()
        source_lines, target_lines, forward, reverse = self._lines
        return anchor_cognates(
            grow_diag_final_and(_links(forward[k]), _links(reverse[k])),
            source_lines[k].lower().split(),
            target_lines[k].lower().split(),
            self._alike,
        )

    def translations(self, position: int) -> Callable[[int], list[int]]:
        """For pair ``position``: a source position → the target positions that translate it
        (the dictionaries, at least TRANSLATION_CLOSENESS close), for the labeller to read
        when the aligned word gives no gender."""
        k = self._line_of.get(position % self._count) if self._count else None
        if k is None:
            return lambda source: []
        source_words = self._lines[0][k].lower().split()
        target_words = self._lines[1][k].lower().split()

        def found(source: int) -> list[int]:
            known = self._alike.get(source_words[source], {}) if source < len(source_words) else {}
            return [
                t
                for t, word in enumerate(target_words)
                if known.get(word, 0.0) >= 1.0 + TRANSLATION_CLOSENESS
            ]

        return found


def look_alike_pairs(
    source_lines: Sequence[str], target_lines: Sequence[str]
) -> set[tuple[str, str]]:
    """The (source word, target word) pairs, lower-cased, of some sentence pair that look
    alike: they get a prior, and anchor_cognates links them."""
    pairs = set()
    for source_line, target_line in set(zip(source_lines, target_lines, strict=True)):
        sources = {word for word in source_line.lower().split() if len(word) >= MIN_COGNATE}
        targets = {word for word in target_line.lower().split() if len(word) >= MIN_COGNATE}
        pairs.update((source, target) for source in sources for target in targets)
    return {pair for pair in pairs if _look_alike(*pair)}


def candidate_scores(
    known: set[tuple[str, str]], translations: Mapping[tuple[str, str], float]
) -> dict[str, dict[str, float]]:
    """Source word → its look-alikes and dictionary translations, each with how good a
    match it is: 1 plus its closeness for a translation (a dictionary beats spelling),
    else the look-alike's similarity."""
    scores: dict[str, dict[str, float]] = {}
    for source, target in known:
        closeness = translations.get((source, target))
        score = 1.0 + closeness if closeness is not None else _similarity(source, target)
        scores.setdefault(source, {})[target] = score
    return scores


def anchor_cognates(
    links: Alignment,
    source: Sequence[str],
    target: Sequence[str],
    cognates: Mapping[str, Mapping[str, float]],
) -> Alignment:
    """Link a source word to the target word that translates it or looks most alike it, and
    to nothing else, where each is the other's clear best: on a small batch the statistics
    can link an occupation to a neighbour ("the artist's image backgrounds" → "los fondos de
    imagen de la artista": artist → fondos, or to both) though its cognate stands in the
    sentence. A worse look-alike does not stand in the way ("professor" → "professore", not
    "presso"); two equal candidates (a word said twice) leave the links as they are.
    ``cognates`` is :func:`candidate_scores`'s map."""
    scored = {
        (s, t): cognates[word][other]
        for s, word in enumerate(source)
        if word in cognates
        for t, other in enumerate(target)
        if other in cognates[word]
    }
    if not scored:
        return links
    anchored = set(links)
    for s, t in _mutual_best(scored):
        anchored = {link for link in anchored if link[0] != s} | {(s, t)}
    return frozenset(anchored)


def _mutual_best(scored: Mapping[tuple[int, int], float]) -> list[tuple[int, int]]:
    """The pairs whose target is the source's clear best candidate and the other way round
    (better than any rival by ANCHOR_MARGIN, or the only one)."""
    sources, targets = {s for s, _ in scored}, {t for _, t in scored}
    if len(sources) == len(targets) == len(scored):  # no rivals: the usual case
        return list(scored)
    best_target = _clear_best(scored, side=0)
    best_source = _clear_best(scored, side=1)
    return [(s, t) for s, t in best_target.items() if best_source.get(t) == s]


def _clear_best(scored: Mapping[tuple[int, int], float], side: int) -> dict[int, int]:
    """For each position on ``side`` (0: source, 1: target), its partner that scores
    ANCHOR_MARGIN above every other partner, where there is one."""
    candidates: dict[int, list[tuple[float, int]]] = {}
    for pair, score in scored.items():
        candidates.setdefault(pair[side], []).append((score, pair[1 - side]))
    best = {}
    for position, ranked in candidates.items():
        ranked.sort(reverse=True)
        if len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= ANCHOR_MARGIN:
            best[position] = ranked[0][1]
    return best


@lru_cache(maxsize=1 << 16)
def _latin(word: str) -> str:
    from anyascii import anyascii

    return anyascii(word).lower()


@lru_cache(maxsize=1 << 20)
def _similarity(source: str, target: str) -> float:
    """How alike two words look once transliterated: difflib's ratio of the wholes
    (editor/editora) or, for a longer word, of its end (student/Vollzeitstudentin: the head
    of a compound); 0 when either is shorter than MIN_COGNATE."""
    a, b = _latin(source), _latin(target)
    if min(len(a), len(b)) < MIN_COGNATE:
        return 0.0
    whole = SequenceMatcher(None, a, b).ratio() if a[0] == b[0] else 0.0
    if len(b) > len(a) + 3:
        return max(whole, SequenceMatcher(None, a, b[-len(a) - 3 :]).ratio())
    return whole


def _look_alike(source: str, target: str) -> bool:
    return _similarity(source, target) >= COGNATE_SIMILARITY


def _line(tokens: Sequence[str]) -> str:
    """The tokens as one line of words (a token's inner spaces become "_")."""
    line = " ".join(tokens)
    if line.count(" ") + line.count("\t") + line.count("\n") == len(tokens) - 1:
        return line  # no token holds a space: the common case, checked without a loop
    return " ".join("_".join(token.split()) for token in tokens)


@lru_cache(maxsize=1 << 16)
def _links(line: str) -> frozenset[tuple[int, int]]:
    """One line of eflomal's links file: ``s-t`` pairs (many lines repeat: "0-0 1-1 2-2")."""
    numbers = list(map(int, line.replace("-", " ").split()))
    return frozenset(zip(numbers[::2], numbers[1::2], strict=True))


def grow_diag_final_and(
    forward: frozenset[tuple[int, int]], reverse: frozenset[tuple[int, int]]
) -> Alignment:
    """Symmetrise two directional alignments (Koehn et al. 2003; Moses' grow-diag-final-and):
    start from their intersection, grow into neighbouring union links that align a word not
    yet aligned, then add union links whose both words are still unaligned. Only links next
    to one the directions disagree on are looked around: most pairs have few or none."""
    if forward == reverse:
        return frozenset(forward)
    links = set(forward & reverse)
    pending = set(forward | reverse) - links
    source_aligned = {s for s, _ in links}
    target_aligned = {t for _, t in links}
    grown = True
    while grown and pending:
        grown = False
        near = {s + d for s, _ in pending for d in (-1, 0, 1)}
        for s, t in sorted(links):
            if s not in near:
                continue
            for ds, dt in _NEIGHBOURS:
                link = (s + ds, t + dt)
                if link in pending and (
                    link[0] not in source_aligned or link[1] not in target_aligned
                ):
                    links.add(link)
                    pending.discard(link)
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
