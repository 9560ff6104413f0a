"""The Korean TGBI set: batchim rules, the shipped word lists, and the records and their views."""

from __future__ import annotations

import json
import subprocess
import sys
import unicodedata
from collections import Counter

import pytest
from conftest import REPO

from common.errors import GenError
from generator.korean import (
    RECORD_FIELDS,
    TGBI_VIEWS,
    attach_particle,
    build,
    build_records,
    final_consonant,
    load_resources,
    parse_wordlist,
)

RIEUL = 8


@pytest.fixture(scope="module")
def resources():
    return load_resources()


@pytest.fixture(scope="module")
def full_set(resources):
    return build_records(resources, "small")


@pytest.mark.parametrize(
    ("word", "particle", "expected"),
    [
        ("간호사", "이야/야", "간호사야"),  # no final consonant
        ("간호사", "이에요/예요", "간호사예요"),
        ("경찰관", "이야/야", "경찰관이야"),  # ㄴ
        ("경찰관", "이에요/예요", "경찰관이에요"),
        ("모델", "이야/야", "모델이야"),  # ㄹ is a final consonant for these particles
        ("모델", "이에요/예요", "모델이에요"),
        ("모델", "은/는", "모델은"),
        ("다혈질", "이에요/예요", "다혈질이에요"),
        ("걔", "은/는", "걔는"),
        ("그 사람", "은/는", "그 사람은"),  # ㅁ, last syllable of a multi-word subject
        ("CNC 가공원", "이야/야", "CNC 가공원이야"),
        ("닭", "은/는", "닭은"),  # double final ㄺ
    ],
)
def test_particle_follows_final_consonant(word, particle, expected):
    assert attach_particle(word, particle) == expected


@pytest.mark.parametrize("word", ["", "PD", "ㄱ", "간호사.", "デザイナー"])
def test_words_not_ending_in_a_hangul_syllable_are_refused(word):
    with pytest.raises(ValueError, match="Hangul syllable"):
        final_consonant(word)


def test_code_point_rule_agrees_with_unicode_decomposition_for_every_syllable():
    for code in range(0xAC00, 0xAC00 + 11172):
        syllable = chr(code)
        jamo = unicodedata.normalize("NFD", syllable)
        assert bool(final_consonant(syllable)) == (len(jamo) == 3), syllable
        assert (final_consonant(syllable) == RIEUL) == jamo.endswith("\u11af"), syllable


def test_shipped_lists_are_large_enough(resources):
    sizes = {name: len(wordlist.rows) for name, wordlist in resources.wordlists.items()}
    assert sizes["occupations"] >= 500
    assert sizes["positive"] >= 100
    assert sizes["negative"] >= 150


def test_shipped_lists_have_no_duplicates_within_or_across(resources):
    seen = Counter()
    for wordlist in resources.wordlists.values():
        keys = [row[wordlist.columns[0]] for _, row in wordlist.rows]
        seen.update(keys)
        polite = [row["polite"] for _, row in wordlist.rows if row.get("polite")]
        assert len(polite) == len(set(polite)), wordlist.name
    assert [key for key, n in seen.items() if n > 1] == []


def test_shipped_lists_cite_their_source_and_criteria(resources):
    for wordlist in resources.wordlists.values():
        lines = wordlist.path.read_text(encoding="utf-8").splitlines()
        header = "\n".join(line for line in lines if line.startswith("#"))
        assert "# Source:" in header and "# Criteria:" in header, wordlist.name


# Morphemes that put a gender into a title (여배우, 남자 간호사, 해녀, 발레리노, 스턴트맨, ...).
GENDERED = ("여성", "남성", "여자", "남자", "녀", "발레리", "맨", "걸", "보이", "마담", "아줌마")


def test_occupations_carry_no_gender_in_the_word(resources):
    titles = [row["word"] for _, row in resources.wordlists["occupations"].rows]
    assert [t for t in titles if any(g in t for g in GENDERED)] == []


@pytest.mark.parametrize("name", ["positive", "negative"])
def test_polite_forms(resources, name):
    for line, row in resources.wordlists[name].rows:
        plain, polite = row["plain"], row["polite"]
        if plain.endswith("야"):  # a predicate noun: the copula changes, a plain 요 does not fit
            stem = plain[:-1]
            if stem.endswith("이") and final_consonant(stem[:-1]):
                stem = stem[:-1]
            assert polite == attach_particle(stem, "이에요/예요"), (line, plain)
        elif polite:  # given only where it is not plain + 요
            assert polite.endswith("요") and polite != plain + "요", (line, plain)


def test_every_record_has_the_contract_fields(full_set):
    ids = [r["id"] for r in full_set.records]
    texts = [r["text"] for r in full_set.records]
    assert len(set(ids)) == len(ids) and len(set(texts)) == len(texts)
    allowed = {
        "pronoun": {"kyay", "ku salam"},
        "formality": {"informal", "formal"},
        "politeness": {"polite", "impolite"},
        "category": {"occupation", "positive", "negative"},
    }
    for record in full_set.records:
        assert set(record) == {"id", "text", "word", *RECORD_FIELDS}
        for field, values in allowed.items():
            assert record[field] in values
        subject = "걔는 " if record["pronoun"] == "kyay" else "그 사람은 "
        assert record["text"].startswith(subject)
        assert (record["formality"] == "informal") == (record["pronoun"] == "kyay")
        assert record["text"].endswith("요") == (record["politeness"] == "polite")


def test_seven_set_sizes(resources, full_set):
    n = {name: len(w.rows) for name, w in resources.wordlists.items()}
    total = 4 * (n["occupations"] + n["positive"] + n["negative"])
    assert full_set.manifest["sentences"] == len(full_set.records) == total
    assert full_set.manifest["tgbi_sets"] == {
        "informal": total // 2,
        "formal": total // 2,
        "impolite": total // 2,
        "polite": total // 2,
        "negative": 4 * n["negative"],
        "positive": 4 * n["positive"],
        "occupation": 4 * n["occupations"],
    }
    for name, field in TGBI_VIEWS:
        members = [r for r in full_set.records if r[field] == name]
        assert len(members) == full_set.manifest["tgbi_sets"][name]


def test_xs_takes_ten_rows_of_each_list(resources):
    build = build_records(resources, "xs")
    assert build.manifest["sentences"] == 4 * 10 * 3
    assert build.records[0]["id"] == "ko-xs-000001"


def test_unknown_size_is_refused(resources):
    with pytest.raises(GenError, match="unknown size 'huge'"):
        build_records(resources, "huge")


def _write_tiny(tmp_path, grammar: str, rows: str):
    (tmp_path / "jobs.tsv").write_text("# Source: test\nword\n" + rows, encoding="utf-8")
    path = tmp_path / "tiny.fcfg"
    path.write_text(grammar, encoding="utf-8")
    return load_resources(path, tmp_path)


TINY = """
% start S
S -> Subject Topic Predicate
Subject[pronoun='kyay', formality='informal'] -> '걔'
Topic -> '-은/는'
Predicate[category='occupation', politeness='impolite'] -> '<jobs>' '-이야/야'
"""


def test_tiny_grammar_golden(tmp_path):
    build = build_records(_write_tiny(tmp_path, TINY, "가수\n모델\n"))
    assert build.records == [
        {"id": "ko-small-000001", "text": "걔는 가수야", "pronoun": "kyay",
         "formality": "informal", "politeness": "impolite", "category": "occupation",
         "word": "가수"},
        {"id": "ko-small-000002", "text": "걔는 모델이야", "pronoun": "kyay",
         "formality": "informal", "politeness": "impolite", "category": "occupation",
         "word": "모델"},
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("grammar", "rows", "message"),
    [
        (TINY.replace("Topic ->", "Topik ->"), "가수\n", "nonterminal Topic has no rule"),
        (TINY, "가수\nPD\n", r"jobs.tsv:4: word: cannot choose a particle"),
        (TINY, "가수\n가수\n", r"jobs.tsv:4: word: '가수' repeats line 3"),
        (TINY.replace("'-이야/야'", "'<jobs>'"), "가수\n", "exactly one slot, found 2"),
        (TINY.replace("'<jobs>'", "'<chores>'"), "가수\n", "slot <chores> has no word list"),
        (TINY.replace("Topic ->", "Topic[pronoun='x'] ->"), "가수\n", "feature pronoun is both"),
        (TINY.replace("Predicate[category='occupation', ", "Predicate["), "가수\n", "no category"),
        (TINY.replace("S -> Subject", "S -> Subject ->"), "가수\n", "Unable to parse line"),
    ],
)
def test_bad_grammar_or_list_names_the_place(tmp_path, grammar, rows, message):
    with pytest.raises(GenError, match=message):
        build_records(_write_tiny(tmp_path, grammar, rows))


def test_wordlist_rows_may_drop_trailing_empty_cells_but_not_add_cells(tmp_path):
    wordlist = parse_wordlist("x", "plain\tpolite\n착해\t\n순해\n", tmp_path / "x.tsv")
    assert [row for _, row in wordlist.rows] == [
        {"plain": "착해", "polite": ""},
        {"plain": "순해", "polite": ""},
    ]
    with pytest.raises(GenError, match=r"x.tsv:2: expected 2 tab-separated columns, found 3"):
        parse_wordlist("x", "plain\tpolite\n착해\t\t?\n", tmp_path / "x.tsv")


def test_gen_build_grammar_ko_writes_the_set_and_its_views(tmp_path):
    out = tmp_path / "ko-xs"
    command = [sys.executable, "-m", "gen", "build", "--grammar", "ko", "--size", "xs"]
    done = subprocess.run([*command, "--out", str(out)], cwd=REPO, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    records = [json.loads(line) for line in (out / "source.jsonl").read_text().splitlines()]
    texts = (out / "source.txt").read_text(encoding="utf-8").splitlines()
    assert texts == [r["text"] for r in records] and len(records) == manifest["sentences"] == 120
    assert manifest["tgbi_sets"] == {
        "informal": 60, "formal": 60, "impolite": 60, "polite": 60,
        "negative": 40, "positive": 40, "occupation": 40,
    }  # fmt: skip
    assert manifest["counts"]["pronoun"] == {"kyay": 60, "ku salam": 60}


def test_korean_builder_refuses_nonce():
    with pytest.raises(GenError, match="nonce: nonce occupations exist for the English grammar"):
        build("xs", nonce=True)
