"""`gen report` for a paper: LaTeX tables that fit a two-column article, and which runs may
be compared (execution-only fields ignored, a set and its nonce twin a designed comparison)."""

from __future__ import annotations

import json
import re
import shutil
import sys

import pytest
from conftest import REPO
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.legend import Legend
from matplotlib.text import Text
from PIL import Image
from report_runs import make_paper_runs, make_run

from common.errors import GenError
from report import write_report
from report.figures import FIGURES
from report.footer import COLUMN, PAGE, SIZES, SMALLEST_TEXT
from report.latex import Layout, header_lines, latex_files, latex_words, layouts, signatures_latex
from report.load import load_runs
from report.tables import gender_tables


@pytest.fixture(scope="module")
def paper_runs(tmp_path_factory):
    return make_paper_runs(tmp_path_factory.mktemp("paper"))


@pytest.fixture(scope="module")
def paper_report(paper_runs, tmp_path_factory):
    out = tmp_path_factory.mktemp("paper-report") / "report"
    write_report(paper_runs, out, formats=["png"])
    return out


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="needs pdflatex (texlive)")
def test_every_table_compiles_in_a_two_column_article_without_overfull_boxes(paper_report):
    """Six checker runs, TGBI and MT-GenEval: bench/latex_fit.py compiles each file alone in
    the article class's and in ACL's two columns."""
    sys.path.insert(0, str(REPO / "bench"))
    try:
        import latex_fit
    finally:
        sys.path.remove(str(REPO / "bench"))
    for page in (None, latex_fit.ACL):
        fits = latex_fit.check_folder(paper_report, page)
        assert len(fits) == len(list((paper_report / "tables").glob("*.tex")))
        assert [(fit.path.name, fit.overfull, fit.error) for fit in fits if not fit.fits(5.0)] == []


def test_wide_tables_go_across_the_page_with_a_compact_one_column_variant(paper_report):
    files = {path.name: path.read_text(encoding="utf-8") for path in paper_report.glob("tables/*")}
    assert r"\resizebox" not in "".join(files.values())
    wide = {name for name, text in files.items() if r"\begin{table*}" in text}
    assert {"table3_labels.tex", "table4_deltas.tex", "table_significance.tex"} <= wide
    assert r"\begin{table}" in files["table_tgbi_papago-tgbi-ko-en.tex"]
    compact = files["table4_deltas-column.tex"]
    assert r"\begin{table}[t]" in compact and r"\label{tab:table4-deltas-column}" in compact
    assert "M trig." not in compact and r"$\Delta$M" in compact
    for name, text in files.items():
        assert text.count("{") == text.count("}"), name


def test_headers_print_math_and_words_not_code(paper_report):
    tgbi = (paper_report / "tables" / "table_tgbi_papago-tgbi-ko-en.tex").read_text()
    assert "$p_{w}$ & $p_{m}$ & $p_{n}$" in tgbi and "$P_{S}$" in tgbi
    assert "p_w" not in tgbi.split(r"\begin{table}")[1]
    reasons = (paper_report / "tables" / "table_reasons.tex").read_text()
    assert r"conflicting\\\relax gender" in reasons and "conflicting_gender" not in reasons


@pytest.mark.parametrize(
    ("text", "latex"),
    [
        ("p_w", "$p_{w}$"),
        ("P_S [95% CI]", r"$P_{S}$ [95\% CI]"),
        ("B − A", "B -- A"),
        ("ΔM", r"$\Delta$M"),
        ("apertium · ko→en", r"apertium \textperiodcentered{} ko$\rightarrow$en"),
        ("sig: a|b", r"sig: a\textbar{}\allowbreak{}b"),
        ("50% & #1 {x}", r"50\% \& \#1 \{x\}"),
    ],
)
def test_latex_words(text, latex):
    assert latex_words(text) == latex


@pytest.mark.parametrize(
    ("header", "lines"),
    [
        ("conflicting_gender", ["conflicting", "gender"]),
        ("not_a_person", ["not_a_person"]),
        ("p_w", ["p_w"]),
        ("Accuracy %\n[95% CI]", ["Accuracy %", "[95% CI]"]),
    ],
)
def test_header_lines(header, lines):
    assert header_lines(header) == lines


def test_markdown_prints_a_header_on_one_line(paper_report):
    markdown = (paper_report / "report.md").read_text(encoding="utf-8")
    assert "| Inconclusive | Accuracy % [95% CI] | Pairs |" in markdown


def test_a_table_narrow_enough_stays_in_one_column_with_its_intervals_inline(tmp_path):
    runs = load_runs([make_run(tmp_path / f"sys{n}-es", lang="es", seed=n) for n in (1, 2)])
    deltas = gender_tables(runs)[2]
    assert set(layouts(deltas)) == {"", "-column"}
    significance = gender_tables(runs)[3]
    chosen = layouts(significance)
    assert chosen[""].page and chosen["-column"] == Layout((0, 1, 5, 6), stack=False, page=False)
    text = latex_files(significance)["table_significance-column.tex"]
    assert r"\genstack" not in text and "full-width variant" in text


def test_signatures_wrap_in_a_footnote_sized_block(paper_runs):
    runs = load_runs(paper_runs)
    block = signatures_latex(runs)
    assert r"\footnotesize\raggedright" in block
    assert block.count(r"\item[") == len(runs)
    code = " ".join(re.findall(r"\\texttt\{(.*)\}$", block, re.MULTILINE))
    longest = max(re.split(r"\\allowbreak\{\}| ", code), key=len)
    assert len(longest) < 45, longest  # no piece of type wider than a column (about 55)


# Which runs may be compared.


def _rewrite(run, **fields):
    """Change signature fields of a run's summary (signature_fields and signature)."""
    path = run / "summary.json"
    summary = json.loads(path.read_text(encoding="utf-8"))
    summary["signature_fields"] |= fields
    summary["signature"] = "|".join(f"{k}:{v}" for k, v in summary["signature_fields"].items())
    path.write_text(json.dumps(summary), encoding="utf-8")
    return run


@pytest.mark.parametrize(
    ("fields", "refused"),
    [
        ({"engine": "dask", "workers": "4"}, None),
        ({"mt": "huggingface:Helsinki-NLP/opus-mt-en-es"}, None),
        ({"chunk": "20000"}, "different chunk"),
        ({"ci": "cluster"}, "different ci"),
        ({"tagger": "stanza-1.10"}, "different tagger"),
    ],
)
def test_execution_and_system_fields_may_differ_instrument_fields_may_not(
    tmp_path, fields, refused
):
    """Workers and engine do not touch the labels; the MT system is what is compared."""
    alike = {"mt": "apertium:eng-spa", "engine": "process", "workers": "1"}
    first = _rewrite(make_run(tmp_path / "a-es", lang="es"), **alike)
    second = _rewrite(make_run(tmp_path / "b-es", lang="es", seed=2), **alike | fields)
    if refused:
        with pytest.raises(GenError, match=refused):
            load_runs([first, second])
    else:
        assert not any(run.flags for run in load_runs([first, second]))


# Figures at the width they are printed at.


def _texts(figure):
    """The figure's visible texts with their boxes in points, drawn as saved."""
    canvas = FigureCanvasAgg(figure)
    canvas.draw()
    renderer = canvas.get_renderer()
    return [
        (text, text.get_window_extent(renderer))
        for text in figure.findobj(Text)
        if text.get_visible() and text.get_text().strip()
    ]


@pytest.mark.parametrize("count", [1, 4, 6])
@pytest.mark.parametrize("size", SIZES.values(), ids=SIZES)
def test_fig1_is_legible_with_up_to_six_runs(paper_runs, count, size):
    """No text under 7 pt, none overlapping another: the runs are told apart by a legend,
    and a bar carries its numbers only when it is wide enough for them."""
    runs = load_runs(paper_runs[:count])
    figure = FIGURES["fig1_trigger_stereotype"](runs, False, size)
    assert figure.get_figwidth() == size.width
    texts = _texts(figure)
    assert min(text.get_fontsize() for text, _ in texts) >= SMALLEST_TEXT
    for number, (text, box) in enumerate(texts):
        for other, other_box in texts[number + 1 :]:
            assert not box.overlaps(other_box), (text.get_text(), other.get_text())
    legends = figure.findobj(Legend)
    assert [text.get_text() for legend in legends for text in legend.get_texts()] == (
        [run.label for run in runs] if count > 1 else []
    )


@pytest.mark.parametrize("name", FIGURES)
def test_every_figure_has_no_text_under_7_points_or_overlapping_at_either_width(paper_runs, name):
    runs = load_runs(paper_runs[:6])
    for size in (PAGE, COLUMN):
        texts = _texts(FIGURES[name](runs, True, size))
        assert min(text.get_fontsize() for text, _ in texts) >= SMALLEST_TEXT, (name, size.name)
        for number, (text, box) in enumerate(texts):
            for other, other_box in texts[number + 1 :]:
                assert not box.overlaps(other_box), (size.name, text.get_text(), other.get_text())


def test_the_report_writes_each_figure_at_page_and_column_width(paper_report):
    for name in FIGURES:
        page = Image.open(paper_report / "figures" / f"{name}.png")
        column = Image.open(paper_report / "figures" / f"{name}-column.png")
        assert page.size[0] / page.info["dpi"][0] == pytest.approx(PAGE.width, abs=0.02)
        assert column.size[0] / column.info["dpi"][0] == pytest.approx(COLUMN.width, abs=0.02)


# A set and its nonce twin: a designed comparison.

NONCE_SET = "sha256.0a0a0a0a0a0a"


def _twins(root, systems=("apertium", "opus"), **nonce_options):
    """Each system on a real set (built without --nonce) and on its nonce twin."""
    real = [make_run(root / "real" / f"{s}-es", lang="es", nonce=False) for s in systems]
    options = {"nonce_twin": True, "set_hash": NONCE_SET, "seed": 7} | nonce_options
    nonce = [make_run(root / "nonce" / f"{s}-es", lang="es", **options) for s in systems]
    return real + nonce


def test_a_set_and_its_nonce_twin_are_compared_without_allow_mixed(tmp_path):
    paths = _twins(tmp_path)
    runs = load_runs(paths)
    assert not any(run.flags for run in runs)
    assert [run.label for run in runs] == [
        "apertium · es",
        "opus · es",
        "apertium · es · nonce",
        "opus · es · nonce",
    ]
    write_report(paths, tmp_path / "report", formats=["png"])
    markdown = (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert "WARNING" not in markdown and "not directly comparable" not in markdown
    assert "![fig5_nonce](figures/fig5_nonce.png)" in markdown
    figure = FIGURES["fig5_nonce"](runs, True, PAGE)
    legend = [text.get_text() for legend in figure.findobj(Legend) for text in legend.get_texts()]
    assert legend == ["apertium · es", "opus · es"]  # each system's real and nonce bars together
    drawn = " ".join(text.get_text() for text, _ in _texts(figure)).replace("\n  ", "")
    assert all(run.signature in drawn for run in runs)


@pytest.mark.parametrize(
    "options",
    [
        {"repeat": 3},  # another size: ids and counts differ
        {"nonce_twin": False, "nonce": True},  # a set with real and nonce occupations
    ],
)
def test_sets_that_are_not_twins_are_still_refused(tmp_path, options):
    with pytest.raises(GenError, match="different set"):
        load_runs(_twins(tmp_path, systems=("apertium",), **options))
