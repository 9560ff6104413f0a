"""The supported target languages, read from checker/languages.toml (data, not code)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from checker.tables import DATA, read_table
from common.errors import GenError

LANGUAGES_FILE = Path(__file__).resolve().parent / "languages.toml"


@dataclass(frozen=True)
class ApertiumAnalyserSpec:
    automorf: str  # path under /usr/share/apertium
    package: str  # the Debian package that installs it
    # enclitics written after a hyphen on a word the analyser lacks (ro "CEO-ul"), which
    # lt-proc splits off: they are joined back into one word
    hyphen_enclitics: tuple[str, ...] = ()
    # the generator (.autogen.bin) that spells a contraction's parts (pt "de<pr>+o<det><f>"
    # → "de" "a"); by default the same package's other direction, where it is installed
    autogen: str | None = None


@dataclass(frozen=True)
class DictionarySpec:
    name: str  # the dictd dictionary under /usr/share/dictd (freedict-eng-deu)
    package: str  # the Debian package that installs it
    compounds: bool = False  # whether a translation may end a compound (de Turnlehrerin)


@dataclass(frozen=True)
class BidixSpec:
    """Apertium bilingual dictionaries that lead from English to the language, one after
    the other (eng→spa, then spa→ita where there is no eng→ita pair)."""

    name: str  # how the signature names the chain (apertium-eng-spa-ita)
    chain: tuple[str, ...]  # .autobil.bin paths under /usr/share/apertium, English first
    packages: tuple[str, ...]  # the Debian packages that install them


@dataclass(frozen=True)
class WordListSpec:
    file: str  # a TSV of word forms under checker/data (checker/backends/wordlist.py)
    suffixes: tuple[str, ...] = ()  # written-on endings a form may carry (ar accusative "ا")


@dataclass(frozen=True)
class Language:
    """One row of languages.toml (see the file's header for what each field means)."""

    code: str
    name: str
    tokenizer: str
    analysers: tuple[str, ...]
    stanza: str | None = None
    aliases: tuple[str, ...] = ()
    apertium: ApertiumAnalyserSpec | None = None  # the first of ``apertium_specs``
    apertium_specs: tuple[ApertiumAnalyserSpec, ...] = ()  # "apertium", "apertium:2", ...
    union: bool = False  # a word gets every analyser's readings, not only the first's
    dictionary: DictionarySpec | None = None
    bidix: BidixSpec | None = None
    contractions: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    suffixes: tuple[Mapping[str, Any], ...] = ()
    names_capitalised: bool = False
    endings: tuple[Mapping[str, Any], ...] = ()
    transliteration: Mapping[str, str] = field(default_factory=dict)
    wordlist: WordListSpec | None = None
    prefixes: tuple[str, ...] = ()  # words written onto the next (ar "ال", "ك")
    optional_vowel_marks: bool = False  # vowel marks are optional in writing (ar harakat)
    person_readings: str | None = None  # an analyser whose person readings a thing gets
    determiners: frozenset[str] = frozenset()  # pronoun lemmas read as determiners (uk "цей")


@cache
def languages() -> Mapping[str, Language]:
    """Every supported language by code, aliases included (sr, hr, bs → hbs)."""
    table = read_table(LANGUAGES_FILE)
    by_code: dict[str, Language] = {}
    for code, row in table.items():
        try:
            dictionary, bidix = (row.get(k) for k in ("dictionary", "bidix"))
            specs = _apertium(row.get("apertium"))
            if row.get("readings", "first") not in ("first", "union"):
                raise TypeError(f"readings must be 'first' or 'union', not {row['readings']!r}")
            language = Language(
                code=code,
                name=row["name"],
                tokenizer=row["tokenizer"],
                analysers=tuple(row["analysers"]),
                stanza=row.get("stanza"),
                aliases=tuple(row.get("aliases", ())),
                apertium=specs[0] if specs else None,
                apertium_specs=specs,
                union=row.get("readings") == "union",
                dictionary=DictionarySpec(**dictionary) if dictionary else None,
                bidix=BidixSpec(bidix["name"], tuple(bidix["chain"]), tuple(bidix["packages"]))
                if bidix
                else None,
                contractions={k: tuple(v) for k, v in row.get("contractions", {}).items()},
                suffixes=_rules(row.get("suffixes", ())),
                names_capitalised=row.get("names_capitalised", False),
                endings=tuple(row.get("endings", ())),
                transliteration=dict(row.get("transliteration", {})),
                wordlist=_wordlist(row.get("wordlist")),
                prefixes=tuple(row.get("prefixes", ())),
                optional_vowel_marks=row.get("optional_vowel_marks", False),
                person_readings=row.get("person_readings"),
                determiners=frozenset(row.get("determiners", ())),
            )
        except (KeyError, TypeError) as error:
            raise GenError(
                f"bad language entry: {error}", path=LANGUAGES_FILE, field=code
            ) from error
        for name in (code, *language.aliases):
            by_code[name] = language
    return by_code


def _apertium(rows: Mapping[str, Any] | list[Mapping[str, Any]] | None):
    """The row's Apertium analysers: one table, or a list of them (named "apertium",
    "apertium:2", ... in ``analysers``)."""
    rows = [rows] if isinstance(rows, Mapping) else rows or []
    return tuple(
        ApertiumAnalyserSpec(**{**row, "hyphen_enclitics": tuple(row.get("hyphen_enclitics", ()))})
        for row in rows
    )


def _rules(rows: str | list[Mapping[str, Any]]) -> tuple[Mapping[str, Any], ...]:
    """Suffix rules given in the row, or the ``rules`` of the file under checker/data/ the
    row names (a language with many rules: the closed word classes and the endings)."""
    return tuple(read_table(DATA / rows)["rules"] if isinstance(rows, str) else rows)


def _wordlist(row: Mapping[str, Any] | None) -> WordListSpec | None:
    if not row:
        return None
    return WordListSpec(row["file"], tuple(row.get("suffixes", ())))


def language_rows() -> list[Language]:
    """Each supported language once, in the file's order (aliases left out)."""
    return [row for code, row in languages().items() if code == row.code]


def language(code: str) -> Language:
    """The language named ``code``; an unknown code is an error listing the supported ones."""
    try:
        return languages()[code]
    except KeyError:
        supported = ", ".join(sorted(languages()))
        raise GenError(f"unsupported language {code!r} (supported: {supported})") from None
