"""One module per `gen` subcommand; each exposes a plain function that gen/cli.py registers."""
