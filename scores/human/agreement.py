"""gen's labels against native readers' judgements: the counts of a human-judged validity
card, and two readers' agreement with each other (Cohen's kappa).

What is compared is the gender gen read for the person against the gender the reader says
the translation gives them:

- gen's reading: a ``correct`` or ``wrong`` record's ``target_gender`` (male: masculine,
  female: feminine); an open-gender record's label (``feminine``, ``masculine``,
  ``neutral``; ``both``, a doublet, marks no one gender: neutral); none for
  ``inconclusive``.
- on a decided record gen is *right* where the reader wrote the gender it read. A reader's
  ``neutral`` there makes gen wrong (it read a gender the translation does not give); an
  ``unclear`` is left out of the share (the reader could not tell either) and counted.
- an inconclusive record is *readable* where the reader wrote ``feminine`` or
  ``masculine``: a reader could decide what gen could not.

With two sheets, an item counts only where the two readers wrote the same; the others are
counted as ``disputed`` and left out, so the card rests on judgements two readers share.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from common.fields import BOTH, CORRECT, FEMININE, MASCULINE, NEUTRAL, WRONG

GENDER_WORD = {"male": MASCULINE, "female": FEMININE}
GENDERED = (FEMININE, MASCULINE)
UNCLEAR = "unclear"


def gen_reading(entry: Mapping[str, Any]) -> str | None:
    """The gender gen read for the person, in the sheet's words; None where it decided none."""
    label = entry.get("label")
    if label in (CORRECT, WRONG):
        return GENDER_WORD.get(entry.get("target_gender") or "")
    if label in (FEMININE, MASCULINE, NEUTRAL):
        return label
    return NEUTRAL if label == BOTH else None


def kappa(first: Sequence[str], second: Sequence[str]) -> float | None:
    """Cohen's kappa of two readers' judgements of the same items; None where chance
    agreement is certain (both wrote one and the same judgement throughout)."""
    n = len(first)
    if not n or n != len(second):
        return None
    observed = sum(a == b for a, b in zip(first, second, strict=True)) / n
    one, two = Counter(first), Counter(second)
    expected = sum(one[word] * two[word] for word in one) / (n * n)
    if expected == 1:
        return None
    return round((observed - expected) / (1 - expected), 6)


def consensus(sheets: Sequence[Mapping[int, str]]) -> dict[int, str | None]:
    """Each item's judgement where every reader wrote the same, else None (disputed)."""
    return {
        item: sheets[0][item] if all(s[item] == sheets[0][item] for s in sheets) else None
        for item in sheets[0]
    }


def counts(items: Mapping[int, Mapping[str, Any]], judged: Mapping[int, str | None]) -> dict:
    """The card's counts: gen's decided and inconclusive items against the readers."""
    decided = {"items": 0, "judged": 0, "right": 0, "unclear": 0}
    undecided = {"items": 0, "judged": 0, "readable": 0}
    disputed = 0
    for item, entry in items.items():
        reading, human = gen_reading(entry), judged[item]
        half = undecided if reading is None else decided
        half["items"] += 1
        if human is None:
            disputed += 1
        elif reading is None:
            undecided["judged"] += 1
            undecided["readable"] += human in GENDERED
        elif human == UNCLEAR:
            decided["unclear"] += 1
        else:
            decided["judged"] += 1
            decided["right"] += human == reading
    return {"decided": decided, "inconclusive": undecided, "disputed": disputed}


def human_card(
    key: Mapping[str, Any], sheets: Sequence[Mapping[int, str]], stamp: Mapping[str, str]
) -> dict[str, Any]:
    """The ``human`` part of a language's validity card from the key and 1 or 2 sheets."""
    card: dict[str, Any] = {
        "data": (
            f"native readers' judgements of {len(key['items'])} records drawn from a gen check "
            f"run (gen annotate, seed {key['seed']})"
        ),
        **stamp,
        "run": key.get("signature"),
        "run_records": sum(key.get("population", {}).values()),
        "sample": len(key["items"]),
        "annotators": len(sheets),
        **counts(key["items"], consensus(sheets)),
    }
    if len(sheets) == 2:
        order = sorted(sheets[0])
        first, second = ([sheet[item] for item in order] for sheet in sheets)
        card["kappa"] = kappa(first, second)
        card["readers_agree"] = sum(a == b for a, b in zip(first, second, strict=True))
    return card
