"""SimAlign (Jalili Sabet et al., 2020) over a multilingual BERT, batched.

SimAlign links the words of a sentence pair whose contextual embeddings (one layer of a
multilingual encoder) are most similar. The reference implementation (``simalign`` on PyPI)
runs one forward pass per pair; on a set of 60k pairs that pass is nearly all the cost. This
backend gives the same links, faster:

* every distinct sentence is encoded once, in length-sorted batches (padding + attention
  mask), since a sentence's embeddings do not depend on its partner;
* the encoder stops at the layer the embeddings come from (layers above it cannot change
  them) and skips the pooler;
* the similarity matrix and the matching (``argmax``, ``itermax``, ``match``) are
  SimAlign's own functions, applied per pair, and subword links are mapped to words the way
  SimAlign's ``bpe`` mode does (a word is linked when any of its subwords is).

Options read (see docs/formats.md): ``align_model``, ``align_method``, ``align_layer``,
``device``, ``half``, ``batch_size``, ``download``.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping, Sequence
from importlib.metadata import version
from pathlib import Path
from typing import Any

from checker.backends.base import Aligner, Alignment
from checker.backends.device import resolve_device
from common.errors import GenError, MissingResourceError

DEFAULT_MODEL = "bert-base-multilingual-cased"
DEFAULT_LAYER = 8  # SimAlign's default: the layer its paper found best for mBERT
DEFAULT_BATCH_SIZE = 64
#: Pairs embedded together per batch of sentences: 64 × 32 pairs of mBERT vectors are ~200 MB.
PAIRS_PER_BATCH = 32
#: Our method names → the key SimAlign's get_word_aligns() returns them under.
METHODS = {"argmax": "inter", "itermax": "itermax", "match": "mwmf"}


def _model_missing(model: str) -> str:
    return (
        f"SimAlign's model {model!r} is not here: fetch it once with "
        f"`hf download {model}` (or `huggingface-cli download {model}`), "
        "or pass --download to let gen fetch it, or --align-model DIR for a local model folder"
    )


def _model_is_local(model: str) -> bool:
    """A model folder on disk, or a hub model already in the local Hugging Face cache."""
    folder = _model_folder(model)
    return folder is not None and (folder / "config.json").is_file()


def _model_folder(model: str) -> Path | None:
    """The folder a model is read from: itself, or a hub model's snapshot in the local
    Hugging Face cache, read as huggingface_hub's try_to_load_from_cache reads it (refs/main
    names the snapshot) without importing its HTTP client: `gen languages` asks this for
    every language and should take a fraction of a second. None if it is neither."""
    if Path(model).is_dir():
        return Path(model)
    from huggingface_hub import constants

    repo = Path(constants.HF_HUB_CACHE, "models--" + model.replace("/", "--"))
    try:
        revision = (repo / "refs" / "main").read_text(encoding="utf-8").strip()
    except (OSError, ValueError):  # not cached, or a name no hub repository has
        return None
    return repo / "snapshots" / revision


class SimAlignAligner(Aligner):
    """Word alignment with SimAlign's method, many sentence pairs per forward pass."""

    name = "simalign"
    language_independent = True  # one multilingual model: not one copy per language

    def __init__(self, lang: str, options: Mapping[str, Any]) -> None:
        super().__init__(lang, options)
        self.model_name = str(options.get("align_model") or DEFAULT_MODEL)
        self.method = str(options.get("align_method") or "itermax")
        if self.method not in METHODS:
            raise GenError(
                f"unknown method {self.method!r}; choose one of {', '.join(METHODS)}",
                field="align_method",
            )
        self.layer = int(options.get("align_layer", DEFAULT_LAYER))
        self.batch_size = int(options.get("batch_size") or DEFAULT_BATCH_SIZE)
        self.half = bool(options.get("half"))
        self.device = resolve_device(options.get("device"))
        self._tokenizer, self._model = self._load(bool(options.get("download")))

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        for package in ("torch", "transformers", "simalign"):
            if importlib.util.find_spec(package) is None:
                return f"SimAlign needs the Python package {package}: pip install {package}"
        model = str(options.get("align_model") or DEFAULT_MODEL)
        if options.get("download") or _model_is_local(model):
            return None
        return _model_missing(model)

    @classmethod
    def model_bytes(cls, lang: str | None, options: Mapping[str, Any]) -> int:
        """The model's weight files (in a local folder, or the hub cache's snapshot)."""
        folder = _model_folder(str(options.get("align_model") or DEFAULT_MODEL))
        if folder is None:
            return 0
        weights = [*folder.glob("*.safetensors")] or [*folder.glob("*.bin")]
        return sum(path.stat().st_size for path in weights)

    @property
    def signature(self) -> str:
        precision = str(self._model.dtype).removeprefix("torch.")
        return (
            f"simalign:{version('simalign')}|model:{self.model_name}|layer:{self.layer}"
            f"|method:{self.method}|{precision}"
        )

    def _load(self, download: bool) -> tuple[Any, Any]:
        import torch
        from transformers import AutoModel, AutoTokenizer
        from transformers.utils import logging

        logging.disable_progress_bar()  # the checker shows its own progress
        try:
            tokenizer = AutoTokenizer.from_pretrained(
                self.model_name, local_files_only=not download
            )
            model = AutoModel.from_pretrained(self.model_name, local_files_only=not download)
        except (OSError, ValueError) as error:  # ValueError: not a valid hub name
            raise MissingResourceError(f"{_model_missing(self.model_name)} ({error})") from None
        except Exception as error:  # a partial or corrupt weights file (safetensors' own error)
            raise MissingResourceError(
                f"SimAlign cannot load {self.model_name} ({type(error).__name__}: {error})"
            ) from None
        if not tokenizer.is_fast:
            raise MissingResourceError(
                f"{self.model_name}: SimAlignAligner needs a fast (Rust) tokenizer; "
                "pip install tokenizers"
            )
        layers = getattr(getattr(model, "encoder", None), "layer", None)
        depth = len(layers) if layers is not None else model.config.num_hidden_layers
        if not 0 <= self.layer <= depth:
            raise GenError(
                f"{self.model_name} has {depth} layers; choose 0..{depth}", field="align_layer"
            )
        if isinstance(layers, torch.nn.ModuleList):
            # Layers above the one we read cannot change it: do not compute them. One is
            # kept for layer 0 (the embeddings): with none, transformers records no states.
            del layers[max(self.layer, 1) :]
        if hasattr(model, "pooler"):
            model.pooler = None
        if self.half:
            model = model.to(torch.float16 if self.device.startswith("cuda") else torch.bfloat16)
        self.max_length, self.limit_source = max_subwords(tokenizer, model)
        try:
            return tokenizer, model.to(self.device).eval()
        except torch.OutOfMemoryError:
            raise MissingResourceError(
                f"{self.model_name} does not fit in the free memory of {self.device}"
            ) from None

    def align(
        self, sources: Sequence[Sequence[str]], targets: Sequence[Sequence[str]]
    ) -> Truncations:
        """The links of each pair; a sentence longer than the model reads is cut to its
        first ``max_length`` subwords, and the pair's ``notes`` entry says so."""
        if len(sources) != len(targets):
            raise GenError(f"{len(sources)} source sentences but {len(targets)} target sentences")
        all_pairs = list(zip(sources, targets, strict=True))
        links = Truncations()
        # Pairs in chunks, so that memory stays flat however many pairs come in one call.
        chunk = self.batch_size * PAIRS_PER_BATCH
        for start in range(0, len(all_pairs), chunk):
            pairs = all_pairs[start : start + chunk]
            # A sentence's embeddings do not depend on its partner: encode each distinct one once.
            embedded = self._embed({tuple(words) for pair in pairs for words in pair})
            for source, target in pairs:
                source_embedded, target_embedded = embedded[tuple(source)], embedded[tuple(target)]
                if source_embedded.kept < len(source) or target_embedded.kept < len(target):
                    links.notes[len(links)] = (
                        target_embedded.kept,
                        f"truncated: the model reads {self.max_length} subwords "
                        f"({self.limit_source}); of the source's {len(source)} words the "
                        f"first {source_embedded.kept}, of the translation's {len(target)} the "
                        f"first {target_embedded.kept} are aligned",
                    )
                links.append(link_words(source_embedded, target_embedded, self.method))
        return links

    def _embed(self, sentences: set[tuple[str, ...]]) -> dict[tuple[str, ...], Embedded]:
        """Subword embeddings at ``self.layer`` and their word indices, per sentence."""
        import torch

        embedded = {words: Embedded.empty() for words in sentences if not words}
        nonempty = [list(words) for words in sentences if words]
        if not nonempty:
            return embedded
        # SimAlign's call (pre-split words, truncated to the model's maximum), first unpadded
        # to sort by subword count, so that a batch of similar lengths needs little padding;
        # ties in a fixed order, so that every run batches alike.
        encoded = self._tokenizer(
            nonempty, is_split_into_words=True, truncation=True, max_length=self.max_length
        )
        lengths = [len(ids) for ids in encoded["input_ids"]]
        order = sorted(range(len(nonempty)), key=lambda i: (lengths[i], nonempty[i]))
        nonempty = [nonempty[i] for i in order]
        for start in range(0, len(nonempty), self.batch_size):
            batch = nonempty[start : start + self.batch_size]
            inputs = self._tokenizer(
                batch,
                is_split_into_words=True,
                padding=True,
                truncation=True,
                max_length=self.max_length,
                return_tensors="pt",
            )
            with torch.inference_mode():
                hidden = self._model(**inputs.to(self.device), output_hidden_states=True)
            vectors = hidden.hidden_states[self.layer].float().cpu().numpy()
            for row, words in enumerate(batch):
                word_ids = inputs.word_ids(row)
                subwords = [i for i, word in enumerate(word_ids) if word is not None]
                embedded[tuple(words)] = Embedded(
                    vectors[row, subwords], [word_ids[i] for i in subwords]
                )
        return embedded


def max_subwords(tokenizer: Any, model: Any) -> tuple[int, str]:
    """The most subwords (with [CLS] and [SEP]) the model reads, and where that comes from.
    A tokenizer config without ``model_max_length`` leaves truncation off (transformers'
    "very large" default), and a longer line then overruns the position embeddings: the
    model's own ``max_position_embeddings`` bounds it, less the positions RoBERTa-style
    models reserve below their first (``padding_idx`` + 1)."""
    positions = getattr(model.config, "max_position_embeddings", None)
    padding = getattr(getattr(model, "embeddings", None), "padding_idx", None)
    if positions is not None and padding is not None:
        positions -= padding + 1
    declared = tokenizer.model_max_length
    if positions is None or declared <= positions:
        return declared, "the tokenizer's model_max_length"
    return positions, "the model's max_position_embeddings"


class Truncations(list):
    """Alignments, and for the pairs a model cut short, the first target word not aligned
    and why (``notes``: pair index → (word index, text)), for the record's evidence."""

    def __init__(self) -> None:
        super().__init__()
        self.notes: dict[int, tuple[int, str]] = {}


class Embedded:
    """One sentence's subword vectors, for each subword the index of its word, and how many
    of its words those cover (fewer than it has when the model's maximum cut it)."""

    __slots__ = ("vectors", "word_of")

    def __init__(self, vectors: Any, word_of: list[int]) -> None:
        self.vectors = vectors
        self.word_of = word_of

    @property
    def kept(self) -> int:
        return self.word_of[-1] + 1 if self.word_of else 0

    @classmethod
    def empty(cls) -> Embedded:
        return cls(None, [])


def link_words(source: Embedded, target: Embedded, method: str) -> Alignment:
    """SimAlign's matching on one pair's subword similarity, mapped to word links."""
    import numpy as np
    from simalign import SentenceAligner

    if not source.word_of or not target.word_of:
        return frozenset()
    similarity = SentenceAligner.get_similarity(source.vectors, target.vectors)
    if method == "argmax":
        forward, backward = SentenceAligner.get_alignment_matrix(similarity)
        links = forward * backward
    elif method == "itermax":
        links = SentenceAligner.iter_max(similarity)
    else:
        links = SentenceAligner.get_max_weight_match(similarity)
    return frozenset(
        (source.word_of[i], target.word_of[j]) for i, j in zip(*np.nonzero(links > 0), strict=True)
    )
