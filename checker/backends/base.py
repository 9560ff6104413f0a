"""The two backend interfaces of the checker: a tagger and an aligner.

The checker's core never sees a model: it gets tagged target words from a
:class:`Tagger` and source→target links from an :class:`Aligner`, and decides the label
with pure functions. The target tokens the aligner aligns are exactly the words the tagger
returned (after multi-word-token expansion: es "del" → "de el"), so an aligned index and
a tagged index always name the same word.

Backends are heavy (models, subprocesses): build one per run, then call it on batches.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, ClassVar

from common.errors import MissingResourceError

#: The genders the checker reads; an analysis may also carry None (no gender).
MALE, FEMALE = "male", "female"

Alignment = frozenset[tuple[int, int]]
"""Links ``(source_index, target_index)``, 0-based over the token lists given to align()."""


@dataclass(frozen=True)
class Analysis:
    """One reading a tagger gives for a word.

    ``genders`` is the set of genders the reading allows: {"male"}, {"female"}, both for a
    common-gender form (es "periodista" <mf>, de "Angestellte"), empty for none (neuter,
    or a word without gender). ``evidence`` is the raw reading, kept for the results file
    (e.g. ``periodista<n><mf><sg>`` or ``Gender=Fem|Number=Sing``).
    """

    lemma: str
    upos: str
    genders: frozenset[str]
    evidence: str
    feats: Mapping[str, str] = field(default_factory=dict)
    guessed: bool = False  # read from the word's ending alone (checker/backends/suffixes.py)

    @cached_property
    def feature_pairs(self) -> frozenset[tuple[str, str]]:
        """``feats`` as a set of (feature, value) pairs, for subset tests; cached, as taggers
        reuse one Analysis for every occurrence of a form."""
        return frozenset(self.feats.items())


@dataclass(frozen=True)
class Word:
    """A target word with every reading the tagger kept, and its head if it parses."""

    text: str
    analyses: tuple[Analysis, ...]
    head: int | None = None  # 0-based index of the syntactic head; None at the root or unknown
    deprel: str | None = None
    #: The form the analysers read and the aligner aligns, where it is not ``text``: a
    #: word written in another script (sr "учитељица", read as "učiteljica").
    form: str | None = None

    @cached_property
    def upos_set(self) -> frozenset[str]:
        """The parts of speech its readings allow; cached, as the labeller asks for them often
        and taggers reuse one Word for every occurrence of a form."""
        return frozenset(reading.upos for reading in self.analyses)


@dataclass(frozen=True)
class TaggedSentence:
    words: tuple[Word, ...]
    #: The UD features the tagger gives in this language, where it gives only some (a
    #: Stanza model: its treebank's, checker/data/ud_profiles.toml); None: all it knows.
    #: Rules keyed on a feature it never gives read as where the language names none
    #: (agreement_rules: a noun without Animacy is then of unknown animacy, not a thing).
    annotated: frozenset[str] | None = None

    @property
    def tokens(self) -> list[str]:
        return [word.text for word in self.words]

    @property
    def forms(self) -> list[str]:
        """The words as the analysers read them: what the aligner aligns."""
        return [word.form or word.text for word in self.words]


class Backend(ABC):
    """What taggers and aligners share: a name, an availability check and a signature."""

    #: The name users type (``--tagger offline``, ``--aligner eflomal``).
    name: ClassVar[str]
    #: The backends ``auto`` tried before this one and why each failed to load
    #: (registry.create sets it; the signature and a warning name them).
    passed_over: tuple[str, ...] = ()
    #: True where the backend reads no language-specific data (SimAlign's multilingual
    #: model): one instance serves every language of a run instead of one model per language.
    language_independent: ClassVar[bool] = False

    def __init__(self, lang: str, options: Mapping[str, Any]) -> None:
        """``lang`` is the target language code; ``options`` holds the command line's backend
        options (model paths, device, batch size...); each backend reads the ones it knows.

        A backend that cannot run raises MissingResourceError with ``unavailable()``'s reason
        (which says how to fix it) before it loads anything."""
        reason = self.unavailable(lang, options)
        if reason:
            raise MissingResourceError(reason)
        self.lang = lang
        self.options = options

    @classmethod
    @abstractmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        """Why this backend cannot run for ``lang`` here (with the command that fixes it),
        or None if it can. Must be cheap: no model is loaded."""

    @property
    @abstractmethod
    def signature(self) -> str:
        """Name, model and version, as they go into the summary's signature line."""

    @classmethod
    def model_bytes(cls, lang: str | None, options: Mapping[str, Any]) -> int:
        """The size of the model files it would load (0: none, or not known without
        ``lang``), for ``--workers auto`` to budget a worker's memory. Cheap: reads sizes."""
        return 0


class Tagger(Backend):
    """Tokenises and tags target-language sentences, many per call."""

    @abstractmethod
    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        """Return one TaggedSentence per text, in order."""


class Aligner(Backend):
    """Aligns tokenised sentence pairs, many per call."""

    @abstractmethod
    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]]
    ) -> Sequence[Alignment]:
        """Return the links of each pair, in order. Statistical aligners fit on the whole
        batch, so callers pass large batches (thousands of pairs), not one pair at a time.
        The sequence may compute each pair's links when first read: whoever reads them
        (the labelling stage) then does that work while the aligner fits the next batch."""
