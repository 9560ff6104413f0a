"""The `gen` command line: a thin skin that composes the generator, the translator, the
checker, the scores and the report. Nothing imports this package; it imports them."""
