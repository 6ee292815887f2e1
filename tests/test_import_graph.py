"""The import graph: no circles between the rooms of `steward` (its packages and top-level modules),
counting every import, and between modules, counting the imports that run when a module loads; and no
import of a `steward` module that does not exist."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import grimp

SRC = Path(__file__).resolve().parent.parent / "src"


def circles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.get(root, ()))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(sorted(graph.get(nxt, ())))))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def room(module: str) -> str:
    """`steward.mail.parse` -> `steward.mail`; `steward.app` -> `steward.app`."""
    return ".".join(module.split(".")[:2])


def test_the_circle_finder_finds_a_circle_and_nothing_else() -> None:
    assert circles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]
    assert circles({"a": ["b"], "b": ["c"], "c": []}) == []


def test_no_two_rooms_import_each_other_even_lazily() -> None:
    graph = grimp.build_graph("steward", cache_dir=None)
    rooms: dict[str, set[str]] = {}
    arrows: dict[tuple[str, str], str] = {}
    for module in graph.modules:
        for imported in graph.find_modules_directly_imported_by(module):
            if room(imported) != room(module):
                rooms.setdefault(room(module), set()).add(room(imported))
                arrows.setdefault((room(module), room(imported)), f"{module} -> {imported}")
    found = circles(rooms)
    shown = [" ; ".join(arrows[(a, b)] for a in c for b in c if (a, b) in arrows) for c in found]
    assert not found, "rooms that import each other:\n" + "\n".join(shown)


def load_time_imports(path: Path, module: str) -> set[str]:
    """The `steward` modules `module` imports when it loads: top-level imports, not those inside a
    function or under `if TYPE_CHECKING:`."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import):
                out.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
                out.add(base)
                out.update(f"{base}.{alias.name}" for alias in node.names)
            elif isinstance(node, ast.If):
                test = ast.unparse(node.test)
                if "TYPE_CHECKING" not in test:
                    visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                for block in (node.body, node.orelse, node.finalbody, *(h.body for h in node.handlers)):
                    visit(block)
            elif isinstance(node, ast.With):
                visit(node.body)

    visit(ast.parse(path.read_text(encoding="utf-8")).body)
    return out


def test_no_module_imports_itself_back_while_it_loads() -> None:
    modules = {}
    for path in sorted((SRC / "steward").rglob("*.py")):
        parts = path.relative_to(SRC).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        modules[name] = path
    assert len(modules) > 50, f"expected the package's modules under {SRC}"
    graph = {name: {m for m in load_time_imports(path, name) if m in modules and m != name}
             for name, path in modules.items()}
    # a module's package loads first: an import of `a.b.c` runs `a/__init__` and `a/b/__init__` too
    for name in list(graph):
        for target in list(graph[name]):
            parts = target.split(".")
            graph[name].update(p for p in (".".join(parts[:i]) for i in range(2, len(parts)))
                               if p in modules and p != name and not name.startswith(p + "."))
    found = circles(graph)
    assert not found, "modules that import each other while they load:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_every_import_of_steward_names_a_module_that_exists() -> None:
    """Imports that never run at start-up (inside a function, under `if TYPE_CHECKING:`) are still checked:
    a module moved to another package leaves no import of its old name behind."""
    names = set()
    for path in (SRC / "steward").rglob("*.py"):
        parts = path.relative_to(SRC).with_suffix("").parts
        names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    stale = []
    for path in sorted((SRC / "steward").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                targets = [node.module]
            else:
                continue
            stale += [f"{path.relative_to(SRC)}:{node.lineno}: {t}" for t in targets
                      if t.split(".")[0] == "steward" and t not in names]
    assert not stale, "imports of modules that do not exist:\n" + "\n".join(stale)
