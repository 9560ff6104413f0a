"""The construct state (ar idafa): a head noun, then its complement with no joining word
("أمين مكتبة", keeper of a library: librarian). When the aligner lands on a thing in such a
chain, the person whose chain it is names the occupation (agreement.toml `bare_complement`,
`animate`)."""

from __future__ import annotations

from collections.abc import Sequence

from checker.agreement_rules import AgreementRules
from checker.backends.base import Word
from checker.readings import is_of, names_person


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
