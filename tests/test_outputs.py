"""gen never deletes what it did not write (common/outputs.py): --force replaces only an
output the same command made, never its input, never a folder or file a user made; odd
output names (., .., a/..) fail in one line and leave nothing behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import REPO
from conftest import run_gen as gen
from conftest import run_gen_in as gen_in
from test_translate import UpperEngine
from test_translate import write_set as write_records

from common.errors import GenError
from common.outputs import (
    CHECK,
    MT_GENEVAL,
    REPORT,
    REPORT_MARK,
    SET,
    TRANSLATIONS,
    check_output,
    output_path,
    system_name,
)
from translator.run import translate_set

FAKES = [
    "--tagger",
    "tests.checker_fakes:FakeTagger",
    "--aligner",
    "tests.checker_fakes:FakeAligner",
]


def one_line_error(run: subprocess.CompletedProcess, *words: str) -> str:
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and run.stderr.startswith("gen: error: "), run.stderr
    assert "Traceback" not in run.stderr
    for word in words:
        assert word in run.stderr, run.stderr
    return run.stderr


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (hidden ones too) with its content."""
    return {
        str(path.relative_to(folder)): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def built_set(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("built") / "set"
    assert gen("build", "--size", "xs", "--out", folder).returncode == 0
    return folder


def copy_of(folder: Path, to: Path) -> Path:
    import shutil

    shutil.copytree(folder, to)
    return to


def hyp_for(set_folder: Path, name: str, into: Path | None = None) -> Path:
    """A 'translation' of every sentence (the English itself), one per line."""
    hyp = (into or set_folder) / name
    hyp.write_text((set_folder / "source.txt").read_text())
    return hyp


# What gen knows as its own (one row per kind of output)


def write_files(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


SIGNED = json.dumps({"signature": "set:sha256.x|version:1"})
KINDS = [
    (SET, {"manifest.json": json.dumps({"tool": "gen"}), "source.jsonl": "", "source.txt": ""}),
    (CHECK, {"summary.json": SIGNED, "summary.md": "", "results.jsonl": ""}),
    (MT_GENEVAL, {"summary.json": SIGNED, "summary.md": "", "segments.jsonl": ""}),
    (
        REPORT,
        {
            "report.md": f"# Gender translation report\n\n{REPORT_MARK}1.0 from 1 run(s)\n",
            "report.html": "",
            "figures/fig1.png": "",
            "tables/overall.tex": "",
        },
    ),
]


@pytest.mark.parametrize(("kind", "files"), KINDS, ids=lambda k: getattr(k, "command", ""))
def test_force_replaces_a_folder_the_same_command_wrote_and_nothing_else(tmp_path, kind, files):
    out = write_files(tmp_path / "out", files)
    assert check_output(out, kind, force=True) == out
    with pytest.raises(GenError, match="output exists; pass --force"):
        check_output(out, kind, force=False)
    for other, _ in KINDS:  # another command's output is not this one's
        if other is not kind:
            with pytest.raises(GenError, match=f"was not written by {other.command}"):
                check_output(out, other, force=True)
    (out / "thesis.tex").write_text("years of work")
    with pytest.raises(GenError, match="holds thesis.tex, which"):
        check_output(out, kind, force=True)


def test_foreign_entries_are_named_with_a_count_of_the_rest(tmp_path):
    out = write_files(tmp_path / "set", KINDS[0][1])
    for name in ("a.jsonl", "b.txt", "c.check/summary.json", "d", "e"):
        write_files(out, {name: "mine"})
    with pytest.raises(GenError) as refused:
        check_output(out, SET, force=True)
    assert "holds a.jsonl, b.txt, c.check/ and 2 more, which gen build did not write" in str(
        refused.value
    )


def test_a_report_folder_with_a_user_file_among_its_figures_is_refused(tmp_path):
    out = write_files(tmp_path / "report", dict(KINDS[3][1]))
    write_files(out, {"figures/notes.docx": "mine"})
    with pytest.raises(GenError, match="holds figures/notes.docx"):
        check_output(out, REPORT, force=True)


def test_translations_are_known_by_their_records_mt(tmp_path):
    ours = tmp_path / "es.jsonl"
    ours.write_text(json.dumps({"id": 1, "translation": "x", "mt": {"engine": "e"}}) + "\n")
    assert check_output(ours, TRANSLATIONS, force=True) == ours
    mine = tmp_path / "mine.jsonl"
    mine.write_text(json.dumps({"id": 1, "text": "x"}) + "\n")
    with pytest.raises(GenError, match="was not written by gen translate"):
        check_output(mine, TRANSLATIONS, force=True)
    with pytest.raises(GenError, match="is a folder, not an output of gen translate"):
        check_output(tmp_path, TRANSLATIONS, force=True)


def test_a_link_is_never_replaced(tmp_path):
    target = write_files(tmp_path / "real", KINDS[0][1])
    (tmp_path / "link").symlink_to(target)
    with pytest.raises(GenError, match="is a link"):
        check_output(tmp_path / "link", SET, force=True)


@pytest.mark.parametrize("given", [".", "..", "sub/..", "./", "../..", "/"])
def test_the_current_folder_and_those_above_it_are_refused(tmp_path, monkeypatch, given):
    (tmp_path / "sub").mkdir()
    monkeypatch.chdir(tmp_path / "sub" if given == "sub/.." else tmp_path)
    with pytest.raises(GenError, match="is the current folder or one above it"):
        output_path(given)


@pytest.mark.parametrize(
    ("given", "expected"), [("out/", "out"), ("out/.", "out"), ("a/../out", "out")]
)
def test_an_output_name_ending_in_a_slash_or_dot_is_the_folder(
    tmp_path, monkeypatch, given, expected
):
    monkeypatch.chdir(tmp_path)
    assert output_path(given) == Path(expected)


@pytest.mark.parametrize(
    ("folder", "lang", "system"),
    [
        ("apertium.es.check", "es", "apertium"),
        ("apertium-es", "es", "apertium"),
        ("google_de.check", "de", "google"),
        ("m2m100.check", "es", "m2m100"),
        ("es", "es", "es"),
        ("opus.fr.check", "es+fr", "opus.fr"),
    ],
)
def test_a_system_is_named_after_its_check_folder_less_check_and_language(folder, lang, system):
    assert system_name(folder, lang) == system


# Why 1 of issue 36, as a user meets it


def test_rebuilding_a_set_keeps_what_the_user_put_in_it(built_set, tmp_path):
    """`bash scripts/demo` re-run after a Catalan translation and a check folder were made
    inside its set: the set is refused, naming them, and they are all still there."""
    folder = copy_of(built_set, tmp_path / "set")
    write_files(folder, {"apertium.ca.jsonl": "{}", "apertium.ca.txt": "hola\n"})
    write_files(folder, {"apertium.ca.check/summary.json": SIGNED})
    before = tree(folder)
    run = gen("build", "--size", "xs", "--out", folder, "--force")
    one_line_error(run, "holds apertium.ca.check/, apertium.ca.jsonl, apertium.ca.txt", "move")
    assert tree(folder) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["set"]  # no staging left behind


def test_rebuilding_replaces_a_set_gen_built(built_set, tmp_path):
    folder = copy_of(built_set, tmp_path / "set")
    (folder / "source.txt").write_text("stale\n")
    assert gen("build", "--size", "xs", "--out", folder, "--force").returncode == 0
    assert tree(folder) == tree(built_set)


def test_build_never_replaces_a_folder_gen_did_not_write(tmp_path):
    precious = write_files(tmp_path / "precious", {"thesis.tex": "years of work"})
    run = gen("build", "--size", "xs", "--out", precious, "--force")
    one_line_error(run, "was not written by gen build")
    assert tree(precious) == {"thesis.tex": b"years of work"}


def test_check_never_replaces_its_input_set(built_set, tmp_path):
    folder = copy_of(built_set, tmp_path / "set")
    hyp = hyp_for(folder, "x.txt")
    before = tree(folder)
    run = gen("check", folder, "--hyp", hyp, "--lang", "es", "--out", folder, "--force", *FAKES)
    one_line_error(run, "holds the command's input")
    run = gen("check", folder, "--hyp", hyp, "--lang", "es", "--out", hyp, "--force", *FAKES)
    one_line_error(run, "is the command's input")
    assert tree(folder) == before


def test_check_never_turns_its_input_file_into_a_results_folder(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"id": 1, "text": "The editor left.", "translation": "x"}) + "\n")
    before = source.read_bytes()
    run = gen("check", source, "--lang", "es", "--out", source, "--force", *FAKES)
    one_line_error(run, "is the command's input")
    assert source.read_bytes() == before and sorted(os.listdir(tmp_path)) == ["in.jsonl"]


def test_check_into_another_commands_output_is_refused(built_set, tmp_path):
    folder = copy_of(built_set, tmp_path / "set")
    hyp = hyp_for(folder, "x.txt", into=tmp_path)
    run = gen("check", folder, "--hyp", hyp, "--lang", "es", "--out", built_set, "--force", *FAKES)
    one_line_error(run, "was not written by gen check")


def test_checking_several_hyps_of_one_set_gives_each_its_own_folder(built_set, tmp_path):
    folder = copy_of(built_set, tmp_path / "set")
    for name in ("apertium.es.txt", "google-es.txt"):
        run = gen("check", folder, "--hyp", hyp_for(folder, name), "--lang", "es", *FAKES)
        assert run.returncode == 0, run.stderr
    for stem in ("apertium.es", "google-es"):
        summary = json.loads((folder / f"{stem}.check" / "summary.json").read_text())
        assert summary["system"] == stem.split(".")[0].split("-")[0]
    # and the set is now a user's folder too: rebuilding it would lose the checks
    run = gen("build", "--size", "xs", "--out", folder, "--force")
    one_line_error(run, "holds apertium.es.check/, apertium.es.txt, google-es.check/")


ROWS = [
    {"id": 1, "text": "The editor left.", "translation": "El editor se fue.",
     "expected_gender": "male", "occupation": {"text": "editor"}},
]  # fmt: skip


def test_check_force_replaces_its_own_output(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in ROWS))
    out = tmp_path / "o"
    assert gen("check", source, "--lang", "es", "--out", out, *FAKES).returncode == 0
    assert gen("check", source, "--lang", "es", "--out", out, "--force", *FAKES).returncode == 0
    (out / "notes.md").write_text("mine")
    run = gen("check", source, "--lang", "es", "--out", out, "--force", *FAKES)
    one_line_error(run, "holds notes.md, which gen check did not write")
    assert (out / "notes.md").read_text() == "mine"


def test_translate_never_replaces_its_input_or_a_users_file(tmp_path):
    set_dir = write_records(tmp_path / "set")
    source = set_dir / "source.jsonl"
    before = tree(tmp_path)
    with pytest.raises(GenError, match="is the command's input"):
        translate_set(set_dir, UpperEngine(), source, force=True)
    mine = write_files(tmp_path, {"mine.jsonl": json.dumps({"id": 1}) + "\n"}) / "mine.jsonl"
    with pytest.raises(GenError, match="was not written by gen translate"):
        translate_set(set_dir, UpperEngine(), mine, force=True)
    # a hyp file alone (out.txt, no out.jsonl) is not known as gen's
    write_files(tmp_path, {"notes.txt": "mine"})
    with pytest.raises(GenError, match="is not beside an output of gen translate"):
        translate_set(set_dir, UpperEngine(), tmp_path / "notes.jsonl", force=True)
    assert tree(tmp_path) == {**before, "mine.jsonl": b'{"id": 1}\n', "notes.txt": b"mine"}
    # what gen translate wrote, it replaces
    out = tmp_path / "up.jsonl"
    translate_set(set_dir, UpperEngine(), out)
    translate_set(set_dir, UpperEngine(), out, force=True)
    assert out.is_file() and out.with_suffix(".txt").is_file()


def test_report_never_replaces_its_input_or_a_folder_it_did_not_write(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in ROWS))
    run_folder = tmp_path / "apertium-es"
    assert gen("check", source, "--lang", "es", "--out", run_folder, *FAKES).returncode == 0
    precious = write_files(tmp_path / "precious", {"thesis.tex": "years of work"})
    one_line_error(gen("report", run_folder, "--out", precious, "--force"), "was not written")
    assert tree(precious) == {"thesis.tex": b"years of work"}
    before = tree(run_folder)
    one_line_error(gen("report", run_folder, "--out", run_folder, "--force"), "is the command's")
    assert tree(run_folder) == before
    report = tmp_path / "report"
    assert gen("report", run_folder, "--out", report).returncode == 0
    # everything gen report writes is known as its own (common.outputs.REPORT lists it)
    rerun = gen("report", run_folder, "--out", report, "--force")
    assert rerun.returncode == 0, rerun.stderr


def test_mt_geneval_refuses_a_users_folder_before_scoring(tmp_path):
    precious = write_files(tmp_path / "precious", {"thesis.tex": "years of work"})
    run = gen(
        "mt-geneval", "--mt-geneval", tmp_path / "nowhere", "--lang", "es",
        "--references", "correct", "--out", precious, "--force",
    )  # fmt: skip
    one_line_error(run, "was not written by gen mt-geneval")


# Odd output names, from the folder the user is in (Why 3)


@pytest.mark.parametrize("given", [".", "..", "./", "sub/.."])
@pytest.mark.parametrize("command", ["build", "check", "report", "translate"])
def test_the_current_folder_as_output_is_one_line_and_leaves_nothing(
    built_set, tmp_path, command, given
):
    work = copy_of(built_set, tmp_path / "work")
    (work / "sub").mkdir()
    args = {
        "build": ["build", "--size", "xs"],
        "check": ["check", ".", "--hyp", "source.txt", "--lang", "es", *FAKES],
        "report": ["report", "."],
        "translate": ["translate", ".", "--to", "es"],
    }[command]
    before = tree(tmp_path)
    run = gen_in(work, *args, "--out", given, "--force")
    one_line_error(run, "is the current folder or one above it")
    assert tree(tmp_path) == before
    assert sorted(os.listdir(tmp_path)) == ["work"] and ".." not in "".join(os.listdir(work))


def test_an_output_ending_in_slash_dot_is_written_there(built_set, tmp_path):
    run = gen_in(tmp_path, "check", built_set, "--hyp", built_set / "source.txt", "--lang", "es",
                 "--out", "o/.", *FAKES)  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert sorted(os.listdir(tmp_path)) == ["o"] and (tmp_path / "o" / "summary.json").is_file()


def test_the_demo_run_again_keeps_what_the_user_added_to_its_set(built_set, tmp_path):
    """scripts/demo in a copy of the repository (its setup stood in for: nothing to install),
    run after a Catalan translation and its check were made inside runs/demo/set."""
    import shutil

    (tmp_path / "scripts").mkdir()
    shutil.copy(REPO / "scripts" / "demo", tmp_path / "scripts" / "demo")
    (tmp_path / "scripts" / "setup").write_text("true\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "gen").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m gen "$@"\n')
    (bin_dir / "gen").chmod(0o755)
    folder = copy_of(built_set, tmp_path / "runs" / "demo" / "set")
    write_files(folder, {"apertium.ca.jsonl": "{}\n", "apertium.ca.check/summary.json": SIGNED})
    before = tree(folder)
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}", "PYTHONPATH": str(REPO)}
    demo = subprocess.run(
        ["bash", "scripts/demo"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert demo.returncode == 0, demo.stderr
    assert "using the set already in runs/demo/set" in demo.stderr
    after = tree(folder)
    assert {name: after[name] for name in before} == before
    assert {"apertium.es.jsonl", "apertium.es.txt"} <= after.keys() - before.keys()
    assert (tmp_path / "runs" / "demo" / "check-es" / "summary.json").is_file()


def test_a_forced_run_interrupted_then_resumed_replaces_the_old_output(tmp_path):
    """`gen check --force` over a finished run, interrupted: the `--resume` it prints (without
    --force) finishes it over the old output, which the forced run had claimed."""
    from checker_fakes import CrashingTagger

    from checker.pipeline.run import CheckOptions, check
    from scores.summary import SummaryBuilder

    rows = [{**ROWS[0], "id": n} for n in range(12)]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(row) + "\n" for row in rows))
    fake = CheckOptions(tagger=FAKES[1], aligner=FAKES[3], chunk_size=4)
    crashing = CheckOptions(tagger="checker_fakes:CrashingTagger", aligner=FAKES[3], chunk_size=4)
    out = tmp_path / "o"
    check(source, out=out, lang="es", options=fake, summary=SummaryBuilder())
    (out / "results.jsonl").write_text("old\n")
    CrashingTagger.calls = 0
    with pytest.raises(KeyboardInterrupt):
        check(source, out=out, lang="es", options=crashing, force=True)
    check(source, out=out, lang="es", options=fake, summary=SummaryBuilder(), resume=True)
    assert len((out / "results.jsonl").read_text().splitlines()) == 12
    assert not (tmp_path / ".o.partial").exists()
