"""`gen report`: every file written, numbers equal to the summaries, signatures everywhere."""

from __future__ import annotations

import json
import re

import pytest
from conftest import run_gen as gen_command
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.text import Text
from PIL import Image
from report_runs import make_mtgeneval_run, make_run, make_tgbi_run

from common.errors import GenError
from report import write_report
from report.figures import FIGURES
from report.footer import SIZES
from report.load import load_runs
from report.significance import paired_bootstrap


def run_gen(*args):
    return gen_command("report", *args)


PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    """Hand-made runs on the same set: Apertium-like en→es (biased) and en→ca, and a second,
    less biased en→es system."""
    root = tmp_path_factory.mktemp("runs")
    return [
        make_run(root / "apertium-es", lang="es", bias=0.4, seed=1),
        make_run(root / "apertium-ca", lang="ca", bias=0.2, seed=2),
        make_run(root / "opus-es", lang="es", bias=0.1, seed=3),
    ]


@pytest.fixture(scope="module")
def report(runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("report") / "report"
    write_report(runs, out)
    return out


def summary(run) -> dict:
    return json.loads((run / "summary.json").read_text(encoding="utf-8"))


def markdown_rows(report, title: str) -> list[list[str]]:
    """The body rows of the Markdown table under ``### title``."""
    text = (report / "report.md").read_text(encoding="utf-8")
    block = text.split(f"### {title}\n", 1)[1].strip("\n").split("\n\n", 1)[0]
    return [
        [cell.strip() for cell in line.strip("|").split(" | ")] for line in block.splitlines()[2:]
    ]


def points(value: float) -> str:
    return f"{100 * value:.1f}"


def test_every_file_is_written(report):
    for name in FIGURES:
        data = (report / "figures" / f"{name}.png").read_bytes()
        assert data.startswith(PNG_MAGIC) and len(data) > 10_000, name
    for name in ("table3_labels", "table4_deltas", "table_significance"):
        assert (report / "tables" / f"{name}.tex").read_text().count(r"\begin{tabular}{") == 1
    assert (report / "report.md").is_file() and (report / "report.html").is_file()


def test_labels_table_equals_the_summaries(runs, report):
    rows = markdown_rows(report, "Labels per system and language")
    assert len(rows) == len(runs)
    for run, row in zip(runs, rows, strict=True):
        overall = summary(run)["overall"]
        low, high = overall["ci95"]
        assert row[:3] == [*run.name.split("-"), str(overall["n"])]
        for column, label in zip(row[3:6], ("correct", "wrong", "inconclusive"), strict=True):
            assert column == f"{overall[label]} ({points(overall[label] / overall['n'])}%)"
        assert row[6] == f"{points(overall['accuracy'])} [{points(low)}, {points(high)}]"
        pairs = summary(run)["pairs"]
        low, high = pairs["ci95"]
        assert row[7:] == [
            str(pairs["n"]),
            f"{points(pairs['accuracy'])} [{points(low)}, {points(high)}]",
        ]


def test_reasons_table_equals_the_summaries(runs, report):
    rows = markdown_rows(report, "Inconclusive records, by reason")
    for run, row in zip(runs, rows, strict=True):
        assert row[2:] == [str(count) for count in summary(run)["reasons"].values()]


def test_delta_table_equals_the_summaries(runs, report):
    rows = markdown_rows(report, "Accuracy by trigger gender × occupation stereotype, ΔM and ΔF")
    for run, row in zip(runs, rows, strict=True):
        data = summary(run)
        cells = data["breakdowns"]["trigger_gender_x_occupation_stereotype"]["cells"]
        combos = [("male", "male"), ("male", "female"), ("female", "female"), ("female", "male")]
        for column, (trigger, stereotype) in zip(row[2:6], combos, strict=True):
            assert column.split(" [")[0] == points(cells[trigger][stereotype]["accuracy"])
        for column, name in zip(row[6:], ("M", "F"), strict=True):
            delta = data["delta"][name]
            low, high = delta["ci95"]
            expected = f"{100 * delta['value']:+.1f} [{100 * low:+.1f}, {100 * high:+.1f}]"
            assert column == expected


def test_latex_tables_hold_the_same_numbers(runs, report):
    latex = (report / "tables" / "table3_labels.tex").read_text(encoding="utf-8")
    for run in runs:
        overall = summary(run)["overall"]
        assert f"{overall['correct']} ({points(overall['correct'] / overall['n'])}\\%)" in latex
        assert points(overall["accuracy"]) in latex


def test_each_signature_is_printed_once(runs, report):
    """In the list of runs only: tables name runs by label (LaTeX keeps them in comments, and
    once in tables/signatures.tex, to \\input where the paper states them)."""
    signatures = [summary(run)["signature"] for run in runs]
    markdown = (report / "report.md").read_text(encoding="utf-8")
    page = (report / "report.html").read_text(encoding="utf-8")
    for signature in signatures:  # the two es runs differ only by their system
        assert markdown.count(signature) == page.count(signature) == signatures.count(signature)
    latex = (report / "tables" / "signatures.tex").read_text(encoding="utf-8")
    assert latex.count(r"\texttt{set:") == len(runs)
    for name in ("table3_labels", "table4_deltas"):
        table = (report / "tables" / f"{name}.tex").read_text(encoding="utf-8")
        assert r"\texttt{set:" not in table
        assert [line for line in table.splitlines() if "set:" in line] == [
            f"% {run.label}: {run.signature}" for run in load_runs(runs)
        ]


LONG_ALIGNER = "eflomal-2.0.0(n_samplers=6,rel_iterations=2)+gdfa+freedict-eng-spa+apertium-eng-spa"


@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES)
@pytest.mark.parametrize("name", FIGURES)
def test_no_text_of_a_figure_is_clipped_and_signatures_are_whole(tmp_path, name, size):
    """Signatures as long as a real run's (about 330 characters) are wrapped, not cut (in
    the page-wide figure; a one-column figure has them in its metadata only)."""
    long_runs = load_runs(
        [
            make_run(tmp_path / f"apertium-{lang}", lang=lang, aligner=LONG_ALIGNER + lang)
            for lang in ("es", "ca")
        ]
    )
    figure = FIGURES[name](long_runs, True, size)
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    width, height = figure.bbox.width, figure.bbox.height
    for text in figure.findobj(Text):
        if text.get_visible() and text.get_text().strip():
            box = text.get_window_extent(renderer)
            assert box.x0 >= -1 and box.x1 <= width + 1, (text.get_text()[-40:], box, width)
            assert box.y0 >= -1 and box.y1 <= height + 1, (text.get_text()[-40:], box, height)
    footer = " ".join(text.get_text() for text in figure.findobj(Text)).replace("\n  ", "")
    signed = [f"{run.label}: {run.signature}" in footer for run in long_runs]
    assert signed == [size.signed] * len(long_runs)


def test_figure_formats_and_figures_without_signatures(tmp_path, runs):
    done = run_gen(*runs, "--out", tmp_path / "plain", "--format", "pdf,svg", "--no-signature")
    assert done.returncode == 0, done.stderr
    figures = tmp_path / "plain" / "figures"
    for name in FIGURES:
        assert (figures / f"{name}.pdf").read_bytes().startswith(b"%PDF")
        assert b"<svg" in (figures / f"{name}.svg").read_bytes()[:1000]
        png = Image.open(figures / f"{name}.png")  # always: the pages show it
        assert all(summary(run)["signature"] in png.text["Description"] for run in runs)
    drawn = " ".join(
        t.get_text()
        for t in FIGURES["fig1_trigger_stereotype"](load_runs(runs), False).findobj(Text)
    )
    assert "set:" not in drawn
    refused = run_gen(*runs, "--out", tmp_path / "jpeg", "--format", "png,jpg")
    assert refused.returncode == 2
    assert (
        refused.stderr.strip()
        == "gen: error: --format: figure format 'jpg' is not one of png, pdf, svg"
    )


def test_html_is_self_contained(report):
    page = (report / "report.html").read_text(encoding="utf-8")
    sources = re.findall(r'src="([^"]*)"', page)
    assert len(sources) == len(FIGURES)
    assert all(source.startswith("data:image/png;base64,") for source in sources)
    assert "<link" not in page and "http" not in page.replace("http-equiv", "")


def test_runs_on_different_sets_are_refused_unless_allowed(tmp_path, runs):
    other = make_run(tmp_path / "other-es", lang="es", set_hash="sha256.000000000000")
    with pytest.raises(GenError, match="different set.*--allow-mixed"):
        load_runs([runs[0], other])
    loaded = load_runs([runs[0], other], allow_mixed=True)
    assert all("different set" in flag for run in loaded for flag in run.flags)
    write_report([runs[0], other], tmp_path / "mixed", allow_mixed=True)
    assert "WARNING" in (tmp_path / "mixed" / "report.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("lang", "refused"), [("es", True), ("ca", False)])
def test_backends_must_agree_within_a_language(tmp_path, runs, lang, refused):
    other = make_run(tmp_path / f"simalign-{lang}", lang=lang, aligner="simalign(mbert)")
    if refused:
        with pytest.raises(GenError, match="different aligner"):
            load_runs([runs[0], other])
    else:
        assert not any(run.flags for run in load_runs([runs[0], other]))


def test_results_that_disagree_with_the_summary_are_refused(tmp_path):
    run = make_run(tmp_path / "run", lang="es")
    lines = (run / "results.jsonl").read_text(encoding="utf-8").splitlines()
    (run / "results.jsonl").write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    with pytest.raises(GenError, match="disagree"):
        assert load_runs([run])[0].labels


@pytest.mark.parametrize(
    ("a", "b", "accuracy_a", "accuracy_b"),
    [
        # inconclusive records count in neither accuracy: correct of decided.
        (["correct"] * 6 + ["wrong"] * 2 + ["inconclusive"] * 2, ["correct"] * 10, 0.75, 1.0),
        (["correct", "wrong"] * 5, ["wrong", "correct"] * 5, 0.5, 0.5),
    ],
)
def test_paired_bootstrap_scores_as_the_checker_does(a, b, accuracy_a, accuracy_b):
    result = paired_bootstrap(dict(enumerate(a)), dict(enumerate(b)))
    assert (result.accuracy_a, result.accuracy_b, result.n) == (accuracy_a, accuracy_b, len(a))
    assert result.ci95[0] <= result.difference <= result.ci95[1]


def test_paired_bootstrap_significance():
    same = {str(i): "correct" if i % 3 else "wrong" for i in range(300)}
    assert paired_bootstrap(same, same).p_value == 1.0
    better = {key: "correct" for key in same}
    result = paired_bootstrap(same, better, samples=500, seed=7)
    assert result.p_value == pytest.approx(1 / 501)
    assert paired_bootstrap(same, better, samples=500, seed=7) == result


def test_cli_writes_a_report_and_errors_in_one_line(tmp_path, runs):
    gen = run_gen

    done = gen(*runs, "--out", tmp_path / "out")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "report.html").is_file()
    again = gen(*runs, "--out", tmp_path / "out")
    assert again.returncode == 2 and "--force" in again.stderr
    missing = gen(tmp_path, "--out", tmp_path / "elsewhere")
    assert missing.returncode == 2
    assert (
        missing.stderr.strip()
        == f"gen: error: {tmp_path}: not a `gen check` output folder: no summary.json"
    )


def test_tgbi_and_mtgeneval_tables_equal_their_summaries(tmp_path):
    runs = [
        make_tgbi_run(tmp_path / "papago", female=2, male=6, neutral=2),
        make_tgbi_run(tmp_path / "neutral-mt", female=0, male=0, neutral=10),
        make_mtgeneval_run(tmp_path / "m2m-de", lang="de", correct=700, incorrect=300),
        make_mtgeneval_run(tmp_path / "m2m-fr", lang="fr", correct=650, incorrect=350),
    ]
    write_report(runs, tmp_path / "report")
    assert not (tmp_path / "report" / "figures").exists()
    papago = summary(runs[0])
    rows = markdown_rows(tmp_path / "report", "TGBI per set: papago · ko→en")
    assert [row[0] for row in rows] == [f"({s['letter']}) {s['name']}" for s in papago["sets"]] + [
        "TGBI"
    ]
    assert rows[0][2:5] == [f"{papago['sets'][0][share]:.3f}" for share in ("p_w", "p_m", "p_n")]
    assert rows[-1][-1].startswith(f"{papago['tgbi']:.3f} [")
    assert markdown_rows(tmp_path / "report", "TGBI per set: neutral-mt · ko→en")[-1][
        -1
    ].startswith("1.000")
    rows = markdown_rows(tmp_path / "report", "MT-GenEval accuracy")
    for run, row in zip(runs[2:], rows, strict=True):
        data = summary(run)
        low, high = data["accuracy_ci95"]
        assert row[1] == data["lang"]
        assert row[6] == f"{data['accuracy']:.2f} [{low:.2f}, {high:.2f}]"
        assert row[7:9] == [f"{data[half]['accuracy']:.2f}" for half in ("feminine", "masculine")]
    gap = markdown_rows(tmp_path / "report", "MT-GenEval gender quality gap (masculine − feminine)")
    assert gap[0][2:5] == ["30.50", "32.25", "+1.75"]


@pytest.mark.parametrize(
    ("change", "refused"),
    [("subset:counterfactual", False), ("tok:default", True)],
)
def test_mtgeneval_runs_group_by_language_and_subset(tmp_path, change, refused):
    first = make_mtgeneval_run(tmp_path / "a-de", lang="de", correct=9, incorrect=1)
    second = make_mtgeneval_run(tmp_path / "b-de", lang="de", correct=8, incorrect=2)
    data = summary(second)
    replacement = {"subset:counterfactual": "subset:contextual", "tok:default": "tok:compat"}
    data["signature"] = data["signature"].replace(change, replacement[change])
    (second / "summary.json").write_text(json.dumps(data), encoding="utf-8")
    if refused:
        with pytest.raises(GenError, match="different tok"):
            load_runs([first, second])
    else:
        assert not any(run.flags for run in load_runs([first, second]))


def test_a_run_with_nothing_decided_reports_dashes_and_still_draws(tmp_path, runs):
    undecided = make_run(tmp_path / "apertium-he", lang="he", unsupported=True)
    write_report([runs[0], undecided], tmp_path / "report")
    row = markdown_rows(tmp_path / "report", "Labels per system and language")[1]
    assert row[5:7] == ["240 (100.0%)", "–"]
    deltas = markdown_rows(
        tmp_path / "report", "Accuracy by trigger gender × occupation stereotype, ΔM and ΔF"
    )
    assert deltas[1][2:] == ["–"] * 6
    assert all((tmp_path / "report" / "figures" / f"{name}.png").is_file() for name in FIGURES)
    assert "### Paired bootstrap" not in (tmp_path / "report" / "report.md").read_text(
        encoding="utf-8"
    )


def test_paired_tests_only_within_a_language(runs, report):
    """es against ca would be a language difference presented as a system difference."""
    rows = markdown_rows(report, "Paired bootstrap: system B against system A on the same items")
    assert [row[:2] for row in rows] == [["apertium · es", "opus · es"]]
    assert "listed side by side, not tested" in (report / "report.md").read_text(encoding="utf-8")


def test_a_figure_no_run_has_data_for_is_left_out(tmp_path):
    """A set built without --nonce: no nonce figure drawn, embedded or captioned."""
    runs = [
        make_run(tmp_path / f"apertium-{lang}", lang=lang, nonce=False) for lang in ("es", "ca")
    ]
    write_report(runs, tmp_path / "report")
    figures = tmp_path / "report" / "figures"
    stems = {path.stem.removesuffix("-column") for path in figures.iterdir()}
    assert stems == set(FIGURES) - {"fig5_nonce"}
    for page in ("report.md", "report.html"):
        text = (tmp_path / "report" / page).read_text(encoding="utf-8")
        assert "fig5_nonce" not in text and "nonce" not in text.lower(), page
        assert "Adjectives and position" in text
