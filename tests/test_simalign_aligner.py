"""The batched SimAlign backend gives exactly SimAlign's own alignments.

A tiny random BERT and a WordPiece tokenizer are built and saved inside the test (no
download); its alignments mean nothing linguistically, but both implementations must agree
link for link, whatever the batch size.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("simalign")
pytest.importorskip("transformers")

from simalign import SentenceAligner  # noqa: E402
from transformers import BertConfig, BertModel, BertTokenizer  # noqa: E402

from checker.backends.simalign_aligner import (  # noqa: E402
    METHODS,
    SimAlignAligner,
    _model_is_local,
)
from common.errors import GenError, MissingResourceError  # noqa: E402

WORDS = (
    "the that my his her is was a an nurse doctor baker brother sister mother father "
    "el la mi su es era un una enfermera enfermero médico médica panadero hermano hermana "
    "madre padre strong kind fuerte amable . , del de"
).split()
PIECES = ["##s", "##a", "##o", "##er", "##ora", "##ero", "##ista", "period", "lab", "##or"]

PAIRS = [
    ("That nurse is my brother .", "Ese enfermero es mi hermano ."),
    ("The doctor is her strong mother .", "La médica es su madre fuerte ."),
    ("That laborer is his kind sister .", "La laboradora es su hermana amable ."),
    ("The periodista is my father .", "El periodista es mi padre ."),
    ("a baker", "un panadero del pueblo"),
    ("nurse", "enfermera"),
    ("The baker is her mother , the doctor is his father .", "El panadero es su madre ."),
    ("That nurse is my brother .", "Ese enfermero es mi hermano ."),  # a repeated pair
]


#: Every test here runs a tiny model: one torch thread (conftest's one_thread).
pytestmark = pytest.mark.usefixtures("one_thread")


@pytest.fixture(scope="module")
def tiny_bert(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 4-layer BERT with hidden size 32 and a 60-entry vocabulary, saved like a hub model."""
    import torch

    folder = tmp_path_factory.mktemp("tiny-bert")
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *WORDS, *PIECES]
    ids = {token: i for i, token in enumerate(vocab)}
    tokenizer = BertTokenizer(vocab=ids, do_lower_case=False)
    tokenizer.save_pretrained(folder)
    torch.manual_seed(0)
    config = BertConfig(
        vocab_size=len(vocab),
        hidden_size=32,
        num_hidden_layers=4,
        num_attention_heads=4,
        intermediate_size=64,
        max_position_embeddings=64,
    )
    BertModel(config).save_pretrained(folder)
    return folder


def split(pairs: list[tuple[str, str]]) -> tuple[list[list[str]], list[list[str]]]:
    return [s.split() for s, _ in pairs], [t.split() for _, t in pairs]


@pytest.mark.parametrize("method", list(METHODS))
@pytest.mark.parametrize("layer", [2, 4])
@pytest.mark.parametrize("batch_size", [1, 3, 64])
def test_batched_alignments_equal_simalign_one_pair_at_a_time(
    tiny_bert: Path, method: str, layer: int, batch_size: int
) -> None:
    reference = SentenceAligner(
        model=str(tiny_bert), token_type="bpe", matching_methods="mai", layer=layer
    )
    aligner = SimAlignAligner(
        "es",
        {
            "align_model": str(tiny_bert),
            "align_method": method,
            "align_layer": layer,
            "batch_size": batch_size,
            "device": "cpu",
        },
    )
    sources, targets = split(PAIRS)
    expected = [
        frozenset(reference.get_word_aligns(source, target)[METHODS[method]])
        for source, target in zip(sources, targets, strict=True)
    ]
    assert aligner.align(sources, targets) == expected
    assert all(expected)  # the comparison is not between empty alignments


def test_links_are_word_indices_and_empty_sentences_have_none(tiny_bert: Path) -> None:
    aligner = SimAlignAligner("es", {"align_model": str(tiny_bert), "align_layer": 4})
    sources, targets = split(PAIRS)
    alignments = aligner.align(sources, targets)
    for source, target, links in zip(sources, targets, alignments, strict=True):
        assert all(0 <= i < len(source) and 0 <= j < len(target) for i, j in links)
    one_by_one = SimAlignAligner(
        "es", {"align_model": str(tiny_bert), "align_layer": 4, "batch_size": 1}
    )
    assert one_by_one.align(sources * 5, targets * 5) == alignments * 5  # in chunks of 32 pairs
    assert aligner.align([[], ["nurse"]], [["enfermera"], []]) == [frozenset(), frozenset()]
    assert aligner.align([], []) == []


def test_signature_names_model_layer_and_method(tiny_bert: Path) -> None:
    options = {"align_model": str(tiny_bert), "align_method": "match", "align_layer": 3}
    signature = SimAlignAligner("es", options).signature
    assert signature.startswith("simalign:") and f"|model:{tiny_bert}|layer:3|" in signature
    assert signature.endswith("|method:match|float32")


def test_bad_options_are_one_line_errors(tiny_bert: Path) -> None:
    with pytest.raises(GenError, match="align_method: unknown method 'best'"):
        SimAlignAligner("es", {"align_model": str(tiny_bert), "align_method": "best"})
    with pytest.raises(GenError, match="align_layer: .* has 4 layers"):
        SimAlignAligner("es", {"align_model": str(tiny_bert), "align_layer": 9})
    aligner = SimAlignAligner("es", {"align_model": str(tiny_bert), "align_layer": 3})
    with pytest.raises(GenError, match="2 source sentences but 1 target"):
        aligner.align([["a"], ["a"]], [["un"]])


def test_missing_model_says_how_to_get_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    options = {"align_model": "no-such-org/no-such-bert"}
    reason = SimAlignAligner.unavailable("es", options)
    assert "hf download no-such-org/no-such-bert" in reason and "--align-model DIR" in reason
    assert SimAlignAligner.unavailable("es", {"align_model": str(tmp_path)}) is not None
    with pytest.raises(MissingResourceError, match="hf download"):
        SimAlignAligner("es", options)
    assert SimAlignAligner.unavailable("es", {**options, "download": True}) is None


def test_half_precision_runs_and_says_so_in_the_signature(tiny_bert: Path) -> None:
    aligner = SimAlignAligner(
        "es", {"align_model": str(tiny_bert), "align_layer": 4, "half": True, "device": "cpu"}
    )
    assert aligner.signature.endswith("|bfloat16")  # float16 on a GPU
    sources, targets = split(PAIRS)
    for source, target, links in zip(
        sources, targets, aligner.align(sources, targets), strict=True
    ):
        assert links and all(0 <= i < len(source) and 0 <= j < len(target) for i, j in links)


def test_auto_takes_simalign_where_its_model_is_and_eflomal_elsewhere(
    tiny_bert: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from checker.backends import registry
    from checker.backends.base import Aligner, Tagger
    from checker.backends.eflomal_aligner import EflomalAligner
    from checker.backends.offline import OfflineTagger

    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    present = {"align_model": str(tiny_bert), "align_layer": 4}
    absent = {"align_model": str(tmp_path / "no-model"), "stanza_dir": str(tmp_path)}
    assert isinstance(registry.create(Aligner, "auto", "es", present), SimAlignAligner)
    assert isinstance(registry.create(Aligner, "auto", "es", absent), EflomalAligner)
    tagger = registry.create(Tagger, "auto", "es", absent)  # no Stanza models in tmp_path
    assert isinstance(tagger, OfflineTagger)
    tagger.close()


def test_a_cached_hub_model_is_found_as_huggingface_hub_finds_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Read without huggingface_hub's HTTP client, the cache gives the same answer."""
    from huggingface_hub import constants, try_to_load_from_cache

    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path))
    repo = tmp_path / "models--some-org--some-bert"
    (repo / "refs").mkdir(parents=True)
    (repo / "refs" / "main").write_text("abc123")
    (repo / "snapshots" / "abc123").mkdir(parents=True)

    def found(model: str) -> tuple[bool, bool]:
        theirs = try_to_load_from_cache(model, "config.json", cache_dir=str(tmp_path))
        return _model_is_local(model), isinstance(theirs, str)

    assert found("some-org/some-bert") == (False, False)
    (repo / "snapshots" / "abc123" / "config.json").write_text("{}")
    assert found("some-org/some-bert") == (True, True)
    assert found("some-org/other-bert") == (False, False)


def test_layer_0_reaches_the_model_and_the_signature(tiny_bert: Path) -> None:
    """``--align-layer 0`` (the embedding layer) is an option set, though ``0 == False``."""
    from gen.commands.options import backend_options

    parameters = dict.fromkeys(
        ("align_model", "align_method", "stanza_dir", "device", "batch_size"), None
    )
    parameters |= {"align_layer": 0, "depparse": False, "half": False, "download": False}
    options = backend_options(parameters)
    assert options == {"align_layer": 0}
    aligner = SimAlignAligner("es", {**options, "align_model": str(tiny_bert)})
    assert "|layer:0|" in aligner.signature
    reference = SentenceAligner(
        model=str(tiny_bert), token_type="bpe", matching_methods="i", layer=0
    )
    sources, targets = split(PAIRS)
    expected = [
        frozenset(reference.get_word_aligns(source, target)["itermax"])
        for source, target in zip(sources, targets, strict=True)
    ]
    assert aligner.align(sources, targets) == expected


@pytest.mark.parametrize("declared", [True, False])
def test_a_line_longer_than_the_model_reads_is_aligned_cut_with_a_note(
    tiny_bert: Path, tmp_path: Path, declared: bool
) -> None:
    """A 2,000-subword line (an MT hallucination loop) with a 64-position model, whose
    tokenizer config does or does not set model_max_length: cut, not a size-mismatch crash."""
    import json
    import shutil

    from checker.pipeline.stages import noted
    from checker.rules.verdict import Verdict

    model = tmp_path / "model"
    shutil.copytree(tiny_bert, model)
    config_file = model / "tokenizer_config.json"
    config = json.loads(config_file.read_text())
    config.pop("model_max_length", None)
    if declared:
        config["model_max_length"] = 64
    config_file.write_text(json.dumps(config))
    aligner = SimAlignAligner("es", {"align_model": str(model), "align_layer": 2})
    assert aligner.max_length == 64
    long_target = ("el médico es mi hermano . " * 400).split()  # 2,400 subwords
    assert len(aligner._tokenizer(long_target, is_split_into_words=True)["input_ids"]) > 2000
    sources, targets = split(PAIRS[:2])
    alignments = aligner.align([sources[0], *sources], [long_target, *targets])
    assert all(alignments)
    assert list(alignments.notes) == [0]  # only the long pair is noted
    index, why = alignments.notes[0]
    # 64 positions less [CLS] and [SEP]: 62 subwords, some words have two
    assert 31 <= index <= 62 and all(j < index for _, j in alignments[0])
    assert f"of the translation's {len(long_target)} the first {index} are aligned" in why
    limit = "model_max_length" if declared else "max_position_embeddings"
    assert limit in why
    from checker.backends.base import Analysis, TaggedSentence, Word

    sentence = TaggedSentence(
        tuple(Word(w, (Analysis(w, "X", frozenset(), ""),)) for w in long_target)
    )  # noqa: E501
    (note,) = noted(Verdict("inconclusive"), sentence, index, why).evidence
    assert (note.index, note.text, note.role) == (index, long_target[index], "truncated")


@pytest.mark.parametrize("aligner", ["simalign", "auto"])
def test_one_model_serves_every_language_of_a_run(tiny_bert: Path, aligner: str) -> None:
    """One mBERT in memory for a multilingual run, not one copy per language."""
    from collections import Counter

    from checker.pipeline.stages import build_backends

    backends = build_backends(
        Counter({"es": 2, "ru": 1, "de": 1}),
        tagger="tests.checker_fakes:FakeTagger",
        aligner=aligner,
        backend_options={"align_model": str(tiny_bert), "align_layer": 2},
        warn=print,
    )
    es, ru, de = (backends[lang].aligner for lang in ("es", "ru", "de"))
    assert isinstance(es, SimAlignAligner) and es is ru is de


def test_workers_auto_budgets_the_model_on_top_of_the_common_share(tiny_bert: Path) -> None:
    from common.cluster import WORKER_MEMORY
    from gen.commands.options import AUTO_WORKER_COUNT, checker_worker_memory

    weights = sum(path.stat().st_size for path in tiny_bert.glob("*.safetensors"))
    options = {"align_model": str(tiny_bert)}
    assert weights > 0
    assert SimAlignAligner.model_bytes("es", options) == weights
    need = checker_worker_memory(AUTO_WORKER_COUNT, "offline", "auto", "es", options)
    assert need == WORKER_MEMORY + weights
    assert checker_worker_memory(AUTO_WORKER_COUNT, "offline", "eflomal", "es", options) == (
        WORKER_MEMORY
    )
    assert checker_worker_memory(2, "offline", "auto", "es", options) == WORKER_MEMORY
