"""Translate a challenge set with an MT engine, producing the input `gen check` reads."""
