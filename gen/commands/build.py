"""`gen build`: write a challenge set (source.jsonl, source.txt, manifest.json)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from common.errors import GenError
from gen.commands.options import Force
from generator.sets import builder_for, grammar_names, write_set
from generator.wordlists import SIZES

Size = Enum("Size", {size: size for size in SIZES}, type=str)
GrammarName = Enum("GrammarName", {name: name for name in grammar_names()}, type=str)


def build(
    size: Annotated[
        Size, typer.Option(help="Set size: xs (~1.5k), small (~60k), xl (~2M sentences).")
    ] = "small",
    grammar: Annotated[
        GrammarName,
        typer.Option(
            help="Grammar under grammars/ (the source language); with --grammar-dir, the kind "
            "of grammar that folder holds."
        ),
    ] = "en",
    grammar_dir: Annotated[
        Path | None,
        typer.Option(help="Your own grammar folder (as gen lint takes it).", show_default=False),
    ] = None,
    wordlist_dir: Annotated[
        Path | None,
        typer.Option(help="Your own word-list folder (as gen lint takes it).", show_default=False),
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Output directory.", show_default="runs/GRAMMAR-SIZE")
    ] = None,
    force: Force = False,
    nonce: Annotated[
        bool, typer.Option("--nonce", help="Use made-up (nonce) occupations instead of real ones.")
    ] = False,
    open_gender: Annotated[
        bool,
        typer.Option(
            "--open-gender",
            help="Sentences that leave the person's gender open (the grammar folder's open.cfg): "
            "which gender does the translation choose?",
        ),
    ] = False,
) -> None:
    """Generate a challenge set from a grammar, lint it, and write it whole or not at all."""
    size, grammar = Size(size).value, GrammarName(grammar).value
    options = {"open_gender": True} if open_gender else {}
    if open_gender and grammar != "en":
        raise GenError("--open-gender sets are built from English grammars only", field="grammar")
    built = builder_for(grammar)(
        size, nonce=nonce, grammar_dir=grammar_dir, wordlist_dir=wordlist_dir, **options
    )
    kind = ("-open" if open_gender else "") + ("-nonce" if nonce else "")
    target = out or Path("runs") / f"{grammar}{kind}-{size}"
    columns = (
        TextColumn("[bold]build[/] {task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, transient=True) as progress:
        task = progress.add_task(f"{grammar} {size}", total=built.total)
        manifest = write_set(
            target,
            built,
            force=force,
            parallel=True,
            progress=lambda n: progress.advance(task, n),
            inputs=(grammar_dir, wordlist_dir),
        )
    typer.echo(f"wrote {manifest['sentences']} sentences to {target}")
