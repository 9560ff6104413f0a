"""An occupation left in English in the translation ("La nurse es mi hermana").

A word spelled as the English occupation is not always English: es "doctor", "director",
"editor", de "Manager" are words of their languages with a gender of their own. So a word
counts as the English word left in place only where the language's lexicon does not know it
(checker/backends/lexicon.py asks its dictionaries and analysers), or where it is written in
Latin letters in a translation written in another script (ru "Моя nurse"). Such a word's own
readings are then the tagger's guess (Stanza gives every noun a gender, from its context or
its ending), so it is read as the offline analysers read a word they do not know: a word
with no gender of its own, whose agreeing words may still tell the person's gender
("La nurse es alta": the article does). Where nothing does, the record is inconclusive,
``untranslated``; where no lexicon of the language could be asked, ``untranslated_unverifiable``.

This module is the pure part: which target words are spelled as the occupation, and how the
sentence reads once the lexicon has spoken.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace

from checker.backends.base import Analysis, TaggedSentence, Word

#: English plurals: "-es" after a sibilant (coach → coaches), else "-s" (nurse → nurses). Only
#: these: nl "studentes" (female students) is no English plural of "student".
_SIBILANT = re.compile(r"(s|x|z|ch|sh)$")
#: The one word class of a word no lexicon knows (as the offline tagger writes it).
UNKNOWN = "X"


@dataclass(frozen=True)
class LeftInEnglish:
    """What the lexicon said of one translation's words spelled as the occupation: the
    positions of those it does not know (``english``) and of those it could not be asked
    about, the language having none (``unverified``), each with why."""

    english: dict[int, str]
    unverified: dict[int, str]

    def applied(self, sentence: TaggedSentence) -> TaggedSentence:
        """``sentence`` with each such word read as a word no analyser knows: one reading of
        class X and no gender, whatever the tagger guessed."""
        if not self.english and not self.unverified:
            return sentence
        why = {**self.unverified, **self.english}
        return TaggedSentence(
            tuple(
                replace(word, analyses=(Analysis(word.text, UNKNOWN, frozenset(), why[i]),))
                if i in why
                else word
                for i, word in enumerate(sentence.words)
            )
        )


def folded(text: str) -> str:
    """``text`` compared without case ("Nurse", "nurse"), but with its diacritics: a word
    given a mark English lacks is spelled in the language (es "mánager", as the Real
    Academia Española adapts "manager"), not left in English."""
    return unicodedata.normalize("NFC", text).casefold()


def spellings(source_tokens: Sequence[str], occupation: tuple[int, int]) -> frozenset[str]:
    """The folded spellings of the occupation's words, and their English plural or
    singular."""
    start, end = occupation
    words = {folded(token) for token in source_tokens[start:end] if any(c.isalpha() for c in token)}
    return frozenset({form for word in words for form in (word, _plural(word), *_singular(word))})


def _plural(word: str) -> str:
    return word + ("es" if _SIBILANT.search(word) else "s")


def _singular(word: str) -> list[str]:
    """The singulars ``word`` may be the English plural of ("nurses": nurse, "coaches":
    coach)."""
    found = [word[:-1]] if word.endswith("s") and len(word) > 3 else []
    if word.endswith("es") and _SIBILANT.search(word[:-2]) and len(word) > 4:
        found.append(word[:-2])
    return found


def spelled_as_source(
    words: Sequence[Word], source_tokens: Sequence[str], occupation: tuple[int, int]
) -> list[int]:
    """The positions of the target words spelled as one of the occupation's words."""
    wanted = spellings(source_tokens, occupation)
    return [i for i, word in enumerate(words) if folded(word.text) in wanted]


def in_other_script(words: Sequence[Word], i: int) -> bool:
    """Whether word ``i`` is in Latin letters and most of the sentence's letters are not:
    an English word in a Cyrillic, Greek, Arabic... translation, whatever any lexicon says."""
    if not all(_latin(char) for char in words[i].text if char.isalpha()):
        return False
    letters = [_latin(char) for word in words for char in word.text if char.isalpha()]
    return sum(not latin for latin in letters) * 2 > len(letters)


def _latin(char: str) -> bool:
    return unicodedata.name(char, "").startswith("LATIN")


def asked(
    words: Sequence[Word], source_tokens: Sequence[str], occupation: tuple[int, int]
) -> list[str]:
    """The forms of the translation to ask the lexicon about: those spelled as the
    occupation, not already English by their script."""
    return [
        words[i].text
        for i in spelled_as_source(words, source_tokens, occupation)
        if not in_other_script(words, i)
    ]


def left_in_english(
    words: Sequence[Word],
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
    translations: Collection[str] | None,
    known: Mapping[str, bool | None] | None,
) -> LeftInEnglish:
    """Which of the words spelled as the occupation are the English word left in place,
    from what the language's lexicon said (checker/backends/lexicon.py): ``translations``,
    the occupation's translations in its dictionaries; ``known``, whether its analysers know
    each form (:func:`asked`; None for a form they only guess from its ending); None for a
    source the language lacks.

    A word either source knows is the language's. A word they do not know is English where
    the dictionaries translate the occupation otherwise, or the analysers do not know it at
    all; where the dictionaries have no entry for the occupation and the analysers only
    guess it (nl "feminist", a Dutch word Apertium lacks; es "janitor", English), or the
    language has neither, nothing tells: unverified. A word in Latin letters in a
    translation in another script is English."""
    start, end = occupation
    name = " ".join(source_tokens[start:end])
    given = {folded(t) for t in translations} if translations is not None else None
    english: dict[int, str] = {}
    unverified: dict[int, str] = {}
    for i in spelled_as_source(words, source_tokens, occupation):
        text = words[i].text
        if in_other_script(words, i):
            english[i] = f"{text}: the English {name!r}, in Latin letters in another script"
            continue
        heard = known.get(text) if known is not None else None
        if (given and folded(text) in given) or heard:
            continue  # a word of the language (es "doctor")
        if not given and heard is None:
            unverified[i] = f"{text}: spelled as the English {name!r}; " + _silent(given, known)
            continue
        asked_of = [
            what
            for what, spoke in (
                (f"not among its dictionaries' translations of {name!r}", given),
                ("unknown to its analysers", heard is False),
            )
            if spoke
        ]
        english[i] = f"{text}: the English {name!r} left in place, " + " and ".join(asked_of)
    return LeftInEnglish(english, unverified)


def _silent(given: Collection[str] | None, known: Mapping[str, bool | None] | None) -> str:
    """Why the lexicon could not tell, for the evidence."""
    if given is None and known is None:
        return "no dictionary or analyser of the language is installed to tell"
    dictionaries = "no dictionary installed" if given is None else "no dictionary entry for it"
    analysers = "no analyser installed" if known is None else "its analysers only guess it"
    return f"{dictionaries} and {analysers}: nothing tells whether it is one of its words"


def by_tags(
    words: Sequence[Word], source_tokens: Sequence[str], occupation: tuple[int, int]
) -> LeftInEnglish:
    """Without a lexicon's answer (the labeller called on its own): the words spelled as the
    occupation that the tagger itself knows nothing of (class X only), as an offline
    analyser's unknown word is."""
    english = {
        i: f"{words[i].text}: spelled as the English occupation, unknown to the tagger"
        for i in spelled_as_source(words, source_tokens, occupation)
        if words[i].upos_set <= {UNKNOWN}
    }
    return LeftInEnglish(english, {})


def left_in_english_reason(
    aligned: Collection[int], left: LeftInEnglish, untranslated: str, unverifiable: str
) -> str | None:
    """The reason an inconclusive verdict gets when one of the ``aligned`` words is the
    English word left in place (``untranslated``), or may be (``unverifiable``); else None."""
    if any(i in left.english for i in aligned):
        return untranslated
    if any(i in left.unverified for i in aligned):
        return unverifiable
    return None
