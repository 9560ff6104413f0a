"""A translation many times longer than its source (an MT system's repetition loop, a wrong
line of megabytes) is labelled inconclusive, ``too_long``, before any tagger or aligner
sees it: it would take them minutes and gigabytes."""

from __future__ import annotations

import json
from collections.abc import Sequence

import pytest
from checker_fakes import FakeTagger

from checker.pipeline.records import Item
from checker.pipeline.run import CheckOptions, check
from checker.pipeline.stages import LENGTH_FLOOR, LENGTH_RATIO, too_long
from checker.rules.verdict import TOO_LONG

SOURCE = ("The", "editor", "is", "her", "brother", ".")  # 27 characters with spaces


def item(translation: str, source: tuple[str, ...] = SOURCE) -> Item:
    return Item(1, {}, "es", source, (1, 2), "male", translation)


@pytest.mark.parametrize(
    ("source", "length", "expected"),
    [
        (SOURCE, 60, False),  # a real translation
        (SOURCE, LENGTH_FLOOR, False),  # short sources: the floor decides
        (SOURCE, LENGTH_FLOOR + 1, True),
        (("word",) * 100, LENGTH_RATIO * 500, False),  # long sources: the ratio decides
        (("word",) * 100, LENGTH_RATIO * 500 + 1, True),
        (SOURCE, 50_000_000, True),
    ],
)
def test_a_translation_is_too_long_past_the_ratio_and_the_floor(source, length, expected):
    assert too_long(item("a" * length, source)) is expected


class LengthGuardTagger(FakeTagger):
    """The fake tagger, failing the test if it is given a sentence of over 1,000 characters."""

    def tag(self, texts: Sequence[str]) -> list:
        assert max(map(len, texts)) <= LENGTH_FLOOR, "a too long translation reached the tagger"
        return super().tag(texts)


def test_a_megabytes_long_translation_is_inconclusive_and_never_tagged(tmp_path):
    translations = {"ok": "El editor es su hermano.", "loop": "el " * 2_000_000}
    records = [
        {"id": key, "text": "The editor is her brother.", "translation": translation,
         "expected_gender": "male", "occupation": {"text": "editor"}, "lang": "es"}
        for key, translation in translations.items()
    ]  # fmt: skip
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(record) + "\n" for record in records))
    options = CheckOptions(
        tagger=f"{__name__}:LengthGuardTagger", aligner="tests.checker_fakes:FakeAligner"
    )
    check(source, out=tmp_path / "out", options=options)
    results = [json.loads(line) for line in (tmp_path / "out" / "results.jsonl").open()]
    assert [(r["id"], r["label"], r["reason"]) for r in results] == [
        ("ok", "correct", None),
        ("loop", "inconclusive", TOO_LONG),
    ]
