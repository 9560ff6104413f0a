"""Bilingual dictionaries that give the statistical aligner lexical priors.

eflomal fitted on a few hundred sentences cannot learn that "teacher" is "Lehrerin" from
co-occurrence alone, and "teacher" does not look like it. FreeDict's English→X
dictionaries (Debian's ``dict-freedict-eng-XX``, dictd format: a ``.index`` of headword,
offset and length in base64, and a gzip-compatible ``.dict.dz``) say so. A target word
matches a translation when it starts with the translation less up to two letters
(inflection: maestro → maestra, учитель → учителем) or, in a compounding language,
contains it after a first part (Lehrer → Turnlehrerin).
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterable, Mapping, Sequence
from difflib import SequenceMatcher
from functools import cache, lru_cache
from pathlib import Path

from checker.backends.script import without_marks
from checker.languages import DictionarySpec

DICTD_DATA = Path("/usr/share/dictd")

#: Shortest translation matched by prefix, and by containment in a compound.
MIN_PREFIX = 4
MIN_COMPOUND_PART = 5
#: Letters of inflection a translation may lose and still match (maestro → maestra), as
#: long as MIN_STEM letters remain (Lehrer matches Lehrerin, not Lehrgang).
INFLECTION = 2
MIN_STEM = 5

_BASE64 = {c: i for i, c in enumerate(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")}  # fmt: skip
#: Markup in FreeDict's definitions: <masc>, [comp.], (informal), {cross references}.
_MARKUP = re.compile(r"<[^>]*>|\[[^\]]*\]|\([^)]*\)|\{[^}]*\}")
_NUMBERING = re.compile(r"^\d+\.\s*")
_NOT_TRANSLATIONS = ("Synonym", "see:", "Note:", "Example:")
#: A word: a letter, then anything but spaces, digits and punctuation other than "-" and
#: "'" (combining marks too: hi शिक्षक); not an IPA transcription (/.../), not a label.
_WORD = re.compile(r"(?=\w)[^\s\d_/:;,.()\[\]{}<>\"!?=]+")
#: The stress mark dictionaries of Slavic languages put on a vowel (bg "учи́тел"), which
#: running text leaves out.
_STRESS = "\u0301"
#: Letters a dictionary writes as one ligature and running text as two: FreeDict's eng-nld
#: writes the Dutch digraph ij as "ĳ" (U+0133: "schrĳver"), text as "schrijver".
_LIGATURES = str.maketrans({"\u0133": "ij"})
#: English plural endings and what replaces them in the singular, longest first.
_PLURALS = (("men", "man"), ("ies", "y"), ("es", ""), ("s", ""))


def missing(spec: DictionarySpec) -> str | None:
    """Why the dictionary cannot be read here (with the apt command), or None."""
    if not all(path.is_file() for path in _files(spec)):
        return f"dictionary {spec.name} is not installed: run `sudo apt-get install {spec.package}`"
    return None


class Dictionary:
    """English word → its one-word translations (lower case), each entry decoded when
    first asked for, not all on opening (eng-deu has 367,744 headwords)."""

    def __init__(self, name: str, index: Mapping[str, list[tuple[int, int]]], text: bytes):
        self.name = name
        self._index = index
        self._text = text

    def translations(self, word: str) -> frozenset[str]:
        """The translations of a lower-case English word, or of its singular."""
        for lemma in (word, *singulars(word)):
            found = self._entry(lemma)
            if found:
                return found
        return frozenset()

    @lru_cache(maxsize=1 << 16)  # noqa: B019 (one Dictionary per language and process)
    def _entry(self, word: str) -> frozenset[str]:
        return frozenset(
            translation
            for start, length in self._index.get(word, ())
            for translation in _translations(
                self._text[start : start + length].decode("utf-8", "replace")
            )
        )


def singulars(word: str) -> list[str]:
    """The singulars a lower-case English word may be the plural of (_PLURALS)."""
    return [
        word[: -len(ending)] + replacement
        for ending, replacement in _PLURALS
        if word.endswith(ending) and len(word) > len(ending) + 2
    ]


@cache
def load(spec: DictionarySpec) -> Dictionary:
    """Open a dictd dictionary (once per process)."""
    index_file, data_file = _files(spec)
    index: dict[str, list[tuple[int, int]]] = {}
    with open(index_file, encoding="utf-8") as handle:
        for line in handle:
            headword, offset, length = line.rstrip("\n").split("\t")[:3]
            if not headword.startswith("00"):  # 00-database-info and the like
                index.setdefault(headword.lower(), []).append((_number(offset), _number(length)))
    return Dictionary(spec.name, index, gzip.decompress(data_file.read_bytes()))


def _files(spec: DictionarySpec) -> tuple[Path, Path]:
    return DICTD_DATA / f"{spec.name}.index", DICTD_DATA / f"{spec.name}.dict.dz"


def _number(base64: str) -> int:
    value = 0
    for character in base64:
        value = value * 64 + _BASE64[character]
    return value


def _translations(body: str) -> Iterable[str]:
    """The one-word translations in an entry (its first line is the headword)."""
    for line in body.split("\n")[1:]:
        line = _NUMBERING.sub("", line.strip())
        if not line or line.startswith(_NOT_TRANSLATIONS):
            continue
        for part in re.split(r"[,;]", _MARKUP.sub("", line)):
            words = part.split()
            if len(words) == 1 and _WORD.fullmatch(words[0]):
                yield words[0].lower().replace(_STRESS, "").translate(_LIGATURES)


def translation_pairs(
    translations: Mapping[str, Iterable[str]],
    target_words: Iterable[str],
    compounds: bool,
    prefixes: Sequence[str] = (),
    optional_vowel_marks: bool = False,
) -> dict[tuple[str, str], float]:
    """The (source word, target word) pairs, lower case, where the target word matches one
    of the source word's ``translations``: starts with it, less up to INFLECTION letters,
    or (with ``compounds``) contains it after a first part (Lehrer → Turnlehrerin). Each
    pair maps to how close the target word (from the compound's part on) is to the
    translation it matched: engineer's "ingeniero" matches "ingeniería" too, but less
    closely. Each target word is looked at once, through its prefixes and inner substrings.

    ``prefixes``: words the language writes onto the next (ar "ال" "the", "ك" "as"); a
    translation and a target word are also taken without one (كمعلم → معلم).
    ``optional_vowel_marks``: vowel marks are left out on both sides (FreeDict writes ar "المعلّم",
    text mostly "المعلم")."""
    stems: dict[str, set[tuple[str, str]]] = {}  # less its inflection → (source, translation)
    wholes: dict[str, set[str]] = {}  # whole translation → source words, for compounds
    for source, found in translations.items():
        for translation in {
            bare for word in found for bare in _bare(word, prefixes, optional_vowel_marks)
        }:
            if len(translation) >= MIN_PREFIX:
                stem = translation[: max(MIN_STEM, len(translation) - INFLECTION)]
                stems.setdefault(stem, set()).add((source, translation))
            if compounds and len(translation) >= MIN_COMPOUND_PART:
                wholes.setdefault(translation, set()).add(source)
    stem_lengths = sorted({len(stem) for stem in stems})
    whole_lengths = sorted({len(whole) for whole in wholes})
    pairs: dict[tuple[str, str], float] = {}
    for target in set(target_words):
        forms = _bare(target, prefixes, optional_vowel_marks)
        matches = [
            (source, form, translation)
            for form in forms
            for length in stem_lengths
            if len(form) >= length
            for source, translation in stems.get(form[:length], ())
        ]
        matches += [
            (source, form[start:], form[start : start + length])
            for form in forms
            for start in (range(1, len(form) - MIN_COMPOUND_PART + 1) if wholes else ())
            for length in whole_lengths
            for source in wholes.get(form[start : start + length], ())
        ]
        for source, matched, translation in matches:
            closeness = SequenceMatcher(None, matched, translation).ratio()
            pairs[source, target] = max(closeness, pairs.get((source, target), 0.0))
    return pairs


def _bare(word: str, prefixes: Sequence[str], optional_vowel_marks: bool) -> set[str]:
    """``word`` (without its vowel marks, if ``optional_vowel_marks``) and the word without each of
    ``prefixes`` it starts with."""
    if optional_vowel_marks:
        word = without_marks(word)
    return {word, *(word[len(prefix) :] for prefix in prefixes if word.startswith(prefix))}
