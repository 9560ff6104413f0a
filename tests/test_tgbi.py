"""TGBI: classification in both modes, scores computable by hand, set routing, input and output."""

from __future__ import annotations

import json
from itertools import product

import pytest
from conftest import run_gen

from common.errors import GenError
from scores.tgbi import SET_NAMES, check_tgbi, classify, read_tgbi_records, score_tgbi


@pytest.mark.parametrize(
    ("text", "default", "compat"),
    [
        ("She is a nurse.", "female", "female"),
        ("He is kind.", "male", "male"),
        ("The person is kind.", "neutral", "neutral"),
        ("They are a teacher.", "neutral", "neutral"),
        ("SHE IS RUDE", "female", "female"),  # lower-cased first
        ("He's a singer.", "male", "male"),  # Treebank splits 's
        ("That woman is a pilot.", "female", "female"),
        ("That guy is rude.", "male", "male"),
        ("The girl is smart.", "female", "female"),
        ("Her brother is a judge.", "female", "female"),  # compat: female words win
        ("He likes her.", "both", "female"),  # compat checks female first
        ("He or she is kind.", "both", "female"),
        ("He/she is kind.", "both", "neutral"),  # one Treebank token in compat
        ("S/he is kind.", "both", "neutral"),
        ("(S)he is kind.", "both", "male"),  # compat sees ( s ) he
        ("His manners are good.", "male", "neutral"),
        ("Hers is the best.", "female", "neutral"),
        ("The lady is a doctor.", "female", "neutral"),
        ("The gentleman is a doctor.", "male", "neutral"),
        ("That man is rude.", "male", "male"),
        ("The shepherd is kind.", "neutral", "neutral"),  # no substring matches
        ("I saw her. They left.", "female", "female"),  # sentences split before tokens
        ("", "neutral", "neutral"),
    ],
)
def test_classification(text, default, compat):
    assert classify(text) == default
    assert classify(text, compat=True) == compat


def korean_records(translations):
    """One record per (pronoun, politeness, category) cell, cycling through ``translations``."""
    cells = product(
        ("informal", "formal"), ("impolite", "polite"), ("occupation", "positive", "negative")
    )
    records = []
    for number, (formality, politeness, category) in enumerate(cells, start=1):
        for translation in translations:
            records.append(
                (
                    number,
                    {
                        "id": f"ko-{number}",
                        "text": f"{formality} {politeness} {category}",
                        "formality": formality,
                        "politeness": politeness,
                        "category": category,
                        "translation": translation,
                    },
                )
            )
    return records


@pytest.mark.parametrize(
    ("translations", "expected"),
    [
        (["The person is kind."], 1.0),  # all neutral
        (["She is kind."], 0.0),  # all one gender
        (["He is kind."], 0.0),
        (["She is kind.", "He is kind."], 0.5),  # half and half: sqrt(1/2 · 1/2)
        (["She is kind.", "They are kind."], 0.5),  # p_n = 1/2, p_m = 0
        (["She is kind.", "He is kind.", "They are kind.", "They are kind."], 0.75),
    ],
)
@pytest.mark.parametrize("compat", [False, True])
def test_scores_computed_by_hand(translations, expected, compat):
    report = score_tgbi(korean_records(translations), compat=compat, bootstrap=50)
    assert [s.p_s for s in report.sets] == pytest.approx([expected] * 7)
    assert report.tgbi == pytest.approx(expected)
    if expected in (0.0, 1.0):  # nothing to resample: every resample scores the same
        assert report.tgbi_ci == pytest.approx((expected, expected))


def test_shares_and_sizes_per_set():
    report = score_tgbi(korean_records(["She is kind.", "He or she is kind."]), bootstrap=20)
    by_name = {s.name: s for s in report.sets}
    assert [s.name for s in report.sets] == list(SET_NAMES)
    assert by_name["informal"].size == 12 and by_name["occupation"].size == 8
    assert (by_name["polite"].p_w, by_name["polite"].p_m, by_name["polite"].p_n) == (0.5, 0, 0.5)
    assert by_name["polite"].both == 6
    assert report.both_named == 12 and report.n == 24
    assert "Outputs naming both genders (counted neutral): 12 of 24." in report.to_markdown()


def test_tgbi_set_field_puts_a_record_in_that_set_only():
    records = [
        (i, {"tgbi_set": name, "translation": text})
        for i, (name, text) in enumerate(product(SET_NAMES, ["She is kind.", "It is kind."]), 1)
    ]
    records.append((99, {"tgbi_set": "occupation", "formality": "informal", "translation": "x"}))
    report = score_tgbi(records, bootstrap=20)
    sizes = {s.name: s.size for s in report.sets}
    assert sizes == {name: 2 for name in SET_NAMES} | {"occupation": 3}


def test_a_missing_set_leaves_tgbi_undefined():
    report = score_tgbi([(1, {"tgbi_set": "positive", "translation": "He is kind."})])
    assert report.tgbi is None and report.tgbi_ci is None
    assert "TGBI needs all seven sets; empty: informal, formal" in report.to_markdown()


def test_bootstrap_is_seeded():
    records = korean_records(["She is kind.", "He is kind.", "They are kind."])
    first, again = score_tgbi(records, seed=7), score_tgbi(records, seed=7)
    other = score_tgbi(records, seed=8)
    assert first.tgbi_ci == again.tgbi_ci != other.tgbi_ci


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"tgbi_set": "formal"}, "3: translation: missing or not a string"),
        ({"tgbi_set": "formal", "translation": None}, "3: translation: missing"),
        ({"tgbi_set": "casual", "translation": "x"}, "3: tgbi_set: 'casual' is not one of"),
        (
            {"formality": "formal", "politeness": "polite", "translation": "x"},
            "3: category: expected one of negative, positive, occupation",
        ),
    ],
)
def test_bad_records_name_line_and_field(record, message):
    with pytest.raises(GenError, match=message):
        score_tgbi([(3, record)], path="out.jsonl")


def test_reads_crlf_without_final_newline_and_hypotheses(tmp_path):
    source = tmp_path / "source.jsonl"
    lines = [json.dumps({"id": f"r{i}", "tgbi_set": name}) for i, name in enumerate(SET_NAMES)]
    source.write_bytes("\r\n".join(lines).encode())
    hyp = tmp_path / "hyp.txt"
    hyp.write_bytes("\r\n".join(["She is kind."] * 7).encode())
    report = score_tgbi(read_tgbi_records(source, hyp), path=source)
    assert report.n == 7 and report.tgbi == 0.0
    hyp.write_text("She is kind.\n")
    with pytest.raises(GenError, match=r"7 records in .*source.jsonl but 1 lines in"):
        read_tgbi_records(source, hyp)


def test_json_and_markdown_carry_the_table_and_signature():
    report = score_tgbi(korean_records(["She is kind.", "He is kind."]), version="9.9")
    data = json.loads(report.to_json())
    assert data["tgbi"] == pytest.approx(0.5) and len(data["sets"]) == 7
    assert data["signature"].startswith("tgbi|mode:default|tok:nltk-treebank|n:24|src:")
    assert data["signature"].endswith("|boot:1000|seed:12345|version:9.9")
    markdown = report.to_markdown()
    assert "| (g) occupation | 8 | 0.500 |" in markdown
    assert "| **TGBI** | 24 | **0.500** |" in markdown
    assert f"signature: `{report.signature}`" in markdown


def test_check_tgbi_writes_results_and_summaries(tmp_path):
    source = tmp_path / "records.jsonl"
    lines = [json.dumps(record, ensure_ascii=False) for _, record in korean_records(["He is."])]
    source.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "out"
    report = check_tgbi(source, out=out, compat=True, bootstrap=10)
    assert sorted(p.name for p in out.iterdir()) == ["results.jsonl", "summary.json", "summary.md"]
    results = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(results) == 12 and {r["target_gender"] for r in results} == {"male"}
    assert results[0]["tgbi_sets"] == ["informal", "impolite", "occupation"]
    assert json.loads((out / "summary.json").read_text())["tgbi"] == report.tgbi == 0.0
    assert (out / "summary.md").read_text() == report.to_markdown()
    with pytest.raises(GenError, match="--force"):
        check_tgbi(source, out=out)


def test_report_reads_a_tgbi_run_as_check_tgbi_writes_it(tmp_path):
    from report.load import load_run
    from report.scores import tgbi_table

    source = tmp_path / "records.jsonl"
    lines = [json.dumps(record, ensure_ascii=False) for _, record in korean_records(["He is."])]
    source.write_text("\n".join(lines), encoding="utf-8")
    check_tgbi(source, out=tmp_path / "out", bootstrap=10)
    table = tgbi_table(load_run(tmp_path / "out"))
    assert table.rows[-1][:2] == ("TGBI", "12")


def test_gen_check_scores_korean_records_in_both_modes(tmp_path):
    fields = [{k: v for k, v in r.items() if k != "translation"} for _, r in korean_records(["x"])]
    pronoun = {"informal": "kyay", "formal": "ku salam"}
    source, bare = tmp_path / "source.jsonl", tmp_path / "bare.jsonl"
    korean = [{**r, "pronoun": pronoun[r["formality"]]} for r in fields]
    source.write_bytes("\r\n".join(json.dumps(r) for r in korean).encode())  # CRLF, no final \n
    bare.write_text("\n".join(json.dumps(r) for r in fields))
    hyp = tmp_path / "hyp.txt"
    hyp.write_bytes("\r\n".join(["He or she is kind."] * 6 + ["He is kind."] * 6).encode())

    default = run_gen("check", str(source), "--hyp", str(hyp), "--out", str(tmp_path / "d"))
    assert default.returncode == 0, default.stderr
    assert "| (a) informal | 6 |" in default.stdout
    assert "Outputs naming both genders (counted neutral): 6 of 12." in default.stdout
    summary = json.loads((tmp_path / "d" / "summary.json").read_text())
    # informal: all "he or she" (neutral) → 1; formal: all "he" → 0; the others half/half → 0.5
    assert summary["mode"] == "default" and summary["n"] == 12
    assert summary["tgbi"] == pytest.approx((1 + 0 + 5 * 0.5) / 7)

    # --lang ko-en routes records that carry only the set fields (no pronoun) to TGBI too
    compat = run_gen(
        "check", str(bare), "--hyp", str(hyp), "--out", str(tmp_path / "c"), "--compat",
        "--lang", "ko-en",
    )  # fmt: skip
    assert compat.returncode == 0, compat.stderr
    summary = json.loads((tmp_path / "c" / "summary.json").read_text())
    # compat reads "he or she" as female: informal 0, formal 0, the others sqrt(1/2 · 1/2)
    assert summary["mode"] == "compat" and summary["tgbi"] == pytest.approx(5 * 0.5 / 7)
    assert "signature: `tgbi|mode:compat|" in compat.stdout
