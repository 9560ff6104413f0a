"""Stanza (Qi et al., 2020) as the checker's tagger: Universal Dependencies words and features.

Stanza splits each translation into words (after multi-word-token expansion: es "del" →
"de el", fr "au" → "à le"), tags their UPOS and morphological features in context, and, if
asked, parses them. Each word gets one :class:`Analysis`, whose genders come from the UD
``Gender`` feature, so the aligner and the checker see exactly Stanza's words.

Models are read from a local resources folder and never fetched unless the user allows it
(``download``). Options read (see docs/formats.md): ``stanza_dir``, ``stanza_depparse``,
``device``, ``download``.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from importlib.metadata import version
from pathlib import Path
from typing import Any

from checker.backends.base import FEMALE, MALE, Analysis, TaggedSentence, Tagger, Word
from checker.backends.device import resolve_device
from checker.backends.noun_forms import NounData, noun_data
from checker.backends.script import Transliteration
from checker.backends.treebank_profiles import ud_profile
from checker.languages import languages
from common.errors import MissingResourceError

#: Stanza adds ``mwt`` itself where the language's package has one. The pos processor fills
#: UPOS and features only: the rules keyed on lemmas (copulas, clause auxiliaries, complement
#: words, possessor lemmas...) need the lemma processor's.
PROCESSORS = "tokenize,pos,lemma"
#: With heads, for agreement.
PROCESSORS_WITH_HEADS = "tokenize,pos,lemma,depparse"
#: UD ``Gender`` values that say something about a person; Neut does not, nor Com but where
#: the model's profile says it is either sex (sv, da: ud_profiles.toml ``common``).
GENDER_VALUES = {"Masc": MALE, "Fem": FEMALE}
COMMON = "Com"


def parse_feats(feats: str | None) -> dict[str, str]:
    """UD's ``Gender=Fem|Number=Sing`` as a dict; ``_`` or nothing is empty."""
    if not feats or feats == "_":
        return {}
    return dict(feature.split("=", 1) for feature in feats.split("|"))


def genders_of(feats: Mapping[str, str], common: frozenset[str] = frozenset()) -> frozenset[str]:
    """``Gender=Masc`` → {male}, ``Fem`` → {female}, ``Fem,Masc`` → both, ``Com`` →
    ``common``, else none."""
    values = feats.get("Gender", "").split(",")
    found = frozenset(GENDER_VALUES[value] for value in values if value in GENDER_VALUES)
    return found | common if COMMON in values else found


def tagged_sentence(document: Any, common: frozenset[str] = frozenset()) -> TaggedSentence:
    """One translation's Stanza Document as one TaggedSentence.

    Stanza may split a translation into several sentences; their words are concatenated and
    each head (1-based within its sentence, 0 for the root) becomes a 0-based index into the
    whole list (None for a root, or when the pipeline did not parse). ``common``: what
    ``Gender=Com`` says of a person (:func:`genders_of`).
    """
    words: list[Word] = []
    for sentence in document.sentences:
        offset = len(words)
        for word in sentence.words:
            feats = parse_feats(word.feats)
            analysis = Analysis(
                lemma=word.lemma or "",
                upos=word.upos or "X",
                genders=genders_of(feats, common),
                evidence=f"{word.upos} {word.feats or '_'}",
                feats=feats,
            )
            head = offset + word.head - 1 if word.head else None
            words.append(Word(word.text, (analysis,), head=head, deprel=word.deprel))
    return TaggedSentence(tuple(words))


def default_resources_dir() -> str:
    """Stanza's own default folder, worked out as stanza/resources/common.py does but without
    importing Stanza (which imports torch: seconds, for `gen languages` to print a table):
    $STANZA_RESOURCES_DIR, else the user cache folder for Stanza's resources version
    (~/.cache/stanza/VERSION/resources on Linux)."""
    if os.environ.get("STANZA_RESOURCES_DIR"):
        return os.environ["STANZA_RESOURCES_DIR"]
    from platformdirs import user_cache_dir

    return os.path.join(user_cache_dir("stanza", "StanfordNLP", _resources_version()), "resources")


def _resources_version() -> str:
    """``__resources_version__`` of the installed Stanza, read from its _version.py."""
    spec = importlib.util.find_spec("stanza")
    locations = spec.submodule_search_locations if spec else None
    text = Path(locations[0], "_version.py").read_text(encoding="utf-8") if locations else ""
    found = re.search(r"__resources_version__\s*=\s*['\"]([^'\"]+)['\"]", text)
    return found.group(1) if found else version("stanza")


def resources_dir(options: Mapping[str, Any]) -> str:
    """``stanza_dir``, else Stanza's own default (:func:`default_resources_dir`)."""
    return str(options.get("stanza_dir") or default_resources_dir())


def how_to_download(lang: str, directory: str) -> str:
    where = "" if directory == default_resources_dir() else f', model_dir="{directory}"'
    return (
        f"python -c 'import stanza; stanza.download(\"{lang}\"{where})', "
        "or point --stanza-dir at a folder that has them, or pass --download"
    )


def model_files(
    resources: Mapping[str, Any], lang: str, processors: str, directory: str
) -> list[Path]:
    """The model files Stanza's Pipeline would load, worked out as Stanza does it."""
    from stanza.pipeline.core import filter_variants
    from stanza.resources import common

    lang, _, package, requested = common.process_pipeline_parameters(
        lang, directory, "default", processors
    )
    while "alias" in resources[lang]:
        lang = resources[lang]["alias"]
    with common.logging_level_context("ERROR", None):  # no "mwt has been added" warning
        load_list = common.maintain_processor_list(resources, lang, package, requested)
    load_list = filter_variants(common.add_dependencies(resources, lang, load_list))
    return [
        Path(directory, lang, processor, f"{model}.pt")
        for processor, model in common.flatten_processor_list(load_list)
    ]


@contextmanager
def _errors_into(logged: list[str]) -> Iterator[None]:
    """Stanza's log records (its "Cannot load model from FILE", which names the file) kept in
    ``logged`` instead of printed: the error gen raises says it, in one line."""

    def keep(record: logging.LogRecord) -> bool:
        logged.append(record.getMessage() + ":")
        return False

    handlers = logging.getLogger("stanza").handlers
    for handler in handlers:
        handler.addFilter(keep)
    try:
        yield
    finally:
        for handler in handlers:
            handler.removeFilter(keep)


def stanza_language(lang: str) -> str | None:
    """Stanza's code for ``lang``: languages.toml's ``stanza`` (hbs → hr, whose model reads
    Serbian, Croatian and Bosnian alike; none for mk, which Stanza lacks), or ``lang`` itself
    for a language the file does not list."""
    row = languages().get(lang)
    return lang if row is None else row.stanza


def _script(lang: str) -> Transliteration | None:
    """The letter table into the script Stanza's model reads (sr Cyrillic → Latin), as the
    offline analysers read it (languages.toml ``transliteration``)."""
    row = languages().get(lang)
    return Transliteration(row.transliteration) if row and row.transliteration else None


class StanzaTagger(Tagger):
    """Tags many translations per Stanza call with one pipeline loaded once."""

    name = "stanza"
    _script: Transliteration | None = None
    #: the UD features its treebank annotates (ud_profiles.toml), for the rules; None: all
    annotated: frozenset[str] | None = None
    _nouns: NounData | None = None
    _common: frozenset[str] = frozenset()

    def __init__(self, lang: str, options: Mapping[str, Any]) -> None:
        super().__init__(lang, options)
        import stanza
        from stanza.pipeline.core import DownloadMethod

        directory = resources_dir(options)
        device = resolve_device(options.get("device"))
        self._script = _script(lang)
        code = stanza_language(lang)
        profile = ud_profile(str(code))
        self._nouns = noun_data(lang, profile)  # nl nouns' genders, ar persons: gen's data
        if profile is not None:
            self._common = profile.common
            self.annotated = profile.features | (self._nouns.features if self._nouns else set())
        self.processors = PROCESSORS_WITH_HEADS if options.get("stanza_depparse") else PROCESSORS
        logged: list[str] = []  # Stanza's own error lines, folded into ours
        try:
            with _errors_into(logged):
                self._pipeline = stanza.Pipeline(
                    code,
                    dir=directory,
                    processors=self.processors,
                    download_method=DownloadMethod.DOWNLOAD_RESOURCES
                    if options.get("download")
                    else None,
                    device=device,
                    logging_level="ERROR",
                )
        except Exception as error:  # whatever a missing, partial or corrupt model raises
            reason = " ".join(" ".join([*logged, f"{type(error).__name__}: {error}"]).split())
            raise MissingResourceError(
                f"Stanza cannot load its {code} models from {directory} ({reason}); "
                + how_to_download(str(code), directory)
            ) from None

    @classmethod
    def unavailable(cls, lang: str, options: Mapping[str, Any]) -> str | None:
        if importlib.util.find_spec("stanza") is None:
            return "Stanza is not installed: pip install stanza"
        code = stanza_language(lang)
        if code is None:
            return f"Stanza has no {lang!r} models (languages.toml names none)"
        lang = code
        if options.get("download"):
            return None
        directory = resources_dir(options)
        try:  # read without Stanza's own reader, which would import torch
            with open(Path(directory, "resources.json"), encoding="utf-8") as handle:
                resources = json.load(handle)
        except FileNotFoundError:
            return f"Stanza has no models in {directory}: {how_to_download(lang, directory)}"
        except (OSError, ValueError) as error:
            return f"Stanza cannot read {directory}/resources.json ({error})"
        if lang not in resources:
            return f"Stanza has no {lang!r} models (not in {directory}/resources.json)"
        processors = PROCESSORS_WITH_HEADS if options.get("stanza_depparse") else PROCESSORS
        missing = [
            path
            for path in model_files(resources, lang, processors, directory)
            if not path.is_file()
        ]
        if missing:
            return (
                f"Stanza's {lang} model {missing[0]} is missing: {how_to_download(lang, directory)}"
            )
        return None

    @classmethod
    def model_bytes(cls, lang: str | None, options: Mapping[str, Any]) -> int:
        """The model files its pipeline would load for ``lang`` (0 without one)."""
        code = stanza_language(lang) if lang else None
        directory = resources_dir(options)
        try:
            with open(Path(directory, "resources.json"), encoding="utf-8") as handle:
                resources = json.load(handle)
            processors = PROCESSORS_WITH_HEADS if options.get("stanza_depparse") else PROCESSORS
            files = model_files(resources, code, processors, directory) if code else []
        except (OSError, ValueError, KeyError):
            return 0
        return sum(path.stat().st_size for path in files if path.is_file())

    @property
    def signature(self) -> str:
        models = ",".join(
            f"{processor}={'+'.join(spec.package for spec in specs)}"
            for processor, specs in self._pipeline.load_list
        )
        return f"stanza:{version('stanza')}|model:{self._pipeline.lang}/{models}"

    def tag(self, texts: Sequence[str]) -> list[TaggedSentence]:
        if not texts:
            return []
        if self._script is None:
            documents = self._pipeline.bulk_process(list(texts))
            sentences = [tagged_sentence(document, self._common) for document in documents]
        else:
            readings = self._script.texts(texts)
            documents = self._pipeline.bulk_process([reading.read for reading in readings])
            sentences = [
                self._script.restore(tagged_sentence(document, self._common), reading)
                for document, reading in zip(documents, readings, strict=True)
            ]
        if self._nouns is not None:
            sentences = [self._nouns.read(sentence) for sentence in sentences]
        return [replace(sentence, annotated=self.annotated) for sentence in sentences]
