"""The predicate noun of a verb-final copular clause, read as the subject's gender.

hi "संपादक उसका प्यारा भाई है" (the editor is her dear brother), ur "ایڈیٹر اس کا بھائی ہے":
the occupation noun does not inflect, and nothing next to it agrees with it; the noun right
before the copula names the same person, and its gender is that person's. Where the
predicate noun has no gender of its own (a word the analyser does not know), the words of
its phrase (possessive, adjectives: "उसकी [unknown]") agree with it and are read instead;
where it has one, they are not: "उसकी भाई" (her brother, with "her" made feminine by the
possessor) names a man. The copula itself agrees with the subject where it has a gender
("था"/"थी"). The rule is data (agreement.toml, ``copulas``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.agreement import PREDICATE, AgreementRules, gender_of, is_of
from checker.backends.base import Word

#: The evidence role of a predicate noun and its phrase; they vote as predicates do.
PREDICATE_NOUN = "predicate_noun"
#: Words that end a clause: the copula is looked for before them.
_CLAUSE_END = frozenset({"PUNCT", "CCONJ", "SCONJ"})


def copular_predicate(
    words: Sequence[Word], head: int, rules: AgreementRules
) -> list[tuple[int, Collection[str], str]]:
    """The copula after subject ``head`` in its clause and the predicate noun before it
    (with its phrase where the noun has no gender), as ``(index, classes, role)``; nothing
    where the language has no ``copulas``, the noun is followed by a postposition (no
    subject: "डॉक्टर ने", "डॉक्टर का"), or no copula ends its clause."""
    after = head + 1
    if not rules.copulas or (after < len(words) and is_of(words[after], {"ADP"})):
        return []
    j = after
    while j < len(words) and not _copula(words[j], rules):
        if is_of(words[j], _CLAUSE_END):
            return []
        j += 1
    if j == len(words):
        return []
    bound: list[tuple[int, Collection[str], str]] = [(j, rules.predicate, PREDICATE)]
    k = j - 1
    while k > head and is_of(words[k], rules.predicate_gap) and not is_of(words[k], rules.noun):
        k -= 1  # hi "भाई [भी] है"
    if k == head or not is_of(words[k], rules.noun):
        return bound
    bound.append((k, rules.noun, PREDICATE_NOUN))
    if gender_of(words[k], rules.noun)[0] is None:
        i = k - 1
        while i > head and is_of(words[i], rules.before):
            bound.append((i, rules.before & rules.agreeing, PREDICATE_NOUN))
            i -= 1
    return bound


def _copula(word: Word, rules: AgreementRules) -> bool:
    return any(
        reading.upos == "AUX" and reading.lemma in rules.copulas for reading in word.analyses
    )
