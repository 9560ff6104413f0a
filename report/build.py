"""Assemble a report from runs: figures, tables and the prose around them, then write it.

The report is a list of :class:`Section`; Markdown and HTML are two renderings of it, and
the LaTeX tables and the figures (PNG, PDF, SVG) are written beside them, so all agree.
Each run's signature is printed once, in the list of runs; tables name runs by label.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from common import __version__
from common.errors import GenError
from common.io import atomic_write
from common.outputs import REPORT, REPORT_MARK, check_output, output_folder
from report import figures as fig
from report.html import render_html
from report.latex import latex_files, signatures_latex
from report.load import Run, load_runs
from report.open_gender import open_gender_sections
from report.scores import mtgeneval_accuracy_table, quality_gap_table, tgbi_table, winomt_table
from report.sections import Plot, Section
from report.tables import gender_tables, to_markdown

PAPER = (
    "Renduchintala & Williams (2022), “Investigating Failures of Automatic Translation in the "
    "Case of Unambiguous Gender”"
)


#: Figure name → caption: what a reader should look for.
CAPTIONS = {
    "fig1_trigger_stereotype": (
        "Accuracy by trigger gender and occupation stereotype (cf. their Fig. 1). A system that "
        "reads the trigger scores the same on both bars of a panel; a lower bar where the "
        "stereotype disagrees with the trigger means the stereotype won."
    ),
    "fig2_occupations": (
        "Accuracy per occupation with a male (square) and a female (circle) trigger (cf. their "
        "Fig. 2), sorted by the gap in the first run; n counts male+female-trigger records."
    ),
    "fig3_adjective": (
        "Accuracy when the adjective's stereotype matches or mismatches the trigger's gender, or "
        "when there is no adjective (cf. their Fig. 3)."
    ),
    "fig4_position": (
        "Accuracy by where the occupation stands relative to the trigger (cf. their Fig. 4)."
    ),
    "fig5_nonce": (
        "Accuracy on real occupations and on nonce (invented) ones, which carry no stereotype "
        "(cf. their Fig. 5). A run on a set built with --nonce is drawn with the same system's "
        "run on its real twin (the same sentences with the real occupations)."
    ),
    "fig6_labels": (
        "Share of records labelled correct, wrong and inconclusive; inconclusive records are those "
        "the checker could not decide (see the reasons in each run's summary)."
    ),
}


#: The figures of the third gender section, by what each is about.
TOPICS = {
    "fig3_adjective": "adjectives",
    "fig4_position": "position",
    "fig5_nonce": "nonce occupations",
}


def _joined(words: Sequence[str]) -> str:
    """``a, b and c``."""
    return " and ".join(filter(None, [", ".join(words[:-1]), *words[-1:]]))


SIDE_BY_SIDE = (
    "Runs in different languages are listed side by side, not tested against each other: "
    "their items are different translations, so a difference between them is not only the "
    "systems'. Paired tests compare runs on the same set and language."
)


def gender_sections(runs: Sequence[Run], figure_names: Sequence[str]) -> list[Section]:
    labels, reasons, deltas, *significance = gender_tables(runs)
    by_name = {name: Plot(name, CAPTIONS[name]) for name in figure_names}
    sections = [
        Section(
            "Correct, wrong, inconclusive",
            text=SIDE_BY_SIDE if len({run.lang for run in runs}) > 1 else "",
            tables=[labels, reasons],
            figures=[by_name[name] for name in ("fig6_labels",) if name in by_name],
        ),
        Section(
            "Trigger against stereotype",
            tables=[deltas],
            figures=[
                by_name[name]
                for name in ("fig1_trigger_stereotype", "fig2_occupations")
                if name in by_name
            ],
        ),
        Section(
            _joined([TOPICS[name] for name in by_name if name in TOPICS]).capitalize(),
            figures=[by_name[name] for name in TOPICS if name in by_name],
        ),
    ]
    sections = [section for section in sections if section.tables or section.figures]
    if significance:
        sections.append(
            Section(
                "Paired significance",
                text="Every two runs on the same set and language, compared item by item.",
                tables=significance,
            )
        )
    return sections


def score_sections(runs: Sequence[Run]) -> list[Section]:
    """Sections for the published scores: TGBI (Korean runs) and MT-GenEval."""
    sections = []
    korean = [run for run in runs if run.kind == "tgbi"]
    if korean:
        sections.append(
            Section(
                "TGBI: gender-neutral pronouns, Korean→English",
                text="Cho et al. (2019): does a translation invent a gender the source left open?",
                tables=[tgbi_table(run) for run in korean],
            )
        )
    geneval = [run for run in runs if run.kind == "mtgeneval"]
    if geneval:
        gap = quality_gap_table(geneval)
        sections.append(
            Section(
                "MT-GenEval",
                text="Currey et al. (2022): scored against correct and gender-flipped references.",
                tables=[mtgeneval_accuracy_table(geneval), *([gap] if gap else [])],
            )
        )
    winomt = [run for run in runs if run.kind == "gender" and "winomt" in run.summary]
    if winomt:
        sections.append(
            Section(
                "WinoMT",
                text="Stanovsky et al. (2019)'s figures, from gen's labels (docs/benchmarks.md).",
                tables=[winomt_table(winomt)],
            )
        )
    return sections


def write_report(
    paths: Sequence[str | Path],
    out: str | Path,
    *,
    allow_mixed: bool = False,
    force: bool = False,
    formats: Sequence[str] = fig.FORMATS,
    signed_figures: bool = True,
) -> Path:
    """Read the runs at ``paths`` and write report.md, report.html, figures/ and tables/ to ``out``.

    Figures are written in each of ``formats`` (PNG always: the pages show it), with the
    runs' signatures in a footer unless not ``signed_figures``. ``out`` is written whole or
    not at all.
    """
    formats = figure_formats(formats)
    check_output(out, REPORT, force=force, inputs=paths)  # before reading the runs
    runs = load_runs(paths, allow_mixed=allow_mixed)
    gender_runs = [run for run in runs if run.kind == "gender"]
    with output_folder(out, REPORT, force=force, inputs=paths) as staging:
        sections: list[Section] = []
        if gender_runs:
            names = fig.write_figures(gender_runs, staging / "figures", formats, signed_figures)
            sections += gender_sections(gender_runs, names)
        sections += open_gender_sections(runs, staging / "figures", formats, signed_figures)
        sections += score_sections(runs)
        for section in sections:
            for table in section.tables:
                for name, text in latex_files(table).items():
                    with atomic_write(staging / "tables" / name) as handle:
                        handle.write(text)
        with atomic_write(staging / "tables" / "signatures.tex") as handle:
            handle.write(signatures_latex(runs))
        with atomic_write(staging / "report.md") as handle:
            handle.write(render_markdown(runs, sections))
        with atomic_write(staging / "report.html") as handle:
            handle.write(render_html(runs, sections, staging / "figures", header(runs)))
    return Path(out)


def figure_formats(formats: Sequence[str]) -> tuple[str, ...]:
    """``formats`` checked against :data:`report.figures.FORMATS`, PNG added if missing."""
    unknown = [name for name in formats if name not in fig.FORMATS]
    if unknown:
        raise GenError(
            f"figure format {unknown[0]!r} is not one of {', '.join(fig.FORMATS)}",
            field="--format",
        )
    return tuple(dict.fromkeys(["png", *formats]))


def header(runs: Sequence[Run]) -> list[str]:
    """The lines every rendering opens with: provenance, then any warning about mixed runs."""
    lines = [f"{REPORT_MARK}{__version__} from {len(runs)} run(s); analyses after {PAPER}."]
    flagged = [run for run in runs if run.flags]
    if flagged:
        problems = sorted({problem for run in flagged for problem in run.flags})
        lines.append(
            "WARNING: these runs are not directly comparable (--allow-mixed): "
            + "; ".join(problems)
        )
    return lines


def render_markdown(runs: Sequence[Run], sections: Sequence[Section]) -> str:
    parts = [
        "# Gender translation report",
        "",
        *(f"{line}\n" for line in header(runs)),
        "## Runs",
        "",
    ]
    parts += [
        f"- **{run.label}** ({run.kind_name}) `{run.path}`  \n  `{run.signature}`"
        + (f"  \n  **mixed: {'; '.join(run.flags)}**" if run.flags else "")
        for run in runs
    ]
    for section in sections:
        parts += ["", f"## {section.title}", ""]
        if section.text:
            parts += [section.text, ""]
        parts += [to_markdown(table) for table in section.tables]
        for figure in section.figures:
            parts += [f"![{figure.name}](figures/{figure.name}.png)", "", f"*{figure.caption}*", ""]
    return "\n".join(parts).rstrip() + "\n"
