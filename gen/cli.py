"""The `gen` command line: a thin skin over the generator, translator and checker APIs.

Each subcommand lives in its own module under ``gen/commands`` and is registered here.
Library errors (:class:`common.errors.GenError`) become one line on stderr and exit code 2;
``gen --debug ...`` shows the traceback instead.
"""

from __future__ import annotations

from typing import Annotated

import click
import typer
from typer.core import TyperGroup

from common import __version__
from common.errors import GenError
from gen.commands import build, check, languages, lint, mtgeneval, report, translate


class _OneLineErrors(TyperGroup):
    """Turn a GenError raised by any subcommand into ``gen: error: ...`` and exit 2."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except GenError as err:
            if ctx.meta.get("gen.debug"):
                raise
            typer.echo(f"gen: error: {err}", err=True)
            raise typer.Exit(2) from None


app = typer.Typer(
    cls=_OneLineErrors,
    help="Challenge sets and a reference-free checker for gender in machine translation.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    add_completion=False,
)


def _show_version(value: bool) -> None:
    if value:
        typer.echo(f"gen {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    ctx: typer.Context,
    debug: Annotated[
        bool, typer.Option("--debug", help="Show tracebacks instead of one-line errors.")
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_show_version, is_eager=True, help="Print the version and exit."
        ),
    ] = False,
) -> None:
    """gen: measure whether translation systems get people's gender right."""
    ctx.meta["gen.debug"] = debug


app.command("build")(build.build)
app.command("lint")(lint.lint)
app.command("translate")(translate.translate_command)
app.command("check")(check.check)
app.command("languages")(languages.languages)
app.command("report")(report.report_command)
app.command("mt-geneval")(mtgeneval.mt_geneval)
