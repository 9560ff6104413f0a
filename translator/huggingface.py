"""Sequence-to-sequence models from transformers: Marian/OPUS-MT, M2M-100, NLLB, mBART-50.

The model is loaded once (from a hub name or a local folder) onto the GPU when there is one,
in float16 there by default. Each chunk is tokenised once, sorted by length and cut into
batches, so a batch pads little; translations are put back in input order. How a family
names languages (NLLB's ``spa_Latn``, mBART-50's ``es_XX``, OPUS-MT's ``>>spa<<``) comes from
language_codes.toml, keyed by the class of the model's tokenizer.
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from pathlib import Path
from typing import Any

from common.errors import GenError, MissingResourceError
from translator.base import Engine, EngineError
from translator.hub import from_pretrained, require_model
from translator.languages import TABLE_PATH, language_code, table

#: torch and transformers, imported when an engine is built (seconds on a busy machine), after
#: the model is known to be there (translator/hub.py): a missing one is said at once.
torch: Any = None
transformers: Any = None


def _import_libraries() -> None:
    global torch, transformers
    import torch as torch_module
    import transformers as transformers_module

    torch, transformers = torch_module, transformers_module


_MARIAN_TARGET = re.compile(r">>\w+<<")


def model_family(tokenizer: Any) -> tuple[str, dict[str, Any]]:
    """The family in language_codes.toml whose tokenizer class the model uses."""
    class_name = type(tokenizer).__name__.removesuffix("Fast")
    for name, family in table()["families"].items():
        if family["tokenizer"] == class_name:
            return name, family
    known = ", ".join(table()["families"])
    raise GenError(
        f"no language-code convention for models with a {class_name} (known: {known}); "
        "add the family to the table",
        path=TABLE_PATH,
    )


def family_code(family: dict[str, Any], lang: str, model: str) -> str:
    code = language_code(lang, family["codes"][0])
    if code is None:
        raise GenError(f"{model}: no {family['codes'][0]} code for {lang!r}", path=TABLE_PATH)
    return code


def target_token(
    family: dict[str, Any],
    target: str,
    vocab: Collection[str],
    model: str,
    known: Callable[[str], bool] | None = None,
) -> str | None:
    """The token that selects the target language; None for a single-target Marian model
    (OPUS-MT en-es has no ``>>xx<<`` tokens: its target is fixed). ``known(token)`` says
    whether the tokenizer has a token (M2M-100 keeps its language tokens out of its
    vocabulary); it defaults to membership in ``vocab``."""
    known = known or vocab.__contains__
    if not family.get("target_in_source_text"):
        token = family["target_token"].format(code=family_code(family, target, model))
        if not known(token):
            raise GenError(f"{model} has no language token {token!r}")
        return token
    targets = sorted(token for token in vocab if _MARIAN_TARGET.fullmatch(token))
    if not targets:
        return None
    for column in family["codes"]:
        code = language_code(target, column)
        if code is not None and known(family["target_token"].format(code=code)):
            return family["target_token"].format(code=code)
    raise GenError(
        f"{model} cannot translate into {target!r}: its target tokens are {', '.join(targets[:20])}"
    )


class HuggingFaceEngine(Engine):
    name = "huggingface"
    chunk_size = 1024
    uses_gpu = True

    def __init__(self, source: str, target: str, options: Mapping[str, Any]) -> None:
        super().__init__(source, target, options)
        if any(importlib.util.find_spec(name) is None for name in ("transformers", "torch")):
            raise MissingResourceError(
                "the huggingface engine needs transformers and torch: "
                "pip install transformers sentencepiece torch"
            )
        self.model_name = options.get("model")
        if not self.model_name:
            raise GenError(
                "the huggingface engine needs --model: a hub name such as "
                "Helsinki-NLP/opus-mt-en-es, or a local folder"
            )
        folder = Path(self.model_name)
        if folder.is_dir() and not (folder / "config.json").is_file():
            raise GenError(
                "no model in this folder (no config.json): give a folder a transformers model "
                "was saved to (save_pretrained, or hf download NAME --local-dir DIR)",
                path=folder,
            )
        require_model(self.model_name)
        _import_libraries()
        self.beam_size = int(options.get("beam_size", 4))
        self.max_length = int(options.get("max_length", 256))
        self.batch_size = int(options.get("batch_size", 32))
        self.device = _device(options.get("device", "auto"))
        self.dtype = _dtype(options.get("dtype", "auto"), self.device)
        transformers.utils.logging.set_verbosity_error()
        transformers.utils.logging.disable_progress_bar()
        try:
            self.tokenizer = from_pretrained(transformers.AutoTokenizer, self.model_name)
            self.model = from_pretrained(
                transformers.AutoModelForSeq2SeqLM, self.model_name, dtype=self.dtype
            )
        except (ValueError, KeyError) as error:  # files there, but not a model it can load
            raise GenError(
                f"cannot load this model: {str(error).splitlines()[0].rstrip(': ')}",
                path=self.model_name,
            ) from None
        except OSError as error:
            raise MissingResourceError(
                f"cannot load model {self.model_name!r} ({str(error).splitlines()[0]}): give a "
                f"local folder, or download it where the hub is reachable: "
                f"hf download {self.model_name}"
            ) from None
        self.model.to(self.device).eval()
        # A position past the model's last one is an index error, not a longer translation.
        positions = getattr(self.model.config, "max_position_embeddings", None)
        if positions:
            self.max_length = min(self.max_length, positions - 1)
        _, family = model_family(self.tokenizer)
        self.prefix = ""
        self.generate_options: dict[str, Any] = {}
        token = target_token(
            family, target, self.tokenizer.get_vocab(), self.model_name, known=self._known
        )
        if token is not None and family.get("target_in_source_text"):
            self.prefix = token + " "
        elif token is not None:
            token_id = self.tokenizer.convert_tokens_to_ids(token)
            self.generate_options["forced_bos_token_id"] = token_id
        if family.get("source_codes"):
            self.tokenizer.src_lang = family_code(family, source, self.model_name)

    def _known(self, token: str) -> bool:
        return self.tokenizer.convert_tokens_to_ids(token) != self.tokenizer.unk_token_id

    @property
    def metadata(self) -> dict[str, Any]:
        path = Path(self.model_name)
        model = f"{path.name} (local folder)" if path.is_dir() else self.model_name
        return {
            "engine": self.name,
            "model": model,
            "version": f"transformers {transformers.__version__}, torch {torch.__version__}",
            "options": {
                "beam_size": self.beam_size,
                "max_length": self.max_length,
                "dtype": str(self.dtype).removeprefix("torch."),
            },
        }

    def translate(self, texts: Sequence[str]) -> list[str]:
        encoded = self.tokenizer(
            [self.prefix + text for text in texts], truncation=True, max_length=self.max_length
        )["input_ids"]
        # Longest first: a batch that runs out of memory does so at once.
        order = sorted(range(len(texts)), key=lambda index: -len(encoded[index]))
        translations = [""] * len(texts)
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            generated = self._generate([encoded[index] for index in batch])
            for index, translation in zip(batch, generated, strict=True):
                translations[index] = translation
        return translations

    def _generate(self, input_ids: list[list[int]]) -> list[str]:
        padded = self.tokenizer.pad({"input_ids": input_ids}, return_tensors="pt")
        try:
            with torch.inference_mode():
                output = self.model.generate(
                    input_ids=padded["input_ids"].to(self.device),
                    attention_mask=padded["attention_mask"].to(self.device),
                    num_beams=self.beam_size,
                    do_sample=False,
                    max_new_tokens=self.max_length,
                    **self.generate_options,
                )
        except (RuntimeError, ValueError) as error:  # out of memory, bad input
            raise EngineError(f"{type(error).__name__}: {str(error).splitlines()[0]}") from None
        forced = self.generate_options.get("forced_bos_token_id")
        if forced is not None:  # not always a special token (M2M-100 in transformers 5)
            output = output.masked_fill(output == forced, self.tokenizer.pad_token_id)
        return self.tokenizer.batch_decode(output, skip_special_tokens=True)


def _device(choice: str) -> str:
    if choice == "auto":
        return "cuda" if torch.cuda.is_available() else "cpu"
    if choice.startswith("cuda") and not torch.cuda.is_available():
        raise MissingResourceError(
            f"--device {choice}: this torch build sees no GPU (torch {torch.__version__})"
        )
    return choice


def _dtype(choice: str, device: str) -> Any:
    if choice == "auto":
        return torch.float16 if device.startswith("cuda") else torch.float32
    if choice not in ("float32", "float16", "bfloat16"):
        raise GenError(f"--dtype {choice}: choose auto, float32, float16 or bfloat16")
    return getattr(torch, choice)
