"""`gen ... --help` as a user reads it in an 80-column terminal: every line fits, no text is
cut short ("…", "...") or split inside a word, and flags show no value name."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import click
import pytest
from conftest import REPO

from gen.cli import COMMANDS, app


def help_text(*command: str) -> str:
    env = {**os.environ, "COLUMNS": "80"}
    run = subprocess.run(
        [sys.executable, "-m", "gen", *command, "--help"],
        cwd=REPO,
        capture_output=True,
        text=True,
        env=env,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def texts(command: click.Command) -> list[str]:
    """What the help page must show whole: the command's help and each parameter's."""
    found = [command.help or ""]
    found += [getattr(param, "help", None) or "" for param in command.params]
    if isinstance(command, click.Group):
        context = click.Context(command)
        for name in command.list_commands(context):
            found.append(command.get_command(context, name).get_short_help_str(1000))
    return found


@pytest.mark.parametrize("command", ["", *COMMANDS])
def test_help_fits_80_columns_and_cuts_no_word(command):
    words = command.split()
    page = help_text(*words)
    assert max(len(line) for line in page.splitlines()) <= 80
    # click shortens a text with "..." at its end (ARGS... and cuda:1... mean more of them)
    cut_short = [line for line in page.splitlines() if re.search(r"[a-z,]\.\.\.$", line)]
    assert "…" not in page and cut_short == []
    assert "<bool>" not in page
    group = _group()
    cli = group.get_command(click.Context(group), command) if command else group
    shown = set(page.split())
    for text in texts(cli):
        cut = [word for word in text.split() if word not in shown]
        assert cut == [], f"{command or 'gen'} --help cuts {cut}"


def _group() -> click.Group:
    from typer.main import get_command

    return get_command(app)
