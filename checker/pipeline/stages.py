"""The three stages every chunk of `gen check` input goes through: tag, align, label.

Each language's tagger and aligner are built once, before any work (:func:`build_backends`);
a chunk is tagged per language, aligned (the statistical aligner fits on the chunk's pairs),
then labelled by the pure labeller (tagged words + links → verdict).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Protocol

import orjson

from checker.backends import registry
from checker.backends.base import Aligner, Alignment, TaggedSentence, Tagger
from checker.backends.lexicon import Lexicon
from checker.pipeline.records import Item
from checker.rules.agreement_rules import rules_as_annotated
from checker.rules.label import label
from checker.rules.untranslated import LeftInEnglish, asked, left_in_english
from checker.rules.verdict import (
    EMPTY_TRANSLATION,
    TOO_LONG,
    TRUNCATED,
    UNSUPPORTED_LANGUAGE,
    Evidence,
    Verdict,
    inconclusive,
)
from common.errors import MissingResourceError

#: Records label_chunk labels between two reports to its ``labelled`` callback: the
#: progress bar moves this often, not once per chunk of up to 50,000.
PROGRESS_BATCH = 256
#: A translation longer than LENGTH_RATIO times its source, in characters, and than
#: LENGTH_FLOOR characters, is left inconclusive (``too_long``), untagged and unaligned.
#: Of the 101,424 MT outputs of the dev data (bench/dev_lengths.py: m2m100 in 20
#: languages, Bing, MT-GenEval's references), none is over 4.9 times its source nor over
#: 170 characters, and all but two are within 2.1 times; ten times is a repetition loop or
#: a wrong line, whose gender no reading would settle, and tagging and aligning a line
#: takes time and memory that grow with its length (a 50 MB line: minutes, gigabytes).
LENGTH_RATIO = 10
LENGTH_FLOOR = 1_000


@dataclass
class Backends:
    """One language's tagger and aligner, and its lexicon (built from the same options)."""

    tagger: Tagger
    aligner: Aligner
    lexicon: Lexicon


def build_backends(
    languages: Counter[str],
    *,
    tagger: str | Mapping[str, str | tuple[str, ...]],
    aligner: str | Mapping[str, str | tuple[str, ...]],
    backend_options: Mapping[str, Any],
    warn: Callable[[str], None],
) -> dict[str, Backends | None]:
    """One tagger and one aligner per language (named once for all, or per language),
    built before any work. A language no backend can read under ``auto`` is labelled
    unsupported_language (with a warning); a backend ``auto`` passes over because it failed
    to load is named in a warning; a backend the user named that cannot run is an error.
    A name may be the candidates ``auto`` was resolved to (registry.candidates)."""
    backends: dict[str, Backends | None] = {}
    shared: dict[type, Any] = {}  # one SimAlign model for every language, not one each
    for lang in sorted(languages):
        built = []
        for kind, names in ((Tagger, tagger), (Aligner, aligner)):
            name = names if isinstance(names, str) else names[lang]
            try:
                backend = registry.create(kind, name, lang, backend_options, shared)
            except MissingResourceError as err:
                if not registry.is_automatic(name):
                    raise
                warn(f"{languages[lang]} records in {lang!r} left inconclusive: {err}")
                break
            for failure in backend.passed_over:
                warn(f"{lang!r}: {failure}; using {backend.name} instead")
            built.append(backend)
        backends[lang] = (
            Backends(*built, Lexicon(lang, built[0], backend_options))  # type: ignore[arg-type]
            if len(built) == 2
            else None
        )
    return backends


@dataclass
class TaggedChunk:
    """A chunk on its way through the stages: verdicts decided without backends, then per
    language the tagged sentences and, once aligned, their alignments."""

    items: list[Item]
    verdicts: list[Verdict | None]
    sentences: dict[str, tuple[list[int], list[TaggedSentence]]]
    alignments: dict[str, Sequence[Alignment]] = field(default_factory=dict)
    #: per language, each sentence's words that are the English occupation left in place
    left: dict[str, list[LeftInEnglish]] = field(default_factory=dict)


def tag_chunk(chunk: list[Item], backends: Mapping[str, Backends | None]) -> TaggedChunk:
    """First stage: what needs no backend, then tagging per language."""
    verdicts: list[Verdict | None] = [None] * len(chunk)
    by_lang: dict[str, list[int]] = {}
    for position, item in enumerate(chunk):
        if not item.translation.strip():
            verdicts[position] = inconclusive(EMPTY_TRANSLATION)
        elif too_long(item):
            verdicts[position] = inconclusive(TOO_LONG)
        elif backends[item.lang] is None:
            verdicts[position] = inconclusive(UNSUPPORTED_LANGUAGE)
        else:
            by_lang.setdefault(item.lang, []).append(position)
    sentences = {
        lang: (positions, backends[lang].tagger.tag([chunk[p].translation for p in positions]))
        for lang, positions in by_lang.items()
    }
    left = {
        lang: left_in_english_of([chunk[p] for p in positions], tagged, backends[lang].lexicon)
        for lang, (positions, tagged) in sentences.items()
    }
    return TaggedChunk(chunk, verdicts, sentences, left=left)


def left_in_english_of(
    items: Sequence[Item], sentences: Sequence[TaggedSentence], lexicon: Lexicon
) -> list[LeftInEnglish]:
    """Each translation's words spelled as its occupation that are the English word left in
    place, the language's lexicon asked about them (checker/rules/untranslated.py); in the
    tagging stage, whose thread owns the offline analysers the lexicon may share."""
    forms = [
        asked(sentence.words, item.source_tokens, item.occupation)
        for item, sentence in zip(items, sentences, strict=True)
    ]
    known = lexicon.known([form for found in forms for form in found]) if any(forms) else None
    return [
        left_in_english(
            sentence.words,
            item.source_tokens,
            item.occupation,
            lexicon.translations(item.source_tokens[slice(*item.occupation)]) if found else None,
            known,
        )
        for item, sentence, found in zip(items, sentences, forms, strict=True)
    ]


def too_long(item: Item) -> bool:
    """Whether ``item``'s translation is too long to be one of its source (LENGTH_RATIO)."""
    source = sum(len(token) + 1 for token in item.source_tokens)
    return len(item.translation) > max(LENGTH_FLOOR, LENGTH_RATIO * source)


def align_chunk(tagged: TaggedChunk, backends: Mapping[str, Backends | None]) -> TaggedChunk:
    """Second stage: align each language's pairs (the aligner fits on them)."""
    for lang, (positions, sentences) in tagged.sentences.items():
        tagged.alignments[lang] = backends[lang].aligner.align(
            [tagged.items[p].source_tokens for p in positions], [s.forms for s in sentences]
        )
    return tagged


def label_chunk(
    aligned: TaggedChunk, labelled: Callable[[int], None] = lambda records: None
) -> list[dict]:
    """Third stage: label every record (pure: tagged words + links → verdict), telling
    ``labelled`` how many more are done after every PROGRESS_BATCH and at the end."""
    chunk, verdicts = aligned.items, aligned.verdicts
    reported = sum(verdict is not None for verdict in verdicts)  # decided without backends
    labelled(reported)
    for lang, (positions, sentences) in aligned.sentences.items():
        alignments = aligned.alignments[lang]
        # an aligner may also say which target words translate each source word, and which
        # pairs it could not align whole (simalign: longer than its model reads)
        translations = getattr(alignments, "translations", None)
        notes = getattr(alignments, "notes", {})
        left = aligned.left.get(lang)
        for k, (position, sentence, alignment) in enumerate(
            zip(positions, sentences, alignments, strict=True)
        ):
            item = chunk[position]
            verdicts[position] = label(
                expected_gender=item.expected_gender,
                source_tokens=item.source_tokens,
                occupation=item.occupation,
                sentence=sentence,
                alignment=alignment,
                rules=rules_as_annotated(lang, sentence.annotated),
                translations=translations(k) if translations else None,
                left_in_english=left[k] if left else None,
            )
            if k in notes:
                verdicts[position] = noted(verdicts[position], sentence, *notes[k])
            if (k + 1) % PROGRESS_BATCH == 0:
                labelled(PROGRESS_BATCH)
                reported += PROGRESS_BATCH
    labelled(len(chunk) - reported)
    return [
        {**item.record, **verdict.to_json()} for item, verdict in zip(chunk, verdicts, strict=True)
    ]


def noted(verdict: Verdict, sentence: TaggedSentence, index: int, why: str) -> Verdict:
    """``verdict`` with the aligner's note on its pair first in the evidence: the target
    word it stopped at (none when only the source was cut) and why."""
    text = sentence.words[index].text if index < len(sentence.words) else ""
    note = Evidence(index, text, TRUNCATED, None, (why,))
    return replace(verdict, evidence=(note, *verdict.evidence))


class Summary(Protocol):
    """What reads the labelled records as they are written and makes the output's summary
    files (scores.summary.SummaryBuilder for `gen check`). Records labelled on a cluster's
    workers are counted there (``count``, which travels to them) and the counts merged here,
    so that gen's own process does not read them again."""

    def add(self, result: dict[str, Any]) -> None: ...

    def count(self, results: Iterable[dict[str, Any]]) -> Any:
        """The counts of ``results`` alone, for merge(): what a worker sends back."""
        ...

    def merge(self, counts: Any) -> None: ...

    def files(self, *, signature: dict[str, str], rejected: int) -> dict[str, str]:
        """The files to write beside results.jsonl: name → text."""
        ...


def chunk_path(partial: Path, number: int) -> Path:
    """Where finished chunk ``number`` is saved in a run's partial folder (``--resume``
    reads it back, in one process or on a cluster alike)."""
    return partial / f"chunk-{number:06d}.jsonl"


def replay_chunk(data: bytes, add: Callable[[dict[str, Any]], None]) -> int:
    """Show a finished chunk's saved records to ``add``; return how many there were."""
    lines = data.splitlines()
    for line in lines:
        add(orjson.loads(line))
    return len(lines)
