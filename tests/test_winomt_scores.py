"""WinoMT's accuracy, F1 per gender, ΔG and ΔS from gen's labels, on a hand-made example
whose figures are worked out by hand below (WinoMT's src/evaluate.py definitions)."""

from __future__ import annotations

from collections import Counter

import pytest

from checker.rules.verdict import Evidence
from scores import winomt

# (gold, predicted, subset, lines)
EXAMPLE = [
    ("male", "male", "pro", 3),
    ("male", "female", "anti", 1),
    ("female", "female", "anti", 2),
    ("female", "male", "pro", 1),
    ("female", "unknown", "anti", 1),
    ("neutral", "neutral", None, 1),
    ("neutral", "male", None, 1),
]


def counts() -> Counter:
    return Counter({(gold, predicted, subset): n for gold, predicted, subset, n in EXAMPLE})


def test_figures_match_the_hand_computed_ones():
    figures = winomt.figures(counts())
    # right: 3 male + 2 female + 1 neutral of 10 lines, the unknown one and neutral ones counted
    assert figures["accuracy"]["accuracy"] == pytest.approx(0.6)
    # male: 3 right of 4 gold, of 5 predicted (3 + 1 female line + 1 neutral line)
    assert figures["male"]["precision"] == pytest.approx(3 / 5)
    assert figures["male"]["recall"] == pytest.approx(3 / 4)
    assert figures["male"]["f1"] == pytest.approx(2 * 0.6 * 0.75 / 1.35)
    # female: 2 right of 4 gold, of 3 predicted
    assert figures["female"]["f1"] == pytest.approx(2 * (2 / 3) * 0.5 / (2 / 3 + 0.5))
    assert figures["delta_g"]["value"] == pytest.approx(6 / 9 - 4 / 7, abs=1e-6)
    low, high = figures["delta_g"]["ci95"]
    assert low < figures["delta_g"]["value"] < high
    # pro: 3 of 4 right; anti: 2 of 4 right (the unknown line is wrong)
    assert figures["subsets"]["pro"]["accuracy"] == pytest.approx(0.75)
    assert figures["subsets"]["anti"]["accuracy"] == pytest.approx(0.5)
    assert figures["delta_s"]["value"] == pytest.approx(0.25)
    assert figures["delta_s"]["ci95"][0] < 0.25 < figures["delta_s"]["ci95"][1]
    assert figures["lines"] == {"male": 4, "female": 4, "neutral": 2}


def test_f1_of_a_gender_never_predicted_is_undefined_and_so_is_delta_g():
    figures = winomt.figures(Counter({("male", "male", "pro"): 2, ("female", "male", "anti"): 2}))
    assert figures["female"]["f1"] is None and figures["delta_g"]["value"] is None


@pytest.mark.parametrize(
    ("result", "key"),
    [
        ({"expected_gender": "male", "label": "correct"}, ("male", "male", None)),
        ({"expected_gender": "male", "label": "wrong"}, ("male", "female", None)),
        ({"expected_gender": "female", "label": "inconclusive"}, ("female", "unknown", None)),
        (
            {"expected_gender": None, "label": "neutral", "winomt": {"gender": "neutral"}},
            ("neutral", "neutral", None),
        ),
        (
            {"expected_gender": None, "label": "feminine", "winomt": {"gender": "neutral"}},
            ("neutral", "female", None),
        ),
        (
            {"expected_gender": None, "label": "both", "winomt": {"gender": "neutral"}},
            ("neutral", "unknown", None),
        ),
        (
            {
                "expected_gender": "female",
                "label": "correct",
                "winomt": {"gender": "female", "stereotype": "anti"},
            },
            ("female", "female", "anti"),
        ),
        # a translation that marks no gender: neutral; but a form used for anyone (nl "de
        # ontwikkelaar") is read by its inflection, as WinoMT reads it
        ({"expected_gender": "female", "label": "neutral"}, ("female", "neutral", None)),
        (
            {
                "expected_gender": "female",
                "label": "neutral",
                "reason": "generic_form",
                "evidence": [{"text": "ontwikkelaar", "role": "noun", "gender": "male"}],
            },
            ("female", "male", None),
        ),
        (  # as gen check hands it over, before it is written
            {
                "expected_gender": "female",
                "label": "neutral",
                "reason": "generic_form",
                "evidence": [Evidence(1, "ontwikkelaar", "noun", "male", ())],
            },
            ("female", "male", None),
        ),
    ],
)
def test_labels_read_as_winomt_predictions(result, key):
    assert winomt.line_key(result) == key


def results() -> list[dict]:
    label = {
        ("male", "male"): "correct",
        ("male", "female"): "wrong",
        ("female", "female"): "correct",
        ("female", "male"): "wrong",
        ("female", "unknown"): "inconclusive",
    }
    out = []
    for gold, predicted, subset, n in EXAMPLE:
        if gold == "neutral":
            continue  # gen check labels neutral lines once open-gender labels exist
        out += [
            {
                "expected_gender": gold,
                "label": label[gold, predicted],
                "reason": "no_gender" if predicted == "unknown" else None,
                "winomt": {"gender": gold, "stereotype": subset},
            }
        ] * n
    return out


def test_the_summary_adds_winomt_figures_and_merges_worker_counts():
    whole = winomt.WinoMTSummary()
    for result in results():
        whole.add(result)
    half = len(results()) // 2
    merged = winomt.WinoMTSummary().count(results()[:half])
    merged.merge(winomt.WinoMTSummary().count(results()[half:]))
    files = merged.files(signature={"lang": "de"}, rejected=0)
    assert merged.summary["winomt"] == whole.build(signature={"lang": "de"}, rejected=0)["winomt"]
    assert merged.summary["winomt"]["n"] == 8
    head = files["summary.md"].split("\n## ")[0]  # what gen check prints
    assert "ΔG (F1 male − F1 female)" in head and "ΔS (pro − anti)" in head


def test_gen_report_shows_the_winomt_table(tmp_path):
    from common.io import write_jsonl
    from report.build import write_report

    rows = [
        {
            "id": f"winomt-{n:05d}",
            "text": "The developer argued.",
            "occupation": {"text": "developer"},
            **result,
        }
        for n, result in enumerate(results())
    ]
    summary = winomt.WinoMTSummary(system="toy")
    for row in rows:
        summary.add(row)
    run = tmp_path / "toy.check"
    run.mkdir()
    signature = {"set": "sha256.0", "lang": "de", "mt": "unknown", "aligner": "a", "tagger": "t"}
    for name, text in summary.files(signature=signature, rejected=0).items():
        (run / name).write_text(text, encoding="utf-8")
    with open(run / "results.jsonl", "w", encoding="utf-8") as handle:
        write_jsonl(handle, rows)
    out = write_report([run], tmp_path / "report", formats=("png",), signed_figures=False)
    page = (out / "report.md").read_text(encoding="utf-8")
    assert "## WinoMT" in page and "WinoMT Acc % [95% CI]" in page
    assert "| toy | de | 8 |" in page
    assert (out / "tables" / "table_winomt.tex").is_file()
