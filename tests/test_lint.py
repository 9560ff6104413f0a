"""gen lint: each seeded fault in a small grammar is caught and named by file and line."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest
from conftest import REPO

from common.errors import GenError
from generator import english
from generator.sets import write_set

TINY = REPO / "tests" / "data" / "tiny"


@pytest.fixture
def tiny(tmp_path):
    """A writable copy of the tiny grammar and its word lists."""
    shutil.copytree(TINY / "grammar", tmp_path / "grammar")
    shutil.copytree(TINY / "wordlists", tmp_path / "wordlists")
    return tmp_path


def lint(folder, sizes=("xs",)):
    return english.lint(sizes, grammar_dir=folder / "grammar", wordlist_dir=folder / "wordlists")


def append(folder, text: str) -> int:
    """Add a line to the grammar; return its line number."""
    path = folder / "grammar" / "grammar.cfg"
    lines = path.read_text().splitlines()
    path.write_text("\n".join([*lines, text]) + "\n")
    return len(lines) + 1


def replace(folder, old: str, new: str) -> int:
    """Replace a line of the grammar; return its line number."""
    path = folder / "grammar" / "grammar.cfg"
    lines = path.read_text().splitlines()
    number = lines.index(old)
    lines[number] = new
    path.write_text("\n".join(lines) + "\n")
    return number + 1


def test_shipped_grammar_and_tiny_grammar_are_clean(tiny):
    assert lint(tiny, ("xs", "small")) == []
    assert english.lint(("xs", "small")) == []


PRONOUN = "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP '.'"


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP '.' | SUBJ 'is' 'a' JOB '.'",
            "undefined nonterminal JOB",
        ),
        ("OCC -> 'nurse' | 'nurze'", "word 'nurze' is missing from list occupations"),
        (
            "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP 'for' 'himself' '.'",
            "male word 'himself' (token",
        ),
        (
            "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP '.' | SUBJ 'is' 'a' OCC_NP '.'",
            "duplicate sentence",
        ),
        ("PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP 'OCC' '.'", "token 'OCC' looks like metadata"),
        (
            "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP 'gender=f' '.'",
            "token 'gender=f' looks like metadata",
        ),
        (
            "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP '.' | 'I' 'like' ADJ SUBJ '.'",
            "adjective slot ADJ must come right before",
        ),
        (
            "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC_NP '.' | SUBJ 'is' 'a' PRONOUN_SUBJECT",
            "recursive nonterminal",
        ),
    ],
)
def test_seeded_fault_in_a_production_is_caught_at_its_line(tiny, line, expected):
    if line.startswith("OCC ->"):
        number = append(tiny, line)
    else:
        number = replace(tiny, PRONOUN, line)
    problems = lint(tiny)
    assert any(expected in p for p in problems), problems
    found = next(p for p in problems if expected in p)
    assert found.startswith(f"{tiny / 'grammar' / 'grammar.cfg'}:"), found
    if "sentence" not in expected and "metadata" not in expected and "word '" not in expected:
        assert found.startswith(f"{tiny / 'grammar' / 'grammar.cfg'}:{number}:"), found


def test_unreachable_nonterminal(tiny):
    number = append(tiny, "ORPHAN -> 'x'")
    assert f"grammar.cfg:{number}: unreachable nonterminal ORPHAN" in "\n".join(lint(tiny))


def test_word_missing_from_list_names_the_line(tiny):
    number = append(tiny, "OCC -> 'nurze'")
    assert any(p.endswith("occupations.tsv)") and f"grammar.cfg:{number}:" in p for p in lint(tiny))


def test_imbalance_and_missing_twins(tiny):
    append(tiny, "SUBJ -> 'she'")
    problems = "\n".join(lint(tiny))
    line = 5  # PRONOUN_SUBJECT's production
    assert (
        f"grammar.cfg:{line}: pronoun_subject: 'She is a nurse.': no counterfactual twin"
        in problems
    )
    assert "gender imbalance: 16 female and 10 male sentences" in problems


def test_label_disagreeing_with_a_word_list_row(tiny):
    kinship = tiny / "wordlists" / "kinship.tsv"
    kinship.write_text(kinship.read_text().replace("sister\tbrother", "uncle\tbrother"))
    assert any("male word 'uncle'" in p and "labelled female" in p for p in lint(tiny))


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("-> COPULA_KINSHIP\n", "grammar.cfg:1: cannot parse production"),
        ("S -> 'unterminated\n", "grammar.cfg:1: cannot parse production"),
        ("# comment\n\nS -> X\nX Y\n", "grammar.cfg:4: cannot parse production: Expected an arrow"),
    ],
)
def test_broken_grammar_file_is_one_line_naming_file_and_line(tiny, text, message):
    (tiny / "grammar" / "grammar.cfg").write_text(text)
    with pytest.raises(GenError) as caught:
        lint(tiny)
    assert message in str(caught.value) and "\n" not in str(caught.value)


def test_broken_slot_table_and_word_list_name_their_line(tiny):
    slots = tiny / "grammar" / "slots.tsv"
    slots.write_text(slots.read_text().replace("occupation\t-", "job\t-"))
    with pytest.raises(GenError, match=r"slots.tsv:\d+: role: unknown role 'job'"):
        lint(tiny)
    shutil.copy(TINY / "grammar" / "slots.tsv", slots)
    (tiny / "wordlists" / "kinship.tsv").write_text("female\tmale\tset\nsister\tbrother\n")
    with pytest.raises(GenError, match=r"kinship.tsv:2: expected 3 tab-separated columns"):
        lint(tiny)


def test_cli_lint_prints_problems_and_exits_2(tiny):
    append(tiny, "ORPHAN -> 'x'")
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "gen",
            "lint",
            "--size",
            "xs",
            "--grammar-dir",
            str(tiny / "grammar"),
            "--wordlist-dir",
            str(tiny / "wordlists"),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert result.returncode == 2
    assert "unreachable nonterminal ORPHAN" in result.stdout
    assert result.stderr.strip() == "gen: error: lint found 1 problem(s)"


def test_build_catches_duplicates_across_parallel_shards(tiny, tmp_path):
    (tiny / "grammar" / "grammar.cfg").write_text(
        "S -> PRONOUN_SUBJECT | AGAIN\n"
        "PRONOUN_SUBJECT -> SUBJ 'is' 'a' OCC '.'\n"
        "AGAIN -> SUBJ 'is' 'a' OCC '.'\n"
    )
    built = english.build("xs", grammar_dir=tiny / "grammar", wordlist_dir=tiny / "wordlists")
    assert len(built.shards) == 2
    with pytest.raises(GenError, match="duplicate sentence across shards"):
        write_set(tmp_path / "set", built, parallel=True)
    assert not (tmp_path / "set").exists()
