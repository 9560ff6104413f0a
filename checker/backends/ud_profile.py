"""The offline analyses as a Stanza model of the language would give them: a test harness.

Stanza and its models cannot be fetched everywhere gen is tested, yet the rules must work
on what a model gives: lemmas, the UD features its language's default treebank annotates
and no others, and its own words (Arabic proclitics split off). ``UDProfileTagger`` runs
the offline tagger and re-expresses each reading in that profile (checker/data/
ud_profiles.toml, with each treebank's source), so the dev benches can be run through the
whole pipeline as the neural path would read them (bench/ud_profile.py):

    gen check in.jsonl --tagger checker.backends.ud_profile:UDProfileTagger

What it cannot emulate: a model gives one reading per word, chosen in context, where the
offline analysers keep every reading; and its errors. Contractions are split by the
offline tokenizers already as Stanza's multi-word-token expansion splits them (es "del" →
"de el", fr "au" → "à le", de "zum" → "zu dem").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from checker.backends.base import TaggedSentence, Tagger
from checker.backends.noun_forms import noun_data
from checker.backends.offline import OfflineTagger
from checker.backends.treebank_profiles import PROFILES_FILE, profile_for


class UDProfileTagger(Tagger):
    """The offline tagger's analyses in the UD profile of the language's Stanza model."""

    name = "ud_profile"

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        reason = OfflineTagger.unavailable(lang, options)
        if reason is None and profile_for(lang) is None:
            return f"no UD profile for {lang!r} in {PROFILES_FILE.name}"
        return reason

    def __init__(self, lang: str, options: Mapping[str, Any]) -> None:
        super().__init__(lang, options)
        self._offline = OfflineTagger(lang, options)
        self.profile = profile_for(lang)
        self._nouns = noun_data(lang, self.profile)  # as the Stanza tagger reads them
        self.annotated = self.profile.features | (self._nouns.features if self._nouns else set())

    @property
    def signature(self) -> str:
        return f"ud_profile:{self.profile.code}/{self.profile.treebank}({self._offline.signature})"

    def close(self) -> None:
        self._offline.close()

    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        return [self.reexpressed(sentence) for sentence in self._offline.tag(texts)]

    def reexpressed(self, sentence: TaggedSentence) -> TaggedSentence:
        """The offline tagger's ``sentence`` as the language's Stanza model gives it."""
        profiled = TaggedSentence(
            tuple(w for word in sentence.words for w in self.profile.words(word)),
            annotated=self.annotated,
        )
        return self._nouns.read(profiled) if self._nouns else profiled

    def sources(self, sentence: TaggedSentence) -> list[int]:
        """For each word of :meth:`reexpressed`'s sentence, the offline word it comes from
        (a split proclitic and its word both come from the word they were written as)."""
        return [k for k, word in enumerate(sentence.words) for _ in self.profile.words(word)]
