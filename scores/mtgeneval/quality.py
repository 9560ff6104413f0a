"""The gender quality gap: BLEU and chrF of the masculine half minus the feminine half of the
counterfactual subset, computed by sacreBLEU with its signatures and bootstrap intervals."""

from __future__ import annotations

#: sacreBLEU's bootstrap resamples for the 95% intervals (its seed is 12345 unless
#: $SACREBLEU_SEED says otherwise; both appear in the signature).
N_BOOTSTRAP = 1000


def quality_gap(
    lang: str,
    feminine: list[str],
    feminine_references: list[str],
    masculine: list[str],
    masculine_references: list[str],
    n_bootstrap: int = N_BOOTSTRAP,
) -> dict[str, dict]:
    """``{"bleu": {...}, "chrf": {...}}``, each with both halves, the gap and the signature."""
    # imported here: every `gen` command would otherwise load sacreBLEU at start-up
    from sacrebleu.metrics import BLEU, CHRF

    gaps = {}
    for name, metric in (("bleu", BLEU(trg_lang=lang)), ("chrf", CHRF())):
        halves = {
            "feminine": metric.corpus_score(feminine, [feminine_references], n_bootstrap),
            "masculine": metric.corpus_score(masculine, [masculine_references], n_bootstrap),
        }
        signature = str(metric.get_signature())
        gaps[name] = {
            "feminine": round(halves["feminine"].score, 2),
            "masculine": round(halves["masculine"].score, 2),
            "gap": round(halves["masculine"].score - halves["feminine"].score, 2),
            "formatted": {half: score.format(width=2) for half, score in halves.items()},
            "signature": signature,
        }
    return gaps
