"""Every command in README.md and docs/*.md runs as written (issue 29).

Each command line of the documents' code blocks (and each `gen ...` in backticks) is one of:
a synopsis (placeholders such as SET, [--out DIR]), whose options must exist; one that is
run here, in a scratch folder, in the document's order, after the files it reads are made
(PREPARE); or one too expensive or impossible to run here, each with its reason (EXPENSIVE).
A new command in the docs that is none of these fails the first test, so the table and the
docs cannot drift apart. Running them takes about a minute on a quiet machine.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from conftest import REPO, SHARED
from typer.main import get_command

from gen.cli import COMMANDS, app

DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
SHELL = re.compile(r"(gen|python3?|bash|hf|cp|sudo|pip|dask|apt-cache|CUDA_VISIBLE_DEVICES)\b")
PLACEHOLDER = re.compile(r"[\[{|<]|\.\.\.|\b[A-Z][A-Z_]+\b")

MODEL = "needs a model from the Hugging Face hub (network)"
MINUTES = "takes minutes"
#: Commands not run here, and why.
EXPENSIVE = {
    "bash scripts/demo": "installs packages, then builds, translates and checks 60,800 sentences",
    "bash scripts/test": "installs packages, then runs the whole suite",
    "python -c 'import stanza; stanza.download(\"es\")'": "downloads Stanza's models (network)",
    "hf download bert-base-multilingual-cased": MODEL,
    'python -c \'import stanza; stanza.download("es", model_dir="models/stanza")\'': MODEL,
    "hf download bert-base-multilingual-cased --local-dir models/mbert": MODEL,
    "gen check translations.jsonl --lang es --stanza-dir models/stanza "
    "--align-model models/mbert": "needs the models the two commands above download",
    "gen translate runs/demo/set --to es --engine huggingface --model Helsinki-NLP/opus-mt-en-es": (
        MODEL
    ),
    "gen translate runs/demo/set --to es --engine huggingface --model "
    "facebook/nllb-200-distilled-600M --beam-size 4": MODEL,
    "gen translate runs/demo/set --to es --resume": "continues an interrupted run (none here)",
    "gen mt-geneval system.fr --mt-geneval mt-geneval/data --lang fr --checker": (
        f"{MINUTES}: runs gen check over the whole contextual dev set"
    ),
    "gen check winomt-de.jsonl --system bing": "labels 3,888 lines: a minute",
    "gen check gate-es.jsonl --system gate-reference": "labels 2,674 records: a minute",
    "gen import mt-geneval --references original --mt-geneval mt-geneval/data --lang fr --out "
    "mtgeneval-fr.jsonl": "reads the English with Apertium and WordNet: most of a minute",
    "gen check mtgeneval-fr.jsonl": "needs the records the command above writes",
    "python3 bench/dev_winomt_bing.py": f"{MINUTES}: checks 3,888 lines in nine languages",
    "gen report runs/winomt-bing/*.check --out runs/winomt-bing-report": (
        "needs the nine runs the command above makes"
    ),
    "python3 bench/dev_ugb.py nl": MINUTES,
    "python3 bench/dev_mtgeneval.py nl": MINUTES,
    "python bench/validity_card.py": f"{MINUTES} (half an hour)",
    "python bench/validity_card.py de es": MINUTES,
    "python bench/validity_card.py --stale": MINUTES,
    "apt-cache search apertium | grep -i galician": "reads apt's package lists, absent on CI",
    "gen lint": "lints the xl set too: half a minute",
    "gen translate runs/demo/set --to es --workers 2": "starts a Dask cluster of 2 processes",
    "gen check runs/demo/set/apertium.es.jsonl --workers 2": "starts a Dask cluster",
    "dask scheduler --host 0.0.0.0 --port 8786": "a server that runs until stopped",
    "gen build --size small --nonce": "builds 60,800 sentences; formats.md's build below runs",
    "gen build --size small --open-gender": (
        "builds 60,904 sentences; tests/test_open_gender_set.py builds the xs set"
    ),
    "gen lint --open-gender": "lints the xl open set too (1,981,892 sentences)",
    "gen build --size small --grammar-dir my-grammar --wordlist-dir my-lists": (
        "formats.md's same build (with --out) runs"
    ),
}


def commands(*, inline: bool = False) -> list[tuple[str, int, str]]:
    """(document, line, command) for every shell command the documents' code blocks show;
    with ``inline``, also every `gen ...` in backticks in their text."""
    found = []
    for path in DOCS:
        fenced = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                fenced = not fenced
            block = re.match(r"    (\S.*)", line) if not fenced else None
            if block and SHELL.match(block.group(1)):
                text = re.split(r"\s+#\s", block.group(1))[0].strip()
                if not text.endswith("\\"):  # a command continued on the next line
                    found.append((path.name, number, text))
            for span in re.findall(r"`(gen [^`]*)`", line) if inline else ():
                found.append((path.name, number, span))
    return found


def synopsis(command: str) -> bool:
    return bool(PLACEHOLDER.search(command)) or command.startswith("gen/")


def _cli() -> click.Group:
    return get_command(app)


def test_every_documented_command_is_run_or_says_why_not():
    unsorted = [
        f"{doc}:{line}: {command}"
        for doc, line, command in commands()
        if not synopsis(command) and command not in EXPENSIVE and command not in RUN
    ]
    assert unsorted == []
    documented = {command for _, _, command in commands()}
    assert set(EXPENSIVE) - documented == set()  # no reason kept for a command gone


def test_documented_gen_commands_use_options_that_exist():
    group = _cli()
    wrong = []
    for doc, line, command in commands(inline=True):
        words = command.split()
        if words[0] != "gen" or len(words) == 1 or command.startswith("gen/"):
            continue
        name = words[1] if not words[1].startswith("-") else None
        if name is not None and name not in COMMANDS:
            wrong.append(f"{doc}:{line}: no command {name}")
            continue
        cli = group.get_command(click.Context(group), name) if name else group
        if hasattr(cli, "get_command") and len(words) > 2:  # a group: gen import winomt ...
            cli = cli.get_command(click.Context(cli), words[2]) or cli
        known = {opt for param in cli.params for opt in (*param.opts, *param.secondary_opts)}
        for option in re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", command):
            if option not in known | {"--help"}:
                wrong.append(f"{doc}:{line}: gen {name or ''} has no {option}")
    assert wrong == []


# The commands run here, each after what makes the files it reads (relative to the scratch
# folder, which holds copies of grammars/ and wordlists/ and MT-GenEval's dev data).


def _demo_set(work: Path) -> None:
    run(work, "gen build --size xs --out runs/demo/set")  # the demo's set, smaller


def _translations(work: Path) -> None:
    lines = (work / "runs/demo/set/apertium.es.jsonl").read_text(encoding="utf-8").splitlines()
    (work / "translations.jsonl").write_text("\n".join(lines[:40]) + "\n", encoding="utf-8")


def _korean_hyp(work: Path) -> None:
    count = len((work / "runs/ko/source.txt").read_text(encoding="utf-8").splitlines())
    (work / "mt-output.en").write_text("They are a nurse.\n" * count, encoding="utf-8")


def _mtgeneval_hyp(work: Path) -> None:
    data = work / "mt-geneval/data"
    original = data / "context/geneval-context-wikiprofessions-original-dev.en_fr.fr"
    shutil.copy(original, work / "system.fr")
    for gender, name in (("feminine", "fem.fr"), ("masculine", "masc.fr")):
        source = data / f"sentences/dev/geneval-sentences-{gender}-dev.en_fr.fr"
        shutil.copy(source, work / name)


RUN: dict[str, Callable[[Path], None] | None] = {
    "gen --help": None,
    "gen languages": None,
    "gen translate runs/demo/set --to es": _demo_set,
    "gen translate runs/demo/set --to ca": None,
    "gen translate runs/demo/set/apertium.es.jsonl --from es --to fr --out "
    "runs/demo/set/apertium.es-fr.jsonl": None,
    "gen check translations.jsonl --lang es": _translations,
    "gen build --grammar ko --out runs/ko": None,
    "gen check runs/ko --hyp mt-output.en": _korean_hyp,
    "gen check runs/ko --hyp mt-output.en --compat --out runs/ko.compat": None,
    "gen mt-geneval system.fr --mt-geneval mt-geneval/data --lang fr --subset contextual": (
        _mtgeneval_hyp
    ),
    "gen mt-geneval fem.fr masc.fr --mt-geneval mt-geneval/data --lang fr --subset "
    "counterfactual --out scores/": None,
    "gen mt-geneval --references flipped --mt-geneval mt-geneval/data --lang fr": None,
    "gen import winomt winomt/en.txt winomt/bing/en-de.txt --lang de --out winomt-de.jsonl": None,
    "gen import gate gate/es_2_variants.dev.tsv gate/es_4_variants.dev.tsv --out gate-es.jsonl": (
        None
    ),
    "cp -r grammars/en my-grammar; cp -r wordlists/en my-lists": None,
    "gen lint --size xs --grammar-dir my-grammar --wordlist-dir my-lists": None,
    "gen build --size small --grammar-dir my-grammar --wordlist-dir my-lists --out "
    "runs/mine-small": None,
    "python -m generator.nonce --seed 2026 --count 60 --out wordlists/en/nonce_occupations.tsv": (
        None
    ),
}


def run(work: Path, command: str) -> subprocess.CompletedProcess:
    """``command`` in ``work`` by the shell, with this checkout's gen as `gen`."""
    bin_dir = work / ".bin"
    if not bin_dir.exists():
        bin_dir.mkdir()
        (bin_dir / "gen").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m gen "$@"\n')
        (bin_dir / "gen").chmod(0o755)
        (bin_dir / "python").symlink_to(sys.executable)
    env = {
        **os.environ,
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "PYTHONPATH": str(REPO),
    }
    done = subprocess.run(
        command, shell=True, cwd=work, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, f"{command}\n{done.stderr[-2000:]}"
    return done


def _doc_of(command: str) -> str:
    """The first document that shows ``command`` (one that two show runs once)."""
    return next(doc for doc, _, c in commands() if c == command)


@pytest.mark.parametrize("doc", sorted({_doc_of(c) for _, _, c in commands() if c in RUN}))
def test_documented_commands_run_as_written(doc, tmp_path):
    dev = SHARED / "dev-data" / "mt-geneval"
    if not dev.is_dir():
        pytest.skip("../shared/dev-data is not beside this checkout")
    for folder in ("grammars", "wordlists"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    (tmp_path / "mt-geneval").mkdir()
    (tmp_path / "mt-geneval" / "data").symlink_to(dev)
    for benchmark in ("winomt", "gate"):  # docs/benchmarks.md's worked examples
        (tmp_path / benchmark).symlink_to(dev.parent / benchmark)
    for shown_in, _, command in commands():
        if shown_in == doc and command in RUN and _doc_of(command) == doc:
            if RUN[command] is not None:
                RUN[command](tmp_path)
            run(tmp_path, command)


# What the docs say besides commands, checked against the code.


def _section(doc: str, start: str) -> str:
    text = (REPO / "docs" / doc).read_text(encoding="utf-8")
    return text[text.index(start) :]


def test_the_backend_options_table_names_gen_checks_options():
    group = _cli()
    check = group.get_command(click.Context(group), "check")
    known = {opt for param in check.params for opt in param.opts}
    table = _section("formats.md", "| key | option | default | used by |").split("\n\n")[0]
    options = re.findall(r"^\| `\w+` \| `(--[a-z-]+)", table, flags=re.M)
    assert len(options) >= 5 and set(options) - known == set()


def test_stanzas_default_folder_is_the_one_gen_uses(monkeypatch):
    pytest.importorskip("stanza")
    from checker.backends.stanza_tagger import _resources_version, default_resources_dir

    monkeypatch.delenv("STANZA_RESOURCES_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    said = re.search(
        r"`(~/\.cache/stanza/VERSION/resources)`", _section("formats.md", "stanza_dir")
    )
    assert said is not None
    folder = said.group(1).replace("VERSION", _resources_version())
    assert os.path.expanduser(folder) == default_resources_dir()


def test_the_parts_table_lists_every_package():
    from test_architecture import PACKAGES

    table = _section("formats.md", "| folder | what it is | imports |").split("\n\n")[0]
    listed = set(re.findall(r"^\| `(\w+)/`", table, flags=re.M))
    assert set(PACKAGES) <= listed


def test_the_sweep_translates_only_into_languages_nllb_has():
    from translator.languages import language_code

    sweep = _section("scale-out.md", "sweep.py")
    langs = re.search(r"LANGS = \[(.*)\]", sweep).group(1)
    missing = [lang for lang in re.findall(r'"(\w+)"', langs) if not language_code(lang, "nllb")]
    assert missing == []
