"""`gen annotate`: a blind sample of a `gen check` run for a native reader to judge, the
first half of a language's human-judged validity card (`gen validity` is the second)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from common.errors import GenError
from common.io import atomic_write
from scores.human.page import page_html
from scores.human.sample import draw, read_run
from scores.human.sheet import csv_text, key_items, key_path, page_path, sheet_rows, write_key


def annotate(
    run: Annotated[
        Path,
        typer.Argument(metavar="RUN_DIR", help="A `gen check` output folder (results.jsonl)."),
    ],
    out: Annotated[
        Path, typer.Option("--out", metavar="SHEET", help="The sheet to write (SHEET.csv).")
    ],
    sample: Annotated[int, typer.Option("--sample", min=1, help="How many records to draw.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the sample.")] = 12345,
    force: Annotated[
        bool, typer.Option("--force", help="Replace an existing sheet, page and key.")
    ] = False,
) -> None:
    """Draw a seeded sample of a run's records, stratified by label, as a sheet to judge.

    Writes SHEET.csv (source, translation, the person's words, an empty `human` column for
    feminine, masculine, neutral or unclear), SHEET.html (the same, to fill in a browser and
    save as CSV) and SHEET.key.json (gen's labels: keep it from the readers). Give the
    filled-in sheets to `gen validity` (docs/validity.md).
    """
    sheet = out if out.suffix == ".csv" else out.with_name(out.name + ".csv")
    written = (sheet, page_path(sheet), key_path(sheet))
    existing = [path for path in written if path.exists()]
    if existing and not force:
        raise GenError("exists; pass --force to replace it", path=existing[0])
    records, about = read_run(run)
    drawn = draw(records, sample, seed)
    rows = sheet_rows(drawn)
    write_key(key_path(sheet), {**about, "run": str(run), "seed": seed, "items": key_items(drawn)})
    with atomic_write(sheet) as handle:
        handle.write(csv_text(rows))
    with atomic_write(page_path(sheet)) as handle:
        handle.write(page_html(sheet.stem, rows))
    typer.echo(
        f"wrote {sheet} and {page_path(sheet)} ({len(rows)} records of {len(records)}); "
        f"keep {key_path(sheet)} from the readers"
    )
