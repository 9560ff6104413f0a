"""Backend names → lazily imported classes, and the `auto` choice among what can run here.

A backend is named by the user (``--tagger offline``) and imported only when asked for, so
a missing optional dependency matters only to those who use that backend. ``auto`` takes
the first backend in the table's order (the neural ones first) whose ``unavailable()`` is
None and that loads: one that says it can run but then fails to load (a corrupt or partial
model file, no GPU memory) is passed over for the next, and the one built says so in its
signature (:func:`signature`). A name of the form ``package.module:Class`` plugs in a
backend from elsewhere (tests use this for their fakes).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from typing import Any

from checker.backends.base import Aligner, Backend, Tagger
from common.errors import GenError, MissingResourceError

AUTO = "auto"

#: name → "module:Class", in the order `auto` tries them.
TAGGERS: dict[str, str] = {
    "stanza": "checker.backends.stanza_tagger:StanzaTagger",
    "offline": "checker.backends.offline:OfflineTagger",
}
ALIGNERS: dict[str, str] = {
    "simalign": "checker.backends.simalign_aligner:SimAlignAligner",
    "eflomal": "checker.backends.eflomal_aligner:EflomalAligner",
}
_TABLES: dict[type[Backend], dict[str, str]] = {Tagger: TAGGERS, Aligner: ALIGNERS}
_KIND_NAMES = {Tagger: "tagger", Aligner: "aligner"}


class _NotInstalled:
    """Stands for a backend whose module cannot be imported; says why when asked."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def unavailable(self, lang: str, options: Mapping[str, Any]) -> str:
        return self.reason


def backend_class(kind: type[Backend], name: str) -> type[Backend] | _NotInstalled:
    """The class registered as ``name`` (or the ``module:Class`` path), imported now."""
    table = _TABLES[kind]
    path = table.get(name, name if ":" in name else None)
    if path is None:
        choices = ", ".join([AUTO, *table])
        raise GenError(f"unknown {_KIND_NAMES[kind]} {name!r}; choose from {choices}")
    module_name, _, class_name = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as err:
        if err.name == module_name:
            return _NotInstalled(f"{name}: module {module_name} is not in this installation")
        missing = (err.name or str(err)).split(".")[0]
        return _NotInstalled(f"{name} needs the Python package {missing}: pip install {missing}")
    cls = getattr(module, class_name, None)
    if not (isinstance(cls, type) and issubclass(cls, kind)):
        raise GenError(f"{path} is not a {_KIND_NAMES[kind]} class")
    return cls


def unavailable(
    kind: type[Backend], name: str, lang: str, options: Mapping[str, Any]
) -> str | None:
    """Why backend ``name`` cannot run for ``lang`` here, or None."""
    return backend_class(kind, name).unavailable(lang, options)


def resolve(kind: type[Backend], name: str, lang: str, options: Mapping[str, Any]) -> str:
    """The backend ``name`` stands for: itself, or for ``auto`` the first that can run for
    ``lang``. Raises MissingResourceError with the reasons (and fixes) when none can run."""
    names = list(_TABLES[kind]) if name == AUTO else [name]
    reasons = []
    for candidate in names:
        cls = backend_class(kind, candidate)
        reason = cls.unavailable(lang, options)
        if reason is None and isinstance(cls, type):
            return candidate
        reasons.append(reason)
    raise MissingResourceError(
        f"no {_KIND_NAMES[kind]} can run for {lang!r}: " + "; ".join(reasons)
    )


def candidates(
    kind: type[Backend], name: str, lang: str, options: Mapping[str, Any]
) -> tuple[str, ...]:
    """The backends ``auto`` would try to load for ``lang``, in order: those whose
    ``unavailable()`` is None (checked without loading anything)."""
    return tuple(
        candidate
        for candidate in (_TABLES[kind] if name == AUTO else [name])
        if isinstance(cls := backend_class(kind, candidate), type)
        and cls.unavailable(lang, options) is None
    )


def is_automatic(name: str | Sequence[str]) -> bool:
    """``auto``, or the candidates it was resolved to: a backend that fails is passed over."""
    return name == AUTO or not isinstance(name, str)


def create(
    kind: type[Backend],
    name: str | Sequence[str],
    lang: str,
    options: Mapping[str, Any],
    built: dict[type, Backend] | None = None,
) -> Backend:
    """Build the backend ``name`` for ``lang``; for ``auto`` (or a sequence of candidate names,
    what :func:`candidates` gave), the first that can run and loads. Raises
    MissingResourceError when none can run, and a GenError naming each failure when those
    that could run all failed to load: a broken installation is not an unsupported language.
    ``built`` keeps the language-independent backends made so far (one run's options), to
    give the same one to every language."""
    if not is_automatic(name):
        cls = backend_class(kind, resolve(kind, name, lang, options))  # type: ignore[arg-type]
        return _build(cls, lang, options, built)  # type: ignore[arg-type]
    reasons: list[str] = []
    failures: list[str] = []
    for candidate in _TABLES[kind] if name == AUTO else name:
        cls = backend_class(kind, candidate)
        reason = cls.unavailable(lang, options)
        if reason is not None or not isinstance(cls, type):
            reasons.append(str(reason))
            continue
        try:
            backend = _build(cls, lang, options, built)
        except MissingResourceError as error:  # said it could run, then failed to load
            failures.append(f"{candidate} failed to load ({one_line(str(error))})")
            continue
        backend.passed_over = tuple(failures)
        return backend
    if failures:
        raise GenError(f"no {_KIND_NAMES[kind]} loads for {lang!r}: " + "; ".join(failures))
    raise MissingResourceError(
        f"no {_KIND_NAMES[kind]} can run for {lang!r}: " + "; ".join(reasons)
    )


def _build(
    cls: type[Backend], lang: str, options: Mapping[str, Any], built: dict[type, Backend] | None
) -> Backend:
    if built is None or not cls.language_independent:
        return cls(lang, options)  # type: ignore[abstract]
    if cls not in built:
        built[cls] = cls(lang, options)  # type: ignore[abstract]
    return built[cls]


def model_bytes(
    kind: type[Backend], name: str, lang: str | None, options: Mapping[str, Any]
) -> int:
    """The model files the backend ``name`` (for ``auto``: the first that can run) would
    load for ``lang``: what a worker's memory must hold beyond the common budget."""
    for candidate in _TABLES[kind] if name == AUTO else [name]:
        cls = backend_class(kind, candidate)
        if isinstance(cls, type) and cls.unavailable(lang or "", options) is None:
            return cls.model_bytes(lang, options)
    return 0


def signature(backend: Backend) -> str:
    """The backend's signature, naming the ones ``auto`` passed over for it (the warning
    says why: a signature is pasted into papers, and the reason holds local paths)."""
    return backend.signature + "".join(
        f"|passed over:{failure.split(' ', 1)[0]} (failed to load)"
        for failure in backend.passed_over
    )


def one_line(text: str) -> str:
    """An error message as one line (a model loader's may span several)."""
    return " ".join(text.split())


def names(kind: type[Backend]) -> list[str]:
    """The registered names, in `auto` order."""
    return list(_TABLES[kind])
