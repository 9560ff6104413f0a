"""The dev benches through the UD-profile harness, CI-sized (bench/ud_profile.py): rule data
keyed on a feature the language's default UD treebank lacks shows up as a gap between the
offline path and the same analyses as its Stanza model gives them. Needs the dev data
(../shared/dev-data) and the offline analysers; skips without them. The Nordic languages,
which have no dev data, are measured on template translations (bench/nordic_templates.py)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DEV = REPO.parent / "shared" / "dev-data"
#: Points the UD-profile path may differ from the offline path by, in right-on-decided and
#: in inconclusive, on these slices (one result is 0.25 to 1 point of them; on the whole dev
#: sets the gaps are within 1 point: docs/neural.md).
TOLERANCE = 2.0
#: (set, language, lines): the languages whose treebanks lack a feature the offline
#: analysers give (de, nl, ar Animacy; ar Tense; nl nouns' Masc/Fem; hi Subcat).
SLICES = [
    ("ugb", "nl", 100),
    ("mtgeneval", "de", 100),
    ("mtgeneval", "nl", 200),
    ("mtgeneval", "ar", 150),
    ("mtgeneval", "hi", 150),
]
#: Talbanken and DDT give nouns and pronouns Com (han, hon alike), Talbanken no Person;
#: none of the five Animacy (about 2 s for all five).
NORDIC = ["sv", "da", "nb", "nn", "is"]


@pytest.fixture(scope="module")
def bench():
    pytest.importorskip("eflomal")
    sys.path.insert(0, str(REPO / "bench"))
    try:
        yield importlib.import_module("ud_profile")
    finally:
        sys.path.remove(str(REPO / "bench"))


@pytest.mark.parametrize(("dev_set", "lang", "lines"), SLICES)
def test_the_ud_profile_labels_as_the_offline_path_does(bench, taggers, dev_set, lang, lines):
    if not (DEV / "ugb-m2m100-1.2b").is_dir() or not (DEV / "mt-geneval").is_dir():
        pytest.skip(f"no dev data in {DEV}")
    taggers(lang)  # skips where the language's analysers are not installed
    row = bench.compare(dev_set, lang, lines)
    assert row["ud right"] == pytest.approx(row["offline right"], abs=TOLERANCE), row
    assert row["ud inconclusive"] == pytest.approx(row["offline inconclusive"], abs=TOLERANCE), row


@pytest.mark.parametrize("lang", NORDIC)
def test_nordic_templates_label_alike_on_both_paths(bench, taggers, lang):
    taggers(lang)
    row = bench.compare("nordic", lang)
    for measure in ("right", "inconclusive", "neutral"):
        assert row[f"ud {measure}"] == pytest.approx(row[f"offline {measure}"], abs=TOLERANCE), row
