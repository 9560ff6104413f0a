"""The `gen` command line: a thin skin over the generator, translator and checker APIs.

Each subcommand lives in its own module under ``gen/commands`` and is registered here.
Library errors (:class:`common.errors.GenError`), usage errors and the operating system's
refusals (a folder that cannot be written, a full disk) become one line on stderr,
``gen: error: ...``, and exit code 2; ``gen --debug ...`` shows the traceback instead.
Ctrl-C is one line too, and exit code 130.
"""

from __future__ import annotations

import sys
from typing import Annotated

import click
import typer
from typer.core import TyperGroup

from common import __version__
from common.errors import GenError, Interrupted, os_error
from gen.commands import build, check, languages, lint, mtgeneval, report, translate

try:  # recent Typer releases bundle their own copy of click; older ones use click itself
    from typer._click import exceptions as cli_errors
except ImportError:  # pragma: no cover
    from click import exceptions as cli_errors


class _OneLineErrors(TyperGroup):
    """Turn what a user can fix into ``gen: error: ...`` and exit 2: a GenError raised by any
    subcommand, an OSError (it names the path the system refused), a usage error."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except (GenError, OSError) as err:
            if ctx.meta.get("gen.debug"):
                raise
            message = err if isinstance(err, GenError) else os_error(err)
            typer.echo(f"gen: error: {message}", err=True)
            raise typer.Exit(2) from None
        except KeyboardInterrupt as interrupt:
            if ctx.meta.get("gen.debug"):
                raise
            about = f": {interrupt}" if isinstance(interrupt, Interrupted) else ""
            typer.echo(f"gen: interrupted{about}", err=True)
            raise typer.Exit(130) from None

    def main(self, *args, **kwargs):
        """Click's own handling, but a usage error is one line (Typer draws a box)."""
        try:
            code = super().main(*args, **{**kwargs, "standalone_mode": False})
        except cli_errors.NoArgsIsHelpError as err:
            if err.format_message().strip():  # Typer has printed the help itself
                typer.echo(err.format_message())
            sys.exit(0)
        except cli_errors.UsageError as err:
            command = err.ctx.command_path if err.ctx else "gen"
            typer.echo(f"gen: error: {err.format_message()} (see {command} --help)", err=True)
            sys.exit(2)
        except cli_errors.ClickException as err:
            typer.echo(f"gen: error: {err.format_message()}", err=True)
            sys.exit(err.exit_code)
        except typer.Abort:
            typer.echo("gen: interrupted", err=True)
            sys.exit(130)
        sys.exit(code if isinstance(code, int) else 0)


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
