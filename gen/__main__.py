"""`python -m gen` and the installed `gen` command: the command line (gen/cli.py).

Loading the command line takes a moment; Ctrl-C during it is one line, like Ctrl-C later.
"""

import sys


def main() -> None:
    try:
        from gen.cli import app
    except KeyboardInterrupt:
        sys.stderr.write("gen: interrupted\n")
        sys.exit(130)
    app(prog_name="gen")


if __name__ == "__main__":
    main()
