"""What a language's own lexicon knows of a word spelled as the English occupation.

Stanza gives every word it tags a class and a gender, an English word left in the
translation too ("La nurse es mi hermana"); the offline analysers give a word they do not
know the class X. Neither tells an English word from a word of the language spelled alike
(es "doctor", "director", de "Manager"). So the words of a translation spelled as its
occupation are asked about, under any tagger, of the language's lexicon (the verdict is
checker/rules/untranslated.py's), in order:

1. the English→language dictionaries the aligner reads (FreeDict's, Apertium's bilingual
   ones): one that lists the word as a translation of the occupation (eng-spa "doctor" →
   "doctor") says it is a word of the language;
2. the language's offline analysers (Apertium, pymorphy3, german-nouns, hspell, gen's own
   word lists under checker/data/forms), the word read on its own: one that knows it as a
   noun or adjective (not a reading guessed from its ending) says so too; es "mover" (to
   move) is no translation of the English "mover".

A word neither knows is the English word left in place; so is a word in Latin letters in a
translation written in another script (ru "Моя nurse"), whatever they say. Where the
language has none of them installed, the word is ``unverified``: nothing here can tell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from checker.backends import bidix, dictionary
from checker.backends.base import Tagger
from checker.languages import BidixSpec, languages

#: The word classes an occupation's translation is read as: a word the analysers know only
#: as something else (es "mover", to move) is no translation of it.
_AS_OCCUPATION = frozenset({"NOUN", "ADJ"})
#: The offline analyser that guesses from endings: no lexicon.
_GUESSER = "suffixes"


class Lexicon:
    """One language's dictionaries and analysers, asked whether words spelled as the
    English occupation are words of the language; each built, and each word asked, once."""

    def __init__(self, lang: str, tagger: Tagger, options: Mapping[str, Any]) -> None:
        self.lang = lang
        self._row = languages().get(lang)
        self._tagger = tagger
        self._options = options
        self._analyser: Tagger | None | bool = False  # False: not built yet
        self._sources: list[Callable[[str], Iterable[str]]] | None = None
        self._translations: dict[str, frozenset[str]] = {}
        self._known: dict[str, bool | None] = {}

    @property
    def signature(self) -> str:
        """The sources a word would be asked of, as the signature names them (``none``
        where the language has none installed); nothing is loaded to say so."""
        names = []
        row = self._row
        if row is not None:
            spec, chain = row.dictionary, bidix.chain_for(row)
            if spec is not None and not dictionary.missing(spec):
                names.append(spec.name)
            if chain is not None and not bidix.missing(chain):
                names.append(chain.name)
            if self._offline_available():
                names.append("offline")
        return "+".join(names) or "none"

    def translations(self, words: Iterable[str]) -> frozenset[str] | None:
        """The lower-case translations of the English ``words`` in the language's installed
        English→language dictionaries; None where none is installed."""
        if self._sources is None:
            self._sources = self._dictionaries()
        if not self._sources:
            return None
        found: set[str] = set()
        for word in {word.lower() for word in words}:
            if word not in self._translations:
                self._translations[word] = frozenset(
                    t.lower() for source in self._sources for t in source(word)
                )
            found |= self._translations[word]
        return frozenset(found)

    def known(self, forms: Sequence[str]) -> dict[str, bool | None] | None:
        """Whether the language's analysers know each form, read on its own, as a noun or
        adjective; None for a form they only guess from its ending (a guess is no
        knowledge, nor is it knowing nothing of the word); None where the language has no
        analyser with a lexicon installed."""
        analyser = self._offline()
        if analyser is None:
            return None
        new = sorted({form for form in forms if form not in self._known})
        for form, sentence in zip(new, analyser.tag(new) if new else [], strict=True):
            readings = [a for word in sentence.words for a in word.analyses]
            if sentence.words and all(
                any(not a.guessed and a.upos in _AS_OCCUPATION for a in word.analyses)
                for word in sentence.words
            ):
                self._known[form] = True
            elif any(a.guessed and a.upos in _AS_OCCUPATION for a in readings):
                self._known[form] = None
            else:
                self._known[form] = False
        return {form: self._known[form] for form in forms}

    def _dictionaries(self) -> list[Callable[[str], Iterable[str]]]:
        if self._row is None:
            return []
        found: list[Callable[[str], Iterable[str]]] = []
        spec = self._row.dictionary
        if spec is not None and not dictionary.missing(spec):
            found.append(dictionary.load(spec).translations)
        chain = bidix.chain_for(self._row)
        if chain is not None and not bidix.missing(chain):
            reader = _bidix_reader(chain)
            found.append(lambda word: reader.translations([word])[word])
        return found

    def _offline(self) -> Tagger | None:
        """The offline tagger of the language (the run's own where it is the tagger), if
        it has an analyser with a lexicon (not only the ending guesser) and is installed."""
        if self._analyser is False:
            from checker.backends.offline import OfflineTagger  # not needed by every run

            self._analyser = None
            if self._offline_available():
                own = isinstance(self._tagger, OfflineTagger)
                self._analyser = self._tagger if own else OfflineTagger(self.lang, self._options)
        return self._analyser  # type: ignore[return-value]

    def _offline_available(self) -> bool:
        """Whether the language has an offline analyser with a lexicon (not only the ending
        guesser), installed here (or the run's own tagger)."""
        from checker.backends.offline import OfflineTagger

        row = self._row
        if row is None or all(name == _GUESSER for name in row.analysers):
            return False
        own = isinstance(self._tagger, OfflineTagger)
        return own or OfflineTagger.unavailable(self.lang, self._options) is None


_readers: dict[str, bidix.ApertiumBidix] = {}


def _bidix_reader(chain: BidixSpec) -> bidix.ApertiumBidix:
    """One reader per chain and process (each keeps what it looked up)."""
    if chain.name not in _readers:
        _readers[chain.name] = bidix.ApertiumBidix(chain)
    return _readers[chain.name]
