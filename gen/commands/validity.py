"""`gen validity`: a language's human-judged validity card from filled-in `gen annotate`
sheets, written beside the checker's configuration so `gen languages` and every summary
show it."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Annotated

import typer

from checker import validity
from common import __version__
from common.errors import GenError
from common.io import refuse_repeats
from scores.human.agreement import human_card
from scores.human.sheet import key_path, read_key, read_sheet
from scores.validity import human_line


def validity_command(
    sheets: Annotated[
        list[Path],
        typer.Argument(
            metavar="SHEET...", help="One filled-in sheet, or two readers' sheets of one sample."
        ),
    ],
    key: Annotated[
        Path | None,
        typer.Option("--key", help="The sample's key.", show_default="beside the first SHEET"),
    ] = None,
    card: Annotated[
        Path | None,
        typer.Option(
            "--card", help="Validity card file to write.", show_default="checker/data/validity.json"
        ),
    ] = None,
) -> None:
    """Compare gen's labels with native readers' judgements and write the language's card.

    On records gen decided: how often the reader wrote the gender gen read; on inconclusive
    ones: how often a reader could decide; both with Wilson 95% intervals. With two sheets,
    Cohen's kappa between the readers, and only the items they agree on count.
    """
    if len(sheets) > 2:
        raise GenError(f"give one sheet or two readers' sheets, not {len(sheets)}")
    refuse_repeats(sheets)
    key_file = key or key_path(sheets[0])
    sample = read_key(key_file)
    judged = [read_sheet(sheet, sample) for sheet in sheets]
    stamp = {"date": datetime.date.today().isoformat(), "version": __version__}
    human = human_card(sample, judged, stamp)
    target = card or validity.CARD_FILE
    validity.store_human(target, sample["lang"], human)
    typer.echo(f"{sample['lang']}: {human_line(human)}")
    typer.echo(f"wrote {sample['lang']}'s card to {target}")
