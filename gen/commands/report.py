"""`gen report`: turn `gen check` output folders into figures, tables and one HTML page."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from gen.commands.options import Force


def report_command(
    results: Annotated[
        list[Path],
        typer.Argument(
            metavar="RESULTS_DIR",
            help="Output folders of `gen check` (each with summary.json and results.jsonl).",
        ),
    ],
    out: Annotated[Path, typer.Option("--out", help="Folder to write the report to.")],
    allow_mixed: Annotated[
        bool,
        typer.Option(
            "--allow-mixed",
            help="Report runs on different sets or backends anyway, flagged as not comparable.",
        ),
    ] = False,
    force: Force = False,
    formats: Annotated[
        str,
        typer.Option(
            "--format",
            metavar="FORMATS",
            help="Figure files to write, comma-separated: png, pdf, svg (PNG always).",
        ),
    ] = "png,pdf,svg",
    no_signature: Annotated[
        bool,
        typer.Option(
            "--no-signature",
            help="Figures without the signature footer (still in their metadata).",
        ),
    ] = False,
) -> None:
    """Write report.md, a self-contained report.html, figures and LaTeX tables.

    The analyses are those of Renduchintala & Williams (2022).

    Each run's signature is printed once, in the report's list of runs, and in
    tables/signatures.tex; figures carry them in a footer unless --no-signature.

    Runs must share a set and, per language, the same backends, unless --allow-mixed.
    """
    from report import write_report  # matplotlib loads only when a report is made

    written = write_report(
        results,
        out,
        allow_mixed=allow_mixed,
        force=force,
        formats=[name.strip().lower() for name in formats.split(",") if name.strip()],
        signed_figures=not no_signature,
    )
    typer.echo(f"wrote {written / 'report.html'} and {written / 'report.md'}")
