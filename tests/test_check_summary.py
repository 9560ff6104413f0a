"""Summary figures on tiny inputs, checked against numbers worked out by hand."""

from __future__ import annotations

import re

import pytest

from scores.intervals import newcombe, wilson
from scores.numbers import figure, with_interval
from scores.signature import SIGNATURE_NOTES, format_signature
from scores.summary import SummaryBuilder, render_markdown, summarise

SIGNATURE = {"set": "sha256.0", "lang": "es", "aligner": "a", "tagger": "t", "version": "0"}


def record(label, expected="male", stereotype="male", pair=None, adjective=None, **extra):
    return {
        "label": label,
        "reason": "no_gender" if label == "inconclusive" else None,
        "expected_gender": expected,
        "occupation": {"text": "nurse", "stereotype": stereotype, "nonce": False},
        "trigger": {"gender": expected, "type": "kinship"},
        "adjective": adjective,
        "pair_id": pair,
        "position": "before",
        **extra,
    }


def test_counts_accuracy_and_rates_by_hand():
    results = [record("correct"), record("correct"), record("wrong"), record("inconclusive")]
    summary = summarise(results, signature=SIGNATURE)
    overall = summary["overall"]
    assert (overall["n"], overall["correct"], overall["wrong"], overall["inconclusive"]) == (
        4,
        2,
        1,
        1,
    )
    assert overall["accuracy"] == round(2 / 3, 6)
    assert overall["rates"]["inconclusive"]["value"] == 0.25
    assert summary["reasons"] == {"no_gender": 1}
    low, high = overall["ci95"]
    assert 0 <= low <= 2 / 3 <= high <= 1


def test_neutral_and_both_are_counted_apart_or_as_inconclusive_under_compat():
    results = [record("correct"), record("wrong"), record("neutral"), record("both")]
    summary = summarise(results, signature=SIGNATURE)
    assert (summary["n"], summary["overall"]["n"], summary["overall"]["inconclusive"]) == (4, 2, 0)
    assert {label: share["n"] for label, share in summary["apart"].items()} == {
        "both": 1,
        "neutral": 1,
    }
    assert summary["apart"]["neutral"]["value"] == 0.25
    assert "| neutral (apart, of all records) | 25.0 |" in render_markdown(summary)
    compat = SummaryBuilder(compat=True)
    for result in compat.count(results).combinations.values():
        assert list(result) == [1, 1, 2]


@pytest.mark.parametrize(
    ("hits", "n", "low", "high"),
    # Newcombe (1998a), Table I, method 3 (Wilson's score interval without correction)
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_as_published(hits, n, low, high):
    assert wilson(hits, n) == pytest.approx((low, high), abs=5e-5)


@pytest.mark.parametrize(
    ("first", "second", "low", "high"),
    # Newcombe (1998b), Table II, method 10: examples (a) and (b)
    [((56, 70), (48, 80), 0.0524, 0.3339), ((9, 10), (3, 10), 0.1705, 0.8090)],
)
def test_newcombe_difference_interval_as_published(first, second, low, high):
    assert newcombe(first, second) == pytest.approx((low, high), abs=5e-5)


def test_a_cell_at_100_percent_has_an_interval_of_some_width():
    """368 of 368 correct: a bootstrap redraws only what it saw ([1.0, 1.0]); Wilson does not."""
    results = [record("correct")] * 368 + [record("correct", "male", "female")] * 368
    summary = summarise(results, signature=SIGNATURE)
    cell = summary["breakdowns"]["trigger_gender_x_occupation_stereotype"]["cells"]["male"]["male"]
    assert (cell["n"], cell["accuracy"]) == (368, 1.0)
    low, high = cell["ci95"]  # Wilson at p = 1: n / (n + z²)
    assert high == 1.0 and low == pytest.approx(368 / (368 + 1.959964**2), abs=1e-6)
    assert summary["overall"]["rates"]["wrong"]["ci95"][1] > 0
    delta = summary["delta"]["M"]  # 100% against 100%: Newcombe's interval spans 0
    assert delta["value"] == 0 and delta["ci95"][0] < 0 < delta["ci95"][1]
    assert summary["signature_fields"]["ci"] == "wilson" and "boot" not in summary["signature"]


def test_delta_m_and_f_as_renduchintala_and_williams():
    results = (
        [record("correct", "male", "male")] * 3  # acc(M trigger, M occupation) = 3/4
        + [record("wrong", "male", "male")]
        + [record("correct", "male", "female"), record("wrong", "male", "female")]  # 1/2
        + [record("correct", "female", "female")] * 2  # acc(F, F) = 1
        + [record("wrong", "female", "male")] * 2  # acc(F, M) = 0
    )
    summary = summarise(results, signature=SIGNATURE)
    assert summary["delta"]["M"]["value"] == 0.25
    assert summary["delta"]["F"]["value"] == 1.0
    cells = summary["breakdowns"]["trigger_gender_x_occupation_stereotype"]["cells"]
    assert cells["male"]["female"]["n"] == 2
    assert set(cells["male"]["female"]) == {
        "n",
        "correct",
        "wrong",
        "inconclusive",
        "accuracy",
        "ci95",
    }


def test_pairs_count_only_when_both_twins_are_correct():
    results = [
        record("correct", pair="p1"),
        record("correct", "female", pair="p1"),
        record("correct", pair="p2"),
        record("wrong", "female", pair="p2"),
        record("correct", pair="p3"),
    ]
    pairs = summarise(results, signature=SIGNATURE)["pairs"]
    assert (pairs["n"], pairs["both_correct"], pairs["accuracy"], pairs["unpaired"]) == (
        2,
        1,
        0.5,
        1,
    )


def test_adjective_relation_to_the_trigger():
    strong = {"text": "strong", "stereotype": "male", "attaches_to": "trigger"}
    results = [
        record("correct", "male", adjective=strong),
        record("wrong", "female", adjective=strong),
        record("correct", "female"),
    ]
    tables = summarise(results, signature=SIGNATURE)["breakdowns"]
    cells = tables["adjective"]["cells"]
    assert {key: cell["n"] for key, cell in cells.items()} == {
        "matching": 1,
        "mismatching": 1,
        "none": 1,
    }
    assert tables["adjective_x_attachment"]["cells"]["mismatching"]["trigger"]["wrong"] == 1


def test_records_without_metadata_get_only_the_tables_they_can():
    summary = summarise(
        [{"label": "correct", "expected_gender": "male", "occupation": {"text": "judge"}}],
        signature=SIGNATURE,
    )
    assert set(summary["breakdowns"]) == {
        "expected_gender",
        "occupation",
        "occupation_x_expected_gender",
    }
    assert summary["delta"] == {}


def test_signature_and_markdown():
    assert format_signature({"tagger": "t", "set": "s", "lang": "es"}) == "set:s|lang:es|tagger:t"
    page = render_markdown(summarise([record("correct")], signature=SIGNATURE))
    assert "`set:sha256.0|lang:es|aligner:a|tagger:t|ci:wilson|version:0`" in page
    assert "## expected gender" in page


def test_numbers_print_without_negative_zero_and_intervals_in_brackets():
    assert [figure(-0.0004), figure(-0.0004, signed=True), figure(-0.00004, digits=3)] == [
        "0.0",
        "+0.0",
        "0.000",
    ]
    assert with_interval(-0.25, [-0.291, -0.209], signed=True) == "-25.0 [-29.1, -20.9]"
    # ΔM = 1/3 − 1001/3000 = −0.03 points: the page says 0.0, its interval in brackets
    results = (
        [record("correct")] + [record("wrong")] * 2
        + [record("correct", stereotype="female")] * 1001
        + [record("wrong", stereotype="female")] * 1999
    )  # fmt: skip
    page = render_markdown(summarise(results, signature=SIGNATURE))
    delta_m = next(line for line in page.splitlines() if line.startswith("| ΔM"))
    assert re.fullmatch(r"\| ΔM \| 0\.0 \| \[-?\d+\.\d, \d+\.\d\] \|", delta_m), delta_m
    assert "-0.0" not in page and "–-" not in page


def test_backend_notes_are_written_once_at_the_end_not_in_the_printed_head():
    fields = {**SIGNATURE, "aligner": "eflomal-2.0.0(n_samplers=6)+gdfa"}
    page = render_markdown(summarise([record("correct")], signature=fields))
    head = page.split("\n## ")[0]  # what `gen check` prints
    note = SIGNATURE_NOTES["eflomal"]
    assert page.count(note) == 1 and note not in head
    assert "at the end of summary.md" in head and page.index(note) > page.index("## occupation")
