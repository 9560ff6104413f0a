"""GATE (Rarrick et al., 2023) → `gen check` records, one per variant and entity.

GATE's files are tab-separated with a header. ``XX_2_variants`` files hold one entity whose
gender English leaves open, and two translations, ``f`` and ``m``; ``XX_4_variants`` files
hold two entities and four translations, ``ff fm mf mm`` (the first letter the first
entity's gender). ``kw_s``, ``kw_f`` and ``kw_m`` give each entity's key words in the source
and in the feminine and masculine translations: entities apart by ``;``, coreferent mentions
joined by ``=``, the head noun in ``[brackets]`` when other words are listed ("some
[colleagues]"). A variant's gender for an entity is its expected gender.
"""

from __future__ import annotations

import re
from pathlib import Path

from common.errors import GenError
from common.io import read_lines
from scores.mtgeneval.records import tokenize

#: Each file shape: its translation columns, and each column's gender per entity.
VARIANTS = {
    2: {"f": ("female",), "m": ("male",)},
    4: {
        "ff": ("female", "female"),
        "fm": ("female", "male"),
        "mf": ("male", "female"),
        "mm": ("male", "male"),
    },
}
KEY_COLUMNS = ("source", "kw_s", "kw_f", "kw_m")
_BRACKETED = re.compile(r"\[([^\]]+)\]")
#: GATE's label for a row whose entity a profession noun names.
PROFESSION = "PROF"
#: English determinatives, wh-words and personal pronouns that stand for a noun phrase
#: without naming anyone (Huddleston & Pullum, The Cambridge Grammar of the English
#: Language, 2002, ch. 5 §7 and ch. 10; es/fr/it drop subject pronouns): in the key words of
#: a one-entity PROF row ("one=photographer", "what=osteopath", "I=plumber") the profession
#: noun, which a translation inflects, is the mention read.
STAND_INS = frozenset(
    "one what which who whom whoever any those these this that each every some all both "
    "either neither another i you we".split()
)


def read_rows(path: Path) -> tuple[int, list[tuple[int, dict[str, str]]]]:
    """The file's shape (2 or 4 entities' variants... 1 or 2 entities) and its rows with
    their line numbers; a header without GATE's columns, or a short row, is an error."""
    lines = read_lines(path)
    if not lines:
        raise GenError("empty: expected GATE's header (labels, source, f, m, kw_s, ...)", path=path)
    header = [name.strip() for name in lines[0].split("\t")]
    shape = next((n for n, columns in VARIANTS.items() if set(columns) <= set(header)), None)
    missing = [name for name in KEY_COLUMNS if name not in header]
    if shape is None or missing:
        absent = missing or ["f, m (2 variants) or ff, fm, mf, mm (4 variants)"]
        raise GenError(f"not a GATE file: the header lacks {', '.join(absent)}", path=path, line=1)
    rows = []
    for number, line in enumerate(lines[1:], start=2):
        fields = line.split("\t")
        if not any(field.strip() for field in fields):
            continue
        if len(fields) < len(header):
            raise GenError(
                f"{len(fields)} tab-separated fields, the header has {len(header)} "
                f"({header[len(fields)]!r} is missing)",
                path=path,
                line=number,
            )
        rows.append((number, dict(zip(header, (field.strip() for field in fields), strict=False))))
    return shape, rows


def mention_span(
    tokens: list[str], key_words: str, *, profession: bool = False
) -> tuple[int, str] | None:
    """``(head, text)`` of the first of an entity's source mentions found in the tokens:
    the head is the bracketed word (its last word when several), else the mention's last
    word; text runs from the mention's first word to its head. Where the words around the
    brackets are not in the sentence (GATE's README: key words were written loosely, "theses
    [workers]"), the bracketed words alone are looked for. Where a ``profession`` noun names
    the entity (GATE's PROF), a mention that is a lone determinative or wh-word
    (:data:`STAND_INS`) comes after the others: it marks no gender the noun would."""
    lowered = [token.lower() for token in tokens]
    mentions = key_words.split("=")
    if profession:
        mentions.sort(key=lambda mention: mention.strip().lower() in STAND_INS)
    for mention in mentions:
        bracketed = _BRACKETED.search(mention)
        words = _words(mention)
        head = len(words) - 1
        tries = [(words, head)]
        if bracketed:
            head = len(_words(mention[: bracketed.start()])) + len(_words(bracketed.group(1))) - 1
            tries = [
                (words, head),
                (_words(bracketed.group(1)), len(_words(bracketed.group(1))) - 1),
            ]
        for wanted, offset in tries:
            start = _find(lowered, [word.lower() for word in wanted])
            if start is not None and wanted:
                return start + offset, " ".join(tokens[start : start + offset + 1])
    return None


def _words(text: str) -> list[str]:
    return tokenize(text.replace("[", " ").replace("]", " "))


def _find(tokens: list[str], wanted: list[str]) -> int | None:
    for start in range(len(tokens) - len(wanted) + 1):
        if tokens[start : start + len(wanted)] == wanted:
            return start
    return None


def records(path: Path, lang: str) -> tuple[list[dict], list[str]]:
    """The records of one GATE file, and a line per entity whose key words are not in the
    source (GATE's README: its key words were written loosely), left out."""
    shape, rows = read_rows(path)
    out, skipped = [], []
    for number, row in rows:
        tokens = tokenize(row["source"])
        entities = row["kw_s"].split(";")
        wanted = len(next(iter(VARIANTS[shape].values())))
        if len(entities) != wanted:
            skipped.append(
                f"{path}:{number}: kw_s: {row['kw_s']!r}: {len(entities)} entities where a "
                f"{shape}-variant file has {wanted} (';' between entities)"
            )
            continue
        for entity, key_words in enumerate(entities):
            labels = [label for label in row.get("labels", "").split(";") if label]
            # the row's labels are its entity's only where it has one (a 2-variant file)
            profession = shape == 2 and PROFESSION in labels
            span = mention_span(tokens, key_words, profession=profession)
            if span is None:
                skipped.append(f"{path}:{number}: kw_s: {key_words!r} not in the source")
                continue
            head, text = span
            for variant, genders in VARIANTS[shape].items():
                out.append(
                    {
                        "id": f"gate-{lang}-{shape}v-{number:05d}-{entity + 1}-{variant}",
                        "lang": lang,
                        "text": row["source"],
                        "tokens": tokens,
                        "occupation": {"text": text, "index": head},
                        "expected_gender": genders[entity],
                        "translation": row[variant],
                        "benchmark": "gate",
                        "gate": {
                            "file": path.name,
                            "line": number,
                            "variants": shape,
                            "variant": variant,
                            "entity": entity + 1,
                            "labels": labels,
                            "kw_s": key_words,
                            "kw_f": _nth(row["kw_f"], entity),
                            "kw_m": _nth(row["kw_m"], entity),
                            "data_split": row.get("data_split") or None,
                        },
                    }
                )
    return out, skipped


def _nth(key_words: str, entity: int) -> str | None:
    parts = key_words.split(";")
    return parts[entity] if entity < len(parts) else None


def language_of(path: Path) -> str | None:
    """The language GATE's file name gives (``es_2_variants.dev.tsv`` → es)."""
    match = re.match(r"([a-z]{2,3})_[24]_variants", path.name)
    return match.group(1) if match else None
