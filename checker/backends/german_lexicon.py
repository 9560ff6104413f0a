"""german-nouns (Wiktionary's German nouns) read once into a form → readings index.

Each row of its CSV is one noun with its genus and every case/number form; a noun with
several declensions numbers its forms and their genus ("genus 1", "genus 2").
"""

from __future__ import annotations

import csv
import importlib.util
import operator
from collections.abc import Mapping, Sequence
from functools import cache
from itertools import compress
from typing import NamedTuple

from checker.backends.base import FEMALE, MALE, Analysis

INSTALL_COMMAND = "pip install --no-deps german-nouns"
_GENDERS = {"m": frozenset({MALE}), "f": frozenset({FEMALE}), "n": frozenset(), "-": frozenset()}
_CASES = {"nominativ": "Nom", "genitiv": "Gen", "dativ": "Dat", "akkusativ": "Acc"}
_NUMBERS = {"singular": "Sing", "plural": "Plur"}


def missing() -> str | None:
    if importlib.util.find_spec("german_nouns") is None:
        return f"german-nouns is not installed: run `{INSTALL_COMMAND}`"
    return None


class Reading(NamedTuple):
    """Gender, number and case of a form, as the data table writes it ("f Sing Nom")."""

    gender: str
    number: str
    case: str

    @classmethod
    def parse(cls, text: str) -> Reading:
        gender, number, case = text.split()
        return cls(gender, number, case)

    def analysis(self, lemma: str, upos: str, evidence: str) -> Analysis:
        feats = {"Number": self.number, "Case": self.case}
        if self.gender != "-":
            feats["Gender"] = {"m": "Masc", "f": "Fem", "n": "Neut"}[self.gender]
        return Analysis(lemma, upos, _GENDERS[self.gender], evidence, feats)


class GermanNouns(NamedTuple):
    #: every listed form → its (lemma, reading) pairs
    forms: Mapping[str, list[tuple[str, Reading]]]
    #: the lemmas declined as adjectives (der Angestellte, ein Angestellter)
    adjectival: frozenset[str]


@cache
def noun_index() -> GermanNouns:
    """Every noun form german-nouns lists → (lemma, reading) pairs, and which lemmas are
    declined as adjectives.

    A noun with several declensions (der Analyst: des Analysten or des Analysts) writes the
    genus of each in "genus 1", "genus 2", ... beside its numbered form columns, and no plain
    "genus"; its forms take their own variant's genus, and a form all variants share (the
    plural "Nachbarn") the genus they agree on.

    Nouns with adjectival declension (der/die Angestellte) keep neither their strong plural
    ("Angestellte" would make every "die Angestellte" look plural) nor their strong feminine
    genitive and dative singular, which only stand without an article ("Angestellter" would
    make every "als Angestellter", "ein Angestellter" look feminine as well): see
    :func:`_unused_adjectival`.
    """
    from german_nouns.config import CSV_FILE_PATH

    index: dict[str, list[tuple[str, Reading]]] = {}
    adjectival_lemmas = set()
    with open(CSV_FILE_PATH, encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle)
        header = next(rows)
        columns = [(i, _column(name)) for i, name in enumerate(header) if _column(name)]
        cells_of = operator.itemgetter(*(i for i, _ in columns))
        genus, variant_genus = header.index("genus"), _variant_genus_columns(header)
        # the variant of each form column ("nominativ singular 2" → "genus 2"), else the plain genus
        genus_of_column = [
            variant_genus.get(declension, genus) for _, (_, _, declension) in columns
        ]
        # Each column's reading for each gender, made once: the loop below runs ~700k times.
        readings_by_gender = {
            gender: [
                (Reading(gender, number, case), declension)
                for case, number, declension in (spec for _, spec in columns)
            ]
            for gender in ("m", "f", "n")
        }
        for row in rows:
            lemma, adjectival, cells = row[0], "adjektivische" in row[1], cells_of(row)
            gender = row[genus]
            if adjectival:
                adjectival_lemmas.add(lemma)
            if not any(row[i] for i in variant_genus.values()):
                if gender not in readings_by_gender:
                    continue
                # Most cells are empty: compress() skips them without a Python-level test each.
                forms = zip(
                    compress(readings_by_gender[gender], cells), filter(None, cells), strict=False
                )
            else:
                # a form every variant shares (the plural "Nachbarn") takes their genus if one
                variants = {row[i] for i in variant_genus.values()} - {""}
                gender = gender or (variants.pop() if len(variants) == 1 else "")
                forms = (
                    (readings_by_gender[variant_gender][k], cell)
                    for k, cell in enumerate(cells)
                    if cell
                    and (variant_gender := row[genus_of_column[k]] or gender) in readings_by_gender
                )
            for (reading, declension), form in forms:
                if adjectival and _unused_adjectival(reading, declension):
                    continue
                found = index.setdefault(form, [])
                if (lemma, reading) not in found:
                    found.append((lemma, reading))
    return GermanNouns(index, frozenset(adjectival_lemmas))


def _unused_adjectival(reading: Reading, declension: str) -> bool:
    """Whether a form of an adjectivally declined noun is one left out of the index: the
    strong (article-less) plural, and the strong feminine genitive and dative singular,
    which need an article-less genitive or dative of one woman ("wegen Angestellter")."""
    if reading.number == "Plur":
        return declension != "schwach"
    return declension == "stark" and reading.gender == "f" and reading.case in ("Gen", "Dat")


def _variant_genus_columns(header: Sequence[str]) -> dict[str, int]:
    """The variant number ("2") → the index of its genus column ("genus 2")."""
    return {
        name.split()[1]: i
        for i, name in enumerate(header)
        if name.startswith("genus ") and name.split()[1].isdigit()
    }


def _column(name: str) -> tuple[str, str, str] | None:
    """("nominativ plural schwach") → ("Nom", "Plur", "schwach"); None for non-form columns."""
    words = name.split()
    if len(words) < 2 or words[0] not in _CASES or words[1] not in _NUMBERS:
        return None
    return _CASES[words[0]], _NUMBERS[words[1]], words[2] if len(words) > 2 else ""
