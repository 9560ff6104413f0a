"""Hebrew readings from Hspell's morphological analyser (``hspell -l``, Debian's hspell).

``hspell -l`` reads text in ISO-8859-8 and writes, for each word it knows, one header line
per way of splitting off prefixes (``צירוף חוקי: ה+רופאה``, "the" + "doctor") followed by
its readings, one per tab-indented line: ``רופאה(ע,נ,יחיד)`` (noun, feminine, singular).
Words it does not know are listed at the end, as spelling errors. A batch's distinct
unknown forms go to one ``hspell -l`` run, one per line; the tag table is data
(checker/data/hspell_tags.toml).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import takewhile

from checker.backends.apertium import distinct
from checker.backends.base import Analysis
from checker.tables import DATA, TagTable, read_table
from common.errors import MissingResourceError

INSTALL_COMMAND = "sudo apt-get install hspell"
ENCODING = "iso-8859-8"
#: A reading line: "\tlemma(tag,tag,...)".
_READING = re.compile(r"^\t(.+)\((.*)\)$")
#: Hebrew letters, with the geresh and gershayim of loanwords and acronyms (ג'ונטר, מנכ"ל).
#: Niqqud and cantillation marks (not maqaf, paseq, sof pasuq, nun hafukha).
_POINTS = re.compile("[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7]")
_HEBREW = re.compile(r"^[\u05d0-\u05ea]+(?:['\"\u05f3\u05f4][\u05d0-\u05ea]*)*$")


def missing() -> str | None:
    if shutil.which("hspell") is None:
        return f"Hspell is not installed: run `{INSTALL_COMMAND}`"
    return None


@dataclass(frozen=True)
class HspellTags:
    """Hspell's tags (checker/data/hspell_tags.toml): the shared tag table, the tag after
    which a reading's tags describe a pronominal suffix, and the rare kinds of reading."""

    table: TagTable
    suffix_tag: str
    rare: tuple[str, ...]

    def analysis(self, lemma: str, tags: Sequence[str], evidence: str) -> Analysis:
        """The reading of the word itself: its pronominal suffix's tags left out, a proper
        noun's tag making it a name."""
        own = [*tags[:1], *takewhile(lambda tag: not tag.startswith(self.suffix_tag), tags[1:])]
        reading = self.table.analysis(lemma, own, evidence)
        names = [self.table.proper[tag] for tag in own[1:] if tag in self.table.proper]
        return replace(reading, upos=names[-1]) if names else reading

    def is_rare(self, tags: Sequence[str]) -> bool:
        """Whether a reading is of a kind kept only where a form has no other reading."""
        return any(tag.startswith(self.rare) for tag in tags)


@cache
def hspell_tags() -> HspellTags:
    data = read_table(DATA / "hspell_tags.toml")
    return HspellTags(
        table=TagTable.read("hspell_tags.toml"),
        suffix_tag=data["suffix_tag"],
        rare=tuple(data["rare"]),
    )


class HspellAnalyser:
    """Every Hspell reading of Hebrew word forms; a form's readings are looked up once."""

    def __init__(self) -> None:
        reason = missing()
        if reason:
            raise MissingResourceError(reason)
        self.tags = hspell_tags()
        self.version = _version()
        self._known: dict[str, tuple[Analysis, ...]] = {}

    def analyse(self, words: Sequence[str]) -> list[tuple[Analysis, ...]]:
        """Each word's readings; a word with niqqud (vowel points, which Hspell does not
        read) is looked up without them."""
        plain = [_without_points(word) for word in words]
        new = {form for form in plain if form not in self._known and _HEBREW.match(form)}
        if new:
            self._known.update(dict.fromkeys(new, ()))
            self._known.update(self._lookup(sorted(new)))
        return [self._known.get(form, ()) for form in plain]

    def _lookup(self, forms: Sequence[str]) -> dict[str, tuple[Analysis, ...]]:
        """One ``hspell -l`` run over ``forms``: each known form's readings."""
        text = "".join(form + "\n" for form in forms).encode(ENCODING, errors="replace")
        result = subprocess.run(["hspell", "-l"], input=text, capture_output=True, check=False)
        if result.returncode not in (0, 1):  # 1: some words are misspelled
            message = result.stderr.decode(ENCODING, errors="replace").strip()
            raise RuntimeError(f"hspell -l exited with {result.returncode}: {message}")
        return self._read(result.stdout.decode(ENCODING, errors="replace").splitlines())

    def _read(self, lines: Iterable[str]) -> dict[str, tuple[Analysis, ...]]:
        """The readings of each header's word, all splittings together; the table's ``rare``
        readings (a pronominal suffix, a proper name, an imperative) only where there are
        no others."""
        found: dict[str, list[tuple[Analysis, bool]]] = {}
        current: list[tuple[Analysis, bool]] | None = None
        split = ""
        for line in lines:
            reading = _READING.match(line)
            if reading and current is not None:
                lemma, tags = reading.group(1), reading.group(2).split(",")
                evidence = f"{split}: {lemma}({reading.group(2)}) (hspell)"
                current.append((self.tags.analysis(lemma, tags, evidence), self.tags.is_rare(tags)))
            elif ": " in line and not line.startswith("\t"):
                split = line.split(": ", 1)[1].strip()
                current = found.setdefault(split.replace("+", ""), [])
            else:
                current = None  # the list of misspelled words
        readings = {}
        for form, pairs in found.items():
            usual = [analysis for analysis, rare in pairs if not rare]
            readings[form] = distinct(usual or [analysis for analysis, _ in pairs])
        return readings


def _without_points(word: str) -> str:
    return _POINTS.sub("", word)


def _version() -> str:
    result = subprocess.run(["hspell", "-V"], capture_output=True, check=False)
    first = result.stdout.decode(ENCODING, errors="replace").splitlines()[:1]
    return first[0].removeprefix("Hspell ").strip() if first else "?"
