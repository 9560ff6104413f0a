"""English person nouns from the WordNet 3.0 database files (Debian's ``wordnet-base``).

The converter needs to know which words of an English sentence name a person ("librarian",
"police officer") and which words carry gender ("son", "widow"). WordNet answers both through
its hypernym tree: a noun names a person when its most frequent sense lies below person.n.01.
Only the two plain-text database files of nouns are read (``index.noun``, ``data.noun``, format
in wndb(5WN)); NLTK's WordNetCorpusReader cannot open Debian's copy, which lacks ``lexnames``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from common.errors import GenError, MissingResourceError

#: Where Debian's ``wordnet-base`` package puts the database.
DEBIAN_WORDNET = Path("/usr/share/wordnet")

#: WordNet's own detachment rules for nouns (morphy(7WN)): suffix → replacement.
_NOUN_SUFFIXES = (("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"),
                  ("shes", "sh"), ("men", "man"), ("ies", "y"))  # fmt: skip


@dataclass(frozen=True)
class NounDatabase:
    """The noun part of WordNet: senses per lemma (most frequent first) and hyponym links."""

    senses: dict[str, tuple[str, ...]]  # lemma ("police_officer") → synset offsets
    hyponyms: dict[str, tuple[str, ...]]  # synset offset → offsets of its direct hyponyms
    exceptions: dict[str, str]  # irregular plural → lemma ("women" → "woman")

    def synset(self, name: str) -> str:
        """The offset of a synset named like NLTK does: ``person.n.01`` = first noun sense."""
        lemma, pos, number = name.rsplit(".", 2)
        offsets = self.senses.get(lemma, ())
        if pos != "n" or not number.isdigit() or not 0 < int(number) <= len(offsets):
            raise GenError(f"no such noun synset in WordNet: {name}")
        return offsets[int(number) - 1]

    def below(self, names: Iterable[str]) -> set[str]:
        """Offsets of the named synsets and of everything below them (hyponyms, transitively)."""
        found: set[str] = set()
        todo = [self.synset(name) for name in names]
        while todo:
            offset = todo.pop()
            if offset not in found:
                found.add(offset)
                todo.extend(self.hyponyms.get(offset, ()))
        return found

    def lemmas_whose_first_sense_is_in(self, offsets: set[str]) -> frozenset[str]:
        """Lemmas (spaces for underscores) whose most frequent noun sense is one of ``offsets``."""
        return frozenset(
            lemma.replace("_", " ") for lemma, senses in self.senses.items() if senses[0] in offsets
        )

    def lemmatize(self, word: str) -> list[str]:
        """Candidate lemmas of a lower-case noun form, the form itself first (WordNet's morphy)."""
        candidates = [word]
        if word in self.exceptions:
            candidates.append(self.exceptions[word])
        candidates += [
            word[: -len(suffix)] + replacement
            for suffix, replacement in _NOUN_SUFFIXES
            if word.endswith(suffix) and len(word) > len(suffix)
        ]
        return candidates


@cache
def load_nouns(root: Path = DEBIAN_WORDNET) -> NounDatabase:
    """Read ``index.noun``, ``data.noun`` and ``noun.exc`` from a WordNet 3.0 database folder."""
    files = {name: Path(root) / name for name in ("index.noun", "data.noun", "noun.exc")}
    if not all(path.is_file() for path in files.values()):
        raise MissingResourceError(
            f"WordNet's database is not in {root}; install it with: apt-get install wordnet-base"
        )
    senses: dict[str, tuple[str, ...]] = {}
    for fields in _records(files["index.noun"]):
        synset_count = int(fields[2])
        senses[fields[0]] = tuple(fields[-synset_count:])
    hyponyms: dict[str, tuple[str, ...]] = {}
    for fields in _records(files["data.noun"]):
        word_count = int(fields[3], 16)
        pointers_at = 4 + 2 * word_count
        pointers = fields[pointers_at + 1 : pointers_at + 1 + 4 * int(fields[pointers_at])]
        hyponyms[fields[0]] = tuple(
            pointers[i + 1] for i in range(0, len(pointers), 4) if pointers[i] == "~"
        )
    exceptions = {fields[0]: fields[1] for fields in _records(files["noun.exc"])}
    return NounDatabase(senses, hyponyms, exceptions)


def _records(path: Path) -> Iterable[list[str]]:
    """The whitespace-split fields of every line but the licence header (lines starting " ")."""
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.startswith(" "):
                yield line.split(" | ", 1)[0].split()
