"""report.html: one self-contained page (styles inline, figures embedded as base64 PNG).

The page can be mailed or attached to a paper's supplement and opens anywhere offline.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from pathlib import Path

from report.load import Run
from report.sections import Section
from report.tables import to_html

STYLE = """
body { font: 15px/1.5 system-ui, sans-serif; max-width: 1200px; margin: 2em auto; padding: 0 1em;
       color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; margin-top: 2em; }
h3 { font-size: 1.05em; margin-bottom: .3em; }
table { border-collapse: collapse; margin: .5em 0; font-variant-numeric: tabular-nums; }
th, td { padding: .2em .55em; border-bottom: 1px solid #e4e4e4; white-space: nowrap; }
td .ci { color: #666; font-size: .85em; }
.scroll { overflow-x: auto; }
thead th { border-bottom: 2px solid #888; white-space: normal; vertical-align: bottom; }
th.l, td.l { text-align: left; } th.r, td.r { text-align: right; }
.note { color: #555; font-size: .9em; max-width: 60em; }
figure { margin: 1.5em 0; } figure img { max-width: 100%; border: 1px solid #eee; }
figcaption { color: #444; font-size: .9em; max-width: 60em; }
code { font-size: .8em; word-break: break-all; }
details.signatures { font-size: .85em; color: #555; }
.warning { background: #fff3cd; border: 1px solid #e0c36a; padding: .6em 1em; }
.mixed { color: #a00; }
"""


def _embedded_png(path: Path) -> str:
    return "data:image/png;base64," + base64.b64encode(path.read_bytes()).decode("ascii")


def render_html(
    runs: Sequence[Run], sections: Sequence[Section], figures_dir: Path, header: Sequence[str]
) -> str:
    """The whole page; ``figures_dir`` holds the PNGs named by the sections' figures."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>Gender translation report</title>",
        f"<style>{STYLE}</style></head><body>",
        "<h1>Gender translation report</h1>",
    ]
    for line in header:
        kind = "warning" if line.startswith("WARNING") else "note"
        parts.append(f"<p class={kind}>{html.escape(line)}</p>")
    parts.append("<h2>Runs</h2><ul>")
    parts += [
        f"<li><strong>{html.escape(run.label)}</strong> ({run.kind_name}) "
        f"<code>{html.escape(str(run.path))}</code><br><code>{html.escape(run.signature)}</code>"
        + (
            f" <strong class=mixed>mixed: {html.escape('; '.join(run.flags))}</strong>"
            if run.flags
            else ""
        )
        + "</li>"
        for run in runs
    ]
    parts.append("</ul>")
    contents = "".join(
        f'<li><a href="#section-{number}">{html.escape(section.title)}</a></li>'
        for number, section in enumerate(sections, start=1)
    )
    parts.append(f"<nav><strong>Contents</strong><ol>{contents}</ol></nav>")
    for number, section in enumerate(sections, start=1):
        parts.append(f'<h2 id="section-{number}">{html.escape(section.title)}</h2>')
        if section.text:
            parts.append(f"<p>{html.escape(section.text)}</p>")
        parts += [to_html(table) for table in section.tables]
        parts += [
            f'<figure id="{figure.name}"><img alt="{figure.name}" '
            f'src="{_embedded_png(figures_dir / f"{figure.name}.png")}">'
            f"<figcaption>{html.escape(figure.caption)}</figcaption></figure>"
            for figure in section.figures
        ]
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
