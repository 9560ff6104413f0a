"""The English enumerator: records, twins, sizes, surface forms, determinism, NLTK agreement."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from conftest import REPO

from generator import english, english_nltk, english_parts, english_records
from generator.sets import write_set

TINY = REPO / "tests" / "data" / "tiny"
GOLDEN = TINY / "golden"
CONSTRUCTIONS = {
    "copula_kinship",
    "kinship_before",
    "pronoun_subject",
    "relative_reflexive",
    "own_possessive",
    "topic_pronoun",
    "object_then_subject",
    "reflexive_object",
    "cataphora_own",
}


def tiny_build(size: str = "xs", **options):
    return english.build(
        size, grammar_dir=TINY / "grammar", wordlist_dir=TINY / "wordlists", **options
    )


@pytest.fixture(scope="module")
def xs_records() -> list[dict]:
    grammar, lists = english.load()
    return list(english_records.records(english_parts.prepare("xs", grammar, lists)))


def test_tiny_set_matches_golden_files(tmp_path):
    manifest = write_set(tmp_path / "set", tiny_build())
    for name in ("source.jsonl", "source.txt"):
        assert (tmp_path / "set" / name).read_bytes() == (GOLDEN / name).read_bytes(), name
    golden = json.loads((GOLDEN / "manifest.json").read_text())
    assert {k: v for k, v in manifest.items() if k != "version"} == golden


def test_sentences_written_in_parallel_are_the_same_bytes(tmp_path):
    write_set(tmp_path / "serial", english.build("xs"))
    write_set(tmp_path / "parallel", english.build("xs"), parallel=True)
    for name in ("source.jsonl", "source.txt", "manifest.json"):
        assert (tmp_path / "serial" / name).read_bytes() == (
            tmp_path / "parallel" / name
        ).read_bytes()


@pytest.mark.parametrize(
    ("size", "low", "high"),
    [("xs", 1_200, 1_800), ("small", 50_000, 70_000), ("xl", 1_800_000, 2_500_000)],
)
def test_sizes(size, low, high):
    grammar, lists = english.load()
    prepared = english_parts.prepare(size, grammar, lists)
    assert low <= prepared.total() <= high
    assert set(english_records.count_templates(prepared)) == CONSTRUCTIONS


def test_every_sentence_is_unique_balanced_and_has_its_twin(xs_records):
    assert len({r["text"] for r in xs_records}) == len(xs_records) == 1472
    assert Counter(r["expected_gender"] for r in xs_records) == {"female": 736, "male": 736}
    pairs: dict[str, list[dict]] = {}
    for record in xs_records:
        pairs.setdefault(record["pair_id"], []).append(record)
    for female, male in pairs.values():
        assert (female["expected_gender"], male["expected_gender"]) == ("female", "male")
        differing = [
            i
            for i, (a, b) in enumerate(zip(female["tokens"], male["tokens"], strict=True))
            if a != b
        ]
        assert differing and all(
            female["tokens"][i].lower() in {"she", "her", "herself", "mother", "sister"}
            for i in differing
        )
        assert (
            female["occupation"] == male["occupation"]
            and female["distractors"] == male["distractors"]
        )


def test_surface_form(xs_records):
    for record in xs_records:
        tokens, text = record["tokens"], record["text"]
        assert text[0].isupper() and text[-1] in ".!?"
        assert english_parts.detokenize(tokens) == text
        for article, following in zip(tokens, tokens[1:], strict=False):
            if article.lower() in ("a", "an"):
                assert article.lower() == english_parts.indefinite_article(following), text


def test_metadata_points_at_the_tokens(xs_records):
    for record in xs_records:
        tokens = record["tokens"]
        occupation, trigger = record["occupation"], record["trigger"]
        assert tokens[occupation["index"]] == occupation["text"].split()[-1]
        assert tokens[trigger["index"]].lower() == trigger["text"]
        adjective = record["adjective"]
        if adjective is not None:
            assert tokens[adjective["index"]] == adjective["text"]
            target = occupation if adjective["attaches_to"] == "occupation" else trigger
            assert adjective["attaches_to"] in ("occupation", "trigger")
            assert target["index"] == adjective["index"] + 1
            assert adjective["attaches_to"] == "occupation" or trigger["type"] == "kinship"
        for distractor in record["distractors"]:
            assert tokens[distractor["index"]] == distractor["text"]


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("That nurse is my mother.", "before"),
        ("My mother is a nurse.", "after"),
        ("She is a nurse who often doubts herself.", "middle"),
    ],
)
def test_position_follows_token_order(xs_records, text, position):
    assert next(r for r in xs_records if r["text"] == text)["position"] == position


def test_with_and_without_adjectives_and_with_distractors(xs_records):
    with_adjective = Counter(r["adjective"] is not None for r in xs_records)
    assert with_adjective[True] and with_adjective[False]
    assert any(r["distractors"] for r in xs_records)
    assert {r["construction"] for r in xs_records} == CONSTRUCTIONS


def test_multi_word_occupation_index_is_its_head_noun():
    records = [
        r
        for r in english_records.records(tiny_prepared())
        if r["occupation"]["text"] == "police officer"
    ]
    assert records and all(r["tokens"][r["occupation"]["index"]] == "officer" for r in records)


def tiny_prepared(size: str = "xs"):
    grammar, lists = english.load(TINY / "grammar", TINY / "wordlists")
    return english_parts.prepare(size, grammar, lists)


def test_nonce_set_uses_only_nonce_occupations():
    records = list(tiny_build(nonce=True).records())
    assert {r["occupation"]["text"] for r in records} == {"hoologrator"}
    assert all(
        r["occupation"]["nonce"] and r["occupation"]["stereotype"] == "none" for r in records
    )
    assert records[0]["id"].startswith("en-nonce-xs-")


def test_nltk_generates_the_same_sentences():
    """NLTK's own generator over the equivalent plain CFG yields exactly our sentences."""
    prepared = tiny_prepared()
    ours = sorted(r["text"] for r in english_records.records(prepared))
    theirs = []
    for tokens in english_nltk.nltk_sentences(english_nltk.nltk_grammar(prepared), limit=10_000):
        tokens = [
            english_parts.indefinite_article(b) if a == "a" else a
            for a, b in zip(tokens, tokens[1:], strict=False)
        ] + tokens[-1:]
        tokens[0] = tokens[0][0].upper() + tokens[0][1:]
        theirs.append(english_parts.detokenize(tokens))
    assert sorted(theirs) == ours


def test_shards_cover_every_template_once():
    prepared = tiny_prepared("small")
    runs = english_records.shards(prepared, 2)
    assert [i for run in runs for i in run] == list(range(len(prepared.parts)))
    joined = [r for run in runs for r in english_records.records(prepared, run)]
    assert joined == list(english_records.records(prepared))


@pytest.mark.parametrize(
    ("word", "article"),
    [
        ("nurse", "a"),
        ("engineer", "an"),
        ("honest", "an"),
        ("hour", "an"),
        ("unique", "a"),
        ("European", "a"),
        ("usher", "an"),
        ("ambitious", "an"),
        ("hoologrator", "a"),
    ],
)
def test_indefinite_article(word, article):
    assert english_parts.indefinite_article(word) == article


@pytest.mark.parametrize(
    ("occupation", "triggers", "position"),
    [(1, (4,), "before"), (4, (1,), "after"), (3, (0, 7), "middle"), (5, (0, 2), "after")],
)
def test_position_of(occupation, triggers, position):
    assert english_records.position_of(occupation, triggers) == position
