"""Reading a language written in two scripts with analysers that know one of them.

Serbian is written in Cyrillic or in Latin (Gaj's alphabet), by the same writer, even within
one text; the analysers read Latin. The two alphabets map letter for letter (љ њ џ to the
digraphs lj nj dž), so a Cyrillic text is read through its exact transliteration, and each
word the analysers return is given back its own text (languages.toml's ``transliteration``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import NamedTuple

from checker.backends.base import TaggedSentence


def without_marks(word: str) -> str:
    """``word`` without its combining marks (ar harakat, he niqqud), which writers may
    leave out."""
    return "".join(char for char in word if unicodedata.category(char) != "Mn")


class Reading(NamedTuple):
    """A text, the same text in the analysers' script, and for each character of that the
    index of the original character it comes from."""

    original: str
    read: str
    origin: list[int]


class Transliteration:
    """One language's letter table (lower case; a capital maps to its letter's capital:
    "Љ" → "Lj", or "LJ" inside a word in capitals)."""

    def __init__(self, table: Mapping[str, str]) -> None:
        self.table = dict(table)

    def read(self, text: str) -> tuple[str, list[int]]:
        """``text`` (in NFC) in the analysers' script, and for each of its characters the
        index of the character of ``text`` it comes from."""
        out: list[str] = []
        origin: list[int] = []
        for i, char in enumerate(text):
            latin = self.table.get(char.lower())
            if latin is None:
                latin = char
            elif char.isupper():
                following = text[i + 1 : i + 2]
                latin = latin.upper() if following.isupper() else latin.capitalize()
            out.append(latin)
            origin.extend([i] * len(latin))
        return "".join(out), origin

    def texts(self, texts: Sequence[str]) -> list[Reading]:
        """Each text (in NFC) with its reading in the analysers' script."""
        readings = []
        for text in texts:
            original = unicodedata.normalize("NFC", text)
            readings.append(Reading(original, *self.read(original)))
        return readings

    def restore(self, sentence: TaggedSentence, reading: Reading) -> TaggedSentence:
        """``sentence``, tagged from ``reading``'s text in the analysers' script, with each
        word's own text from the original and the form it was read as in ``form``; words
        written in the analysers' script already are kept as they are."""
        original, read, origin = reading
        words = list(sentence.words)
        cursor = 0
        for k, word in enumerate(words):
            at = read.find(word.text, cursor)
            if at < 0 or not word.text:
                continue
            cursor = at + len(word.text)
            own = original[origin[at] : origin[cursor - 1] + 1]
            if own != word.text:
                words[k] = replace(word, text=own, form=word.text)
        return TaggedSentence(tuple(words))
