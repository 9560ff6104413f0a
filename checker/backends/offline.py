"""The offline tagger: Apertium, pymorphy3 and german-nouns, chosen per language from data.

checker/languages.toml names, for each language, who tokenises (lt-proc itself, or a plain
word splitter) and which analysers read the words, in order: a word gets the readings of the
first analyser that knows it, or, with ``readings = "union"``, of every analyser that knows
it (several Apertium analysers of one language, each lacking nouns the other knows). Every
reading is kept; words nobody knows get one reading with UPOS "X" (or PUNCT/SYM/NUM by their
characters) saying so.
"""

from __future__ import annotations

import re
import subprocess
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from checker.backends import apertium, german, hspell, pymorphy
from checker.backends.apertium import ApertiumAnalyser, distinct, in_case_of
from checker.backends.base import FEMALE, MALE, Analysis, TaggedSentence, Tagger, Word
from checker.backends.script import Transliteration
from checker.backends.suffixes import SuffixAnalyser, SuffixRule
from checker.backends.wordlist import WordListAnalyser
from checker.languages import ApertiumAnalyserSpec, Language, languages

#: "words" tokenizer: runs of word characters with their combining marks (Arabic harakat:
#: "المُحققة"), keeping inner hyphens, apostrophes and the Hebrew geresh and gershayim,
#: often typed as ' and " (מנכ"ל, ג'ונטר); and
#: runs of one other symbol ("...", "?!" is two tokens).
_MARKS = "\u0300-\u036f\u0591-\u05bd\u05bf-\u05c7\u0610-\u061a\u064b-\u065f\u0670"
_WORD = re.compile(rf"\w[\w{_MARKS}]*(?:[-'’\"\u05f3\u05f4]\w[\w{_MARKS}]*)*|([^\w\s])\1*")

_COMMON = frozenset({MALE, FEMALE})

WordAnalyser = Callable[[Sequence[str]], list[tuple[Analysis, ...]]]


def split_words(text: str, contractions: Mapping[str, Sequence[str]]) -> list[str]:
    """The "words" tokenizer; a contraction becomes its words (de "zum" → "zu" "dem")."""
    words = []
    for match in _WORD.finditer(text):
        word = match.group()
        expansion = contractions.get(word.lower())
        words.extend(in_case_of(word, expansion) if expansion else (word,))
    return words


def _apertium_spec(name: str, language: Language) -> ApertiumAnalyserSpec | None:
    """The Apertium analyser ``name`` stands for: "apertium" the first of the row's
    ``apertium`` tables, "apertium:2" the second, ..."""
    number = name.partition(":")[2] or "1"
    if not number.isdigit() or not 1 <= int(number) <= len(language.apertium_specs):
        return None
    return language.apertium_specs[int(number) - 1]


def _missing(name: str, language: Language) -> str | None:
    """Why analyser ``name`` cannot run for ``language`` here, with the fixing command."""
    if name.split(":")[0] == "apertium":
        spec = _apertium_spec(name, language)
        if spec is None:
            return f"languages.toml gives no Apertium analyser {name!r} for {language.code}"
        return apertium.missing(spec.automorf, spec.package)
    if name == "pymorphy3":
        return pymorphy.missing(language.code)
    if name == "german-nouns":
        return german.missing()
    if name == "hspell":
        return hspell.missing()
    if name == "wordlist":
        if language.wordlist is None:
            return f"languages.toml gives no wordlist for {language.code}"
        return None
    if name == "suffixes":
        return None
    return f"languages.toml names an unknown analyser {name!r} for {language.code}"


def _needs(language: Language) -> list[str]:
    needed = list(language.analysers)
    if language.tokenizer == "apertium" and "apertium" not in needed:
        needed.append("apertium")
    return needed


class OfflineTagger(Tagger):
    """Rule-based analysers that need no model: every reading of every word, no parse."""

    name = "offline"

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        known = languages()
        if lang not in known:
            supported = ", ".join(sorted(known))
            return f"no offline analyser for {lang!r} (supported: {supported})"
        for name in _needs(known[lang]):
            reason = _missing(name, known[lang])
            if reason:
                return reason
        return None

    def __init__(self, lang: str, options: Mapping[str, Any]) -> None:
        super().__init__(lang, options)
        self.language = languages()[lang]
        self._apertium: ApertiumAnalyser | None = None
        self._versions: list[str] = []
        self._analysers: list[tuple[str, WordAnalyser | None]] = []
        self._closing: list[ApertiumAnalyser] = []
        for name in _needs(self.language):
            if name == "apertium":
                spec = self.language.apertium
                self._apertium = ApertiumAnalyser(spec, self.language.contractions)
                self._versions.append(f"{spec.package} {_debian_version(spec.package)}")
                analyse = None  # lt-proc's readings come with its tokens
            elif name.startswith("apertium:"):
                spec = _apertium_spec(name, self.language)
                further = ApertiumAnalyser(spec, {})
                self._closing.append(further)
                self._versions.append(f"{spec.automorf} {_debian_version(spec.package)}")
                analyse = further.analyse_words
            elif name == "pymorphy3":
                morph = pymorphy.PymorphyAnalyser(self.language.code)
                self._versions.append(f"pymorphy3 {morph.version}")
                analyse = morph.analyse
            elif name == "hspell":
                reader = hspell.HspellAnalyser()
                self._versions.append(f"hspell {reader.version}")
                analyse = reader.analyse
            elif name == "wordlist":
                spec = self.language.wordlist
                prefixes = self.language.prefixes
                analyse = WordListAnalyser(spec.file, prefixes, spec.suffixes).analyse
            elif name == "suffixes":
                analyse = SuffixAnalyser(
                    self.language.suffixes, names_capitalised=self.language.names_capitalised
                ).analyse
            else:
                nouns = german.GermanAnalyser()
                self._versions.append(f"german-nouns {nouns.version}")
                analyse = nouns.analyse
            if name in self.language.analysers:
                self._analysers.append((name, analyse))
        self._analysers.sort(key=lambda pair: self.language.analysers.index(pair[0]))
        self._persons = dict(self._analysers).get(self.language.person_readings or "")
        self._apertium_first = self.language.analysers[0] == "apertium" and not self.language.union
        self._endings = [SuffixRule.from_row(row) for row in self.language.endings]
        table = self.language.transliteration
        self._script = Transliteration(table) if table else None

    @property
    def signature(self) -> str:
        return f"offline({'+'.join(self._versions)})"

    def close(self) -> None:
        """Stop the lt-proc process (it also stops when the tagger is garbage-collected)."""
        for analyser in (self._apertium, *self._closing):
            if analyser is not None:
                analyser.close()

    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        readings = self._script.texts(texts) if self._script else None
        read = [reading.read for reading in readings] if readings is not None else texts
        if self._apertium is not None:
            sentences = self._apertium.analyse(read)
        else:
            contractions = self.language.contractions
            sentences = [
                [
                    Word(word, ())
                    for word in split_words(unicodedata.normalize("NFC", text), contractions)
                ]
                for text in read
            ]
        tagged = [self._tag_sentence(words) for words in sentences]
        if self._persons:
            tagged = [self._with_persons(sentence, self._persons) for sentence in tagged]
        if self._endings:
            tagged = [self._narrowed_sentence(sentence) for sentence in tagged]
        if self.language.determiners:
            tagged = [self._with_determiners(sentence) for sentence in tagged]
        if readings is not None:
            tagged = [self._script.restore(s, r) for s, r in zip(tagged, readings, strict=True)]
        return tagged

    @staticmethod
    def _with_persons(sentence: TaggedSentence, analyse: WordAnalyser) -> TaggedSentence:
        """``sentence`` with languages.toml's ``person_readings`` analyser's animate noun
        readings added to each noun read with an inanimate one (ru "страж")."""
        things = [
            i
            for i, word in enumerate(sentence.words)
            if any(a.upos == "NOUN" and a.feats.get("Animacy") == "Inan" for a in word.analyses)
        ]
        if not things:
            return sentence
        words = list(sentence.words)
        for i, found in zip(things, analyse([words[i].text for i in things]), strict=True):
            people = tuple(
                a for a in found if a.upos == "NOUN" and a.feats.get("Animacy") == "Anim"
            )
            if people:
                words[i] = replace(words[i], analyses=(*words[i].analyses, *people))
        return TaggedSentence(tuple(words))

    def _with_determiners(self, sentence: TaggedSentence) -> TaggedSentence:
        """``sentence`` with the pronoun readings of languages.toml's ``determiners`` read as
        determiners, as Universal Dependencies tags them (uk "цей", "мій"; it "quella",
        which the analysers list only as pronouns)."""
        lemmas = self.language.determiners

        def determiner(a: Analysis) -> bool:
            return a.upos == "PRON" and a.lemma.lower() in lemmas

        def read(word: Word) -> Word:
            if "DET" in word.upos_set or not any(determiner(a) for a in word.analyses):
                return word  # a determiner reading of its own ("Questo") is the analyser's
            analyses = tuple(replace(a, upos="DET") if determiner(a) else a for a in word.analyses)
            return replace(word, analyses=analyses)

        return TaggedSentence(tuple(read(word) for word in sentence.words))

    def _narrowed_sentence(self, sentence: TaggedSentence) -> TaggedSentence:
        """``sentence`` itself when no word's readings are narrowed (the usual case)."""
        words = tuple(self._narrowed(word) for word in sentence.words)
        if all(new is old for new, old in zip(words, sentence.words, strict=True)):
            return sentence
        return TaggedSentence(words)

    def _narrowed(self, word: Word) -> Word:
        """``word`` with its common-gender readings (nouns, or the rule's ``upos``) narrowed
        by languages.toml's ``endings`` (the first rule that matches)."""
        common = {a.upos for a in word.analyses if a.genders == _COMMON}
        if not common:
            return word
        text = word.text.lower()
        rule = next(
            (r for r in self._endings if not common.isdisjoint(r.upos) and r.pattern.search(text)),
            None,
        )
        if rule is None:
            return word
        return replace(
            word,
            analyses=tuple(
                replace(
                    a,
                    genders=rule.genders,
                    evidence=f"{a.evidence}, by ending /{rule.pattern.pattern}/ ({rule.note})",
                )
                if a.upos in rule.upos and a.genders == _COMMON
                else a
                for a in word.analyses
            ),
        )

    def _tag_sentence(self, words: list[Word]) -> TaggedSentence:
        """Each word with the readings of the first analyser that knows it (or, with
        ``readings = "union"``, of all that know it); later analysers run only while some
        word is still unknown (with union, always). ``words`` carry lt-proc's readings when
        Apertium tokenised them."""
        if self._apertium_first and all(word.analyses for word in words):
            return TaggedSentence(tuple(words))  # the usual case, kept fast
        texts = [word.text for word in words]
        tagged: list[Word | None] = [None] * len(words)
        union = self.language.union
        for _, analyse in self._analysers:
            open_ = [i for i, word in enumerate(tagged) if union or word is None]
            if not open_:
                break
            found = [w.analyses for w in words] if analyse is None else analyse(texts)
            for i in open_:
                if not found[i]:
                    continue
                if tagged[i] is None:
                    tagged[i] = words[i] if analyse is None else Word(texts[i], found[i])
                else:
                    both = distinct([*tagged[i].analyses, *found[i]])
                    tagged[i] = Word(texts[i], both)
        return TaggedSentence(
            tuple(
                word if word is not None else Word(text, (self._unknown(text),))
                for word, text in zip(tagged, texts, strict=True)
            )
        )

    @lru_cache(maxsize=1 << 14)  # noqa: B019 - one tagger per run; it lives as long as the run
    def _unknown(self, text: str) -> Analysis:
        """The one reading of a word no analyser knows, typed by its characters."""
        categories = {unicodedata.category(char)[0] for char in text}
        if categories <= {"P"}:
            return Analysis(text, "PUNCT", frozenset(), f"{text}: punctuation")
        if categories <= {"P", "S"}:
            return Analysis(text, "SYM", frozenset(), f"{text}: symbol")
        if categories <= {"N", "P"}:
            return Analysis(text, "NUM", frozenset(), f"{text}: number")
        names = ", ".join(name for name, _ in self._analysers)
        return Analysis(text, "X", frozenset(), f"{text}: unknown to {names}")


def _debian_version(package: str) -> str:
    """The installed version of a Debian package, for the signature ("?" if unknown)."""
    try:
        result = subprocess.run(
            ["dpkg-query", "-W", "-f=${Version}", package],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:
        return "?"
    return result.stdout.strip() or "?"
