"""Which words of English sentences are nouns, from Apertium's English tagger.

The converter looks for person nouns by lemma, and many person-noun lemmas are mostly
something else: "prior" (Prior to becoming...), "same", "official" (the official account),
"have". Apertium's English analyser and HMM tagger (Debian's ``apertium-eng-spa``, the
first steps of its ``eng-spa`` mode) tell which tokens are nouns in their sentence. It runs
once per batch of sentences, one sentence per line.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence

from checker.backends.apertium import APERTIUM_DATA, escape, install_command, pieces, unescape
from common.errors import MissingResourceError

PACKAGE = "apertium-eng-spa"
_ANALYSER = APERTIUM_DATA / PACKAGE / "eng-spa.automorf.bin"
_TAGGER = APERTIUM_DATA / PACKAGE / "eng-spa.prob"
#: The tagger's noun tags (common and proper); a word it does not know counts as a noun too
#: (rare person nouns: "gymnast").
_NOUN_TAGS = ("<n>", "<np>")
#: The tagger's tag for proper nouns (people's, places', organisations' names).
PROPER_NOUN_TAGS = ("<np>",)
#: The tagger's tags for people's names: given names (``<ant>``) and family names (``<cog>``).
PERSON_NAME_TAGS = ("<ant>", "<cog>")


def noun_spans(
    texts: Sequence[str], tags: Sequence[str] = _NOUN_TAGS, unknown: bool = True
) -> list[list[tuple[int, int]]]:
    """For each text, the character spans of the words tagged as nouns (any of ``tags``;
    a word the tagger does not know too, when ``unknown``)."""
    if not _ANALYSER.is_file() or not _TAGGER.is_file():
        raise MissingResourceError(
            f"Apertium's English tagger is not installed: run `{install_command(PACKAGE)}`"
        )
    lines = [" ".join(text.split()) for text in texts]
    analysed = subprocess.run(
        ["lt-proc", str(_ANALYSER)],
        input="".join(escape(line) + "\n" for line in lines),
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    tagged = subprocess.run(
        ["apertium-tagger", "-g", "-p", str(_TAGGER)],
        input=analysed,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    if len(tagged) < len(lines):
        raise RuntimeError(f"apertium-tagger answered {len(tagged)} lines for {len(lines)} texts")
    return [_spans(line, units, tags, unknown) for line, units in zip(lines, tagged, strict=False)]


def _spans(text: str, tagged: str, tags: Sequence[str], unknown: bool) -> list[tuple[int, int]]:
    """Where the noun units of ``tagged`` (``^surface/lemma<tags>$`` units) are in ``text``."""
    spans = []
    position = 0
    for unit, _ in pieces(tagged):
        if not unit:
            continue
        surface, _, reading = unit.partition("/")
        surface = unescape(surface)
        start = text.find(surface, position)
        if start < 0:
            continue
        position = start + len(surface)
        if (unknown and reading.startswith("*")) or any(tag in reading for tag in tags):
            spans.append((start, position))
    return spans
