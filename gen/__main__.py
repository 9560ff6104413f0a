"""`python -m gen` and the installed `gen` command: the command line (gen/cli.py).

Loading the command line takes a moment; Ctrl-C during it is one line, like Ctrl-C later.
"""

import os
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
    app(prog_name="gen")


if __name__ == "__main__":
    main()
