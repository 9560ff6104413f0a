"""Apertium's bilingual dictionaries as a source of translations for the aligner's priors.

FreeDict's English→Spanish, →Italian and →Russian dictionaries are small (5,000, 4,000 and
1,700 headwords) and miss common occupations (clerk, lecturer, researcher). Apertium's
translation pairs know them: ``lt-proc -b`` looks a lemma up in a compiled bilingual
dictionary (``^clerk<n><sg>$`` → ``^clerk<n><sg>/empleado<n><GD><sg>$``). Where there is
no English pair for a language, the lookup goes through a pivot (eng→spa, then spa→ita).
Only nouns are looked up: the priors are for the words that name people.

A language whose row names no FreeDict dictionary and no chain gets one found here on its
own (:func:`chain_for`): the shortest chain of installed dictionaries from English to the
language, through one pivot at most, named ``apertium-pivot-eng-spa-por`` in the
signature when it goes through one.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from checker.backends.apertium import APERTIUM_DATA, escape, unescape
from checker.backends.dictionary import missing as dictionary_missing
from checker.backends.dictionary import singulars
from checker.languages import BidixSpec, Language
from checker.tables import DATA, read_table

#: A compiled bilingual dictionary of one direction, ``spa-ita.autobil.bin`` (not a
#: variant such as ``es-pt_BR`` or ``eco-es-fr``).
_DIRECTION = re.compile(r"^([a-z]{2,3})-([a-z]{2,3})\.autobil\.bin$")


@cache
def _same_language() -> dict[str, str]:
    """Apertium names a language by ISO 639-1 or 639-3 (es, spa): each code → 639-3."""
    codes = read_table(DATA / "iso639.toml")["codes"]
    return {**codes, **{three: three for three in codes.values()}}


def _iso3(code: str) -> str:
    return _same_language().get(code, code)


def installed_directions(data: Path = APERTIUM_DATA) -> dict[tuple[str, str], str]:
    """(from, to) in ISO 639-3 → the installed .autobil.bin, relative to ``data``."""
    found = {}
    for path in sorted(data.glob("*/*.autobil.bin")):
        match = _DIRECTION.match(path.name)
        if match:
            found.setdefault((_iso3(match[1]), _iso3(match[2])), str(path.relative_to(data)))
    return found


def chain_for(row: Language, data: Path = APERTIUM_DATA) -> BidixSpec | None:
    """The row's chain: its own ``bidix``, else, where it has no installed FreeDict
    dictionary either, the shortest chain of installed Apertium dictionaries from English
    to the language (direct, or through one pivot language; the first in code order where
    several are as short), or None."""
    if row.bidix is not None:
        return row.bidix
    if row.dictionary is not None and not dictionary_missing(row.dictionary):
        return None
    if shutil.which("lt-proc") is None:
        return None
    target = _target_code(row)
    edges = installed_directions(data)
    if ("eng", target) in edges:
        paths = [("eng", target)]
    else:
        pivots = sorted(p for f, p in edges if f == "eng" and (p, target) in edges)
        if not pivots:
            return None
        paths = [("eng", pivots[0]), (pivots[0], target)]
    chain = tuple(edges[path] for path in paths)
    codes = "-".join(["eng", *(to for _, to in paths)])
    return BidixSpec(
        f"apertium-pivot-{codes}" if len(paths) > 1 else f"apertium-{codes}",
        chain,
        tuple(sorted({path.split("/")[0] for path in chain})),
    )


def _target_code(row: Language) -> str:
    """The language's code as Apertium names it: its analyser's (``slv`` of
    slv-hbs.automorf.bin), else its own."""
    if row.apertium is not None:
        name = row.apertium.automorf.rpartition("/")[2]
        return _iso3(name.partition("-")[0])
    return _iso3(row.code)


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
        """Run the lemmas through the chain, one ``lt-proc -b`` per dictionary. A pivot
        word is looked up in the next dictionary both with the tags the last one gave it
        (hbs-slv lists ``liječnik<n><ma>``, animate masculine) and as a bare singular noun
        (es-pt lists ``empleado<n>``)."""
        current = [frozenset({_noun(lemma)}) for lemma in lemmas]
        for step, dictionary in enumerate(self._chain):
            if step:
                current = [
                    frozenset(q for reading in readings for q in _pivot_queries(reading))
                    for readings in current
                ]
            asked = sorted(set().union(*current))
            answers = dict(zip(asked, _bilingual(dictionary, asked), strict=True))
            current = [
                frozenset().union(*(answers[query] for query in queries)) for queries in current
            ]
        return [frozenset(_lemma(reading) for reading in readings) for readings in current]


#: The gender (and animacy) tags bilingual dictionaries list nouns under: a pivot word is
#: looked up under each, since the last dictionary may have given it none or another
#: (eng-hbs gives ``liječnik<n><m>``, hbs-slv lists ``liječnik<n><ma>``).
_GENDER_TAGS = ("", "<m>", "<ma>", "<mi>", "<mp>", "<f>", "<nt>", "<mf>", "<GD>")


def _pivot_queries(reading: str) -> tuple[str, ...]:
    """What to ask the next dictionary about a pivot word: the reading as given, and its
    lemma as a singular noun of each gender."""
    lemma = escape(_lemma_as_given(reading))
    return (reading, *(f"{lemma}<n>{tag}<sg>" for tag in _GENDER_TAGS))


def _lemma_as_given(reading: str) -> str:
    return unescape(reading.split("<", 1)[0])


def _noun(lemma: str) -> str:
    """A singular noun as lt-proc -b reads it (escaped, without ^ and $)."""
    return f"{escape(lemma)}<n><sg>"


def _lemma(reading: str) -> str:
    """A reading's lemma, lower case, a multi-word one by its first word (``agente de
    policía``: agente)."""
    return unescape(reading.split("<", 1)[0]).replace("#", " ").split()[0].lower()


def _bilingual(dictionary: str, queries: list[str]) -> list[frozenset[str]]:
    """Each query's readings (lemma and tags, as lt-proc writes them) in one bilingual
    dictionary."""
    if not queries:
        return []
    answer = subprocess.run(
        ["lt-proc", "-b", dictionary],
        input="".join(f"^{query}$\n" for query in queries),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    if len(answer) != len(queries):
        raise RuntimeError(
            f"lt-proc -b {dictionary} answered {len(answer)} lines for {len(queries)}"
        )
    return [_readings(line) for line in answer]


def _targets(unit: str) -> frozenset[str]:
    """The target lemmas of one answer, ``^clerk<n><sg>/empleado<n><GD><sg>$``, a
    multi-word one by its first word (``agente de policía``: agente)."""
    return frozenset(_lemma(reading) for reading in _readings(unit))


def _readings(unit: str) -> frozenset[str]:
    """The target readings of one answer, ``^clerk<n><sg>/empleado<n><GD><sg>$``: none for
    an unknown word (``@clerk``)."""
    _, *readings = unit.strip()[1:-1].split("/")
    return frozenset(
        reading for reading in readings if reading and not reading.startswith(("@", "<"))
    )
