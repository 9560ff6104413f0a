"""The `gen` command line: a thin skin over the generator, translator and checker APIs.

Each subcommand lives in its own module under ``gen/commands`` and is registered here.
Library errors (:class:`common.errors.GenError`), usage errors and the operating system's
refusals (a folder that cannot be written, a full disk) become one line on stderr,
``gen: error: ...``, and exit code 2; ``gen --debug ...`` shows the traceback instead.
Ctrl-C is one line too, and exit code 130.
"""

from __future__ import annotations

import difflib
import importlib
import sys
import warnings
from typing import Annotated

import click
import typer
from typer.core import TyperCommand, TyperGroup
from typer.main import get_command_from_info
from typer.models import CommandInfo

from common import __version__
from common.errors import GenError, Interrupted, os_error

#: Each command as "module:function", imported and built only when it runs (all of them for
#: `gen --help`): `gen languages` then loads no numpy, Dask or other command's options.
COMMANDS = {
    "build": "gen.commands.build:build",
    "lint": "gen.commands.lint:lint",
    "translate": "gen.commands.translate:translate_command",
    "check": "gen.commands.check:check",
    "languages": "gen.commands.languages:languages",
    "report": "gen.commands.report:report_command",
    "mt-geneval": "gen.commands.mtgeneval:mt_geneval",
    "annotate": "gen.commands.annotate:annotate",
    "validity": "gen.commands.validity:validity_command",
    "import": "gen.commands.importing:import_app",
}
try:  # recent Typer releases bundle their own copy of click; older ones use click itself
    from typer._click import _textwrap
    from typer._click import exceptions as cli_errors
except ImportError:  # pragma: no cover
    from click import _textwrap
    from click import exceptions as cli_errors


class _WholeWords(_textwrap.TextWrapper):
    """Click's help wrapper, breaking lines at spaces only: at hyphens too, it cut option
    names in two (``--allow-`` / ``mixed``). Click imports its wrapper each time it wraps."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **{**kwargs, "break_on_hyphens": False})


_textwrap.TextWrapper = _WholeWords


class _FlagHelp:
    """``--help`` with the default a flag has, False: Typer's is None, which is not a bool, so
    Typer loads pydantic (a tenth of a second) to coerce it on every command."""

    def get_help_option(self, ctx: click.Context):
        option = super().get_help_option(ctx)
        if option is not None and option.default is None:
            option.default = False
        return option


class _Command(_FlagHelp, TyperCommand):
    pass


class _OneLineErrors(_FlagHelp, TyperGroup):
    """Turn what a user can fix into ``gen: error: ...`` and exit 2: a GenError raised by any
    subcommand, an OSError (it names the path the system refused), a usage error. Commands
    come from COMMANDS, built on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        if cmd_name not in self.commands:
            module, _, function = COMMANDS[cmd_name].partition(":")
            callback = getattr(importlib.import_module(module), function)
            if isinstance(callback, typer.Typer):  # a command with subcommands
                group = typer.main.get_group(callback)
                group.short_help = " ".join((group.help or "").split())  # whole, as below
                self.commands[cmd_name] = group
                return self.commands[cmd_name]
            summary = (callback.__doc__ or "").split("\n\n")[0]  # whole: never cut with ...
            self.commands[cmd_name] = get_command_from_info(
                CommandInfo(
                    name=cmd_name,
                    callback=callback,
                    short_help=" ".join(summary.split()),
                    cls=_Command,
                ),
                pretty_exceptions_short=True,
                rich_markup_mode=app.rich_markup_mode,
            )
        return self.commands[cmd_name]

    def resolve_command(self, ctx: click.Context, args: list[str]):
        """Click's, with "Did you mean ...?" from COMMANDS (Typer's looks only at those
        already built)."""
        try:
            return super().resolve_command(ctx, args)
        except cli_errors.UsageError as err:
            close = difflib.get_close_matches(args[0], COMMANDS) if args else []
            if close and "Did you mean" not in err.message:
                err.message = err.message.rstrip(".") + f". Did you mean {close[0]!r}?"
            raise

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
    rich_markup_mode=None,
)


def _warning_line(message, category, filename, lineno, file=None, line=None) -> None:
    """A library's warning as one line, ``gen: warning: ...`` (the checker's unsplit
    contractions), not Python's file-and-line form."""
    typer.echo(f"gen: warning: {message}", err=True)


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
    if not debug:
        warnings.showwarning = _warning_line
