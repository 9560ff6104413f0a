"""The checker's validity card: read from checker/data/validity.json, written by
bench/validity_card.py, shown in words by scores/validity.py and in every gen check summary."""

from __future__ import annotations

import importlib
import json
import sys

import pytest
from conftest import REPO

from checker import validity
from checker.languages import language
from common.errors import GenError
from scores.summary import SummaryBuilder, render_markdown
from scores.validity import card_line, card_markdown, headline

STAMP = {
    "date": "2026-11-26",
    "version": "0.1.0",
    "commit": "abc1234",
    "tagger": "offline",
    "aligner": "eflomal",
}
CARD = {
    **STAMP,
    "mtgeneval": {
        "data": "MT-GenEval contextual dev",
        "lines": 598,
        "checkable": 560,
        "flip_changes_occupation": {"results": 888, "decided": 882, "right": 867},
        "other_lines": {"results": 232, "decided": 148, "right": 113},
    },
    "ugb": {
        "data": "ugb dev slice",
        "n": 1824,
        "inconclusive": 1,
        "paper_inconclusive": 5,
        "agree": 1819,
        "both_decided": 1819,
    },
}


def write_card(path, languages):
    path.write_text(json.dumps({"about": "test", "languages": languages}), encoding="utf-8")
    return path


def test_percentages_come_from_the_counts():
    line = card_line("de", CARD)
    assert "word 98.3% right on decided, 0.7% inconclusive (888 labels)" in line  # 867/882, 6/888
    assert "other lines 76.4% right on decided, 36.2% inconclusive (232 labels)" in line
    assert "0.1% inconclusive (the paper's pipeline 0.3%)" in line
    assert "100.0% of the lines both decide (1824 lines)" in line
    assert line.endswith(
        "[tagger offline, aligner eflomal; measured 2026-11-26 at gen 0.1.0 (abc1234)]"
    )
    assert headline({"de": CARD}).count("%") == 4


def test_a_card_with_only_one_data_set_says_so():
    only_ugb = {key: value for key, value in CARD.items() if key != "mtgeneval"}
    assert "MT-GenEval" not in card_line("sr", only_ugb)
    assert "sr UGB dev only" in headline({"sr": only_ugb})
    assert len(card_markdown({"sr": only_ugb})) == 7  # heading, text, table head, one row


def test_halves_without_lines_and_a_pipeline_that_decides_nothing_say_so():
    empty = {"results": 0, "decided": 0, "right": 0}
    card = {
        **CARD,
        "mtgeneval": {**CARD["mtgeneval"], "flip_changes_occupation": empty},
        "ugb": {**CARD["ugb"], "paper_inconclusive": 1824, "agree": 0, "both_decided": 0},
    }
    line = card_line("hi", card)
    assert "occupation word none in the data; the other lines 76.4%" in line
    assert "(the paper's pipeline 100.0%), no line both decide (1824 lines)" in line
    assert "hi none / 76.4% right" in headline({"hi": card})


def test_cards_are_found_under_every_name_of_a_language(tmp_path):
    path = write_card(tmp_path / "card.json", {"sr": CARD, "hr": CARD, "es": CARD})
    assert set(validity.cards_for("hbs", path)) == {"sr", "hr"}
    assert set(validity.cards_for("es", path)) == {"es"}
    assert validity.cards_for("fr", path) == {}
    assert validity.cards(tmp_path / "absent.json") == {}


def test_a_damaged_card_is_one_error_naming_the_file(tmp_path):
    path = tmp_path / "card.json"
    path.write_text("{", encoding="utf-8")
    with pytest.raises(GenError, match="card.json: not a validity card"):
        validity.cards(path)


def test_the_summary_carries_the_cards_of_its_languages(tmp_path):
    path = write_card(tmp_path / "card.json", {"es": CARD, "de": CARD})
    builder = SummaryBuilder(validity=lambda lang: validity.cards_for(lang, path))
    builder.add({"label": "correct", "expected_gender": "male"})
    summary = builder.build(signature={"lang": "es", "version": "x"}, rejected=0)
    assert summary["validity"] == {"es": CARD}
    page = render_markdown(summary)
    assert "## validity of the checker" in page
    assert "| es | MT-GenEval dev, the other lines | 76.4% right on decided" in page
    bare = SummaryBuilder().build(signature={"lang": "es"}, rejected=0)
    assert bare["validity"] == {} and "validity" not in render_markdown(bare)


@pytest.fixture(scope="module")
def card_script():
    sys.path.insert(0, str(REPO / "bench"))
    try:
        yield importlib.import_module("validity_card")
    finally:
        sys.path.remove(str(REPO / "bench"))


def test_the_script_replaces_one_entry_and_keeps_the_others(tmp_path, card_script):
    path = tmp_path / "card.json"
    card_script.store(path, "es", CARD)
    card_script.store(path, "de", {**CARD, "commit": "old"})
    card_script.store(path, "de", CARD)
    written = json.loads(path.read_text(encoding="utf-8"))
    assert list(written["languages"]) == ["de", "es"]
    assert written["languages"]["de"]["commit"] == "abc1234"
    assert [p.name for p in tmp_path.iterdir()] == ["card.json"]  # no temporary file left


def test_the_script_refuses_a_language_without_dev_data(card_script):
    with pytest.raises(GenError, match="no dev data for 'xx'"):
        card_script.measure_language("xx", None, STAMP)


def test_the_shipped_card_is_whole_and_covers_the_dev_languages(card_script):
    """Every dev language has an entry, measured, with the parts its data allows."""
    shipped = validity.cards()
    assert sorted(shipped) == card_script.every_language()
    for lang, entry in shipped.items():
        assert language(lang)  # a supported language
        assert {"date", "version", "commit", "tagger", "aligner"} <= set(entry)
        assert ("mtgeneval" in entry) == (lang in card_script.LANGUAGES)
        assert "ugb" in entry
        assert card_line(lang, entry).startswith(f"{lang}: ")
