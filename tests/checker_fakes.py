"""Fake checker backends for tests: a lexicon tagger and a dictionary aligner, no models.

Registered by path (``--tagger tests.checker_fakes:FakeTagger``), so the CLI run as a
subprocess finds them too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from checker.backends.base import Aligner, Alignment, Analysis, TaggedSentence, Tagger, Word

M, F = frozenset({"male"}), frozenset({"female"})
MF, NONE = M | F, frozenset()

#: word → readings (upos, genders[, feats[, lemma]]); a word absent here is unknown to the
#: tagger. The lemma is the word itself unless given.
LEXICON: dict[str, tuple[tuple, ...]] = {
    "el": (("DET", M),),
    "la": (("DET", F), ("PRON", F)),
    "un": (("DET", M),),
    "una": (("DET", F),),
    "su": (("DET", NONE),),
    "es": (("AUX", NONE, {}, "ser"),),
    "fue": (("AUX", NONE, {}, "ser"),),
    "ha": (("AUX", NONE, {}, "haber"),),
    "había": (("AUX", NONE, {}, "haber"),),
    "intentado": (("VERB", M, {"VerbForm": "Part", "Number": "Sing"}),),
    "editor": (("NOUN", M),),
    "editora": (("NOUN", F),),
    "periodista": (("NOUN", MF),),
    "médico": (("NOUN", M), ("ADJ", M)),
    "médica": (("ADJ", F),),
    "hermano": (("NOUN", M),),
    "hermana": (("NOUN", F),),
    "emocional": (("ADJ", MF),),
    "alto": (("ADJ", M),),
    "alta": (("ADJ", F),),
    "elegida": (("VERB", F, {"VerbForm": "Part", "Number": "Sing"}),),
    "habló": (("VERB", NONE),),
    "die": (("DET", F), ("DET", NONE)),
    "der": (("DET", M), ("DET", F)),
    "arzt": (("NOUN", M),),
    "врач": (("NOUN", M, {"Case": "Nom", "Number": "Sing"}),),
    "поддержала": (("VERB", F),),
    "пришла": (("VERB", F),),
    "пришёл": (("VERB", M),),
    "врачом": (("NOUN", M, {"Case": "Ins"}),),
    "стала": (("VERB", F, {}, "стать"),),
    "стал": (("VERB", M, {}, "стать"),),
    "работать": (("VERB", NONE),),
    "хорошим": (("ADJ", M, {"Case": "Ins"}),),
    "будучи": (("VERB", NONE),),
    "больнице": (("NOUN", F, {"Animacy": "Inan", "Case": "Loc"}),),
    "изучала": (("VERB", F, {"Tense": "Past", "Number": "Sing"}),),
    "изучал": (("VERB", M, {"Tense": "Past", "Number": "Sing"}),),
    "nunca": (("ADV", NONE),),
    "profesora": (("NOUN", F),),
    "profesor": (("NOUN", M),),
    "del": (("ADP", NONE), ("DET", M)),
    "de": (("ADP", NONE),),
    "secundaria": (("NOUN", F), ("ADJ", F)),
    "escuela": (("NOUN", F),),
    "declaración": (("NOUN", F),),
    "objetivo": (("NOUN", M),),
    "estudiante": (("NOUN", MF),),
    "y": (("CCONJ", NONE),),
    "se": (("PRON", NONE),),
    "más": (("ADV", NONE),),
    "le": (("DET", M), ("ADJ", MF)),  # as fr "Le" also reads as the adjective "Lème"
    "como": (("ADP", NONE),),
    "trabajó": (("VERB", NONE),),
}

#: English word → its translations in the fake lexicon.
DICTIONARY = {
    "the": {"el", "la", "die", "der"},
    "a": {"un", "una"},
    "editor": {"editor", "editora"},
    "journalist": {"periodista"},
    "doctor": {"médico", "médica", "врач", "врачом", "arzt", "больнице"},  # as a small batch might
    "nurse": {"nurse"},
    "is": {"es"},
    "was": {"fue"},
    "her": {"su"},
    "his": {"su"},
    "brother": {"hermano"},
    "sister": {"hermana"},
    "came": {"пришла", "пришёл"},
    "became": {"стала", "стал"},
    "teacher": {"secundaria"},  # as an aligner on a small batch might link it
    "statement": {"declaración"},
    "student": {"estudiante"},
    "tall": {"alto", "alta"},
    "elected": {"elegida"},
}


def tag_word(text: str) -> Word:
    readings = LEXICON.get(text.lower(), ())
    return Word(
        text,
        tuple(
            Analysis(
                rest[1] if len(rest) > 1 else text.lower(),
                upos,
                genders,
                f"{text.lower()}<{upos}><{'/'.join(sorted(genders))}>",
                rest[0] if rest else {},
            )
            for upos, genders, *rest in readings
        ),
    )


class FakeTagger(Tagger):
    name = "fake"

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        return None if lang in {"es", "ru", "de"} else f"fake tagger: no {lang}"

    @property
    def signature(self) -> str:
        return "fake-1"

    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        return [
            TaggedSentence(tuple(tag_word(token) for token in re.findall(r"\w+|[^\w\s]", text)))
            for text in texts
        ]


class CrashingTagger(FakeTagger):
    """Tags the first batch, then fails as if interrupted (for --resume tests)."""

    calls = 0

    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        CrashingTagger.calls += 1
        if CrashingTagger.calls > 1:
            raise KeyboardInterrupt
        return super().tag(texts)


class FakeAligner(Aligner):
    name = "fake"

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        return None

    @property
    def signature(self) -> str:
        return "fakealign-1"

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]]
    ) -> list[Alignment]:
        return [
            dictionary_alignment(source, target)
            for source, target in zip(sources, targets, strict=True)
        ]


def dictionary_alignment(source: Sequence[str], target: Sequence[str]) -> Alignment:
    return frozenset(
        (i, j)
        for i, word in enumerate(source)
        for j, translation in enumerate(target)
        if translation.lower() in DICTIONARY.get(word.lower(), ())
    )


class PositionalAligner(FakeAligner):
    """Links the i-th source and target words: for translations made word by word."""

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]]
    ) -> list[Alignment]:
        return [
            frozenset((i, i) for i in range(min(len(source), len(target))))
            for source, target in zip(sources, targets, strict=True)
        ]
