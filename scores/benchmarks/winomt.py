"""WinoMT (Stanovsky et al., 2019) and a system's translations → `gen check` records.

WinoMT's ``en.txt`` has one line per sentence: ``gender<TAB>index<TAB>sentence<TAB>entity``,
the gender ``male``, ``female`` or ``neutral`` (Winogender's "they"), the index that of the
entity's first word among the sentence's space-split words. ``en_pro.txt`` and
``en_anti.txt`` are its WinoBias lines, pro- and anti-stereotypical; the lines in neither are
Winogender's (3,168 + 720 = 3,888 in the released set). The translations are WinoMT's
``source ||| translation`` lines, matched to ``en.txt`` by source sentence, or plain text,
one line per ``en.txt`` line.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict, deque
from dataclasses import dataclass
from pathlib import Path

from common.errors import GenError
from common.io import read_lines
from scores.mtgeneval.records import tokenize

GENDERS = ("male", "female", "neutral")
#: The subsets WinoMT's ΔS compares, by the file that lists them.
SUBSET_FILES = {"pro": "en_pro.txt", "anti": "en_anti.txt"}
WINOBIAS, WINOGENDER = "winobias", "winogender"
SEPARATOR = " ||| "
_ARTICLES = frozenset({"the", "a", "an"})
#: What may stand at a word's edges around the entity's word: punctuation, a possessive 's.
_EDGES = re.compile(r"^\W+|(?:['’]s)?\W*$")


@dataclass(frozen=True)
class Line:
    """One WinoMT line: where it is, and its four fields."""

    number: int
    gender: str
    index: int
    sentence: str
    entity: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return self.gender, str(self.index), self.sentence, self.entity


def read_dataset(path: Path) -> list[Line]:
    """The lines of ``en.txt`` (or a subset file), each checked: four fields, a gender, an
    index that points at the entity's first word."""
    lines = []
    for number, raw in enumerate(read_lines(path), start=1):
        if not raw.strip():
            continue
        fields = raw.split("\t")
        if len(fields) != 4:
            raise GenError(
                f"expected 4 tab-separated fields (gender, index, sentence, entity) as in "
                f"WinoMT's en.txt, found {len(fields)}",
                path=path,
                line=number,
            )
        gender, index, sentence, entity = (field.strip() for field in fields)
        if gender not in GENDERS:
            raise GenError(
                f"must be one of {', '.join(GENDERS)}, not {gender!r}",
                path=path,
                line=number,
                field="gender",
            )
        words = sentence.split()
        if not index.isdigit() or int(index) >= len(words):
            raise GenError(
                f"must be a word index in 0..{len(words) - 1}, not {index!r}",
                path=path,
                line=number,
                field="index",
            )
        line = Line(number, gender, int(index), sentence, entity)
        entity_words(line, path)
        lines.append(line)
    if not lines:
        raise GenError("no WinoMT lines", path=path)
    return lines


def entity_words(line: Line, path: Path) -> tuple[int, int]:
    """``[first, last]`` space-split word indices of the entity; its last word is the head
    noun ("construction worker" → worker). The words at ``index`` must be the entity's
    (case and edge punctuation aside; a leading article, "The developer" in some of
    WinoMT's files, is not the entity's, as WinoMT's evaluate.py drops it too)."""
    words = [_bare(word) for word in line.sentence.split()]
    wanted = [_bare(word) for word in entity_text(line.entity).split()]
    if words[line.index : line.index + len(wanted)] != wanted:
        raise GenError(
            f"{line.entity!r} is not at word {line.index} of the sentence "
            f"({line.sentence.split()[line.index]!r})",
            path=path,
            line=line.number,
            field="entity",
        )
    return line.index, line.index + len(wanted) - 1


def entity_text(entity: str) -> str:
    """The entity without a leading article."""
    first, _, rest = entity.strip().partition(" ")
    return rest if rest and first.lower() in _ARTICLES else entity.strip()


def _bare(word: str) -> str:
    return _EDGES.sub("", word.lower())


def tokens_and_head(line: Line) -> tuple[list[str], int]:
    """Tokens (each space-split word tokenised apart, so WinoMT's word index maps onto
    them) and the token index of the entity's head noun, its last word."""
    _, last = entity_words(line, Path("en.txt"))
    tokens: list[str] = []
    head = 0
    for number, word in enumerate(line.sentence.split()):
        pieces = tokenize(word) or [word]
        if number == last:
            head = _head_piece(pieces, len(tokens))
        tokens.extend(pieces)
    return tokens, head


def _head_piece(pieces: list[str], offset: int) -> int:
    """The token of a word's pieces that is the word itself: the first with a letter or
    digit ("clerk's" → clerk; "(manager" → manager)."""
    for i, piece in enumerate(pieces):
        if any(ch.isalnum() for ch in piece):
            return offset + i
    return offset


def subsets(en_txt: Path, pro: Path | None, anti: Path | None) -> dict[str, list[Line]] | None:
    """The pro and anti files' lines (beside ``en_txt`` unless given), or None when
    neither is found: the stereotype and origin are then unknown."""
    found = {
        "pro": pro or _beside(en_txt, SUBSET_FILES["pro"]),
        "anti": anti or _beside(en_txt, SUBSET_FILES["anti"]),
    }
    if not all(found.values()):
        if pro or anti:
            missing = next(name for name, path in found.items() if path is None)
            raise GenError(f"--{missing} is needed too: ΔS compares both subsets", path=en_txt)
        return None
    return {name: read_dataset(path) for name, path in found.items()}


def _beside(en_txt: Path, name: str) -> Path | None:
    path = en_txt.with_name(name)
    return path if path.is_file() else None


def stereotypes(lines: list[Line], subset_lines: dict[str, list[Line]]) -> list[str | None]:
    """Each line's subset, ``pro``, ``anti`` or None (Winogender). A line the files list
    more than once takes ``pro`` as often as en_pro lists it, then ``anti`` (WinoMT lists two
    WinoBias sentences in both files and en.txt twice): each subset keeps its file's count."""
    left = {name: Counter(line.key for line in found) for name, found in subset_lines.items()}
    out = []
    for line in lines:
        name = next((name for name in ("pro", "anti") if left[name][line.key] > 0), None)
        if name is not None:
            left[name][line.key] -= 1
        out.append(name)
    return out


def match_translations(lines: list[Line], path: Path) -> tuple[list[str], list[int]]:
    """One translation per line of the dataset, and the numbers of the translation lines
    left over. ``source ||| translation`` lines are matched by source sentence (a sentence
    listed twice takes its translations in order); lines left over are no error, as a
    subset (en_pro.txt) may be matched against the whole set's translations. Plain lines
    must be one per dataset line, in its order. A dataset line without a translation is
    an error naming how many, and the first of each side."""
    raw = read_lines(path)
    while raw and not raw[-1].strip():
        raw.pop()
    paired = [SEPARATOR.strip() in line for line in raw]
    if any(paired):
        if not all(paired):
            number = paired.index(False) + 1
            raise GenError(
                "no ' ||| ' here, but other lines are 'source ||| translation'",
                path=path,
                line=number,
            )
        return _by_source(lines, raw, path)
    if len(raw) != len(lines):
        raise GenError(
            f"{len(raw)} translations for {len(lines)} WinoMT lines: plain translations must "
            "be one per line of the dataset, in its order (or give 'source ||| translation')",
            path=path,
        )
    return raw, []


def _by_source(lines: list[Line], raw: list[str], path: Path) -> tuple[list[str], list[int]]:
    waiting: dict[str, deque[tuple[int, str]]] = defaultdict(deque)
    for number, text in enumerate(raw, start=1):
        source, _, translation = text.partition("|||")
        waiting[_normal(source)].append((number, translation.strip()))
    out, missing = [], []
    for line in lines:
        queue = waiting.get(_normal(line.sentence))
        if queue:
            out.append(queue.popleft()[1])
        else:
            missing.append(line)
    extra = sorted(number for queue in waiting.values() for number, _ in queue)
    if missing:
        also = (
            f"; {len(extra)} translation(s) match no line (first: line {extra[0]})" if extra else ""
        )
        raise GenError(
            f"{len(missing)} WinoMT line(s) have no translation (first: dataset line "
            f"{missing[0].number}, {missing[0].sentence!r}){also}",
            path=path,
        )
    return out, extra


def _normal(sentence: str) -> str:
    return " ".join(sentence.split())


def records(
    lines: list[Line],
    translations: list[str],
    lang: str,
    subset_lines: dict[str, list[Line]] | None,
) -> list[dict]:
    """One `gen check` record per WinoMT line; neutral lines have ``expected_gender`` null."""
    kinds = stereotypes(lines, subset_lines) if subset_lines is not None else [None] * len(lines)
    out = []
    for line, translation, stereotype in zip(lines, translations, kinds, strict=True):
        tokens, head = tokens_and_head(line)
        origin = None
        if subset_lines is not None:
            origin = WINOGENDER if stereotype is None else WINOBIAS
        out.append(
            {
                "id": f"winomt-{line.number:05d}",
                "lang": lang,
                "text": line.sentence,
                "tokens": tokens,
                "occupation": {"text": entity_text(line.entity), "index": head},
                "expected_gender": None if line.gender == "neutral" else line.gender,
                "translation": translation,
                "benchmark": "winomt",
                "winomt": {
                    "line": line.number,
                    "gender": line.gender,
                    "index": line.index,
                    "entity": line.entity,
                    "stereotype": stereotype,
                    "origin": origin,
                },
            }
        )
    return out
