"""A person noun found through the construction the aligned thing stands in.

The construct state (ar idafa): a head noun, then its complement with no joining word
("أمين مكتبة", keeper of a library: librarian). When the aligner lands on a thing in such a
chain, the person whose chain it is names the occupation (agreement.toml `bare_complement`,
`animate`). The possessor: where the English occupation owns something ("the clerk 's
help"), the aligner may land on the thing owned, and the person follows it in the
possessor's case (agreement.toml `possessor_case`: de "die Hilfe des Angestellten")."""

from __future__ import annotations

from collections.abc import Sequence

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.readings import inanimate, is_of, names_person, reads_as


def construct_person(words: Sequence[Word], head: int, rules: AgreementRules) -> int | None:
    """The person noun (every noun reading ``animate``) whose construct state the thing
    ``head`` completes: the noun right before it, or the one before that when a thing stands
    between them (the complement's own complement or adjective): ar "كأمين [مكتبة]"
    (librarian), "كسائق دراجة [نارية]" (motorcyclist, "driver of a fiery bicycle"). It is
    read whatever else the aligner linked it to (ar "كـ", "as", is written onto it). None
    where there is none, or where the analyser marks no animacy."""
    if not rules.animate or names_person(words[head], rules):
        return None
    for i in (head - 1, head - 2):
        if i < 0 or not is_of(words[i], rules.noun | rules.bare_complement):
            return None
        if names_person(words[i], rules):
            return i
    return None


#: The English possessive marker after a possessor (tokenize_english makes 's one token;
#: a plural possessor takes the apostrophe alone: "the clerks' help").
POSSESSIVE_MARKERS = frozenset({"'s", "’s", "'", "’"})
#: Words between the thing owned and its possessor: determiners, adjectives, adpositions
#: (de "die Hilfe [des] Angestellten", ru "[в] помощи клерка").
_BETWEEN = frozenset({"DET", "ADJ", "ADP"})
#: How far after the aligned word the possessor is looked for.
POSSESSOR_WINDOW = 3


def is_possessor(source_tokens: Sequence[str], end: int) -> bool:
    """Whether the occupation ending before ``end`` is followed by the possessive 's."""
    return end < len(source_tokens) and source_tokens[end] in POSSESSIVE_MARKERS


def possessor_person(words: Sequence[Word], aligned: int, rules: AgreementRules) -> int | None:
    """The person noun that owns what the aligner linked the occupation to: the first noun
    after ``aligned`` with a reading in ``possessor_case`` that does not name a thing, past
    determiners, adjectives, adpositions and things (ru "в помощи [клерка]", de "die Hilfe
    des [Angestellten]"), at most POSSESSOR_WINDOW words on. None where another word
    stands between them, or the language names no possessor case."""
    if not rules.possessor_case:
        return None
    for i in range(aligned + 1, min(len(words), aligned + 1 + POSSESSOR_WINDOW)):
        word = words[i]
        if inanimate(word, rules):
            continue
        if is_of(word, rules.noun):
            return i if reads_as(word, rules.noun, rules.possessor_case) else None
        if not word.upos_set <= _BETWEEN:
            return None
    return None
