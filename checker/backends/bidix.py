"""Apertium's bilingual dictionaries as a source of translations for the aligner's priors.

FreeDict's English→Spanish, →Italian and →Russian dictionaries are small (5,000, 4,000 and
1,700 headwords) and miss common occupations (clerk, lecturer, researcher). Apertium's
translation pairs know them: ``lt-proc -b`` looks a lemma up in a compiled bilingual
dictionary (``^clerk<n><sg>$`` → ``^clerk<n><sg>/empleado<n><GD><sg>$``). Where there is
no English pair for a language, the lookup goes through a pivot (eng→spa, then spa→ita).
Only nouns are looked up: the priors are for the words that name people.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterable

from checker.backends.apertium import APERTIUM_DATA, escape, unescape
from checker.backends.dictionary import singulars
from checker.languages import BidixSpec


def missing(spec: BidixSpec) -> str | None:
    """Why the chain cannot be read here (with the apt command), or None."""
    if shutil.which("lt-proc") is None or not all(
        (APERTIUM_DATA / path).is_file() for path in spec.chain
    ):
        install = "sudo apt-get install " + " ".join(("lttoolbox", *spec.packages))
        return f"Apertium dictionaries {spec.name} are not installed: run `{install}`"
    return None


class ApertiumBidix:
    """English noun → its translations through one chain of Apertium bilingual
    dictionaries; each word is looked up once per process."""

    def __init__(self, spec: BidixSpec):
        self.name = spec.name
        self._chain = [str(APERTIUM_DATA / path) for path in spec.chain]
        self._known: dict[str, frozenset[str]] = {}

    def translations(self, words: Iterable[str]) -> dict[str, frozenset[str]]:
        """Each lower-case English word's translations (of the word as a noun, else of its
        singular: "teachers" → teacher), lower case; empty where none is known."""
        candidates = {word: (word, *singulars(word)) for word in words}
        lemmas = {lemma for forms in candidates.values() for lemma in forms}
        new = sorted(lemma for lemma in lemmas if lemma not in self._known and lemma.isalpha())
        if new:
            self._known.update(zip(new, self._look_up(new), strict=True))
        return {
            word: next(
                (self._known[lemma] for lemma in forms if self._known.get(lemma)), frozenset()
            )
            for word, forms in candidates.items()
        }

    def _look_up(self, lemmas: list[str]) -> list[frozenset[str]]:
        """Run the lemmas through the chain, one ``lt-proc -b`` per dictionary."""
        current = [frozenset({lemma}) for lemma in lemmas]
        for dictionary in self._chain:
            asked = sorted(set().union(*current))
            answers = dict(zip(asked, _bilingual(dictionary, asked), strict=True))
            current = [frozenset().union(*(answers[word] for word in words)) for words in current]
        return current


def _bilingual(dictionary: str, lemmas: list[str]) -> list[frozenset[str]]:
    """Each singular noun lemma's translations in one bilingual dictionary."""
    if not lemmas:
        return []
    query = "".join(f"^{escape(lemma)}<n><sg>$\n" for lemma in lemmas)
    answer = subprocess.run(
        ["lt-proc", "-b", dictionary], input=query, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    if len(answer) != len(lemmas):
        raise RuntimeError(
            f"lt-proc -b {dictionary} answered {len(answer)} lines for {len(lemmas)}"
        )
    return [_targets(line) for line in answer]


def _targets(unit: str) -> frozenset[str]:
    """The target lemmas of one answer, ``^clerk<n><sg>/empleado<n><GD><sg>$``, a
    multi-word one by its first word (``agente de policía``: agente); none for an unknown
    word (``@clerk``)."""
    _, *readings = unit.strip()[1:-1].split("/")
    return frozenset(
        unescape(reading.split("<", 1)[0]).replace("#", " ").split()[0].lower()
        for reading in readings
        if reading and not reading.startswith(("@", "<"))
    )
