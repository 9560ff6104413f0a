"""`python -m gen` and the installed `gen` command: the command line (gen/cli.py).

Loading the command line takes a moment; Ctrl-C during it is one line, like Ctrl-C later.
Once the command has returned, its output is written: a Ctrl-C then is ignored, where it
would cut the interpreter's shutdown short (a traceback from joining threads, or an exit by
the signal itself).
"""

import os
import signal
import sys


def main() -> None:
    try:
        from gen.cli import app

        app(prog_name="gen")
    except SystemExit as done:
        if done.code != 130:
            raise
        # interrupted, and said so: end here, not in an interpreter shutdown that an
        # import the interrupt cut short can turn into an exit by the signal itself (-2)
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(130)
    except BaseException as error:
        if not _interrupted(error):
            raise
        # Ctrl-C outside a command's own handling (gen/cli.py's): while the command line
        # loads or Typer builds it, before any file is open. sys.exit(130) here was seen to
        # end with status -2 (killed by SIGINT) when the interrupt had cut an import short.
        sys.stderr.write("gen: interrupted\n")
        sys.stderr.flush()
        os._exit(130)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _interrupted(error: BaseException | None) -> bool:
    """Whether ``error`` is Ctrl-C or came of it: Python wraps a KeyboardInterrupt raised
    while a class is made (in a ``__set_name__``, as dataclasses call) in a RuntimeError."""
    seen = 0
    while error is not None and seen < 10:
        if isinstance(error, KeyboardInterrupt):
            return True
        error, seen = error.__cause__ or error.__context__, seen + 1
    return False


if __name__ == "__main__":
    main()
