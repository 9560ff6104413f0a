"""Nonce occupations: a seeded character trigram model, filtered against a dictionary."""

from __future__ import annotations

import random

from generator import nonce
from generator.resources import wordlists_dir
from generator.wordlists import read_wordlist

OCCUPATIONS = ["nurse", "plumber", "carpenter", "secretary", "police officer", "electrician"]


def test_samples_are_seeded_filtered_and_distinct():
    dictionary = {"nurser", "plum"}
    first = nonce.nonce_words(OCCUPATIONS, 10, seed=1, dictionary=dictionary)
    assert first == nonce.nonce_words(OCCUPATIONS, 10, seed=1, dictionary=dictionary)
    assert len(set(first)) == 10
    taken = dictionary | {w for o in OCCUPATIONS for w in o.split()}
    assert all(4 <= len(w) <= 14 and w.isalpha() and w not in taken for w in first)


def test_model_only_continues_seen_letter_pairs():
    model = nonce.TrigramModel(["abab"])
    assert {model.sample(random.Random(seed)) for seed in range(20)} <= {
        "ab",
        "abab",
        "ababab",
        "abababab",
        "ababababab",
        "abababababab",
        "ababababababab",
        "abababababababab",
    }


def test_shipped_list_passes_the_filters():
    shipped = read_wordlist(wordlists_dir() / "en" / "nonce_occupations.tsv")
    words = [row["occupation"] for row in shipped.rows]
    occupations = {
        row["occupation"] for row in read_wordlist(wordlists_dir() / "en" / "occupations.tsv").rows
    }
    assert len(words) >= 20 and len(set(words)) == len(words)
    assert all(4 <= len(w) <= 14 and w not in occupations for w in words)
    assert not set(words) & nonce.english_words()
    assert "python -m generator.nonce" in shipped.path.read_text()
