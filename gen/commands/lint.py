"""`gen lint`: check the English grammar, its word lists and every sentence they generate."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from common.errors import GenError
from gen.commands.build import Size
from generator.wordlists import SIZES


def lint(
    size: Annotated[
        list[Size] | None,
        typer.Option(help="Size whose sentences to check; repeat for several.", show_default="all"),
    ] = None,
    grammar_dir: Annotated[
        Path | None, typer.Option(help="Grammar folder.", show_default="grammars/en")
    ] = None,
    wordlist_dir: Annotated[
        Path | None, typer.Option(help="Word-list folder.", show_default="wordlists/en")
    ] = None,
    nonce: Annotated[
        bool, typer.Option("--nonce", help="Check the sets built with --nonce.")
    ] = False,
    open_gender: Annotated[
        bool,
        typer.Option(
            "--open-gender",
            help="Check the folder's open.cfg and its open-gender sentences (no gendered word).",
        ),
    ] = False,
) -> None:
    """Check the English grammar, its word lists and every sentence they generate.

    Prints each problem as FILE:LINE: message and exits 2 if there is any (docs/formats.md).
    """
    from generator import english  # NLTK loads only for the commands that need it

    sizes = tuple(Size(s).value for s in size) if size else SIZES
    problems = english.lint(
        sizes,
        nonce=nonce,
        grammar_dir=grammar_dir,
        wordlist_dir=wordlist_dir,
        open_gender=open_gender,
    )
    for problem in problems:
        typer.echo(problem)
    if problems:
        raise GenError(f"lint found {len(problems)} problem(s)")
    typer.echo(f"lint: no problems in the grammar or the {', '.join(sizes)} sentences")
