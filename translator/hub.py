"""Where a Hugging Face model comes from: a local folder, the local cache, then the hub only
when it answers. Without network, huggingface_hub retries each file five times with back-off
(51 s before gen could say anything, measured in issue 36); asking the cache first
(``local_files_only``) and the hub's host for one connection (a few seconds at most) gives
the clear error at once, and a cached model loads with no network at all.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from common.errors import MissingResourceError

#: Seconds to wait for the hub's host to accept a connection.
CONNECT_TIMEOUT = 3.0


def hub_address() -> tuple[str, int]:
    """The hub's host and port (``HF_ENDPOINT``, default https://huggingface.co)."""
    from huggingface_hub import constants

    parts = urlsplit(constants.ENDPOINT)
    return parts.hostname or "huggingface.co", parts.port or (80 if parts.scheme == "http" else 443)


def hub_reachable() -> bool:
    """Whether the hub may be asked: not ``HF_HUB_OFFLINE``, and its host accepts a connection."""
    from huggingface_hub import constants

    if constants.HF_HUB_OFFLINE:
        return False
    try:
        socket.create_connection(hub_address(), timeout=CONNECT_TIMEOUT).close()
    except OSError:
        return False
    return True


def cached(name: str) -> bool:
    """Whether the hub model ``name`` is in the local cache (its config.json is)."""
    from huggingface_hub import try_to_load_from_cache

    try:
        return isinstance(try_to_load_from_cache(name, "config.json"), str)
    except ValueError:  # not a hub name (huggingface_hub's HFValidationError)
        return False


def require_model(name: str) -> None:
    """Fail at once, before torch is imported, when ``name`` is neither a local folder nor
    cached and the hub cannot be reached."""
    if Path(name).is_dir() or cached(name) or hub_reachable():
        return
    raise MissingResourceError(
        f"cannot load model {name!r}: it is not in the local Hugging Face cache and the hub "
        f"({hub_address()[0]}) cannot be reached from here: give a local folder (--model DIR), "
        f"or download it where the hub is reachable: hf download {name}"
    )


def from_pretrained(kind: Any, name: str, **options: Any) -> Any:
    """``kind.from_pretrained(name, **options)`` (kind: AutoTokenizer, AutoModel...): from a
    local folder or the cache without network first, then from the hub."""
    try:
        return kind.from_pretrained(name, local_files_only=True, **options)
    except OSError:
        if Path(name).is_dir():
            raise
    return kind.from_pretrained(name, **options)
