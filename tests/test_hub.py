"""A Hugging Face model with no network: the cache first, the hub's host asked once, and the
clear error before torch is imported, not after huggingface_hub's retries (issue 36: 51 s)."""

from __future__ import annotations

import importlib.util
import socket

import pytest

from common.errors import MissingResourceError
from translator import hub, huggingface
from translator.registry import load_engine

pytest.importorskip("huggingface_hub")
NAME = "gen-tests/no-such-model"  # in no cache


class FakeKind:
    """Stands for AutoTokenizer/AutoModel: records each from_pretrained call's options; only
    what ``cached`` names loads without network."""

    calls: list[dict]

    def __init__(self, cached: bool) -> None:
        self.cached = cached
        self.calls = []

    def from_pretrained(self, name, **options):
        self.calls.append(options)
        if options.get("local_files_only") and not self.cached:
            raise OSError("couldn't find them in the cached files")
        return f"loaded {name}"


@pytest.fixture
def no_network(monkeypatch):
    """The hub's host refuses; the connections tried are counted."""
    tried = []

    def refuse(address, timeout=None):
        tried.append((address, timeout))
        raise OSError("Name or service not known")

    monkeypatch.setattr(socket, "create_connection", refuse)
    return tried


def test_a_model_not_cached_without_network_is_one_clear_error_after_one_try(no_network):
    with pytest.raises(MissingResourceError) as error:
        hub.require_model(NAME)
    assert str(error.value) == (
        f"cannot load model '{NAME}': it is not in the local Hugging Face cache and the hub "
        "(huggingface.co) cannot be reached from here: give a local folder (--model DIR), "
        f"or download it where the hub is reachable: hf download {NAME}"
    )
    assert no_network == [(("huggingface.co", 443), hub.CONNECT_TIMEOUT)]


def test_offline_mode_asks_no_host(monkeypatch, no_network):
    from huggingface_hub import constants

    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    with pytest.raises(MissingResourceError, match="cannot be reached"):
        hub.require_model(NAME)
    assert no_network == []


def test_a_local_folder_needs_no_hub(tmp_path, no_network):
    hub.require_model(str(tmp_path))
    assert no_network == []


@pytest.mark.parametrize(("cached", "calls"), [(True, 1), (False, 2)])
def test_the_cache_is_read_first_without_network(cached, calls):
    kind = FakeKind(cached)
    assert hub.from_pretrained(kind, NAME, dtype="float32") == f"loaded {NAME}"
    assert kind.calls[0] == {"local_files_only": True, "dtype": "float32"}
    assert len(kind.calls) == calls and kind.calls[calls - 1].get("dtype") == "float32"


@pytest.mark.skipif(
    not all(map(importlib.util.find_spec, ("torch", "transformers"))),
    reason="the huggingface engine's libraries are not installed",
)
def test_the_engine_says_so_before_importing_torch(monkeypatch, no_network):
    def imported():
        raise AssertionError("torch imported before the model was known to be there")

    monkeypatch.setattr(huggingface, "_import_libraries", imported)
    with pytest.raises(MissingResourceError, match="cannot be reached from here"):
        load_engine("huggingface", "en", "fr", {"model": NAME})
    assert len(no_network) == 1
