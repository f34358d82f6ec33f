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
    ("pipeline", "api", "examples", "systems", "arguments"),
    ("resample",),
    ("comparison", "comparison_rows"),
    ("meta",),
    ("report",),
    ("cli", "__main__", "__init__"),
)  # fmt: skip
#: tolerated violations, each with its reason (none remain; a line that no longer matches fails the test)
KNOWN: set[str] = set()
RANK = {name: rank for rank, names in enumerate(LAYERS) for name in names}


def modules() -> list[Path]:
    """The package's modules: every source file but package data (``data/``: the Hugging Face
    ``evaluate`` script, a client of the public API run by ``evaluate.load``, not a module)."""
    return sorted(p for p in SRC.rglob("*.py") if p.relative_to(SRC).parts[0] != "data")


def unit(path: Path) -> str:
    """The layer unit of a source file: its top-level package or module under gecscope/."""
    rel = path.relative_to(SRC)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def dynamic_name(node: ast.AST) -> str | None:
    """The module of ``import_module("gecscope.x")`` (or of the constant prefix of an f-string,
    ``import_module(f"gecscope.metrics.{name}")`` -> ``gecscope.metrics``); None for other nodes."""
    if not (isinstance(node, ast.Call) and node.args):
        return None
    func = node.func
    called = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
    if called != "import_module":
        return None
    arg = node.args[0]
    if isinstance(arg, ast.JoinedStr):
        arg = arg.values[0] if arg.values else arg
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value  # an f-string's prefix ends with "." (a module under it, not known here)
    return None


def imported_names(node: ast.AST) -> list[str]:
    """The ``gecscope`` modules (or module.attribute) one node imports: ``import``,
    ``from ... import`` and ``importlib.import_module``."""
    if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
        return [node.module] if node.module != "gecscope" else [f"gecscope.{a.name}" for a in node.names]
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    name = dynamic_name(node)
    return [name] if name else []


def imported_units(path: Path) -> list[tuple[int, str]]:
    """(line, unit) of every ``gecscope`` import in a file, wherever it stands (``import
    gecscope`` is the package's ``__init__``)."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        for name in imported_names(node):
            parts = name.split(".")
            if parts[0] == "gecscope":
                out.append((getattr(node, "lineno", 0), parts[1] if len(parts) > 1 else "__init__"))
    return out


def test_every_unit_has_a_layer() -> None:
    units = {unit(p) for p in SRC.rglob("*.py")}
    assert units - set(RANK) == set(), "add the new module or package to LAYERS (and docs/architecture.md)"


def test_no_import_reaches_a_higher_layer() -> None:
    bad = {
        f"{path.relative_to(SRC)}: {line.split(' ', 1)[1]}"
        for path in modules()
        for line in violations({unit(path): path})
    }
    assert sorted(bad - KNOWN) == [], "a lower layer imports a higher one (see docs/architecture.md)"
    assert sorted(KNOWN - bad) == [], "mended: delete these lines from KNOWN"


PROBE = """import importlib
import gecscope


def f():
    from gecscope.report import html
    from gecscope import cli
    return importlib.import_module("gecscope.meta"), importlib.import_module(f"gecscope.comparison.{html}")
"""


def violations(files: dict[str, Path]) -> set[str]:
    """The imports of a higher layer, by file (``files``: unit -> source file)."""
    bad = set()
    for here, path in files.items():
        for line, there in imported_units(path):
            if there in RANK and RANK[there] > RANK.get(here, len(LAYERS)):
                bad.add(f"{here}:{line} imports {there}")
    return bad


def test_the_check_can_fail(tmp_path: Path) -> None:
    """A synthetic metrics module that imports higher layers in every way is caught, each import."""
    probe = tmp_path / "probe.py"
    probe.write_text(PROBE)
    assert sorted(imported_units(probe)) == [(2, "__init__"), (6, "report"), (7, "cli"), (8, "comparison"), (8, "meta")]
    assert violations({"metrics": probe}) == {
        "metrics:2 imports __init__",
        "metrics:6 imports report",
        "metrics:7 imports cli",
        "metrics:8 imports meta",
        "metrics:8 imports comparison",
    }


#: function-level imports that still hide a direct cycle; a line that no longer matches fails the test
DEFERRED_CYCLES: set[str] = set()


def module_file(name: str) -> Path | None:
    """The source file of a ``gecscope`` module name (None for an attribute or another package)."""
    parts = name.split(".")
    if parts[0] != "gecscope" or name.endswith("."):
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
        names = imported_names(node)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [f"{node.module}.{a.name}" for a in node.names if module_file(f"{node.module}.{a.name}")]
            names = names or [node.module]
        found = {f for f in map(module_file, names) if f is not None}
        if id(node) not in typing:
            (inner if id(node) in deferred else top).update(found)
    return top, inner


def test_no_deferred_import_hides_a_direct_cycle() -> None:
    """A function-level import of a module that imports this one at module level is a cycle."""
    graph = {path: imported_files(path) for path in modules()}
    bad = {
        f"{path.relative_to(SRC)} -> {other.relative_to(SRC)}"
        for path, (_, inner) in graph.items()
        for other in inner
        if path in graph.get(other, (set(), set()))[0]
    }
    assert sorted(bad - DEFERRED_CYCLES) == [], "a deferred import hides a cycle: move the shared code lower"
    assert sorted(DEFERRED_CYCLES - bad) == [], "mended: delete these lines from DEFERRED_CYCLES"


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
