"""The words bound to a noun, read from a dependency parse (Stanza, `--depparse`): its
dependents in agreement.toml's ``dependents`` (its phrase) and, when it is a subject, its
governor and the governor's ``head_dependents`` (its predicate). Without a parse, the
surface reading in :mod:`checker.rules.agreement` finds them."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from checker.backends.base import Word
from checker.rules.agreement_rules import AgreementRules
from checker.rules.clause import PHRASE, PREDICATE, agreeing_auxiliary


def _relation_in(deprel: str | None, relations: Collection[str]) -> bool:
    return deprel is not None and (deprel in relations or deprel.split(":")[0] in relations)


def dependency_bound(
    words: Sequence[Word], head: int, rules: AgreementRules
) -> list[tuple[int, Collection[str], str]]:
    """The head's dependents in ``dependents`` (its phrase) and, when it is a subject, its
    governor and the governor's ``head_dependents`` (its predicate)."""
    bound = [
        (i, rules.agreeing, PHRASE)
        for i, word in enumerate(words)
        if word.head == head and _relation_in(word.deprel, rules.dependents)
    ]
    noun = words[head]
    if noun.head is not None and _relation_in(noun.deprel, rules.subject):
        governor = noun.head
        dependents = [
            i
            for i, word in enumerate(words)
            if word.head == governor
            and i != head
            and _relation_in(word.deprel, rules.head_dependents)
        ]
        auxiliaries = [words[i] for i in dependents if _relation_in(words[i].deprel, {"aux"})]
        # a participle after "haber" alone agrees with nobody ("había intentado")
        if not auxiliaries or any(agreeing_auxiliary(word, rules) for word in auxiliaries):
            bound.append((governor, rules.agreeing, PREDICATE))
        bound += [(i, rules.agreeing, PREDICATE) for i in dependents]
    return bound
