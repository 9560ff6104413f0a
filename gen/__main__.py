"""`python -m gen` runs the command line."""

from gen.cli import app

app(prog_name="gen")
