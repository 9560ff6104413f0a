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
    except KeyboardInterrupt:
        sys.stderr.write("gen: interrupted\n")
        sys.stderr.flush()
        # Nothing is open yet. sys.exit(130) here was seen to end with status -2 (killed by
        # SIGINT) when the interrupt had cut a module's import short.
        os._exit(130)
    try:
        app(prog_name="gen")
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    main()
