"""The shared set writer's pieces: metadata counts and joining shard files."""

from __future__ import annotations

import os

import pytest

from generator import sets


def test_metadata_counter_counts_every_value_but_positions():
    shared = {"text": "nurse", "index": 1, "nonce": False}
    records = [
        {
            "id": "a",
            "text": "x",
            "tokens": ["x"],
            "gender": "female",
            "occupation": shared,
            "adjective": None,
            "distractors": [{"text": "his", "index": 3, "gender": "male"}],
        },
        {
            "id": "b",
            "text": "y",
            "tokens": ["y"],
            "gender": "male",
            "occupation": dict(shared),
            "adjective": {"text": "kind", "index": 2},
            "distractors": [],
        },
    ]
    counter = sets.MetadataCounter()
    counter.add(records)
    assert counter.counts() == {
        "adjective": {"null": 1},
        "adjective.text": {"kind": 1},
        "distractors.gender": {"male": 1},
        "distractors.text": {"his": 1},
        "gender": {"female": 1, "male": 1},
        "occupation.nonce": {"false": 2},
        "occupation.text": {"nurse": 2},
    }


@pytest.mark.parametrize("kernel_copy", [True, False])
def test_join_appends_parts_in_order(tmp_path, monkeypatch, kernel_copy):
    if not kernel_copy:

        def refuse(*args):
            raise OSError("not supported here")

        monkeypatch.setattr(os, "copy_file_range", refuse)
    target = tmp_path / "out"
    target.write_bytes(b"first\n")
    parts = []
    for index, content in enumerate([b"second\n", b"x" * (3 << 20) + b"\n"]):
        part = tmp_path / f"part{index}"
        part.write_bytes(content)
        parts.append(part)
    sets._join(parts, target)
    assert target.read_bytes() == b"first\nsecond\n" + b"x" * (3 << 20) + b"\n"
    assert not any(p.exists() for p in parts)
