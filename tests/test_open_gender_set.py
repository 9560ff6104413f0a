"""Open-gender sets (open.cfg): no word fixes the person's gender; sizes, metadata and lint."""

from __future__ import annotations

import json
import shutil

import pytest
from conftest import REPO
from conftest import run_gen as gen

from generator import english, english_parts, english_records
from generator.wordlists import read_wordlist

WORDLISTS = REPO / "wordlists" / "en"
#: Each construction: the position of the target, whether it has "their" or "they", the kind
#: of second person, and whether its adjective is optional (before the occupation) or its
#: predicate (copular). Between them: subject, object, object of a preposition, a relative
#: clause, singular "their" and "they", and a second person before and after the target.
CONSTRUCTIONS = {
    "subject": ("alone", False, None, "optional"),
    "object": ("alone", False, None, "optional"),
    "their_possessive": ("alone", True, None, "optional"),
    "copular": ("alone", False, None, "predicate"),
    "reported_they": ("alone", True, None, "optional"),
    "preposition_object": ("alone", False, None, "optional"),
    "relative_clause": ("alone", False, None, "optional"),
    "subject_with_other": ("before", False, "occupation", "optional"),
    "object_with_other": ("after", False, "occupation", "optional"),
    "subject_with_person": ("before", False, "person", "optional"),
    "object_with_person": ("after", False, "person", "optional"),
    "their_with_person": ("before", True, "person", "optional"),
}
#: The fixed-gender sets' sizes (README.md, docs/formats.md); the open sets match them.
FIXED_SIZES = {"xs": 1_472, "small": 60_800, "xl": 1_974_336}
OPEN_SIZES = {"xs": 1_472, "small": 60_904, "xl": 1_981_892}


def prepared(size: str, *, open_gender: bool = True) -> english_parts.EnglishSet:
    grammar, lists = english.load(open_gender=open_gender)
    return english_parts.prepare(size, grammar, lists)


@pytest.fixture(scope="module")
def xs_records() -> list[dict]:
    return list(english_records.records(prepared("xs")))


@pytest.mark.parametrize("size", ["xs", "small", "xl"])
def test_sizes_match_the_fixed_sets(size):
    """Counted from the parts, not enumerated: every construction at every size, and as many
    sentences as the fixed set of the size (within 1%, none over it by more)."""
    english_set = prepared(size)
    assert english_set.total() == OPEN_SIZES[size]
    assert prepared(size, open_gender=False).total() == FIXED_SIZES[size]
    assert abs(OPEN_SIZES[size] / FIXED_SIZES[size] - 1) < 0.01
    counts = english_records.count_templates(english_set)
    assert set(counts) == set(CONSTRUCTIONS) and min(counts.values()) > 0


def test_copular_reads_only_predicative_adjectives():
    """The predicate draws only the rows adjectives.tsv marks predicative: "The nurse is
    very worrying." says something else than "the gentle nurse" does (at xl: all others)."""
    words = {
        choice.word[None]
        for template, parts in prepared("xl").parts
        if template.construction == "copular"
        for part in parts
        if part.slot is not None and part.slot.role == "adjective"
        for choice in part.choices
    }
    rows = read_wordlist(WORDLISTS / "adjectives.tsv").rows
    assert words == {row["adjective"] for row in rows if row["predicative"] == "yes"}
    assert "worrying" not in words and "gentle" in words


def test_counted_total_is_what_is_enumerated(xs_records):
    assert len(xs_records) == prepared("xs").total() == OPEN_SIZES["xs"]
    assert len({record["text"] for record in xs_records}) == len(xs_records)


def test_each_construction_has_its_shape(xs_records):
    """Every construction as CONSTRUCTIONS describes it, in every one of its records."""
    seen: dict[str, set] = {name: set() for name in CONSTRUCTIONS}
    for record in xs_records:
        position, their, other, adjective = CONSTRUCTIONS[record["construction"]]
        lower = {token.lower() for token in record["tokens"]}
        assert record["position"] == position, record["text"]
        assert bool(lower & {"their", "they"}) == their, record["text"]
        assert [d["type"] for d in record["distractors"]] == ([other] if other else [])
        seen[record["construction"]].add(record["adjective"] is not None)
    for name, (_, _, _, adjective) in CONSTRUCTIONS.items():
        assert seen[name] == ({True} if adjective == "predicate" else {True, False}), name


def test_no_word_fixes_a_gender(xs_records):
    gendered = {row["word"] for row in read_wordlist(WORDLISTS / "gendered_words.tsv").rows}
    for record in xs_records:
        assert record["expected_gender"] is None and record["pair_id"] is None
        assert record["trigger"] is None
        assert not {token.lower() for token in record["tokens"]} & gendered, record["text"]


def test_metadata_points_at_the_tokens_with_the_share_of_women(xs_records):
    shares = {
        row["occupation"]: int(row["share_women"])
        for row in read_wordlist(WORDLISTS / "occupations.tsv").rows
    }
    people = {row["person"] for row in read_wordlist(WORDLISTS / "people.tsv").rows}
    for record in xs_records:
        occupation = record["occupation"]
        assert record["tokens"][occupation["index"]] == occupation["text"]
        assert occupation["share_women"] == shares[occupation["text"]]
        assert occupation["stereotype"] == english_parts.occupation_stereotype(
            occupation["share_women"]
        )
        for other in record["distractors"]:
            assert record["tokens"][other["index"]] == other["text"] != occupation["text"]
            assert other["gender"] is None
            if other["type"] == "occupation":
                assert other["share_women"] == shares[other["text"]]
            else:
                assert other == {**other, "type": "person"} and other["text"] in people
                assert "share_women" not in other and "stereotype" not in other
        adjective = record["adjective"]
        if adjective is not None:
            assert adjective["attaches_to"] == "occupation"
            assert record["tokens"][adjective["index"]] == adjective["text"]
            if record["construction"] == "copular":  # "The nurse is very gentle."
                assert adjective["index"] == len(record["tokens"]) - 2 > occupation["index"]
            else:
                assert adjective["index"] == occupation["index"] - 1


@pytest.mark.parametrize(
    ("text", "construction", "position"),
    [
        ("The secretary filed the report.", "subject", "alone"),
        ("I called the electrician.", "object", "alone"),
        ("We hired an electrician.", "object", "alone"),
        ("The nurse lost their keys.", "their_possessive", "alone"),
        ("The gentle nurse talked to a carpenter.", "subject_with_other", "before"),
        ("A carpenter talked to the nurse.", "object_with_other", "after"),
        ("The nurse is very gentle.", "copular", "alone"),
        ("The mechanic seemed ambitious.", "copular", "alone"),
        ("The nurse said that they would come back later.", "reported_they", "alone"),
        ("The report was written by the plumber.", "preposition_object", "alone"),
        ("I thanked the receptionist who helped us.", "relative_clause", "alone"),
        ("The ambitious hairdresser helped a neighbor.", "subject_with_person", "before"),
        ("A customer thanked the electrician.", "object_with_person", "after"),
        ("The secretary gave their seat to a customer.", "their_with_person", "before"),
    ],
)
def test_constructions_and_positions(xs_records, text, construction, position):
    (record,) = [r for r in xs_records if r["text"] == text]
    assert (record["construction"], record["position"]) == (construction, position)


def test_factorial_design(xs_records):
    """Every occupation equally often, with each adjective and (but in the copular
    construction, whose predicate is the adjective) with none; the other person balanced
    between female- and male-stereotyped occupations."""
    by_occupation: dict[str, int] = {}
    by_adjective: dict[str | None, int] = {}
    others: dict[str, int] = {}
    for record in xs_records:
        by_occupation[record["occupation"]["text"]] = (
            by_occupation.get(record["occupation"]["text"], 0) + 1
        )
        adjective = record["adjective"] and record["adjective"]["stereotype"]
        by_adjective[adjective] = by_adjective.get(adjective, 0) + 1
        for other in record["distractors"]:
            kind = other.get("stereotype", other["type"])
            others[kind] = others.get(kind, 0) + 1
    copular = sum(record["construction"] == "copular" for record in xs_records)
    assert len(set(by_occupation.values())) == 1
    assert by_adjective["female"] == by_adjective["male"] == by_adjective[None] + copular // 2
    assert others["female"] == others["male"] > 0 and others["person"] > 0


def test_build_writes_an_open_set(tmp_path, xs_records):
    out = tmp_path / "open"
    result = gen("build", "--open-gender", "--size", "xs", "--out", out)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["open_gender"] is True and manifest["sentences"] == OPEN_SIZES["xs"]
    assert manifest["counts"]["expected_gender"] == {"null": OPEN_SIZES["xs"]}
    assert "wordlists/en/people.tsv" in manifest["hashes"]
    assert "grammars/en/open.cfg" in manifest["hashes"]
    written = [json.loads(line) for line in (out / "source.jsonl").read_text().splitlines()]
    assert written == xs_records  # the shards' ids run on from each other
    assert [r["id"] for r in written] == [f"en-open-xs-{i:06d}" for i in range(len(written))]
    korean = gen("build", "--open-gender", "--grammar", "ko", "--size", "xs", "--out", out)
    assert korean.returncode == 2 and "English grammars only" in korean.stderr


@pytest.fixture
def open_folder(tmp_path):
    shutil.copytree(REPO / "grammars" / "en", tmp_path / "grammar")
    shutil.copytree(WORDLISTS, tmp_path / "wordlists")
    return tmp_path


def open_lint(folder) -> list[str]:
    return english.lint(
        ("xs",),
        grammar_dir=folder / "grammar",
        wordlist_dir=folder / "wordlists",
        open_gender=True,
    )


def test_shipped_open_grammar_is_clean(open_folder):
    assert open_lint(open_folder) == []


@pytest.mark.parametrize(
    ("construction", "message"),
    [
        ("BAD -> 'she' 'called' 'the' OCC '.'", "has the female word 'she', which fixes a gender"),
        ("BAD -> 'the' OCC 'lost' 'his' 'keys' '.'", "has the male word 'his'"),
        ("BAD -> 'my' 'sister' 'called' 'the' OCC '.'", "has the female word 'sister'"),
        ("BAD -> SUBJ 'is' 'a' OCC '.'", "has the trigger slot SUBJ, which fixes a gender"),
        ("BAD -> 'the' OCC 'lost' DPOSS 'keys' '.'", "has the distractor slot DPOSS"),
        ("BAD -> 'the' ADJ OTHER 'called' 'the' OCC '.'", "must come right before the occupation"),
        ("BAD -> 'we' 'called' 'a' OTHER '.'", "needs exactly one occupation slot"),
        ("BAD -> 'the' OCC 'met' 'a' OTHER 'who' 'is' ADJ '.'", "or be its predicate"),
        ("BAD -> ADJ 'people' 'thanked' 'the' OCC '.'", "or be its predicate"),
    ],
)
def test_lint_rejects_what_fixes_a_gender(open_folder, construction, message):
    path = open_folder / "grammar" / "open.cfg"
    path.write_text(path.read_text() + f"S -> BAD\n{construction}\n")
    line = len(path.read_text().splitlines())
    problems = open_lint(open_folder)
    assert any(f"open.cfg:{line}: " in p and message in p for p in problems), problems


def test_lint_accepts_a_predicate_adjective_and_a_person(open_folder):
    path = open_folder / "grammar" / "open.cfg"
    path.write_text(
        path.read_text() + "S -> FINE\nFINE -> 'a' PERSON 'said' 'the' OCC 'looked' ADJ '.'\n"
    )
    assert open_lint(open_folder) == []


def test_a_person_slot_needs_an_ungendered_list(open_folder):
    path = open_folder / "grammar" / "slots.tsv"
    path.write_text(path.read_text().replace("PERSON\tpeople", "PERSON\tkinship"))
    problems = open_lint(open_folder)
    assert any(
        "slots.tsv:" in p and "slot PERSON is a second person of no gender" in p for p in problems
    ), problems


def test_only_the_grammar_that_uses_a_slot_needs_its_list(open_folder):
    """The fixed grammar shares slots.tsv with open.cfg but never names PERSON: a word-list
    folder without people.tsv still builds it; the open grammar is refused, naming the slot."""
    (open_folder / "wordlists" / "people.tsv").unlink()
    fixed = english.lint(
        ("xs",), grammar_dir=open_folder / "grammar", wordlist_dir=open_folder / "wordlists"
    )
    assert fixed == []
    problems = open_lint(open_folder)
    assert any("slot PERSON names list 'people'" in p for p in problems), problems


def test_lint_reads_each_sentence_against_the_gendered_words(open_folder):
    """A gendered word that reaches a sentence through a word list, not the grammar."""
    path = open_folder / "wordlists" / "occupations.tsv"
    path.write_text(path.read_text().replace("secretary\t92", "mother\t92"))
    problems = open_lint(open_folder)
    assert any("female word 'mother'" in p and "in an open sentence" in p for p in problems)


def test_lint_command_checks_open_grammars():
    result = gen("lint", "--open-gender", "--size", "xs")
    assert result.returncode == 0, result.stderr
    assert "no problems" in result.stdout


def test_nonce_open_set_has_no_share_of_women():
    grammar, lists = english.load(open_gender=True)
    english_set = english_parts.prepare("xs", grammar, lists, nonce=True)
    records = list(english_records.records(english_set))
    assert len(records) == english_set.total()
    assert {r["occupation"]["share_women"] for r in records} == {None}
    assert {r["occupation"]["stereotype"] for r in records} == {"none"}
    assert records[0]["id"].startswith("en-open-nonce-xs-")
