"""Shared test helpers."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
SHARED = REPO.parent / "shared"


def run_gen(*args: object) -> subprocess.CompletedProcess:
    """Run the `gen` command line from the repository, capturing its output as text."""
    return subprocess.run(
        [sys.executable, "-m", "gen", *map(str, args)], cwd=REPO, capture_output=True, text=True
    )


def run_gen_in(folder: Path, *args: object) -> subprocess.CompletedProcess:
    """`gen` run from ``folder``, so that relative paths are the user's own (this
    checkout's code, wherever gen is installed)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "gen", *map(str, args)],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
    )


@pytest.fixture
def dev_data() -> Path:
    """../shared/dev-data (real translations); tests that need it skip when it is absent."""
    path = SHARED / "dev-data"
    if not path.is_dir():
        pytest.skip("../shared/dev-data is not beside this checkout")
    return path


def _built_per_language(cls):
    """A getter of ``cls``'s tagger of a language, built once (lt-proc and the dictionaries
    load once); a language whose analysers are not installed skips. Closes them after."""
    built: dict = {}

    def get(lang: str):
        if lang not in built:
            reason = cls.unavailable(lang, {})
            if reason:
                pytest.skip(reason)
            built[lang] = cls(lang, {})
        return built[lang]

    yield get
    for tagger in built.values():
        tagger.close()


@pytest.fixture(scope="module")
def taggers():
    """The offline tagger of a language, built once per test module."""
    from checker.backends.offline import OfflineTagger

    yield from _built_per_language(OfflineTagger)


@pytest.fixture(scope="module")
def ud_taggers():
    """The UD-profile tagger of a language (checker/backends/ud_profile.py), built once per
    test module."""
    from checker.backends.ud_profile import UDProfileTagger

    yield from _built_per_language(UDProfileTagger)


@pytest.fixture(scope="module")
def label_word(taggers):
    """Label a hand-made translation with a language's real offline analysers, the English
    occupation ("The ``source``") aligned by hand to the target word ``word``."""
    from checker.rules.agreement_rules import agreement_rules

    def run(lang: str, translation: str, word: str, expected: str, source: str = "occupation"):
        sentence = taggers(lang).tag([translation])[0]
        return label_aligned(sentence, word, expected, source, agreement_rules(lang))

    return run


def label_aligned(sentence, word, expected, source, rules):
    """Label a tagged translation, the English occupation ("The ``source``") aligned by
    hand to its word ``word``."""
    from checker.rules.label import label

    return label(
        expected_gender=expected,
        source_tokens=["The", source],
        occupation=(1, 2),
        sentence=sentence,
        alignment=frozenset({(1, sentence.tokens.index(word))}),
        rules=rules,
    )


def label_linked(taggers, lang, source, occupation, translation, links, expected):
    """Label ``translation`` with real offline analysers; ``source`` is split on spaces, the
    occupation is its word ``occupation``, and ``links`` maps source words to the target
    words the aligner linked them to (given by hand). A tagger that declares the features
    it gives (the UD-profile harness) gets the rules as keyed on those."""
    from checker.rules.agreement_rules import rules_as_annotated
    from checker.rules.label import label

    sentence = taggers(lang).tag([translation])[0]
    tokens = source.split()
    at = tokens.index(occupation)
    alignment = frozenset((tokens.index(s), sentence.tokens.index(t)) for s, t in links.items())
    return label(
        expected_gender=expected,
        source_tokens=tokens,
        occupation=(at, at + 1),
        sentence=sentence,
        alignment=alignment,
        rules=rules_as_annotated(lang, sentence.annotated),
    )


@pytest.fixture(scope="module")
def one_thread():
    """Tiny models run fastest on one torch thread; two threads on a busy machine crawl."""
    import torch

    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)
