"""Do the LaTeX tables `gen report` writes fit a two-column paper? Compile each one alone.

    python bench/latex_fit.py REPORT_DIR [--limit 5] [--acl]

Each ``REPORT_DIR/tables/*.tex`` is \\input into a two-column article (``\\documentclass
[twocolumn]{article}`` with the packages the tables name, report.latex.PACKAGES) and run
through pdflatex; the log's ``Overfull \\hbox (X pt too wide)`` lines give how far the file's
widest line passes its column (a ``table``) or the page's text width (a ``table*``), and its
``Underfull``/``Overfull \\vbox`` lines are ignored (a float's height is the paper's business).
``\\resizebox`` is made to draw its content at its own size: a table shrunk to fit (to 4 pt
type, as earlier versions did) does not fit, it is only unreadable.
Prints one row per file and exits 1 when a file fails to compile or passes by more than
``--limit`` points. ``--acl``: ACL's two columns (455 pt of text, 219 pt columns) instead of
the article class's (469 pt, 229.5 pt). Needs pdflatex (apt: texlive-latex-base
texlive-latex-recommended).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from report.latex import PACKAGES  # noqa: E402

OVERFULL = re.compile(r"^Overfull \\hbox \((?P<points>[\d.]+)pt too wide\)", re.MULTILINE)
ERROR = re.compile(r"^! (?P<message>.*)$", re.MULTILINE)
#: A body that fills both columns around the table, so a float sits where it would in a paper.
FILLER = "Text of the paper. " * 40


@dataclass(frozen=True)
class Fit:
    """One file compiled alone: its widest overflow in points (0 when none), or the error."""

    path: Path
    overfull: float
    error: str = ""

    def fits(self, limit: float) -> bool:
        return not self.error and self.overfull <= limit


#: ACL's style: \\textwidth and \\columnsep in points (acl.sty).
ACL = (455.0, 17.0)


def document(tex: Path, page: tuple[float, float] | None = None) -> str:
    """A two-column article that \\input's ``tex`` between paragraphs of text; ``page``:
    its text width and column gap in points, else the article class's."""
    packages = "\n".join(f"\\usepackage{{{name}}}" for name in PACKAGES)
    widths = (
        f"\\setlength{{\\textwidth}}{{{page[0]}pt}}\\setlength{{\\columnsep}}{{{page[1]}pt}}\n"
        if page
        else ""
    )
    return (
        "\\documentclass[twocolumn]{article}\n\\usepackage[T1]{fontenc}\n\\usepackage{graphicx}\n"
        f"{widths}{packages}\n\\renewcommand{{\\resizebox}}[3]{{#3}}\n\\begin{{document}}\n{FILLER}\n\n"
        f"\\input{{{tex.resolve().as_posix()}}}\n\n{FILLER}\n\\end{{document}}\n"
    )


def compile_alone(tex: Path, page: tuple[float, float] | None = None) -> Fit:
    """pdflatex on :func:`document` for ``tex``, in a scratch folder; the log read."""
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / "fit.tex").write_text(document(tex, page), encoding="utf-8")
        done = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "fit.tex"],
            cwd=scratch,
            capture_output=True,
            timeout=120,
            check=False,
        )
        log_path = Path(scratch) / "fit.log"
        log = log_path.read_text(encoding="latin-1") if log_path.exists() else ""
    errors = [match["message"] for match in ERROR.finditer(log)]
    if done.returncode or errors:
        return Fit(tex, 0.0, errors[0] if errors else f"pdflatex exited {done.returncode}")
    widths = [float(match["points"]) for match in OVERFULL.finditer(log)]
    return Fit(tex, max(widths, default=0.0))


def check_folder(report: Path, page: tuple[float, float] | None = None) -> list[Fit]:
    """Every table of the report at ``report`` compiled alone, in name order."""
    tables = sorted((report / "tables").glob("*.tex"))
    if not tables:
        raise SystemExit(f"latex_fit: no tables/*.tex under {report}")
    return [compile_alone(tex, page) for tex in tables]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path, help="a folder `gen report` wrote")
    parser.add_argument("--limit", type=float, default=5.0, help="points of overflow allowed")
    parser.add_argument("--acl", action="store_true", help="ACL's column widths")
    args = parser.parse_args()
    if shutil.which("pdflatex") is None:
        raise SystemExit("latex_fit: no pdflatex; apt-get install texlive-latex-recommended")
    fits = check_folder(args.report, ACL if args.acl else None)
    for fit in fits:
        verdict = "ok" if fit.fits(args.limit) else "TOO WIDE" if not fit.error else "ERROR"
        detail = fit.error or f"overfull {fit.overfull:6.1f} pt"
        print(f"{fit.path.name:45} {detail:24} {verdict}")
    sys.exit(0 if all(fit.fits(args.limit) for fit in fits) else 1)


if __name__ == "__main__":
    main()
