"""The layout's rules, read from the code's own imports (docs/architecture.md).

Packages form layers: common at the bottom; generator, translator and checker on it, side
by side; scores on common (and on checker, for MT-GenEval's --checker agreement only);
report on scores; the CLI (gen) on top, imported by nobody. No module imports one that
imports it back, and none is long enough to hide its structure.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("common", "generator", "translator", "checker", "scores", "report", "gen")

#: What each package may import besides itself (and the standard library and third parties).
ALLOWED = {
    "common": set(),
    "generator": {"common"},
    "translator": {"common"},
    "checker": {"common"},
    "scores": {"common", "checker"},
    "report": {"common", "scores"},
    "gen": set(PACKAGES),
}

#: The only modules of scores that may import the labeller: MT-GenEval's converter runs it
#: (--checker) and reads English with its Apertium tagger.
SCORES_USING_CHECKER = {
    "scores.mtgeneval.agreement",
    "scores.mtgeneval.evaluate",
    "scores.mtgeneval.english_tags",
}

MAX_LINES = 400


def _modules() -> dict[str, Path]:
    modules = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            modules[name] = path
    return modules


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The project modules ``name`` imports, at any depth of its code (deferred imports
    count too: they are dependencies all the same)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            # "from package import module" needs the module; "from module import name" the module
            targets = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _package(module: str) -> str:
    return module.split(".")[0]


def test_the_rules_see_every_package():
    assert {_package(name) for name in MODULES} == set(PACKAGES)
    assert any("common.errors" in targets for targets in GRAPH.values())


@pytest.mark.parametrize("package", PACKAGES)
def test_each_package_imports_only_the_layers_below(package):
    wrong = sorted(
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if _package(module) == package
        for target in targets
        if _package(target) != package and _package(target) not in ALLOWED[package]
    )
    assert wrong == []


def test_scores_use_the_labeller_only_for_mtgeneval_agreement():
    users = {
        module
        for module, targets in GRAPH.items()
        if _package(module) == "scores" and any(_package(t) == "checker" for t in targets)
    }
    assert users <= SCORES_USING_CHECKER


def _cycles(graph: dict[str, set[str]]) -> list[str]:
    """Depth-first search over the module graph; each back edge closes a cycle."""
    state: dict[str, str] = {}
    cycles = []

    def visit(module: str, trail: list[str]) -> None:
        state[module] = "open"
        for target in sorted(graph.get(module, ())):
            if state.get(target) == "open":
                cycles.append(" -> ".join([*trail[trail.index(target) :], target]))
            elif target not in state:
                visit(target, [*trail, target])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    return cycles


def test_no_import_cycle():
    assert _cycles(GRAPH) == []


def test_no_module_over_the_line_limit():
    long = {
        name: count
        for name, path in MODULES.items()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


def test_the_rules_catch_what_they_forbid(tmp_path):
    """A cycle, an import up into the CLI and a relative import are all seen."""
    MODULES["checker.x_probe"] = tmp_path / "x.py"
    MODULES["checker.y_probe"] = tmp_path / "y.py"
    try:
        (tmp_path / "x.py").write_text("from checker import y_probe\nimport gen.cli\n")
        (tmp_path / "y.py").write_text("from . import x_probe\n")
        assert _imports("checker.x_probe", tmp_path / "x.py") == {"checker.y_probe", "gen.cli"}
        assert _imports("checker.y_probe", tmp_path / "y.py") == {"checker.x_probe"}
        assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a -> b -> c -> a"]
    finally:
        del MODULES["checker.x_probe"], MODULES["checker.y_probe"]


#: Libraries that take a second or more to import: a command loads them when it uses them,
#: so that `gen --help` or a `gen check` on the offline backends does not pay for them.
HEAVY = ("nltk", "torch", "stanza", "transformers", "simalign", "scipy", "sklearn", "dask")


def test_the_cli_starts_without_heavy_libraries():
    code = f"import sys, gen.cli; print(' '.join(m for m in {HEAVY!r} if m in sys.modules))"
    loaded = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert loaded.stdout.split() == []


def test_gen_languages_loads_no_heavy_library():
    """`gen languages` prints a table: finding what can run must not load the models' code
    (stanza and transformers bring torch: seconds), nor numpy, the hub's HTTP client, or
    pydantic (Typer's, for options whose values need coercing)."""
    heavy = (*HEAVY, "numpy", "huggingface_hub.file_download", "eflomal.cython", "pydantic")
    code = (
        "import sys\nfrom gen.cli import app\n"
        "try:\n    app(['languages'], prog_name='gen')\nexcept SystemExit:\n    pass\n"
        f"print(' '.join(m for m in {heavy!r} if m in sys.modules), file=sys.stderr)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert "es" in run.stdout
    assert run.stderr.split() == []
