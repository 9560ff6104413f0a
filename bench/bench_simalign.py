"""Batched SimAlign vs SimAlign one pair at a time, on a model of mBERT's exact shape.

No model hub is needed: the model is a randomly initialised BERT with the configuration of
bert-base-multilingual-cased (12 layers, hidden 768, 12 heads, intermediate 3072, 512
positions, an embedding matrix of 119,547 rows), so every forward pass costs what the real
model's does. Its tokenizer is a WordPiece vocabulary trained on the benchmark's own text
(400 entries by default, so frequent words stay whole and rarer ones split into pieces, as in
mBERT) and padded with ``[unused…]`` entries to mBERT's 119,547 rows; the script prints its
pieces per word, since the cost of both paths grows with it. The alignments mean nothing
(random weights); the script asserts that both paths give the same ones and reports pairs
per second.

Data: a seeded sample of ../shared/dev-data/ugb-m2m100-1.2b (source.en, target.es), the
small set's kind of sentence. Run from the repository root, when the machine is quiet:

    python bench/bench_simalign.py --pairs 1000 [--method itermax] [--batch-size 64] [--threads N]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import sys
import tempfile
import time
from pathlib import Path

import torch
from simalign import SentenceAligner
from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers
from transformers import BertConfig, BertModel, BertTokenizer

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from checker.backends.simalign_aligner import METHODS, SimAlignAligner  # noqa: E402

DATA = REPO.parent / "shared" / "dev-data" / "ugb-m2m100-1.2b"
MBERT = dict(
    vocab_size=119_547,
    hidden_size=768,
    num_hidden_layers=12,
    num_attention_heads=12,
    intermediate_size=3072,
    max_position_embeddings=512,
    type_vocab_size=2,
)
SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
WORD = re.compile(r"\w+|[^\w\s]")  # stands in for the tagger's words on the target side


def load_pairs() -> tuple[list[list[str]], list[list[str]]]:
    sources = (DATA / "source.en").read_text(encoding="utf-8").splitlines()
    targets = (DATA / "target.es").read_text(encoding="utf-8").splitlines()
    return [line.split() for line in sources], [WORD.findall(line) for line in targets]


def build_model(folder: Path, text: list[list[str]], wordpiece_size: int) -> None:
    """Save an mBERT-shaped random BERT and a WordPiece tokenizer padded to 119,547 rows."""
    trainer = trainers.WordPieceTrainer(vocab_size=wordpiece_size, special_tokens=SPECIALS)
    wordpiece = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    wordpiece.normalizer = normalizers.BertNormalizer(lowercase=False)
    wordpiece.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    wordpiece.train_from_iterator((" ".join(words) for words in text), trainer)
    vocab = sorted(wordpiece.get_vocab(), key=wordpiece.get_vocab().get)
    vocab += [f"[unused{i}]" for i in range(MBERT["vocab_size"] - len(vocab))]
    BertTokenizer(
        vocab={token: i for i, token in enumerate(vocab)}, do_lower_case=False
    ).save_pretrained(folder)
    torch.manual_seed(0)
    BertModel(BertConfig(**MBERT)).save_pretrained(folder)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--method", choices=list(METHODS), default="itermax")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--wordpiece-size", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", type=int, help="torch threads (default: torch's choice)")
    args = parser.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)

    all_sources, all_targets = load_pairs()
    chosen = sorted(random.Random(args.seed).sample(range(len(all_sources)), args.pairs))
    sources, targets = [all_sources[i] for i in chosen], [all_targets[i] for i in chosen]
    print(f"uptime: {os.popen('uptime').read().strip()}; torch threads: {torch.get_num_threads()}")
    with tempfile.TemporaryDirectory() as folder:
        build_model(Path(folder), all_sources + all_targets, args.wordpiece_size)
        tokenizer = BertTokenizer.from_pretrained(folder)
        words = sum(len(s) for s in sources + targets)
        pieces = sum(len(tokenizer.tokenize(w)) for s in sources + targets for w in s)
        print(f"{args.pairs} pairs, {words} words, {pieces / words:.2f} pieces per word")

        start = time.perf_counter()
        letter = {"argmax": "a", "itermax": "i", "match": "m"}[args.method]
        reference = SentenceAligner(model=folder, token_type="bpe", matching_methods=letter)
        loaded = time.perf_counter()
        expected = [
            frozenset(reference.get_word_aligns(s, t)[METHODS[args.method]])
            for s, t in zip(sources, targets, strict=True)
        ]
        one_by_one = time.perf_counter() - loaded
        print(
            f"simalign, one pair at a time: load {loaded - start:.1f} s, align {one_by_one:.1f} s"
        )
        del reference

        start = time.perf_counter()
        options = {
            "align_model": folder,
            "align_method": args.method,
            "batch_size": args.batch_size,
        }
        aligner = SimAlignAligner("es", {**options, "device": "cpu"})
        loaded = time.perf_counter()
        got = aligner.align(sources, targets)
        batched = time.perf_counter() - loaded
        print(
            f"batched (batch {args.batch_size}): load {loaded - start:.1f} s, align {batched:.1f} s"
        )

    same = sum(a == b for a, b in zip(got, expected, strict=True))
    print(f"identical alignments: {same}/{args.pairs}")
    print(
        f"pairs/s: one at a time {args.pairs / one_by_one:.1f}, batched {args.pairs / batched:.1f}"
        f"; speed-up {one_by_one / batched:.1f}x"
    )
    if same != args.pairs:
        sys.exit("alignments differ")


if __name__ == "__main__":
    main()
