"""The gender quality gap: BLEU and chrF of the masculine half minus the feminine half of the
counterfactual subset, computed by sacreBLEU with its signatures and bootstrap intervals, and
the gap's own interval from a paired bootstrap over the pairs."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

#: sacreBLEU's bootstrap resamples for the 95% intervals (its seed is 12345 unless
#: $SACREBLEU_SEED says otherwise; both appear in the signature).
N_BOOTSTRAP = 1000
#: Seed of gen's own bootstraps (sacreBLEU's default seed, for the same reason: reproducible).
BOOTSTRAP_SEED = 12345


def quality_gap(
    lang: str,
    feminine: list[str],
    feminine_references: list[str],
    masculine: list[str],
    masculine_references: list[str],
    n_bootstrap: int = N_BOOTSTRAP,
    seed: int = BOOTSTRAP_SEED,
) -> dict[str, dict]:
    """``{"bleu": {...}, "chrf": {...}}``, each with both halves, the gap, its 95% interval
    and the signature."""
    # imported here: every `gen` command would otherwise load sacreBLEU at start-up
    from sacrebleu.metrics import BLEU, CHRF

    gaps = {}
    for name, metric in (("bleu", BLEU(trg_lang=lang)), ("chrf", CHRF())):
        halves = {
            "feminine": metric.corpus_score(feminine, [feminine_references], n_bootstrap),
            "masculine": metric.corpus_score(masculine, [masculine_references], n_bootstrap),
        }
        signature = str(metric.get_signature())
        statistics = [
            metric._extract_corpus_statistics(hypotheses, [references])
            for hypotheses, references in (
                (feminine, feminine_references),
                (masculine, masculine_references),
            )
        ]
        interval = paired_gap_interval(metric, *statistics, samples=n_bootstrap, seed=seed)
        gaps[name] = {
            "feminine": round(halves["feminine"].score, 2),
            "masculine": round(halves["masculine"].score, 2),
            "gap": round(halves["masculine"].score - halves["feminine"].score, 2),
            "gap_ci95": [round(bound, 2) for bound in interval] if interval else None,
            "formatted": {half: score.format(width=2) for half, score in halves.items()},
            "signature": signature,
        }
    return gaps


def paired_gap_interval(
    metric: Any,
    feminine: Sequence[Sequence[float]],
    masculine: Sequence[Sequence[float]],
    *,
    samples: int = N_BOOTSTRAP,
    seed: int = BOOTSTRAP_SEED,
) -> tuple[float, float] | None:
    """The 95% percentile interval of score(masculine) − score(feminine) over resamples of
    the pairs: pair i's two halves are drawn together (they translate one source sentence
    in its two genders), so what both halves share cancels, as in sacreBLEU's paired test.

    ``feminine``/``masculine``: the metric's per-segment sufficient statistics (its
    ``_extract_corpus_statistics``); each resample's corpus score is computed from their
    weighted sums by the metric itself. With seed 12345 the draws are those sacreBLEU's own
    bootstrap makes for each half (``default_rng(seed).choice(n, (samples, n))``).
    """
    n = len(feminine)
    if n < 2 or samples < 2:
        return None
    drawn = np.random.default_rng(seed).choice(n, size=(samples, n), replace=True)
    weights = np.zeros((samples, n))
    np.add.at(weights, (np.arange(samples)[:, None], drawn), 1)
    totals = {
        half: weights @ np.asarray(stats, dtype=float)
        for half, stats in (("feminine", feminine), ("masculine", masculine))
    }
    differences = np.array(
        [
            metric._compute_score_from_stats(list(masc)).score
            - metric._compute_score_from_stats(list(fem)).score
            for fem, masc in zip(totals["feminine"], totals["masculine"], strict=True)
        ]
    )
    low, high = np.percentile(differences, [2.5, 97.5])
    return float(low), float(high)
