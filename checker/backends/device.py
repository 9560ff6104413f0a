"""The torch device a neural backend loads onto, shared by Stanza and SimAlign."""

from __future__ import annotations

import sys

from common.errors import GenError


def resolve_device(device: str | None) -> str:
    """``auto`` (or nothing) is the GPU when torch sees one, else the CPU; ``auto`` or a bare
    ``cuda`` on a local Dask worker is the worker's own GPU when there are several (worker k
    of ``--workers N`` takes GPU k mod count: without that every worker loads onto GPU 0). A
    GPU the user asked for that torch does not see is a usage error (GenError, not
    MissingResourceError): ``auto`` must not quietly fall back to another backend on the CPU."""
    import torch

    if device not in (None, "", "auto") and device.startswith("cuda"):
        if not torch.cuda.is_available():
            raise GenError(f"--device {device}: torch sees no GPU here; use --device cpu")
    if device in (None, "", "auto", "cuda"):
        if not torch.cuda.is_available():
            return "cpu"
        slot = worker_slot()
        count = torch.cuda.device_count()
        return "cuda" if slot is None or count < 2 else f"cuda:{slot % count}"
    return str(device)


def worker_slot() -> int | None:
    """This process's number among a local cluster's workers (LocalCluster names them 0, 1,
    ...), or None outside one (distributed is not imported unless gen runs on a cluster)."""
    if "distributed" not in sys.modules:
        return None
    from distributed import get_worker

    try:
        name = get_worker().name
    except ValueError:  # not on a worker
        return None
    return name if isinstance(name, int) else None
