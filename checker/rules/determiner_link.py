"""Where the aligner slipped off the occupation but kept its determiner: the noun that the
determiner's translation opens.

An English determiner and its translation are short, frequent and sit at the start of the
phrase, so the aligner links them far more reliably than a rare occupation noun, which it
pairs with a neighbouring adverb, verb or particle instead ("[A] long-distance driver" →
"[una] camionera", driver linked to "no"; "I sent [the] fisher" → "a [la] pescatrice",
fisher linked to "mandato"). The noun of the translated determiner's phrase is then the
occupation's translation.
"""

from __future__ import annotations

from collections.abc import Sequence

from checker.backends.base import Alignment, Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.construct import is_possessor
from checker.rules.english import DETERMINERS
from checker.rules.readings import inanimate, is_of

#: What may stand between an as-word, a copula or a determiner and the noun it introduces
#: ("fut [également] conseiller", "una [nuova] dentista").
MODIFIERS = frozenset({"DET", "ADJ", "NUM", "PUNCT", "ADV"})
_NOUN = frozenset({"NOUN"})
_DET = frozenset({"DET"})
#: How many English words (premodifiers: "a [system] vendor") may stand between the
#: determiner and the occupation.
PREMODIFIERS = 2


def noun_after(words: Sequence[Word], i: int, rules: AgreementRules) -> int | None:
    """The first noun from ``i`` on, past determiners, adjectives and numerals; None where
    another word comes first or the noun names a thing."""
    while i < len(words) and words[i].upos_set <= MODIFIERS and not is_of(words[i], _NOUN):
        i += 1
    if i == len(words) or not is_of(words[i], _NOUN) or inanimate(words[i], rules):
        return None
    return i


def determiner_noun(
    words: Sequence[Word],
    alignment: Alignment,
    rules: AgreementRules,
    source_tokens: Sequence[str],
    occupation: tuple[int, int],
    aligned: list[int],
) -> int | None:
    """The noun after the translation of the English occupation's own determiner (the
    nearest determiner before it, past at most PREMODIFIERS words), where that determiner is
    linked to exactly one target determiner, linked to no other source word, and the noun is
    not already aligned and is linked to no source word but the determiner and the
    occupation; None otherwise, or where a word aligned is a noun alone (the translation). A noun
    linked to an English premodifier translates it (Romance puts the head first: "the
    [throwing] athlete's" → "il [legamento]"), and a possessor's determiner ("the athlete
    's UCL") is the possessed noun's in the translation. Only where the analyser marks no
    animacy (es, fr, it): elsewhere the person noun beside the slip is found by its animacy
    (misaligned.person_beside)."""
    if rules.animate or is_possessor(source_tokens, occupation[1]):
        return None
    if any(words[i].upos_set == _NOUN for i in aligned):
        return None  # a noun aligned is the translation, of a gender its words leave open
    start, end = occupation
    determiner = next(
        (
            k
            for k in range(start - 1, max(start - PREMODIFIERS - 2, -1), -1)
            if source_tokens[k].lower() in DETERMINERS
        ),
        None,
    )
    if determiner is None or not all(
        token.replace("-", "").isalpha() for token in source_tokens[determiner + 1 : start]
    ):
        return None
    targets = {t for s, t in alignment if s == determiner and 0 <= t < len(words)}
    targets = {t for t in targets if is_of(words[t], _DET)}
    if len(targets) != 1 or len({s for s, t in alignment if t in targets}) != 1:
        return None  # a determiner linked to two English words may be another phrase's
    noun = noun_after(words, targets.pop() + 1, rules)
    if noun is None or noun in aligned:
        return None
    if any(t == noun and s != determiner and not start <= s < end for s, t in alignment):
        return None
    return noun
