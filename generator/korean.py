"""Korean sentences with a gender-neutral subject (걔, 그 사람), after Cho et al. (2019).

The grammar (``grammars/ko/tgbi.fcfg``) is an NLTK feature grammar over the sentence frame
subject + topic marker + predicate. Features on a rule's left-hand side are the record's
metadata; ``'<list>'`` / ``'<list.column>'`` terminals are slots filled from the word lists
(``wordlists/ko/list.tsv``); ``'-A/B'`` terminals are particles whose form follows the final
consonant (batchim) of the word before them, read from the Hangul syllable's code point.

:func:`load_resources` reads the files (the only I/O here); :func:`build_records` is pure.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from nltk.grammar import TYPE, FeatStructNonterminal, FeatureGrammar

from common.errors import GenError
from common.fields import TGBI_VIEWS
from common.io import read_text
from generator.resources import grammars_dir, wordlists_dir
from generator.sets import BuiltSet

GRAMMAR_FILE = "ko/tgbi.fcfg"
WORDLIST_DIR = "ko"

#: Fields every Korean record carries besides id, text and word (docs/formats.md).
RECORD_FIELDS = ("pronoun", "formality", "politeness", "category")

#: The seven sets of Cho et al. (2019), in the paper's order: each is one field value.

#: Rows used from each word list per size: xs is a smoke-test sample, the others the whole set.
SIZES: dict[str, int | None] = {"xs": 10, "small": None, "xl": None}

#: A polite (해요체) predicate is the plain (반말) one plus 요 unless the list gives another form.
POLITE_ENDING = "요"

_HANGUL_FIRST = 0xAC00
_HANGUL_SYLLABLES = 11172
_FINALS = 28


def final_consonant(word: str) -> int:
    """Index (0-27) of the final consonant of ``word``'s last syllable; 0 means none, 8 is ㄹ.

    Computed from the code point: a precomposed syllable is 0xAC00 + (initial*21 + vowel)*28
    + final. Raises ``ValueError`` when the word does not end in a Hangul syllable.
    """
    offset = ord(word[-1]) - _HANGUL_FIRST if word else -1
    if not 0 <= offset < _HANGUL_SYLLABLES:
        raise ValueError(f"{word!r} does not end in a Hangul syllable")
    return offset % _FINALS


def attach_particle(word: str, particle: str) -> str:
    """Join ``particle`` (``"A/B"``: A after a final consonant, B after a vowel) to ``word``.

    ㄹ counts as a final consonant here, as it does for every particle the grammar uses
    (모델이야, 모델은); only (으)로, which the grammar does not use, treats it as a vowel.
    """
    after_consonant, after_vowel = particle.split("/")
    return word + (after_consonant if final_consonant(word) else after_vowel)


@dataclass(frozen=True)
class WordList:
    """One TSV word list: '#' header lines (source, criteria), a column row, then rows."""

    name: str
    path: Path
    columns: tuple[str, ...]
    rows: tuple[tuple[int, dict[str, str]], ...]  # (line number, column -> value)
    sha256: str


@dataclass(frozen=True)
class KoreanResources:
    grammar: FeatureGrammar
    grammar_path: Path
    grammar_sha256: str
    wordlists: dict[str, WordList]


@dataclass(frozen=True)
class KoreanBuild:
    """The records of a set and its manifest counts (sizes of the seven TGBI sets included)."""

    records: list[dict]
    manifest: dict


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def parse_wordlist(name: str, text: str, path: Path) -> WordList:
    """Parse a word list; refuse rows with too many columns, an empty key or a repeated key."""
    columns: tuple[str, ...] = ()
    rows: list[tuple[int, dict[str, str]]] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = [cell.strip() for cell in line.split("\t")]
        if not columns:
            columns = tuple(cells)
            continue
        if len(cells) > len(columns):  # fewer is fine: editors drop trailing empty cells
            raise GenError(
                f"expected {len(columns)} tab-separated columns, found {len(cells)}",
                path=path,
                line=number,
            )
        cells += [""] * (len(columns) - len(cells))
        key = cells[0]
        if not key:
            raise GenError("empty entry", path=path, line=number, field=columns[0])
        if key in seen:
            raise GenError(
                f"{key!r} repeats line {seen[key]}", path=path, line=number, field=columns[0]
            )
        seen[key] = number
        rows.append((number, dict(zip(columns, cells, strict=True))))
    if not columns:
        raise GenError("no column header row", path=path)
    return WordList(name, path, columns, tuple(rows), _sha256(text.encode("utf-8")))


def parse_grammar(text: str, path: Path) -> FeatureGrammar:
    try:
        return FeatureGrammar.fromstring(text)
    except ValueError as err:
        raise GenError(str(err).splitlines()[0], path=path) from None


def load_resources(
    grammar_path: Path | None = None, wordlist_dir: Path | None = None
) -> KoreanResources:
    """Read the Korean grammar and every word list its slots name (default: the shipped ones)."""
    grammar_path = grammar_path or grammars_dir() / GRAMMAR_FILE
    wordlist_dir = wordlist_dir or wordlists_dir() / WORDLIST_DIR
    if not grammar_path.is_file():
        raise GenError("no such grammar file", path=grammar_path)
    raw = grammar_path.read_bytes()
    grammar = parse_grammar(read_text(grammar_path), grammar_path)
    wordlists = {}
    for name in sorted({_slot(t)[0] for p in grammar.productions() for t in p.rhs() if _slot(t)}):
        path = wordlist_dir / f"{name}.tsv"
        if not path.is_file():
            raise GenError(f"the grammar's slot <{name}> has no word list", path=path)
        wordlists[name] = parse_wordlist(name, read_text(path), path)
    return KoreanResources(grammar, grammar_path, _sha256(raw), wordlists)


def _slot(terminal: object) -> tuple[str, str | None] | None:
    """``'<list.column>'`` → ``("list", "column")``; ``'<list>'`` → ``("list", None)``."""
    if isinstance(terminal, str) and terminal.startswith("<") and terminal.endswith(">"):
        name, _, column = terminal[1:-1].partition(".")
        return name, column or None
    return None


def derivations(
    grammar: FeatureGrammar, path: Path, max_depth: int = 20
) -> Iterator[tuple[list[str], dict[str, str]]]:
    """Yield ``(terminals, features)`` for every derivation of the start symbol, in rule order.

    Right-hand-side nonterminals are plain categories; the features of every rule used are
    merged, and two rules giving one feature different values is an error.
    """
    by_category: dict[str, list] = {}
    for production in grammar.productions():
        by_category.setdefault(production.lhs()[TYPE], []).append(production)

    def expand(category: str, depth: int) -> Iterator[tuple[list[str], dict[str, str]]]:
        if depth > max_depth:
            raise GenError(
                f"derivation deeper than {max_depth} rules at {category}: "
                "remove the recursion or raise max_depth",
                path=path,
            )
        if category not in by_category:
            raise GenError(f"nonterminal {category} has no rule", path=path)
        for production in by_category[category]:
            own = {str(k): str(v) for k, v in production.lhs().items() if k != TYPE}
            yield from combine(production.rhs(), own, depth)

    def combine(rhs, features, depth):
        if not rhs:
            yield [], features
            return
        head, rest = rhs[0], rhs[1:]
        if isinstance(head, FeatStructNonterminal):
            if len(head) > 1:
                raise GenError(f"features on the right-hand side ({head}) are not used", path=path)
            heads = expand(head[TYPE], depth + 1)
        else:
            heads = iter([([head], {})])
        for head_terms, head_features in heads:
            merged = _merge(features, head_features, path)
            for rest_terms, rest_features in combine(rest, merged, depth):
                yield head_terms + rest_terms, rest_features

    yield from expand(grammar.start()[TYPE], 0)


def _merge(left: dict[str, str], right: dict[str, str], path: Path) -> dict[str, str]:
    for key in left.keys() & right.keys():
        if left[key] != right[key]:
            raise GenError(f"feature {key} is both {left[key]!r} and {right[key]!r}", path=path)
    return {**left, **right}


def _fill(wordlist: WordList, column: str | None, row: dict[str, str]) -> str:
    key = wordlist.columns[0]
    if column is None:
        return row[key]
    value = row[column]
    if not value and column == "polite":
        return row[key] + POLITE_ENDING
    return value


def realise(terminals: list[str]) -> str:
    """Words are separated by spaces; ``-A/B`` particles join the word before them."""
    text = ""
    for terminal in terminals:
        if terminal.startswith("-") and "/" in terminal:
            text = attach_particle(text, terminal[1:])
        else:
            text = f"{text} {terminal}" if text else terminal
    return text


def build_records(resources: KoreanResources, size: str = "small") -> KoreanBuild:
    """Every sentence of the grammar with its slots filled, as Korean records, plus a manifest."""
    if size not in SIZES:
        raise GenError(f"unknown size {size!r}; choose one of {', '.join(SIZES)}", field="size")
    limit = SIZES[size]
    path = resources.grammar_path
    records: list[dict] = []
    for terminals, features in derivations(resources.grammar, path):
        missing = [field for field in RECORD_FIELDS if field not in features]
        if missing:
            raise GenError(f"a derivation sets no {', '.join(missing)}", path=path)
        slots = [(i, _slot(t)) for i, t in enumerate(terminals) if _slot(t)]
        if len(slots) != 1:
            raise GenError(f"a sentence needs exactly one slot, found {len(slots)}", path=path)
        (index, (name, column)) = slots[0]
        wordlist = resources.wordlists[name]
        if column is not None and column not in wordlist.columns:
            raise GenError(f"slot <{name}.{column}>: no such column", path=wordlist.path)
        for line, row in wordlist.rows[:limit]:
            filled = list(terminals)
            filled[index] = _fill(wordlist, column, row)
            try:
                text = realise(filled)
            except ValueError as err:
                raise GenError(
                    f"cannot choose a particle: {err}",
                    path=wordlist.path,
                    line=line,
                    field=column or wordlist.columns[0],
                ) from None
            record = {"id": f"ko-{size}-{len(records) + 1:06d}", "text": text}
            record.update({field: features[field] for field in RECORD_FIELDS})
            record["word"] = row[wordlist.columns[0]]
            records.append(record)
    return KoreanBuild(records, _manifest(resources, size, records))


def _manifest(resources: KoreanResources, size: str, records: list[dict]) -> dict:
    counts = {field: dict(Counter(r[field] for r in records)) for field in RECORD_FIELDS}
    hashes = {resources.grammar_path: resources.grammar_sha256}
    hashes.update({w.path: w.sha256 for w in resources.wordlists.values()})
    return {
        "grammar": "ko",
        "size": size,
        "hashes": {"/".join(path.parts[-3:]): sha256 for path, sha256 in hashes.items()},
        "wordlist_rows": {f"{w.name}.tsv": len(w.rows) for w in resources.wordlists.values()},
        "sentences": len(records),
        "counts": counts,
        "tgbi_sets": {name: counts[field].get(name, 0) for name, field in TGBI_VIEWS},
    }


def build(
    size: str,
    *,
    nonce: bool = False,
    grammar_dir: Path | None = None,
    wordlist_dir: Path | None = None,
) -> BuiltSet:
    """``gen build --grammar ko``: the set as one shard for :func:`generator.sets.write_set`
    (a ``grammar_dir`` holds the grammar as tgbi.fcfg)."""
    if nonce:
        raise GenError("nonce occupations exist for the English grammar only", field="nonce")
    grammar_path = grammar_dir / Path(GRAMMAR_FILE).name if grammar_dir else None
    korean = build_records(load_resources(grammar_path, wordlist_dir), size)
    return BuiltSet([lambda: korean.records], len(korean.records), korean.manifest)
