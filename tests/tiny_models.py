"""Tiny randomly initialised Marian and M2M-100 models with tokenizers, built offline in a second.

Its translations are nonsense; what it exercises is the real path: AutoTokenizer and
AutoModelForSeq2SeqLM loading a local folder, padding, batching and generation. The
sentencepiece models are trained here on a few sentences (transformers 5 ignores vocabulary
files passed to some tokenizers' constructors, so the files are made, then loaded).
"""

from __future__ import annotations

import io
import json
from pathlib import Path

CORPUS = [
    "That nurse is my brother.",
    "The baker is her mother.",
    "My sister is a careful doctor.",
    "Esa enfermera es mi hermana.",
    "El panadero es su madre.",
    "Mi hermano es un médico cuidadoso.",
]

# Large initial weights, so that the random model's output depends on its input.
TINY = dict(
    d_model=16,
    encoder_layers=1,
    decoder_layers=1,
    encoder_attention_heads=2,
    decoder_attention_heads=2,
    encoder_ffn_dim=32,
    decoder_ffn_dim=32,
    max_position_embeddings=128,
    init_std=1.0,
)


def _sentencepiece_model(path: Path, vocab: dict[str, int]) -> None:
    """Train a sentencepiece model on CORPUS into ``path``; add its pieces to ``vocab``."""
    import sentencepiece

    model = io.BytesIO()
    sentencepiece.SentencePieceTrainer.train(
        sentence_iterator=iter(CORPUS * 4),
        model_writer=model,
        vocab_size=48,
        hard_vocab_limit=False,
        minloglevel=2,
    )
    path.write_bytes(model.getvalue())
    pieces = sentencepiece.SentencePieceProcessor(model_proto=model.getvalue())
    for piece in map(pieces.id_to_piece, range(pieces.get_piece_size())):
        vocab.setdefault(piece, len(vocab))


def build_tiny_marian(folder: Path, *, target_tokens: tuple[str, ...] = (), seed: int = 0) -> Path:
    """Write a Marian model to ``folder``; ``target_tokens`` (e.g. ">>spa<<") make it a
    multi-target OPUS-MT-style model."""
    import torch
    from transformers import MarianConfig, MarianMTModel, MarianTokenizer

    folder.mkdir(parents=True, exist_ok=True)
    vocab: dict[str, int] = {"</s>": 0, "<unk>": 1, "<pad>": 2}
    for token in target_tokens:
        vocab[token] = len(vocab)
    for side in ("source", "target"):
        _sentencepiece_model(folder / f"{side}.spm", vocab)
    (folder / "vocab.json").write_text(json.dumps(vocab), encoding="utf-8")
    tokenizer = MarianTokenizer(
        source_spm=str(folder / "source.spm"),
        target_spm=str(folder / "target.spm"),
        vocab=str(folder / "vocab.json"),
    )
    torch.manual_seed(seed)
    config = MarianConfig(
        vocab_size=len(vocab),
        pad_token_id=vocab["<pad>"],
        eos_token_id=vocab["</s>"],
        decoder_start_token_id=vocab["<pad>"],
        **TINY,
    )
    MarianMTModel(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder


def build_tiny_m2m100(folder: Path, *, seed: int = 0) -> Path:
    """Write an M2M-100 model (language tokens ``__xx__``, forced as the first output token)."""
    import torch
    from transformers import M2M100Config, M2M100ForConditionalGeneration, M2M100Tokenizer

    folder.mkdir(parents=True, exist_ok=True)
    vocab: dict[str, int] = {"<s>": 0, "<pad>": 1, "</s>": 2, "<unk>": 3}
    _sentencepiece_model(folder / "sentencepiece.bpe.model", vocab)
    (folder / "vocab.json").write_text(json.dumps(vocab), encoding="utf-8")
    tokenizer = M2M100Tokenizer(
        vocab_file=str(folder / "vocab.json"), spm_file=str(folder / "sentencepiece.bpe.model")
    )
    torch.manual_seed(seed)
    # The language tokens are numbered after the vocabulary.
    config = M2M100Config(vocab_size=max(tokenizer.lang_token_to_id.values()) + 1, **TINY)
    M2M100ForConditionalGeneration(config).save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return folder
