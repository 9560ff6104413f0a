"""eflomal's settings: the ones gen measured its run-to-run variation with reach eflomal,
and the signature names them (they change the labels)."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_eflomal_runs_with_the_settings_and_the_signature_names_them(monkeypatch):
    eflomal = pytest.importorskip("eflomal")
    from checker.backends import eflomal_aligner

    made = []

    class Recording(eflomal.Aligner):
        def __init__(self, **settings):
            made.append(settings)
            super().__init__(**settings)

        def align(self, sources, targets, links_filename_fwd, links_filename_rev, **options):
            for path in (links_filename_fwd, links_filename_rev):
                Path(path).write_text("0-0\n" * len(sources))

    monkeypatch.setattr(eflomal, "Aligner", Recording)
    monkeypatch.setattr(eflomal_aligner, "SETTINGS", {"n_samplers": 7, "rel_iterations": 1.5})
    aligner = eflomal_aligner.EflomalAligner("es", {})
    links = aligner.align([["The", "nurse"]] * 2, [["La", "enfermera"]] * 2)
    assert made == [{"n_samplers": 7, "rel_iterations": 1.5}]
    assert (0, 0) in links[0]
    assert "eflomal-" in aligner.signature
    assert "(n_samplers=7,rel_iterations=1.5)+gdfa" in aligner.signature
