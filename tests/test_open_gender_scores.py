"""Scores of open-gender records (scores/open_gender.py) and their part of `gen report`."""

from __future__ import annotations

import json
import math
import statistics

import pytest
from open_runs import make_open_run
from report_runs import make_run

from common.errors import GenError
from common.fields import OPEN_LABELS
from report.build import write_report
from report.load import load_runs
from scores import open_gender
from scores.intervals import Z, wilson
from scores.summary import SummaryBuilder, render_markdown, summarise

SIGNATURE = {"set": "s", "lang": "es"}


def record(label: str, occupation: str = "nurse", share: int = 88, **fields) -> dict:
    stereotype = "female" if share >= 65 else "male" if share <= 35 else "neutral"
    return {
        "id": f"{occupation}-{label}-{len(fields)}",
        "expected_gender": None,
        "occupation": {"text": occupation, "share_women": share, "stereotype": stereotype},
        "adjective": None,
        "distractors": [],
        "construction": "subject",
        "position": "alone",
        "label": label,
        **fields,
    }


def test_shares_and_the_masculine_default_rate():
    labels = ["feminine"] * 3 + ["masculine"] * 5 + ["neutral"] * 1 + ["both"] + ["inconclusive"]
    summary = summarise([record(label) for label in labels], signature=SIGNATURE)
    section = summary["open_gender"]
    assert summary["n"] == section["n"] == 11 and summary["overall"]["n"] == 0
    assert [section[label] for label in OPEN_LABELS] == [3, 5, 1, 1, 1]
    low, high = wilson(5, 11)
    assert section["shares"]["masculine"]["value"] == pytest.approx(5 / 11, abs=1e-6)
    assert section["shares"]["masculine"]["ci95"] == pytest.approx([low, high], abs=1e-6)
    default = section["masculine_default"]
    assert default["n"] == 8 and default["value"] == pytest.approx(5 / 8, abs=1e-6)
    assert default["ci95"] == pytest.approx(list(wilson(5, 8)), abs=1e-6)
    assert section["reasons"] == {"unknown": 1}


def test_nothing_gendered_leaves_the_default_undefined():
    section = summarise([record("neutral")], signature=SIGNATURE)["open_gender"]
    assert section["masculine_default"] == {"value": None, "ci95": None, "n": 0}


def test_fixed_and_open_records_are_counted_apart():
    fixed = {**record("correct"), "expected_gender": "female"}
    summary = summarise([fixed, record("masculine")], signature=SIGNATURE)
    assert summary["overall"]["correct"] == 1 and summary["overall"]["n"] == 1
    assert summary["open_gender"]["n"] == 1 and summary["n"] == 2
    assert "open_gender" not in summarise([fixed], signature=SIGNATURE)


def test_a_fixed_label_on_an_open_record_is_an_error():
    with pytest.raises(GenError, match="'correct' is not an open-gender label"):
        summarise([record("correct")], signature=SIGNATURE)


def test_counts_merged_from_chunks_equal_counts_made_at_once():
    records = [record(label, f"o{i}", 7 * i) for i, label in enumerate(OPEN_LABELS * 3)]
    whole = SummaryBuilder().count(records)
    merged = SummaryBuilder().count(records[:7])
    merged.merge(SummaryBuilder().count(records[7:]))
    assert merged.build(signature=SIGNATURE, rejected=0) == whole.build(
        signature=SIGNATURE, rejected=0
    )


@pytest.mark.parametrize(
    ("share", "bin_"),
    [
        (0, (0, 20)),
        (19.5, (0, 20)),
        (20, (20, 40)),
        (65, (60, 80)),
        (80, (80, 100)),
        (100, (80, 100)),
    ],
)
def test_bins_of_the_share_of_women(share, bin_):
    occupations = [{"share_women": share, "n": 2, **dict.fromkeys(OPEN_LABELS, 0), "feminine": 2}]
    (row,) = open_gender.share_bins(occupations)
    assert (row["low"], row["high"]) == bin_ and row["feminine"] == 2
    assert row["share_women_mean"] == share and row["occupations"] == 1


def test_a_share_outside_0_to_100_is_an_error():
    with pytest.raises(GenError, match="outside 0-100"):
        open_gender.share_bins([{"share_women": 101, "n": 1, **dict.fromkeys(OPEN_LABELS, 1)}])


def test_logistic_slope_of_two_groups_is_the_difference_of_their_logits():
    """With two x values the fit is exact: b = logit(p1) − logit(p0), se² = Σ 1/(n p q)."""
    fit = open_gender.logistic_slope([(0.0, 2, 10), (1.0, 6, 10)])

    def logit(p: float) -> float:
        return math.log(p / (1 - p))

    slope = logit(0.6) - logit(0.2)
    se = math.sqrt(1 / (10 * 0.2 * 0.8) + 1 / (10 * 0.6 * 0.4))
    assert fit["slope"] == pytest.approx(slope, abs=1e-5)
    assert fit["intercept"] == pytest.approx(logit(0.2), abs=1e-5)
    assert fit["ci95"] == pytest.approx([slope - Z * se, slope + Z * se], abs=1e-5)


@pytest.mark.parametrize(
    "groups",
    [[(0.0, 0, 10), (1.0, 0, 10)], [(0.0, 3, 10), (0.0, 5, 10)], [(0.0, 0, 10), (1.0, 10, 10)]],
)
def test_logistic_slope_is_undefined_without_a_finite_fit(groups):
    assert open_gender.logistic_slope(groups)["slope"] is None


def test_correlation_is_pearson_with_fisher_interval():
    points = [(2, 0.1), (30, 0.2), (55, 0.45), (88, 0.7), (92, 0.9)]
    found = open_gender.correlation(points)
    r = statistics.correlation(*zip(*points, strict=True))
    half = Z / math.sqrt(len(points) - 3)
    assert found["r"] == pytest.approx(r, abs=1e-6)
    assert found["ci95"] == pytest.approx(
        [math.tanh(math.atanh(r) - half), math.tanh(math.atanh(r) + half)], abs=1e-6
    )
    assert open_gender.correlation(points[:3])["r"] is None


def test_fake_run_recovers_the_slope_it_was_drawn_with(tmp_path):
    run = make_open_run(tmp_path / "sys-es", lang="es", slope=0.4)
    summary = json.loads((run / "summary.json").read_text())
    section = summary["open_gender"]
    logistic = section["share_women_trend"]["logistic"]
    assert logistic["ci95"][0] < 0.4 < logistic["ci95"][1] and logistic["per"] == 10
    assert set(section["breakdowns"]) >= {
        "occupation_stereotype",
        "adjective_stereotype",
        "construction",
        "position",
        "other_stereotype",
    }
    assert set(section["breakdowns"]["other_stereotype"]) == {"female", "male", "person", "none"}
    female = section["breakdowns"]["occupation_stereotype"]["female"]
    male = section["breakdowns"]["occupation_stereotype"]["male"]
    assert female["masculine_default"]["value"] < male["masculine_default"]["value"]
    page = render_markdown(summary)
    head = page.split("\n## ")[0]  # what `gen check` prints
    assert "| **masculine default** (masculine of feminine + masculine) |" in head
    assert "## open gender by share of women (BLS)" in page
    assert "| correct |" not in head  # no fixed-gender record: no empty table of them


def test_a_mixed_run_shows_both_headlines():
    fixed = {**record("correct"), "expected_gender": "female"}
    head = render_markdown(summarise([fixed, record("masculine")], signature=SIGNATURE))
    assert "| correct |" in head and "| **masculine default**" in head


def test_report_draws_the_open_gender_figure_beside_the_fixed_sections(tmp_path):
    runs = [
        make_open_run(tmp_path / "a-es", lang="es"),
        make_open_run(tmp_path / "b-es", lang="es", intercept=0.0, slope=0.1, seed=2),
        make_run(tmp_path / "a-fixed-es", lang="es"),
    ]
    assert [run.kind for run in load_runs(runs)] == ["open", "open", "gender"]
    out = write_report(runs, tmp_path / "report")
    figures = {path.name for path in (out / "figures").iterdir()}
    assert {f"fig7_open_gender.{suffix}" for suffix in ("png", "pdf", "svg")} <= figures
    assert "fig6_labels.png" in figures
    tables = {path.name for path in (out / "tables").iterdir()}
    assert {"table_open_gender.tex", "table_open_gender_share_women.tex"} <= tables
    page = (out / "report.md").read_text()
    assert "## Open gender: which gender does the translation choose?" in page
    assert "![fig7_open_gender](figures/fig7_open_gender.png)" in page
    assert "(open-gender check)" in page


def test_open_runs_of_different_sets_are_not_compared(tmp_path):
    runs = [
        make_open_run(tmp_path / "a-es", lang="es"),
        make_open_run(tmp_path / "b-es", lang="es", set_hash="sha256.other"),
    ]
    with pytest.raises(GenError, match="different set"):
        load_runs(runs)
