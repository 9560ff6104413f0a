"""gen build as a user runs it: a whole set or nothing, one-line errors, exit codes."""

from __future__ import annotations

import json

import pytest
from conftest import run_gen as gen

from common.errors import GenError
from generator.sets import builder_for, grammar_names


def test_build_writes_the_set_and_refuses_to_overwrite(tmp_path):
    out = tmp_path / "set"
    result = gen("build", "--size", "xs", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert sorted(p.name for p in out.iterdir()) == ["manifest.json", "source.jsonl", "source.txt"]
    lines = (out / "source.jsonl").read_text().splitlines()
    texts = (out / "source.txt").read_text().splitlines()
    assert [json.loads(line)["text"] for line in lines] == texts
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["sentences"] == len(lines) == 1472
    assert manifest["counts"]["expected_gender"] == {"female": 736, "male": 736}
    assert set(manifest["hashes"]) >= {"grammars/en/grammar.cfg", "wordlists/en/occupations.tsv"}
    before = (out / "source.jsonl").read_bytes()

    refused = gen("build", "--size", "xs", "--out", str(out))
    assert refused.returncode == 2
    assert (
        refused.stderr.strip()
        == f"gen: error: {out}: output exists; pass --force to replace it"
    )

    forced = gen("build", "--size", "xs", "--out", str(out), "--force")
    assert forced.returncode == 0 and (out / "source.jsonl").read_bytes() == before


def test_unknown_size_is_a_usage_error():
    result = gen("build", "--size", "huge")
    assert result.returncode == 2
    assert "huge" in result.stderr


def test_grammar_choices_are_the_grammar_folders():
    assert {"en", "ko"} <= set(grammar_names())
    assert callable(builder_for("en"))
    with pytest.raises(GenError, match="no set builder registered for grammar 'xx'"):
        builder_for("xx")
