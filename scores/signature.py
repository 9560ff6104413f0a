"""The signature of a `gen check` summary, sacreBLEU-style: its fields in a fixed order, and
the notes a reader needs on the backends it names."""

from __future__ import annotations

#: What a reader of a signature must know about a backend named in it (by the name the
#: signature spells). eflomal's variation: bench/eflomal_variation.py --runs 3, three runs on
#: the same input compared two by two, an xs set translated by Apertium into es and M2M-100
#: translations of de, fr, it, uk, ro, cs, he, hi (1,824 each), with eflomal_aligner.SETTINGS.
SIGNATURE_NOTES = {
    "eflomal": "eflomal seeds itself (no option fixes its seed): two runs on the same input "
    "differed on 0.12-0.20% of labels at gen's 2 samplers x 1 iteration (two measurements: "
    "75,392 dev labels, es 60,800 of them, and 44,544; bench/eflomal_settings.py)",
}


def signature_notes(fields: dict[str, str]) -> list[str]:
    """The notes of SIGNATURE_NOTES for the backends in a signature's fields."""
    named = " ".join(fields.values())
    return [note for name, note in SIGNATURE_NOTES.items() if name in named]


SIGNATURE_ORDER = ("set", "lang", "mt", "aligner", "tagger", "lexicon", "chunk", "ci", "version")


def format_signature(fields: dict[str, str]) -> str:
    """``set:…|lang:es|mt:…|aligner:…|tagger:…|chunk:50000|ci:wilson|version:0.1.0``,
    sacreBLEU-style."""
    return "|".join(f"{key}:{value}" for key, value in ordered(fields).items())


def ordered(fields: dict[str, str]) -> dict[str, str]:
    """The signature's fields in SIGNATURE_ORDER, then any others by name."""
    keys = [key for key in SIGNATURE_ORDER if key in fields]
    keys += sorted(key for key in fields if key not in SIGNATURE_ORDER)
    return {key: fields[key] for key in keys}
