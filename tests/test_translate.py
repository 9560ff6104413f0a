"""gen translate: the chunked, resumable runner (with fake engines) and the command line."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

import pytest

from common.errors import GenError
from translator import registry
from translator.base import Engine, EngineError
from translator.registry import engine_class, load_engine, register_engine
from translator.run import EMPTY_SOURCE, journal_path, kept_translations, translate_set

TEXTS = [
    "That nurse is my brother.",
    "The baker is her mother.",
    "",
    "My sister is a doctor.",
    "BOOM goes the lawyer.",
    "The chef is his aunt.",
    "The clerk is my uncle.",
]


class UpperEngine(Engine):
    """Translates by upper-casing; fails on any chunk holding "BOOM"; counts its calls."""

    name = "upper"
    chunk_size = 2

    def __init__(self, source="en", target="xx", options=None) -> None:
        super().__init__(source, target, options or {})
        self.calls: list[list[str]] = []

    @property
    def metadata(self) -> dict:
        return {"engine": self.name, "model": "upper", "version": "1", "options": {}}

    def translate(self, texts: Sequence[str]) -> list[str]:
        self.calls.append(list(texts))
        if any("BOOM" in text for text in texts):
            raise EngineError("the engine exploded")
        return [text.upper() for text in texts]


class InterruptedEngine(UpperEngine):
    """Dies (like Ctrl-C) on its third call."""

    def translate(self, texts: Sequence[str]) -> list[str]:
        if len(self.calls) == 2:
            raise KeyboardInterrupt
        return super().translate(texts)


def write_set(folder, texts=TEXTS):
    """A hand-made set in the format gen build writes (docs/formats.md)."""
    folder.mkdir(parents=True, exist_ok=True)
    records = [{"id": f"t-{n:03d}", "text": text} for n, text in enumerate(texts)]
    (folder / "source.jsonl").write_text("".join(json.dumps(r) + "\n" for r in records))
    (folder / "source.txt").write_text("".join(text + "\n" for text in texts))
    (folder / "manifest.json").write_text(json.dumps({"size": "test", "records": len(texts)}))
    return folder


def read_output(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_records_keep_order_ids_and_fields(tmp_path):
    set_dir = write_set(tmp_path / "set")
    summary = translate_set(set_dir, UpperEngine(), tmp_path / "out.jsonl")
    records = read_output(tmp_path / "out.jsonl")
    assert [r["id"] for r in records] == [f"t-{n:03d}" for n in range(len(TEXTS))]
    assert [r["text"] for r in records] == TEXTS
    assert records[0]["translation"] == "THAT NURSE IS MY BROTHER."
    assert {r["lang"] for r in records} == {"xx"}
    assert records[0]["mt"] == {"engine": "upper", "model": "upper", "version": "1", "options": {}}
    hyp = (tmp_path / "out.txt").read_text().split("\n")
    assert hyp[:-1] == [r["translation"] for r in records] and hyp[-1] == ""
    assert (summary.records, summary.failed, summary.resumed) == (7, 2, 0)
    assert not journal_path(tmp_path / "out.jsonl").exists()


def test_a_failing_sentence_is_isolated_and_recorded_not_dropped(tmp_path):
    engine = UpperEngine()
    translate_set(write_set(tmp_path / "set"), engine, tmp_path / "out.jsonl")
    records = read_output(tmp_path / "out.jsonl")
    failed = {r["text"]: r["translation_error"] for r in records if "translation_error" in r}
    assert failed == {"": EMPTY_SOURCE, "BOOM goes the lawyer.": "the engine exploded"}
    assert records[5]["translation"] == "THE CHEF IS HIS AUNT."
    assert records[4]["translation"] == ""
    # The chunk ["My sister...", "BOOM..."] failed, then each half was retried alone;
    # the empty source never reached the engine.
    assert ["My sister is a doctor."] in engine.calls and "" not in sum(engine.calls, [])


def test_resume_redoes_only_unfinished_chunks_and_writes_the_same_output(tmp_path):
    set_dir = write_set(tmp_path / "set")
    translate_set(set_dir, UpperEngine(), tmp_path / "whole.jsonl")

    out = tmp_path / "resumed.jsonl"
    with pytest.raises(KeyboardInterrupt):
        translate_set(set_dir, InterruptedEngine(), out)
    assert not out.exists() and journal_path(out).exists()
    with pytest.raises(GenError, match="pass --resume"):
        translate_set(set_dir, UpperEngine(), out)

    engine = UpperEngine()
    summary = translate_set(set_dir, engine, out, resume=True)
    assert summary.resumed == 4  # two chunks of two were done before the interruption
    # Chunks of two: the first two were journaled, the third is translated again.
    assert engine.calls[0] == ["BOOM goes the lawyer.", "The chef is his aunt."]
    assert not set(sum(engine.calls, [])) & set(TEXTS[:4])
    assert out.read_bytes() == (tmp_path / "whole.jsonl").read_bytes()
    assert (tmp_path / "resumed.txt").read_bytes() == (tmp_path / "whole.txt").read_bytes()


def test_resume_survives_a_torn_last_journal_line(tmp_path):
    set_dir = write_set(tmp_path / "set")
    out = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        translate_set(set_dir, InterruptedEngine(), out)
    with open(journal_path(out), "a") as journal:
        journal.write('{"chunk": 2, "transla')
    summary = translate_set(set_dir, UpperEngine(), out, resume=True)
    assert summary.resumed == 4
    assert read_output(out)[6]["translation"] == "THE CLERK IS MY UNCLE."


def test_resume_refuses_a_journal_from_another_set(tmp_path):
    out = tmp_path / "out.jsonl"
    with pytest.raises(KeyboardInterrupt):
        translate_set(write_set(tmp_path / "a"), InterruptedEngine(), out)
    with pytest.raises(GenError, match="different input_sha256"):
        translate_set(write_set(tmp_path / "b", TEXTS[::-1]), UpperEngine(), out, resume=True)


def test_a_record_without_text_names_file_line_and_field(tmp_path):
    source = tmp_path / "records.jsonl"
    source.write_text('{"id": "a", "text": "Hi."}\n{"id": "b"}\n')
    with pytest.raises(GenError) as error:
        translate_set(source, UpperEngine(), tmp_path / "out.jsonl")
    assert str(error.value) == f"{source}:2: text: missing or not a string"


def test_engines_are_found_by_name_and_unknown_names_list_the_choices(monkeypatch):
    monkeypatch.setattr(registry, "ENGINES", dict(registry.ENGINES))  # not left registered
    register_engine("upper", f"{__name__}:UpperEngine")
    assert engine_class("upper") is UpperEngine
    assert load_engine("upper", "en", "xx", {}).target == "xx"
    with pytest.raises(GenError, match="choose one of: apertium, huggingface"):
        engine_class("moses")


def test_ctrl_c_names_the_translations_kept_and_the_resume_command(tmp_path, monkeypatch):
    from typer.testing import CliRunner

    import gen.commands.translate  # noqa: F401  (its --help names the real engines only)
    from gen.cli import app

    monkeypatch.setattr(registry, "ENGINES", dict(registry.ENGINES))  # not left registered
    register_engine("interrupted", f"{__name__}:InterruptedEngine")
    monkeypatch.setattr(sys, "argv", ["gen", "translate", "set", "--to", "xx"])
    folder = write_set(tmp_path / "set")
    out = tmp_path / "out.jsonl"
    arguments = ["translate", str(folder), "--to", "xx", "--engine", "interrupted", "--out"]
    result = CliRunner().invoke(app, [*arguments, str(out)])
    assert result.exit_code == 130, result.output
    assert result.output.strip().splitlines()[-1] == (
        "gen: interrupted: 4 translated records are kept: "
        "run `gen translate set --to xx --resume` to go on from there"
    )
    assert not out.exists() and kept_translations(out) == 4
