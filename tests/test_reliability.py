"""Faults a user meets (issue 18): each ends in one line, `gen: error: WHERE: what`, exit 2,
no traceback, and loses no finished work; nothing is left behind by a command that failed
before it wrote a record. The numbers in the test names are the issue's items.
"""

from __future__ import annotations

import errno
import json
import re
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from conftest import REPO
from conftest import run_gen as gen

from checker.pipeline.run import CheckOptions, check
from common.io import atomic_write
from common.outputs import partial_path
from scores.summary import SummaryBuilder

FAKES = [
    "--tagger",
    "tests.checker_fakes:FakeTagger",
    "--aligner",
    "tests.checker_fakes:FakeAligner",
]
FAKE = CheckOptions(tagger=FAKES[1], aligner=FAKES[3], chunk_size=2)


def record(number: int, **changes) -> dict:
    row = {
        "id": f"r{number}",
        "text": "The editor is her brother.",
        "translation": "El editor es su hermano.",
        "expected_gender": "male",
        "occupation": {"text": "editor", "index": 1},
        "lang": "es",
    }
    return {**row, **changes}


def write_records(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def one_line_error(run: subprocess.CompletedProcess, *parts: str) -> str:
    """The run failed with exit 2 and one line, `gen: error: ...`, holding every part."""
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("gen: error: "), run.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    return lines[0]


def leftovers(folder: Path, *keep: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name not in keep)


@pytest.fixture
def source(tmp_path: Path) -> Path:
    return write_records(tmp_path / "in.jsonl", [record(n) for n in range(6)])


# 1, 2: what a run does with an existing output and an interrupted run's work area


def test_1_resume_into_a_finished_run_changes_nothing_and_says_so(tmp_path, source):
    out = tmp_path / "o"
    check(source, out=out, options=FAKE, summary=SummaryBuilder())
    before = (out / "results.jsonl").read_bytes()
    run = gen("check", source, "--out", out, "--resume", *FAKES)
    one_line_error(run, str(out), "already finished", "--force")
    assert (out / "results.jsonl").read_bytes() == before


def test_2_a_leftover_partial_is_named_not_discarded(tmp_path, source):
    out = tmp_path / "o"
    partial = partial_path(out)
    partial.mkdir()
    (partial / "chunk-000000.jsonl").write_text("{}\n")
    run = gen("check", source, "--out", out, *FAKES)
    one_line_error(run, partial.name, "--resume", "--force")
    assert (partial / "chunk-000000.jsonl").exists()
    assert gen("check", source, "--out", out, "--force", *FAKES).returncode == 0
    assert not partial.exists() and len((out / "results.jsonl").read_text().splitlines()) == 6


def test_2_translate_keeps_an_existing_output_unless_forced(tmp_path, source):
    out = tmp_path / "t.jsonl"
    out.write_text("precious\n")
    run = gen("translate", source, "--to", "es", "--out", out)
    one_line_error(run, str(out), "--force")
    run = gen("translate", source, "--to", "es", "--out", out, "--force")
    one_line_error(run, str(out), "was not written by gen translate")  # a user's file
    assert out.read_text() == "precious\n"
    assert leftovers(tmp_path) == ["in.jsonl", "t.jsonl"]
    out.unlink()
    assert gen("translate", source, "--to", "es", "--out", out).returncode == 0
    first = out.read_text()
    run = gen("translate", source, "--to", "es", "--out", out, "--force")  # gen's own
    assert run.returncode == 0, run.stderr
    assert out.read_text() == first and (tmp_path / "t.txt").exists()


# 3: bytes that are not UTF-8


def latin1(path: Path, rows: list[dict]) -> Path:
    text = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
    path.write_bytes(text.encode("latin-1"))
    return path


def test_3_latin1_records_name_file_line_and_byte(tmp_path):
    bad = latin1(tmp_path / "in.jsonl", [record(0), record(1, translation="El editor é")])
    run = gen("check", bad, "--out", tmp_path / "o", *FAKES)
    one_line_error(run, f"{bad}:2:", "not UTF-8", "0xE9")
    assert leftovers(tmp_path) == ["in.jsonl"]
    run = gen("check", bad, "--out", tmp_path / "o", "--skip-invalid", *FAKES)
    assert run.returncode == 0, run.stderr
    rejects = (tmp_path / "o" / "rejects.jsonl").read_text().splitlines()
    assert len(rejects) == 1 and json.loads(rejects[0])["line"] == 2


def test_3_latin1_hyp_and_translate_input_and_word_list(tmp_path, source):
    hyp = tmp_path / "hyp.txt"
    hyp.write_bytes(b"uno\ndos\ntr\xe9s\ncuatro\ncinco\nseis\n")
    one_line_error(gen("check", source, "--hyp", hyp, *FAKES), f"{hyp}:3:", "not UTF-8")
    run = gen("check", source, "--hyp", hyp, "--skip-invalid", "--out", tmp_path / "o", *FAKES)
    assert run.returncode == 0 and "translation" in (tmp_path / "o" / "rejects.jsonl").read_text()

    bad = latin1(tmp_path / "set.jsonl", [{"id": "a", "text": "Le café"}])
    one_line_error(gen("translate", bad, "--to", "es"), f"{bad}:1:", "not UTF-8")

    lists = copy_wordlists(tmp_path)
    adjectives = lists / "adjectives.tsv"
    adjectives.write_bytes(adjectives.read_bytes().replace(b"gentle", b"gentl\xe9"))
    run = gen("build", "--size", "xs", "--wordlist-dir", lists, "--out", tmp_path / "set")
    one_line_error(run, str(adjectives), "not UTF-8")


def test_3_latin1_mt_geneval_hypotheses(tmp_path):
    from scores.mtgeneval.dataset import CONTEXT_SEPARATOR, contextual_files

    files = contextual_files(tmp_path / "mt-geneval", "es", "dev")
    files["source"].parent.mkdir(parents=True)
    files["source"].write_text(f"She is here. {CONTEXT_SEPARATOR} The editor is tall.\n")
    files["original"].write_text("La editora es alta.\n")
    files["flipped"].write_text("El editor es alto.\n")
    hyp = tmp_path / "hyp.txt"
    hyp.write_bytes(b"La editora es \xe9lta.\n")
    run = gen("mt-geneval", hyp, "--mt-geneval", tmp_path / "mt-geneval", "--lang", "es")
    one_line_error(run, f"{hyp}:1:", "not UTF-8")


# 4: outputs the system refuses


@pytest.mark.parametrize("where", ["proc", "file_parent"])
def test_4_unwritable_output_is_one_line_and_leaves_nothing(tmp_path, source, where):
    if where == "proc":
        out = Path("/proc/gen-test-out")
    else:
        (tmp_path / "afile").write_text("x")
        out = tmp_path / "afile" / "o"
    one_line_error(gen("check", source, "--out", out, *FAKES), str(out.parent))
    assert leftovers(tmp_path, "afile") == ["in.jsonl"]
    one_line_error(gen("translate", source, "--to", "es", "--out", out / "t.jsonl"))
    assert leftovers(tmp_path, "afile") == ["in.jsonl"]


def test_4_full_disk_before_any_record_leaves_no_partial(tmp_path, source, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device", str(tmp_path / "o"))

    monkeypatch.setattr("checker.pipeline.run.atomic_write", full)
    with pytest.raises(OSError):
        check(source, out=tmp_path / "o", options=FAKE)
    assert leftovers(tmp_path) == ["in.jsonl"]


# 5: word lists


def copy_wordlists(tmp_path: Path) -> Path:
    return Path(shutil.copytree(REPO / "wordlists" / "en", tmp_path / "lists"))


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (b"secretary\t92", b"secretary\t188", ["share_women", "188", "0 to 100"]),
        (b"secretary\t92", b"secretary\tmany", ["share_women", "'many'", "not a number"]),
        (b"occupation\tshare_women", b"occupation\tshare_womn", ["share_women", "header"]),
    ],
)
def test_5_word_list_values_and_columns(tmp_path, old, new, expected):
    lists = copy_wordlists(tmp_path)
    occupations = lists / "occupations.tsv"
    occupations.write_bytes(occupations.read_bytes().replace(old, new, 1))
    run = gen("build", "--size", "xs", "--wordlist-dir", lists, "--out", tmp_path / "set")
    line = one_line_error(run, *expected)
    assert re.match(rf"gen: error: {re.escape(str(occupations))}:1[01]: ", line), line
    assert not (tmp_path / "set").exists()


# 6: a model folder without a model


def test_6_model_folder_without_a_model(tmp_path, source):
    (tmp_path / "model").mkdir()
    run = gen(
        "translate", source, "--to", "es", "--engine", "huggingface", "--model", tmp_path / "model"
    )
    one_line_error(run)
    assert leftovers(tmp_path, "model") == ["in.jsonl"]


# 7: Ctrl-C reaches lt-proc too: its writer thread must not die with a traceback


def test_7_lt_proc_gone_mid_write_raises_no_thread_traceback():
    from checker.backends.apertium import ApertiumAnalyser

    analyser = ApertiumAnalyser.__new__(ApertiumAnalyser)  # an lt-proc that stops reading
    analyser.package = "test"
    analyser._process = subprocess.Popen(
        ["sleep", "0.3"], stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    crashed: list[BaseException] = []
    hook, threading.excepthook = threading.excepthook, lambda args: crashed.append(args.exc_value)
    try:
        with pytest.raises(RuntimeError, match="stopped answering"):
            list(analyser._answer("word " * 200_000))  # more than a pipe holds
        for thread in threading.enumerate():
            if thread is not threading.current_thread():
                thread.join(timeout=5)
    finally:
        threading.excepthook = hook
        analyser._process.stdout.close()
    assert crashed == []


# 8: a damaged state.json


def test_8_torn_state_json_on_resume(tmp_path, source):
    partial = partial_path(tmp_path / "o")
    partial.mkdir()
    (partial / "state.json").write_text('{"fingerprint": "ab')
    run = gen("check", source, "--out", tmp_path / "o", "--resume", *FAKES)
    one_line_error(run, "state.json", "--force")


# 9, 10, 11: input that must not be checked as it is


def test_9_repeated_ids_name_both_lines(tmp_path):
    rows = [record(0), record(1), record(0)]
    source = write_records(tmp_path / "in.jsonl", rows)
    one_line_error(gen("check", source, *FAKES), f"{source}:3:", "'r0'", "line 1")
    one_line_error(gen("translate", source, "--to", "es"), f"{source}:3:", "line 1")
    run = gen("check", source, "--skip-invalid", "--out", tmp_path / "o", *FAKES)
    assert run.returncode == 0 and "(2 records)" in run.stdout


def test_9_the_same_folder_twice(tmp_path, source):
    check(source, out=tmp_path / "o", options=FAKE, summary=SummaryBuilder())
    run = gen("report", tmp_path / "o", tmp_path / "o" / ".", "--out", tmp_path / "r")
    one_line_error(run, "given twice")


def test_10_occupation_text_must_be_the_indexed_token(tmp_path):
    row = record(0, occupation={"text": "editor", "index": 3})
    source = write_records(tmp_path / "in.jsonl", [row])
    one_line_error(gen("check", source, *FAKES), f"{source}:1:", "occupation.text", "'her'")


def test_11_empty_input(tmp_path):
    empty = tmp_path / "in.jsonl"
    empty.write_text("\n")
    one_line_error(gen("check", empty, "--lang", "es", *FAKES), str(empty), "empty")
    one_line_error(gen("translate", empty, "--to", "es"), str(empty), "empty")
    assert leftovers(tmp_path) == ["in.jsonl"]


# 12: messages that say what is wrong


def test_12_messages(tmp_path, source):
    lines = tmp_path / "list.jsonl"
    lines.write_text("[1, 2]\n")
    one_line_error(
        gen("check", lines, "--lang", "es", *FAKES), f"{lines}:1:", "JSON object", "list"
    )
    missing = write_records(
        tmp_path / "m.jsonl", [{k: v for k, v in record(0).items() if k != "expected_gender"}]
    )
    line = one_line_error(gen("check", missing, *FAKES), "expected_gender", "missing")
    assert "None" not in line
    one_line_error(gen("check", source, "--hyp", tmp_path, *FAKES), str(tmp_path), "folder")
    one_line_error(gen("check", source, "--bogus"), "--bogus", "gen check --help")
    grammar = Path(shutil.copytree(REPO / "grammars" / "en", tmp_path / "grammar"))
    cfg = grammar / "grammar.cfg"
    cfg.write_text(cfg.read_text().replace("DEM OCC 'is' 'my' KIN", "DEM OCCX 'is' 'my' KIN", 1))
    run = gen("lint", "--size", "xs", "--grammar-dir", grammar)
    assert run.stdout.count("OCCX") == 1


def test_interrupt_is_one_line_and_exit_130(tmp_path, source, monkeypatch):
    code = (
        "import sys; from gen import cli; from checker.pipeline import run\n"
        "def stop(*a, **k): raise KeyboardInterrupt\n"
        "run.scan_input = stop\n"
        "sys.argv = ['gen', 'check', sys.argv[1], '--out', sys.argv[2]]\n"
        "cli.app(prog_name='gen')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(source), str(tmp_path / "o")],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    # before anything was labelled, nothing is kept (tests/test_check_progress.py: after)
    assert (
        run.returncode == 130 and run.stderr.strip() == "gen: interrupted: nothing was labelled yet"
    )


# 13: eflomal's files and process


def test_13_eflomal_dies_with_gen_and_writes_in_the_work_area(tmp_path, monkeypatch):
    pytest.importorskip("eflomal")
    from checker.backends.eflomal_aligner import EflomalAligner
    from common.outputs import temporary_files_in

    seen = []
    real = subprocess.run

    def spy(args, **kwargs):
        if any("eflomal" in str(arg) for arg in args):
            seen.append(list(map(str, args)))
        return real(args, **kwargs)

    monkeypatch.setattr(subprocess, "run", spy)
    with temporary_files_in(tmp_path):
        EflomalAligner("es", {}).align([["the", "editor"]] * 3, [["el", "editor"]] * 3)
    (args,) = seen
    if shutil.which("setpriv"):
        assert args[:4] == [shutil.which("setpriv"), "--pdeathsig", "KILL", "--"]
    files = [args[i + 1] for i, flag in enumerate(args) if flag in ("-s", "-t")]
    assert len(files) == 2 and all(f.startswith(str(tmp_path)) for f in files)


# 14: a user's own grammar and word lists


def test_14_build_from_own_grammar_and_word_lists(tmp_path):
    grammar = Path(shutil.copytree(REPO / "grammars" / "en", tmp_path / "grammar"))
    lists = copy_wordlists(tmp_path)
    run = gen(
        "build",
        "--size",
        "xs",
        "--grammar-dir",
        grammar,
        "--wordlist-dir",
        lists,
        "--out",
        tmp_path / "set",
    )
    assert run.returncode == 0, run.stderr
    assert (tmp_path / "set" / "source.jsonl").is_file()
    cfg = grammar / "grammar.cfg"
    cfg.write_text(cfg.read_text().replace("DEM OCC 'is' 'my' KIN", "DEM OCCX 'is' 'my' KIN", 1))
    run = gen("build", "--size", "xs", "--grammar-dir", grammar, "--out", tmp_path / "set2")
    one_line_error(run, f"{cfg}:", "OCCX")
    assert not (tmp_path / "set2").exists()


def test_a_work_area_removed_when_a_run_fails_before_any_chunk(tmp_path, source):
    def fail(*args, **kwargs):
        raise RuntimeError("backend broke")

    with pytest.raises(RuntimeError):
        check(source, out=tmp_path / "o", options=FAKE, progress=fail)
    assert leftovers(tmp_path) == ["in.jsonl"]


def test_atomic_write_leaves_no_temporary_on_failure(tmp_path):
    with pytest.raises(ValueError), atomic_write(tmp_path / "x") as handle:
        handle.write("half")
        raise ValueError
    assert leftovers(tmp_path) == []


def test_4_disk_full_under_eflomal_is_named(tmp_path, monkeypatch):
    eflomal = pytest.importorskip("eflomal")
    from collections import namedtuple

    from checker.backends import eflomal_aligner

    def short(self, sources, targets, links_filename_fwd, links_filename_rev, **options):
        Path(links_filename_fwd).write_text("0-0\n")  # eflomal ran out of room mid-write
        Path(links_filename_rev).write_text("")

    usage = namedtuple("usage", "total used free")
    monkeypatch.setattr(eflomal.Aligner, "align", short)
    monkeypatch.setattr(eflomal_aligner.shutil, "disk_usage", lambda path: usage(1, 1, 0))
    aligner = eflomal_aligner.EflomalAligner("es", {})
    with pytest.raises(OSError) as raised:
        aligner.align([["the", "editor"]] * 2, [["el", "editor"]] * 2)
    assert raised.value.errno == errno.ENOSPC
