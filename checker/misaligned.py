"""Where the aligner slipped off the occupation: the person noun to read instead.

Both need an analyser that marks persons (agreement.toml `animate`): the aligner linked
the occupation to nothing, or only to a comma or a preposition beside it.
"""

from __future__ import annotations

from collections.abc import Sequence

from checker.agreement_rules import AgreementRules
from checker.backends.base import Alignment, Word
from checker.head_noun import COMMON_NOUN
from checker.readings import every_reading_carries

#: Word classes the aligner slips onto beside a noun: punctuation, adpositions, conjunctions
#: and particles (ru "Редактор позвонил строителю[,] потому что", "поймал разработчика [на]").
FUNCTION_WORDS = frozenset({"PUNCT", "ADP", "CCONJ", "SCONJ", "PART"})
#: How many words from the aligned function word the person noun may stand.
BESIDE = 2


def person_beside(
    words: Sequence[Word],
    alignment: Alignment,
    rules: AgreementRules,
    occupation: tuple[int, int],
    aligned: list[int],
) -> int | None:
    """Where every aligned word is a function word: the nearest noun that names a person
    (every noun reading ``animate``), within BESIDE words, and is linked to no source word
    outside the occupation; None where there is none or two at the same distance, or where
    the analyser marks no animacy."""
    if not rules.animate or not aligned:
        return None
    if not all(words[i].upos_set <= FUNCTION_WORDS for i in aligned):
        return None
    start, end = occupation
    elsewhere = {t for s, t in alignment if not start <= s < end}
    for distance in range(1, BESIDE + 1):
        found = {
            j
            for i in aligned
            for j in (i - distance, i + distance)
            if 0 <= j < len(words)
            and j not in elsewhere
            and every_reading_carries(words[j], COMMON_NOUN, rules.animate)
        }
        if found:
            return found.pop() if len(found) == 1 else None
    return None


def sole_unlinked_person(
    words: Sequence[Word], alignment: Alignment, rules: AgreementRules
) -> list[int]:
    """When the aligner linked the occupation to nothing: the translation's one noun that
    names a person (every noun reading has an ``animate`` feature set) and is linked to no
    other source word, if there is exactly one (ru "работать [дирижером] хоров"); else
    nothing. Only where the analyser marks animacy."""
    if not rules.animate:
        return []
    linked = {t for _, t in alignment}
    found = [
        i
        for i, word in enumerate(words)
        if i not in linked and every_reading_carries(word, COMMON_NOUN, rules.animate)
    ]
    return found if len(found) == 1 else []
