"""The subject of "to be" (or of a verb and "as") whose predicate is the person noun: the
person itself.

Where a language keeps one form of an occupation noun for anyone (sv "Hon är
sjuksköterska", nb "Han er lege", is "Hún er kennari"), a translation of "She is a nurse"
shows the person only in the copula's subject; so with "as" ("Hon arbetar som
sjuksköterska", she works as a nurse; "Vi anställde henne som sjuksköterska", the nearest
word before the verb or before "as" is the one the role is given to). That word names the
occupation's person whatever else the sentence holds, so it is read even where the English
has a gendered pronoun of its own (checker/rules/person.py reads a translation's other
pronouns only where it has none). agreement.toml ``copula_subjects`` gives the word classes
of such a subject (pronouns; in sv and da nouns too, whose common gender names no sex but
for the word list's kinship nouns: "Min pappa är sekreterare").
"""

from __future__ import annotations

from collections.abc import Sequence

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.readings import is_copula, is_of

_DETERMINER = frozenset({"DET"})
#: What stands between the role's holder and "as": the verb, its auxiliaries, adverbs and
#: participles ("har anställts som", "är anställd som").
_VERB_CHAIN = frozenset({"VERB", "AUX", "ADV", "ADJ"})
#: The readings of a subject, in order: a pronoun before a name or a noun.
_SUBJECT_ORDER = ("PRON", "PROPN", "NOUN")


def copula_subject(
    words: Sequence[Word], start: int, rules: AgreementRules
) -> tuple[int, frozenset[str]] | None:
    """The word the person noun's phrase (from ``start``) is said of: right before the
    copula before it (past ``copula_gap`` words), or the nearest word before one of
    ``as_words`` and the verb before that; where it is of a ``copula_subjects`` class and no
    determiner, with the class to read it in (a pronoun reading first: sv "Hon" is also a
    noun); else None (no copula or "as" there: "Vi anställde sjuksköterskan")."""
    if not rules.copula_subjects:
        return None
    i = start - 1
    if i >= 1 and (words[i].text.lower(),) in rules.as_words:
        i -= 1
        while i >= 0 and is_of(words[i], _VERB_CHAIN):  # sv "arbetar", also a noun's plural
            i -= 1
    else:
        while i >= 0 and is_of(words[i], rules.copula_gap) and not is_copula(words[i], rules):
            i -= 1
        if i < 1 or not is_copula(words[i], rules):
            return None
        i -= 1
    if i < 0 or not _subject(words[i], rules):
        return None
    subject = words[i]
    classes = [c for c in _SUBJECT_ORDER if c in rules.copula_subjects and is_of(subject, {c})]
    return i, frozenset(classes[:1] or rules.copula_subjects)


def _subject(word: Word, rules: AgreementRules) -> bool:
    """Of a ``copula_subjects`` class, and not a possessive after its noun (nb "Søsteren
    [min] er"), which agrees with that noun."""
    return is_of(word, rules.copula_subjects) and not is_of(word, _DETERMINER)
