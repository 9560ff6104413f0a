"""MT-GenEval's gender accuracy (Currey et al., 2022, section 4.1), segment by segment.

With the word sets of the correct reference W_ref, of the contrastive reference W_con (the
flipped or counterfactual one) and of the hypothesis W_hyp, a segment is *incorrect* iff
(W_con − W_ref) ∩ W_hyp ≠ ∅: the hypothesis uses a word only the wrong-gender reference has.

Two ways to get the word sets:

- ``compat``: exactly the published accuracy_metric.py: lower-case, each ASCII punctuation
  character (Python's ``string.punctuation``) replaced by a space, split on white space.
  Segments whose references do not differ count as correct, as in the paper.
- ``default``: also NFC-normalises, strips every Unicode punctuation character (Arabic ،,
  Hindi ।, « »), and keeps an elided article apart from its noun with its apostrophe
  (it "un'ufficiale" → "un'", "ufficiale"; fr "l'actrice" → "l'", "actrice"), so the feminine
  "un'" and the masculine "un" stay different words. A segment whose contrastive reference has
  no word the correct one lacks (W_con − W_ref = ∅) cannot be found incorrect by the rule: it is
  ``unscorable`` and left out of the accuracy instead of counted correct.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Decision = Literal["correct", "incorrect", "unscorable"]
MODES = ("default", "compat")

_ASCII_PUNCTUATION = str.maketrans(string.punctuation, " " * len(string.punctuation))
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u02bc": "'"})
#: An apostrophe between two letters ends an elided word: "un'ufficiale", "dell'arte".
_ELISION = re.compile(r"(?<=[^\W\d_])'(?=[^\W\d_])")


def compat_words(line: str) -> frozenset[str]:
    """The published script's word set (lower case, ASCII punctuation → space, split)."""
    return frozenset(line.lower().translate(_ASCII_PUNCTUATION).split())


def default_words(line: str) -> frozenset[str]:
    """Word set with Unicode punctuation removed and elided articles kept apart (see above)."""
    text = unicodedata.normalize("NFC", line).lower().translate(_APOSTROPHES)
    text = _ELISION.sub("'\x00", text)  # mark elisions; \x00 is not punctuation, so it survives
    kept = "".join(char if char in "'\x00" or not _is_punctuation(char) else " " for char in text)
    words = kept.replace("\x00", " ").split()
    return frozenset(word.strip("'") if not _ends_elision(word) else word for word in words)


def _is_punctuation(char: str) -> bool:
    return char in string.punctuation or unicodedata.category(char).startswith("P")


def _ends_elision(word: str) -> bool:
    """True for an elided word ("un'", "l'"): letters then one apostrophe."""
    return len(word) > 1 and word.endswith("'") and word[:-1].isalpha()


WORDS: dict[str, Callable[[str], frozenset[str]]] = {
    "default": default_words,
    "compat": compat_words,
}


@dataclass(frozen=True)
class SegmentDecision:
    """One segment's decision and the words that decided it (for the segments file).

    ``scorable`` is False when W_con − W_ref is empty: the rule cannot find such a segment
    incorrect. Compat mode still calls it correct, as the paper does; the count is reported.
    """

    decision: Decision
    scorable: bool
    correct_words: frozenset[str]  # (W_ref − W_con) ∩ W_hyp
    wrong_words: frozenset[str]  # (W_con − W_ref) ∩ W_hyp


def decide(
    hypothesis: str, reference: str, contrastive: str, mode: str = "default"
) -> SegmentDecision:
    """The paper's rule on one segment; ``unscorable`` only in the default mode."""
    words = WORDS[mode]
    hyp, ref, con = words(hypothesis), words(reference), words(contrastive)
    only_con, only_ref = con - ref, ref - con
    wrong = only_con & hyp
    if wrong:
        decision: Decision = "incorrect"
    elif not only_con and mode == "default":
        decision = "unscorable"
    else:
        decision = "correct"
    return SegmentDecision(decision, bool(only_con), only_ref & hyp, wrong)


def pair_decision(feminine: Decision, masculine: Decision) -> Decision:
    """A counterfactual pair is correct only if both its outputs are: incorrect if either is,
    else unscorable if either cannot be scored, else correct."""
    for decision in ("incorrect", "unscorable"):
        if decision in (feminine, masculine):
            return decision
    return "correct"
