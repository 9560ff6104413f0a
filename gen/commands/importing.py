"""`gen import`: a published benchmark and a system's translations as `gen check` input."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from common.errors import GenError
from common.io import atomic_write, write_jsonl
from gen.commands import options as shared

import_app = typer.Typer(
    name="import",
    help="Turn a published benchmark (WinoMT, GATE, MT-GenEval) and a system's translations "
    "into gen check input (JSONL records).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)

Out = Annotated[Path, typer.Option("--out", help="The JSONL file to write (gen check's input).")]
Lang = Annotated[str, typer.Option(help="The translations' language code (de, es, ...).")]


def _write(records: list[dict], out: Path, force: bool, note: str) -> None:
    if out.exists() and not force:
        raise GenError("exists (pass --force to replace it)", path=out)
    with atomic_write(out) as handle:
        write_jsonl(handle, records)
    typer.echo(f"{out}: {len(records)} records{note}", err=True)


@import_app.command(
    "winomt", short_help="WinoMT (Stanovsky et al., 2019) with a system's translations."
)
def winomt(
    en_txt: Annotated[
        Path,
        typer.Argument(help="WinoMT's en.txt (or en_pro.txt / en_anti.txt).", show_default=False),
    ],
    translations: Annotated[
        Path,
        typer.Argument(
            help="The system's translations: 'source ||| translation' lines, or one plain "
            "line per dataset line.",
            show_default=False,
        ),
    ],
    lang: Lang = ...,
    out: Out = ...,
    pro: Annotated[
        Path | None,
        typer.Option(help="WinoMT's en_pro.txt (default: beside EN_TXT, when there)."),
    ] = None,
    anti: Annotated[
        Path | None,
        typer.Option(help="WinoMT's en_anti.txt (default: beside EN_TXT, when there)."),
    ] = None,
    force: shared.Force = False,
) -> None:
    """WinoMT (Stanovsky et al., 2019): one record per line, the entity's head noun as the
    occupation, neutral lines with no expected gender, pro/anti and WinoBias/Winogender as
    metadata."""
    from scores.benchmarks import winomt as benchmark

    lines = benchmark.read_dataset(en_txt)
    subsets = benchmark.subsets(en_txt, pro, anti)
    matched, extra = benchmark.match_translations(lines, translations)
    if extra:
        typer.echo(
            f"gen: left out: {translations}: {len(extra)} translation(s) match no line of "
            f"{en_txt} (first: line {extra[0]})",
            err=True,
        )
    records = benchmark.records(lines, matched, lang.strip().lower(), subsets)
    neutral = sum(record["expected_gender"] is None for record in records)
    note = f" ({neutral} neutral, no expected gender)" if neutral else ""
    if subsets is None:
        note += (
            "; no en_pro.txt/en_anti.txt beside it: stereotype and origin unknown (ΔS needs them)"
        )
    _write(records, out, force, note)


@import_app.command(
    "gate", short_help="GATE (Rarrick et al., 2023): one record per variant and entity."
)
def gate(
    tsv: Annotated[
        list[Path],
        typer.Argument(
            help="GATE's XX_2_variants / XX_4_variants TSV files (one language).",
            show_default=False,
        ),
    ],
    out: Out = ...,
    lang: Annotated[
        str | None,
        typer.Option(help="The translations' language (default: from the file name, es_...)."),
    ] = None,
    force: shared.Force = False,
) -> None:
    """GATE (Rarrick et al., 2023): one record per variant and entity, the variant's gender
    for the entity as the expected gender, the entity's source key word (its [bracketed]
    head noun) as the occupation, GATE's labels and key words as metadata. Entities whose
    key words are not in the source are left out and listed."""
    from scores.benchmarks import gate as benchmark

    records, skipped = [], []
    for path in tsv:
        code = (lang or benchmark.language_of(path) or "").strip().lower()
        if not code:
            raise GenError(
                "no language in the file name (es_2_variants...): pass --lang", path=path
            )
        found, left_out = benchmark.records(path, code)
        records += found
        skipped += left_out
    for line in skipped:
        typer.echo(f"gen: left out: {line}", err=True)
    _write(records, out, force, f" ({len(skipped)} entities left out)" if skipped else "")


@import_app.command(
    "mt-geneval", short_help="MT-GenEval's contextual subset, as gen mt-geneval --checker reads it."
)
def mt_geneval(
    hypotheses: Annotated[
        Path | None,
        typer.Argument(help="System output, one line per contextual line.", show_default=False),
    ] = None,
    dataset: Annotated[
        Path, typer.Option("--mt-geneval", help="MT-GenEval's data folder (context/, sentences/).")
    ] = ...,
    lang: Lang = ...,
    split: Annotated[str, typer.Option(help="Data split: dev or test.")] = "dev",
    references: Annotated[
        str | None,
        typer.Option(help="Use the dataset's own original or flipped references as translations."),
    ] = None,
    out: Out = ...,
    force: shared.Force = False,
) -> None:
    """MT-GenEval's contextual subset (Currey et al., 2022): the records gen mt-geneval
    --checker labels, the gender the context states as the expected gender; lines with none,
    or no person noun, are left out and counted."""
    from scores.benchmarks.mtgeneval import REFERENCES, import_records

    if (hypotheses is None) == (references is None):
        raise GenError("give a hypotheses file or --references original|flipped (one of them)")
    if references is not None and references not in REFERENCES:
        raise GenError(f"--references must be one of {', '.join(REFERENCES)}, not {references!r}")
    records, left_out = import_records(dataset, lang.strip().lower(), split, hypotheses, references)
    note = ", ".join(f"{count} {reason}" for reason, count in sorted(left_out.items()))
    _write(records, out, force, f" (left out: {note})" if note else "")
