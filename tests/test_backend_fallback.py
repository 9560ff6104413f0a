"""`auto` passes over a neural backend that says it can run but fails to load (a Stanza folder
whose model files are empty, as an interrupted download leaves them), saying which and why in
a warning and in the signature; a backend or device the user named that cannot load is one
clear error. Never a run whose every record is inconclusive, exit 0."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("stanza")

from conftest import run_gen as gen  # noqa: E402
from test_stanza_tagger import fake_resources, install  # noqa: E402

from checker.backends import registry  # noqa: E402
from checker.backends.base import Tagger  # noqa: E402
from checker.backends.offline import OfflineTagger  # noqa: E402
from common.errors import GenError, MissingResourceError  # noqa: E402

SPANISH_MODELS = (
    "tokenize/ancora.pt",
    "mwt/ancora.pt",
    "pos/ancora_charlm.pt",
    "lemma/ancora_nocharlm.pt",
    "pretrain/conll17.pt",
    "forward_charlm/newswiki.pt",
)
ROWS = [
    ("The editor is her brother.", "El editor es su hermano.", "male"),
    ("The editor is her sister.", "La editora es su hermana.", "male"),
    ("The journalist is tall.", "La periodista es alta.", "female"),
]


@pytest.fixture
def broken_stanza(tmp_path: Path) -> Path:
    """Stanza's Spanish models, every file there but empty."""
    (tmp_path / "stanza").mkdir()
    folder = fake_resources(tmp_path / "stanza")
    install(folder, *SPANISH_MODELS)
    return folder


def test_auto_passes_over_a_tagger_that_fails_to_load(broken_stanza: Path) -> None:
    options = {"stanza_dir": str(broken_stanza), "device": "cpu"}
    assert registry.candidates(Tagger, "auto", "es", options) == ("stanza", "offline")
    tagger = registry.create(Tagger, "auto", "es", options)
    try:
        assert isinstance(tagger, OfflineTagger)
        (failure,) = tagger.passed_over
        assert failure.startswith("stanza failed to load (Stanza cannot load its es models")
        assert "\n" not in failure
        assert (
            registry.signature(tagger) == f"{tagger.signature}|passed over:stanza (failed to load)"
        )
        # the candidates auto was resolved to (by a cluster's client) behave alike
        again = registry.create(Tagger, ("stanza", "offline"), "es", options)
        assert isinstance(again, OfflineTagger) and again.passed_over == tagger.passed_over
        again.close()
    finally:
        tagger.close()
    with pytest.raises(MissingResourceError, match="Stanza cannot load its es models"):
        registry.create(Tagger, "stanza", "es", options)  # named: an error


def test_when_every_candidate_fails_to_load_it_is_an_error_not_an_unsupported_language(
    broken_stanza: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(registry.TAGGERS, "offline")
    options = {"stanza_dir": str(broken_stanza), "device": "cpu"}
    with pytest.raises(GenError, match="no tagger loads for 'es': stanza failed to load") as err:
        registry.create(Tagger, "auto", "es", options)
    assert not isinstance(err.value, MissingResourceError)


def test_a_gpu_asked_for_where_there_is_none_is_an_error_even_under_auto(
    broken_stanza: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import torch

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    options = {"stanza_dir": str(broken_stanza), "device": "cuda"}
    with pytest.raises(GenError, match="--device cuda: torch sees no GPU") as err:
        registry.create(Tagger, "auto", "es", options)
    assert not isinstance(err.value, MissingResourceError)


def jsonl(path: Path) -> Path:
    rows = [
        {"id": f"r{i}", "text": text, "translation": translation, "expected_gender": gender,
         "occupation": {"text": text.split()[1]}}
        for i, (text, translation, gender) in enumerate(ROWS)
    ]  # fmt: skip
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    return path


def test_check_with_an_unusable_stanza_folder_falls_back_to_the_offline_analyser(
    broken_stanza: Path, tmp_path: Path
) -> None:
    source = jsonl(tmp_path / "in.jsonl")
    common = ("check", source, "--lang", "es", "--stanza-dir", broken_stanza, "--device", "cpu",
              "--aligner", "tests.checker_fakes:FakeAligner")  # fmt: skip
    run = gen(*common, "--out", tmp_path / "auto")
    assert run.returncode == 0, run.stderr
    warnings = [line for line in run.stdout.splitlines() if "stanza failed to load" in line]
    assert len(warnings) == 1 and warnings[0].endswith("; using offline instead"), run.stdout
    assert "Cannot load model from" in warnings[0] and run.stderr == ""  # Stanza's log, folded
    labels = [json.loads(line)["label"] for line in (tmp_path / "auto/results.jsonl").open()]
    assert labels.count("inconclusive") < len(labels)
    summary = json.loads((tmp_path / "auto/summary.json").read_text())
    assert "|passed over:stanza (failed to load)|" in summary["signature"]

    named = gen(*common, "--tagger", "stanza", "--out", tmp_path / "named")
    assert named.returncode == 2 and named.stderr.count("\n") == 1, named.stderr
    assert named.stderr.startswith("gen: error: Stanza cannot load its es models")
    assert not (tmp_path / "named").exists()


@pytest.mark.parametrize(
    ("device", "gpus", "slot", "resolved"),
    [
        ("auto", 0, None, "cpu"),
        (None, 1, 3, "cuda"),  # one GPU: every worker shares it
        ("auto", 2, None, "cuda"),  # one process
        ("auto", 2, 0, "cuda:0"),
        ("auto", 2, 3, "cuda:1"),  # worker 3 of a local cluster, 2 GPUs
        ("cuda", 4, 2, "cuda:2"),
        ("cuda:1", 4, 2, "cuda:1"),  # a GPU named by the user is kept
        ("cpu", 4, 2, "cpu"),
    ],
)
def test_local_workers_are_placed_on_different_gpus(
    monkeypatch: pytest.MonkeyPatch, device: str | None, gpus: int, slot: int | None, resolved: str
) -> None:
    import torch

    from checker.backends import device as devices

    monkeypatch.setattr(torch.cuda, "is_available", lambda: gpus > 0)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: gpus)
    monkeypatch.setattr(devices, "worker_slot", lambda: slot)
    assert devices.resolve_device(device) == resolved


def test_outside_a_dask_worker_there_is_no_slot() -> None:
    from checker.backends.device import worker_slot

    assert worker_slot() is None


def test_workers_auto_budgets_stanzas_models_for_the_language(tmp_path: Path) -> None:
    from checker.backends.stanza_tagger import StanzaTagger

    folder = fake_resources(tmp_path)
    install(folder, *SPANISH_MODELS)
    for number, model in enumerate(SPANISH_MODELS, 1):
        (folder / "es" / model).write_bytes(b"x" * number * 1000)
    options = {"stanza_dir": str(folder)}
    assert StanzaTagger.model_bytes("es", options) == 21_000  # the six files
    assert StanzaTagger.model_bytes(None, options) == 0  # no language named: not known
    assert registry.model_bytes(Tagger, "auto", "es", options) == 21_000
    assert registry.model_bytes(Tagger, "offline", "es", options) == 0
