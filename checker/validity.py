"""The checker's validity card: how often its labels were right, per target language.

The card is data shipped with gen (checker/data/validity.json), measured by
bench/validity_card.py on the dev data (docs/validity.md): MT-GenEval's contextual dev lines
(original references should be labelled correct, flipped ones wrong), split by whether the
flip changes the occupation word, and the UGB dev slice (agreement with the grammar paper's
pipeline). Each entry keeps counts, not percentages, and when, at which gen version and
commit, and with which backends it was measured. Reading it costs one small JSON file.

A language may also carry a ``human`` part: native readers' judgements of a sample of a
`gen check` run (`gen annotate`, `gen validity`), the only card a language without dev data
can have. Either writer replaces its own part and keeps the other's.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

from checker.languages import language
from common.errors import GenError
from common.io import atomic_write

CARD_FILE = Path(__file__).resolve().parent / "data" / "validity.json"
ABOUT = (
    "How often gen check's labels were right, per target language, on dev data with "
    "references (written by bench/validity_card.py) and as native readers judged a sample "
    "of a run (human, written by gen validity); explained in docs/validity.md."
)
#: The part of an entry that human judgements give, kept when the dev data are measured.
HUMAN = "human"


def cards(path: Path | None = None) -> Mapping[str, Mapping[str, Any]]:
    """Every language's card by code ({} when the file is absent: no card measured yet);
    ``path`` defaults to CARD_FILE as it is when called."""
    return _cards(path or CARD_FILE)


@cache
def _cards(path: Path) -> Mapping[str, Mapping[str, Any]]:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    try:
        languages = json.loads(text)["languages"]
    except (ValueError, KeyError, TypeError) as error:
        raise GenError(f"not a validity card ({error})", path=path) from None
    if not isinstance(languages, dict):
        raise GenError("not a validity card", path=path, field="languages")
    return languages


def card(lang: str, path: Path | None = None) -> Mapping[str, Any] | None:
    """``lang``'s card, or None where none was measured."""
    return cards(path).get(lang)


def cards_for(code: str, path: Path | None = None) -> dict[str, Mapping[str, Any]]:
    """The cards measured for language ``code`` under any of its names (hbs: sr, hr)."""
    found = {}
    for name, entry in cards(path).items():
        try:
            same = language(name).code == language(code).code
        except GenError:  # a code no longer supported, or none
            same = name == code
        if same:
            found[name] = entry
    return found


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """Hold a lock beside no one's files (the temp folder) while ``path`` is read and replaced,
    so that writers for different languages do not drop each other's entries."""
    key = hashlib.sha256(str(path.resolve()).encode()).hexdigest()[:16]
    with open(Path(tempfile.gettempdir(), f"gen-validity-{key}.lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield


def read_card(path: Path) -> dict[str, Any]:
    """The card file as it is ({"languages": {}} where there is none yet)."""
    if not path.exists():
        return {"about": ABOUT, "languages": {}}
    return json.loads(path.read_text(encoding="utf-8"))


def store(
    path: Path, lang: str, entry: Mapping[str, Any], *, keep: tuple[str, ...] | None = ()
) -> None:
    """Put ``entry`` in the card under ``lang``, keeping every other language's entry and,
    of ``lang``'s old one, the parts named in ``keep`` (None: all that ``entry`` does not
    replace); the file is replaced whole."""
    with _locked(path):
        languages = read_card(path).get("languages", {})
        old = languages.get(lang, {})
        kept = {k: v for k, v in old.items() if keep is None or k in keep}
        languages = {**languages, lang: {**kept, **entry} if keep is None else {**entry, **kept}}
        card = {"about": ABOUT, "languages": dict(sorted(languages.items()))}
        with atomic_write(path) as handle:
            handle.write(json.dumps(card, ensure_ascii=False, indent=2) + "\n")
    _cards.cache_clear()


def store_human(path: Path, lang: str, human: Mapping[str, Any]) -> None:
    """Set ``lang``'s human-judged part, keeping what the dev data gave it."""
    store(path, lang, {HUMAN: human}, keep=None)
