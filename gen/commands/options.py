"""Options several commands share, declared once so they read and behave the same."""

from __future__ import annotations

from typing import Annotated

import typer

Force = Annotated[bool, typer.Option("--force", help="Replace an existing output folder.")]
