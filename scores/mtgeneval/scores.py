"""MT-GenEval's accuracy for one language, split and subset: decisions per segment (or pair)
and accuracy with seeded bootstrap intervals."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from scores.mtgeneval.accuracy import Decision, SegmentDecision, decide, pair_decision
from scores.mtgeneval.dataset import Contextual, Counterfactual
from scores.mtgeneval.quality import BOOTSTRAP_SEED, N_BOOTSTRAP


@dataclass(frozen=True)
class Accuracy:
    """Counts of a list of decisions and the accuracy over the scored ones, with its interval."""

    correct: int
    incorrect: int
    unscorable: int  # left out of the accuracy (default mode only)
    not_scorable_by_rule: int  # W_con − W_ref = ∅: compat mode counts these as correct
    accuracy: float | None
    ci95: tuple[float, float] | None

    def as_dict(self) -> dict:
        return {
            "correct": self.correct,
            "incorrect": self.incorrect,
            "unscorable": self.unscorable,
            "no_contrastive_words": self.not_scorable_by_rule,
            "accuracy": self.accuracy,
            "accuracy_ci95": list(self.ci95) if self.ci95 else None,
        }


def accuracy(
    decisions: Sequence[Decision],
    scorable: Sequence[bool],
    n_bootstrap: int = N_BOOTSTRAP,
    seed: int = BOOTSTRAP_SEED,
) -> Accuracy:
    """Accuracy = correct / (correct + incorrect), in percent, with a 95% percentile interval
    from ``n_bootstrap`` resamples of the segments (numpy's default_rng(seed))."""
    counts = Counter(decisions)
    scored = counts["correct"] + counts["incorrect"]
    value = ci = None
    if scored:
        value = round(100 * counts["correct"] / scored, 2)
        is_correct = np.array([d == "correct" for d in decisions], dtype=np.int64)
        is_scored = np.array([d != "unscorable" for d in decisions], dtype=np.int64)
        samples = np.random.default_rng(seed).integers(
            0, len(decisions), (n_bootstrap, len(decisions))
        )
        scored_per_sample = np.maximum(is_scored[samples].sum(axis=1), 1)
        rates = 100 * is_correct[samples].sum(axis=1) / scored_per_sample
        low, high = np.percentile(rates, [2.5, 97.5])
        ci = (round(float(low), 2), round(float(high), 2))
    return Accuracy(
        counts["correct"],
        counts["incorrect"],
        counts["unscorable"],
        sum(not flag for flag in scorable),
        value,
        ci,
    )


@dataclass
class Scores:
    """Everything one run computes: the summary's figures and the per-segment decisions."""

    summary: dict
    segments: list[dict] = field(default_factory=list)


def _segment(number: int, result: SegmentDecision, **extra) -> dict:
    return {
        "line": number,
        "decision": result.decision,
        "scorable": result.scorable,
        "correct_words": sorted(result.correct_words),
        "wrong_words": sorted(result.wrong_words),
        **extra,
    }


def score_contextual(
    data: Contextual, hypotheses: list[str], mode: str, n_bootstrap: int = N_BOOTSTRAP
) -> Scores:
    """Each hypothesis against the correct (original) and the flipped reference."""
    results = [
        decide(hyp, ref, con, mode)
        for hyp, ref, con in zip(hypotheses, data.original, data.flipped, strict=True)
    ]
    total = accuracy([r.decision for r in results], [r.scorable for r in results], n_bootstrap)
    segments = [_segment(n, r) for n, r in enumerate(results, start=1)]
    return Scores({"segments": len(results), **total.as_dict()}, segments)


def score_counterfactual(
    data: Counterfactual,
    feminine: list[str],
    masculine: list[str],
    mode: str,
    n_bootstrap: int = N_BOOTSTRAP,
) -> Scores:
    """Each half against its own reference (the other half's is the contrastive one); a pair
    counts as correct only if both halves are."""
    halves = {
        "feminine": [
            decide(h, r, c, mode)
            for h, r, c in zip(feminine, data.feminine, data.masculine, strict=True)
        ],
        "masculine": [
            decide(h, r, c, mode)
            for h, r, c in zip(masculine, data.masculine, data.feminine, strict=True)
        ],
    }
    pairs = list(zip(halves["feminine"], halves["masculine"], strict=True))
    decisions = [pair_decision(f.decision, m.decision) for f, m in pairs]
    summary = {
        "pairs": len(pairs),
        **accuracy(decisions, [f.scorable and m.scorable for f, m in pairs], n_bootstrap).as_dict(),
        **{
            half: accuracy(
                [r.decision for r in rs], [r.scorable for r in rs], n_bootstrap
            ).as_dict()
            for half, rs in halves.items()
        },
    }
    segments = [
        {
            "line": number,
            "decision": decision,
            "feminine": _segment(number, f),
            "masculine": _segment(number, m),
        }
        for number, (decision, (f, m)) in enumerate(zip(decisions, pairs, strict=True), start=1)
    ]
    return Scores(summary, segments)
