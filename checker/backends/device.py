"""The torch device a neural backend loads onto, shared by Stanza and SimAlign."""

from __future__ import annotations

from common.errors import GenError


def resolve_device(device: str | None) -> str:
    """``auto`` (or nothing) is the GPU when torch sees one, else the CPU. A GPU the user
    asked for that torch does not see is a usage error (GenError, not MissingResourceError):
    ``auto`` must not quietly fall back to another backend on the CPU."""
    import torch

    if device in (None, "", "auto"):
        return "cuda" if torch.cuda.is_available() else "cpu"
    if device.startswith("cuda") and not torch.cuda.is_available():
        raise GenError(f"--device {device}: torch sees no GPU here; use --device cpu")
    return device
