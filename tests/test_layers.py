"""The import graph follows the layers of docs/architecture.md: a module never imports a higher
layer, at module level or inside a function (a deferred import that hides a cycle is still a
cycle). ``if TYPE_CHECKING:`` imports are held to the same rule."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "gecscope"

#: bottom to top; a module may import its own layer and the layers below it
LAYERS: tuple[tuple[str, ...], ...] = (
    (
        "types", "errors", "extras", "version", "progress", "cache", "finite", "fetch", "pools",
        "stats", "rows", "layout", "signature", "result", "frames", "data",
    ),  # core
    ("io",),
    ("align",),
    ("chunk", "classify"),  # chunks: the CLEME partition and labels
    ("weighting",),
    ("metrics", "scoring"),
    ("pipeline", "api", "examples", "systems", "reader", "arguments", "setup"),
    ("resample",),
    ("comparison", "comparison_rows"),
    ("meta",),
    ("report",),
    ("cli", "__main__", "__init__"),
)  # fmt: skip
#: tolerated violations, each with its reason (a line that no longer matches fails the test)
KNOWN: set[str] = {
    # the Hugging Face evaluate module: a client of the public API shipped as data (evaluate loads it as a script)
    "data/evaluate/gecscope/gecscope.py: data imports __init__",
}
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def unit(path: Path, root: Path = SRC) -> str:
    """The layer unit of a source file: its top-level package or module under gecscope/."""
    rel = path.relative_to(root)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _imported_names(node: ast.AST) -> list[str]:
    """The module names an import statement, or an ``import_module("gecscope...")`` call with a
    constant name, imports (``import gecscope`` is the package: its ``__init__``)."""
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module] if node.module != "gecscope" else [f"gecscope.{a.name}" for a in node.names]
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else ""
        if name == "import_module" and isinstance(node.args[0].value, str):
            return [node.args[0].value]
    return []


def imported_units(path: Path) -> list[tuple[int, str]]:
    """(line, unit) of every ``gecscope`` import in a file, wherever it stands."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        for name in _imported_names(node):
            parts = name.split(".")
            if parts[0] == "gecscope":
                out.append((getattr(node, "lineno", 0), parts[1] if len(parts) > 1 else "__init__"))
    return out


def violations(root: Path = SRC) -> set[str]:
    """Every import, in the source tree ``root``, of a unit from a higher layer."""
    bad = set()
    for path in sorted(root.rglob("*.py")):
        here = unit(path, root)
        for _, there in imported_units(path):
            if there in RANK and RANK[there] > RANK.get(here, len(LAYERS)):
                bad.add(f"{path.relative_to(root)}: {here} imports {there}")
    return bad


def test_every_unit_has_a_layer() -> None:
    units = {unit(p) for p in SRC.rglob("*.py")}
    assert units - set(RANK) == set(), "add the new module or package to LAYERS (and docs/architecture.md)"


def test_no_import_reaches_a_higher_layer() -> None:
    bad = violations()
    assert sorted(bad - KNOWN) == [], "a lower layer imports a higher one (see docs/architecture.md)"
    assert sorted(KNOWN - bad) == [], "mended: delete these lines from KNOWN"


def test_the_check_can_fail(tmp_path: Path) -> None:
    """The check finds a violation in a tree that has one, in every form an import takes."""
    (tmp_path / "metrics").mkdir()
    (tmp_path / "metrics" / "probe.py").write_text(
        "import gecscope\n"
        "from importlib import import_module\n"
        "def f():\n"
        "    from gecscope.report import html\n"
        "    return import_module('gecscope.cli.score')\n",
        encoding="utf-8",
    )
    (tmp_path / "report.py").write_text("from gecscope.metrics import METRICS\n", encoding="utf-8")  # downward: fine
    assert imported_units(tmp_path / "metrics" / "probe.py") == [(1, "__init__"), (4, "report"), (5, "cli")]
    assert violations(tmp_path) == {
        "metrics/probe.py: metrics imports __init__",
        "metrics/probe.py: metrics imports report",
        "metrics/probe.py: metrics imports cli",
    }


#: function-level imports that still hide a direct cycle; a line that no longer matches fails the test
DEFERRED_CYCLES: set[str] = set()


def module_file(name: str) -> Path | None:
    """The source file of a ``gecscope`` module name (None for an attribute or another package)."""
    parts = name.split(".")
    if parts[0] != "gecscope":
        return None
    if len(parts) == 1:
        return SRC / "__init__.py"
    rel = Path(*parts[1:])
    return next((c for c in (SRC / f"{rel}.py", SRC / rel / "__init__.py") if c.is_file()), None)


def imported_files(path: Path) -> tuple[set[Path], set[Path]]:
    """The gecscope modules a file imports at module level and inside functions (not those
    imported for type hints only)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    functions = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)
    deferred = {id(n) for f in ast.walk(tree) if isinstance(f, functions) for n in ast.walk(f)}
    guards = [f for f in ast.walk(tree) if isinstance(f, ast.If) and "TYPE_CHECKING" in ast.unparse(f.test)]
    typing = {id(n) for f in guards for n in ast.walk(f)}
    top: set[Path] = set()
    inner: set[Path] = set()
    for node in ast.walk(tree):
        names = _imported_names(node)  # import, from-import, import_module("gecscope...")
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names if module_file(f"{node.module}.{a.name}")]
            names = names or [node.module]
        found = {f for f in map(module_file, names) if f is not None}
        if id(node) not in typing:
            (inner if id(node) in deferred else top).update(found)
    return top, inner


def test_no_deferred_import_hides_a_direct_cycle() -> None:
    """A function-level import of a module that imports this one at module level is a cycle."""
    graph = {path: imported_files(path) for path in SRC.rglob("*.py")}
    bad = {
        f"{path.relative_to(SRC)} -> {other.relative_to(SRC)}"
        for path, (_, inner) in graph.items()
        for other in inner
        if path in graph.get(other, (set(), set()))[0]
    }
    assert sorted(bad - DEFERRED_CYCLES) == [], "a deferred import hides a cycle: move the shared code lower"
    assert sorted(DEFERRED_CYCLES - bad) == [], "mended: delete these lines from DEFERRED_CYCLES"


def modules() -> list[Path]:
    """The package's modules: every source file but package data (``data/``: the Hugging Face
    ``evaluate`` script, a client of the public API run by ``evaluate.load``, not a module)."""
    return sorted(p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] != "data")


def cycles_through_deferred(graph: dict[Path, tuple[set[Path], set[Path]]], root: Path = SRC) -> set[str]:
    """Each function-level import ``a -> b`` from which ``a`` is reached again (any length, any
    kind of import): a runtime cycle, however long, that the deferral hides."""
    found = set()
    for start, (_, inner) in graph.items():
        for first in inner:
            seen, todo = {first}, [first]
            while todo:
                node = todo.pop()
                for nxt in set.union(*graph.get(node, (set(), set()))):
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(nxt)
            if start in seen:
                found.add(f"{start.relative_to(root)} -> {first.relative_to(root)}")
    return found


#: runtime cycles through a function-level import still tolerated (a line that no longer matches fails)
RUNTIME_CYCLES: set[str] = set()


def test_no_deferred_import_closes_a_longer_cycle() -> None:
    bad = cycles_through_deferred({path: imported_files(path) for path in modules()})
    assert sorted(bad - RUNTIME_CYCLES) == [], "a deferred import closes a cycle: move the shared code lower"
    assert sorted(RUNTIME_CYCLES - bad) == [], "mended: delete these lines from RUNTIME_CYCLES"


def test_a_longer_cycle_is_seen(tmp_path: Path) -> None:
    """The old ``errant -> sharded -> workers -> errant`` shape: two deferred edges and one at module level."""
    a, b, c = (tmp_path / f"{n}.py" for n in "abc")
    graph = {a: (set(), {b}), b: ({c}, set()), c: (set(), {a})}
    assert cycles_through_deferred(graph, tmp_path) == {"a.py -> b.py", "c.py -> a.py"}
    assert cycles_through_deferred({**graph, c: (set(), set())}, tmp_path) == set()
