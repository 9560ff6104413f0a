"""Apertium's bilingual dictionaries as translations for the aligner's priors (real
lt-proc over the Debian packages scripts/setup installs; skipped where they are absent)."""

from __future__ import annotations

import pytest

from checker.backends import bidix
from checker.backends.bidix import ApertiumBidix, _targets
from checker.languages import BidixSpec, language


def _installed(lang: str) -> BidixSpec:
    spec = language(lang).bidix
    reason = bidix.missing(spec)
    if reason:
        pytest.skip(reason)
    return spec


def test_answers_are_read_as_lemmas():
    assert _targets("^clerk<n><sg>/empleado<n><GD><sg>$") == {"empleado"}
    assert _targets("^teacher<n><sg>/nastavnik<n><ma><sg>/učiteljica<n><sg>$") == {
        "nastavnik",
        "učiteljica",
    }
    assert _targets("^officer<n><sg>/agente# de policía<n><sg>$") == {"agente"}
    assert _targets("^zzz<n><sg>/@zzz<n><sg>$") == frozenset()


def test_spanish_translations_of_nouns_and_their_plurals():
    found = ApertiumBidix(_installed("es")).translations(["clerk", "researchers", "the", "zzzq"])
    assert "empleado" in found["clerk"]
    assert "investigador" in found["researchers"]  # looked up as "researcher"
    assert found["zzzq"] == frozenset()


def test_italian_goes_through_spanish():
    spec = _installed("it")
    assert spec.chain[0].endswith("eng-spa.autobil.bin")
    assert "professore" in ApertiumBidix(spec).translations(["teacher"])["teacher"]


def test_missing_chain_names_the_apt_command():
    spec = BidixSpec(
        "apertium-eng-xyz", ("apertium-eng-xyz/eng-xyz.autobil.bin",), ("apertium-eng-xyz",)
    )
    assert "apt-get install lttoolbox apertium-eng-xyz" in bidix.missing(spec)


def test_eflomal_signs_and_uses_the_chain():
    from checker.backends.eflomal_aligner import EflomalAligner

    _installed("it")
    aligner = EflomalAligner("it", {})
    assert "+apertium-eng-spa-ita" in aligner.signature
    pairs = aligner.translations(["the clerk left ."], ["l' impiegata è andata via ."])
    assert ("clerk", "impiegata") in pairs
