"""The import structure: the engine never pulls in the notebook stack, and no package imports
back a package that imports it.

Two checks: a fresh interpreter imports the entry points and the lazily loaded parts of every
game (a real import, so nothing is missed), and a reading of every module's import statements
checks each engine module on its own, and the package graph, without importing anything.
"""

from __future__ import annotations

import ast
import functools
import subprocess
import sys
from pathlib import Path

import pytest

import tradekit
from tradekit.core.registry import PARTS, plugin

HEAVY = ("pandas", "altair", "ipywidgets", "scipy")
ROOT = Path(tradekit.__file__).resolve().parent

CHECK = """
import sys
import {module}
loaded = sorted(name for name in {heavy!r} if name in sys.modules)
if loaded:
    sys.exit("importing {module} loaded: " + ", ".join(loaded))
print("ok")
"""

#: Parts that run inside worker processes, so must stay free of the notebook stack.
ENGINE_PARTS = ("bots", "measures")


def _entry_points() -> list[str]:
    out = [
        "tradekit",
        "tradekit.games",
        "tradekit.bots",
        "tradekit.sim.measures",
        "tradekit.session",
    ]
    for name in tradekit.GAMES:
        out += [str(getattr(plugin(name), part)) for part in ENGINE_PARTS]
    return out


@pytest.mark.parametrize("module", _entry_points())
def test_engine_import_does_not_load_notebook_stack(module: str) -> None:
    # A fresh interpreter, so nothing imported by other tests or by pytest plugins leaks in.
    result = subprocess.run(
        [sys.executable, "-c", CHECK.format(module=module, heavy=HEAVY)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr or result.stdout
    assert result.stdout.strip() == "ok"


# -- the import statements, read ----------------------------------------------------------------
def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


@functools.cache
def _imports(path: Path, top_level_only: bool) -> frozenset[str]:
    """What a module imports (dotted names), leaving out ``if TYPE_CHECKING:`` blocks; with
    ``top_level_only``, only the imports run when the module is imported (not in functions)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def visit(node: ast.AST, in_function: bool) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            for branch in node.orelse:
                visit(branch, in_function)
            return
        inner = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        if not (top_level_only and inner):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                found.add(node.module)
                found.update(f"{node.module}.{alias.name}" for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child, inner)

    visit(tree, False)
    return frozenset(found)


def _own(name: str) -> str | None:
    """The tradekit module ``name`` is (or is in), or ``None`` for another library."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _package(module: str) -> str:
    """The package a module belongs to: ``tradekit.games.<game>`` for a game's modules."""
    parts = module.split(".")
    return ".".join(parts[:3] if len(parts) >= 3 and parts[1] == "games" else parts[:2])


#: Engine modules: the core, every game's rules and its worker-side parts, the bots framework.
ENGINE = sorted(
    m
    for m in MODULES
    if m.startswith(("tradekit.core", "tradekit.bots"))
    or (
        m.startswith("tradekit.games.")
        and m.rpartition(".")[2] not in ("render", "controls")
        and m.count(".") == 3
    )
)


#: The table session: not the engine (it draws on tradekit.render), but a web front end drives it,
#: so it must load without the notebook stack too.
SESSION = sorted(m for m in MODULES if m.startswith("tradekit.session"))


def test_the_engine_list_covers_every_game() -> None:
    for name in tradekit.GAMES:
        assert f"tradekit.games.{name}.state" in ENGINE
        assert f"tradekit.games.{name}.bots" in ENGINE
        assert f"tradekit.games.{name}.render" not in ENGINE


@pytest.mark.parametrize("module", ENGINE + SESSION)
def test_an_engine_module_imports_no_notebook_library_when_loaded(module: str) -> None:
    # Follow what importing it runs: its top-level imports and theirs, through tradekit.
    seen, todo, heavy = {module}, [module], set()
    while todo:
        current = todo.pop()
        for name in _imports(MODULES[current], top_level_only=True):
            own = _own(name) if name.startswith("tradekit") else None
            if own is None:
                if name.split(".")[0] in HEAVY:
                    heavy.add(f"{current} imports {name}")
            elif own not in seen:
                seen.add(own)
                todo.append(own)
    assert not heavy, heavy


def test_no_package_imports_a_package_that_imports_it() -> None:
    # Every import counts here, even one inside a function: a circle of packages means neither
    # can be read, tested or replaced without the other.
    edges: dict[str, set[str]] = {}
    for module, path in MODULES.items():
        for name in _imports(path, top_level_only=False):
            own = _own(name) if name.startswith("tradekit") else None
            if own is not None and _package(own) != _package(module):
                edges.setdefault(_package(module), set()).add(_package(own))
    circles = []
    for start in edges:
        stack, seen = [(start, [start])], set()
        while stack:
            node, route = stack.pop()
            for nxt in edges.get(node, ()):
                if nxt == start:
                    circles.append(" -> ".join([*route, start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*route, nxt]))
    assert not circles, circles


def test_the_core_imports_only_the_core() -> None:
    for module, path in MODULES.items():
        if module.startswith("tradekit.core"):
            outside = {
                n
                for n in _imports(path, top_level_only=False)
                if n.startswith("tradekit") and not n.startswith("tradekit.core")
            }
            assert not outside, f"{module} imports {sorted(outside)}"


def test_every_part_a_plugin_names_exists() -> None:
    for name in tradekit.GAMES:
        entry = plugin(name)
        for part in PARTS:
            path = getattr(entry, part)
            assert path is None or path in MODULES, f"{name}: {part} = {path!r}"
