"""Which Apertium modes are installed, which directions they translate in gen's language codes,
and what to say about a direction that is not there.

A mode is named after its languages, source first: ``eng-spa``, ``es-fr``. Some name a
variant of the target after an underscore (``eng-cat_valencia``, ``eng-hbs_SR``) or extra
words around the pair (``eco-es-fr``, ``en-eo-bytecode``). The codes are mapped to gen's
through language_codes.toml (``eng`` → ``en``, ``hbs_SR`` → ``sr``); a code the table does not
know stays as Apertium spells it (``afr``, ``gl``), and ``--from``/``--to`` accept it so.
A mode whose variant gen has no language code for is usable with ``--model MODE``.
"""

from __future__ import annotations

import functools
import re
import shutil
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from translator.languages import language_code, table

_CODE = re.compile(r"[a-z]{2,3}(?:_\w+)?")


@dataclass(frozen=True)
class Mode:
    """An Apertium mode and the direction it translates, in gen's codes."""

    name: str
    source: str
    target: str
    variant: str | None  # what the name adds to the pair: "valencia", "BR", "eco"

    @property
    def direction(self) -> str:
        return f"{self.source}→{self.target}"


def installed_modes() -> list[str]:
    """The modes ``apertium -l`` lists (those Apertium itself would run); none without it."""
    if shutil.which("apertium") is None:
        return []
    result = subprocess.run(["apertium", "-l"], capture_output=True, text=True, check=False)
    return result.stdout.split()


def modes_in(folder: str | Path) -> list[str]:
    """The modes a modes folder holds (``/usr/share/apertium/modes``: one ``NAME.mode`` each)."""
    return sorted(path.stem for path in Path(folder).glob("*.mode"))


@functools.cache
def _gen_codes() -> dict[str, str]:
    """Apertium's code → gen's: the ``apertium`` column, then ISO 639-3, then gen's own."""
    codes: dict[str, str] = {}
    for column in ("apertium", "iso639_3", "iso639_1"):
        for lang in table()["languages"]:
            code = language_code(lang, column)
            if code is not None:
                codes.setdefault(code, lang)
    return codes


def _gen_code(code: str) -> tuple[str, str | None]:
    """gen's code for one side of a mode name and the variant left over: ``hbs_SR`` → sr,
    ``cat_valencia`` → (ca, valencia), ``afr`` → afr."""
    if code in _gen_codes():
        return _gen_codes()[code], None
    base, _, variant = code.partition("_")
    return _gen_codes().get(base, base), variant or None


def parse_mode(name: str) -> Mode | None:
    """The direction a mode translates, or None for one that is no language pair
    (``Cyrl-Latn``, a transliterator). Around extra words (``eco-es-fr``) the pair is the two
    neighbouring codes gen knows best."""
    parts = name.split("-")
    pairs = [
        (index, parts[index], parts[index + 1])
        for index in range(len(parts) - 1)
        if _CODE.fullmatch(parts[index]) and _CODE.fullmatch(parts[index + 1])
    ]
    if not pairs:
        return None

    def known(pair: tuple[int, str, str]) -> int:
        return sum(part.partition("_")[0] in _gen_codes() for part in pair[1:])

    index, source, target = max(pairs, key=known)  # the first of the best
    source_lang, source_variant = _gen_code(source)
    target_lang, target_variant = _gen_code(target)
    extra = parts[:index] + parts[index + 2 :]
    variants = [*extra, *(v for v in (source_variant, target_variant) if v)]
    return Mode(name, source_lang, target_lang, "-".join(variants) or None)


def parse_modes(names: Iterable[str]) -> list[Mode]:
    return [mode for mode in map(parse_mode, names) if mode is not None]


def _code(lang: str, column: str) -> str | None:
    """``lang``'s code in ``column``; a language the table does not know is its own code in
    every column (``afr``, ``gl``: as Apertium spells it)."""
    return language_code(lang, column) if lang in table()["languages"] else lang


def candidate_modes(source: str, target: str) -> list[str]:
    """The mode names that would translate ``source`` → ``target``, in the order tried: by the
    ``apertium`` column (a source drops its variant: sr reads with hbs-eng), ISO 639-3
    (eng-spa), then gen's codes (es-fr)."""
    names = []
    for column in ("apertium", "iso639_3", "iso639_1"):
        source_code, target_code = _code(source, column), _code(target, column)
        if column == "apertium":
            source_code = (source_code or "").partition("_")[0] or _code(source, "iso639_3")
            target_code = target_code or _code(target, "iso639_3")
        if source_code and target_code and f"{source_code}-{target_code}" not in names:
            names.append(f"{source_code}-{target_code}")
    return names


def default_mode(source: str, target: str, modes: Iterable[str]) -> str | None:
    """The mode ``--engine apertium`` runs for ``source`` → ``target`` among ``modes``."""
    here = set(modes)
    return next((mode for mode in candidate_modes(source, target) if mode in here), None)


def pairs_of(modes: Iterable[str]) -> dict[tuple[str, str], str]:
    """The directions ``modes`` translate, each with the mode run by default; a direction only
    a variant gives (eng-cat_valencia) counts under the pair, with that mode where no plain
    one is there."""
    modes = list(modes)
    pairs: dict[tuple[str, str], str] = {}
    for mode in sorted(parse_modes(modes), key=lambda mode: (mode.variant is not None, mode.name)):
        if mode.source != mode.target:
            pair = (mode.source, mode.target)
            pairs.setdefault(pair, default_mode(*pair, modes) or mode.name)
    return pairs


def variants_of(modes: Iterable[str]) -> dict[tuple[str, str], list[str]]:
    """The other modes of each direction, for ``--model MODE`` (eng-cat_valencia for en→ca)."""
    modes = list(modes)
    defaults = pairs_of(modes)
    found: dict[tuple[str, str], list[str]] = {}
    for mode in parse_modes(modes):
        pair = (mode.source, mode.target)
        if pair in defaults and defaults[pair] != mode.name:
            found.setdefault(pair, []).append(mode.name)
    return {pair: sorted(names) for pair, names in sorted(found.items())}


def installed_pairs() -> dict[tuple[str, str], str]:
    """The directions `--engine apertium` can translate here, each with the mode it runs."""
    return pairs_of(installed_modes())


def packages_for(source: str, target: str) -> list[str]:
    """The Debian packages (language_codes.toml) whose modes translate ``source`` → ``target``."""
    return [
        package
        for package, modes in table().get("apertium_packages", {}).items()
        if (source, target) in pairs_of(modes)
    ]


def package_directions(langs: Iterable[str]) -> dict[str, str]:
    """Each known Debian package naming one of ``langs``, with the directions it translates
    (English is in too many to list: it is left out)."""
    wanted = set(langs) - {"en"}
    found = {}
    for package, modes in table().get("apertium_packages", {}).items():
        pairs = pairs_of(modes)
        if any(wanted & {source, target} for source, target in pairs):
            found[package] = " ".join(f"{source}→{target}" for source, target in pairs)
    return found


def missing_direction(source: str, target: str, modes: Iterable[str]) -> str:
    """Why `--engine apertium` cannot translate ``source`` → ``target`` here, and what can: the
    package that would, else the installed directions from ``source`` and into ``target``,
    a pivot through them, what the known packages of the language that is not English
    translate (Debian names a pair, not its direction), and the other ways to translate."""
    pairs = pairs_of(modes)
    packages = packages_for(source, target)
    if packages:
        gives = package_directions([source, target]).get(packages[0], "")
        return (
            f"Apertium has no {source}→{target} pair here: sudo apt-get install "
            f"{packages[0]} (it gives {gives})"
        )
    out_of = [f"{s}→{t}" for s, t in sorted(pairs) if s == source]
    into = [f"{s}→{t}" for s, t in sorted(pairs) if t == target]
    via = [t for s, t in sorted(pairs) if s == source and (t, target) in pairs]
    parts = [
        f"from {source} here: {', '.join(out_of) or 'none'}",
        f"into {target} here: {', '.join(into) or 'none'}",
    ]
    if via:
        parts.append(
            f"through {via[0]}: gen translate SET --to {via[0]}, then gen translate "
            f"SET/apertium.{via[0]}.jsonl --from {via[0]} --to {target}"
        )
    named = target if target != "en" else source  # the language a package is missing for
    known = package_directions([named])
    parts.append(
        "Debian's packages: " + ", ".join(f"{p} gives {d}" for p, d in known.items())
        if known
        else f"gen knows no Debian package for {named}"
    )
    return (
        f"Apertium has no {source}→{target} pair here ({'; '.join(parts)}); or translate with "
        "a local model folder (--engine huggingface --model DIR: OPUS-MT, M2M-100, NLLB), or "
        "give translations made elsewhere to gen check --hyp"
    )
