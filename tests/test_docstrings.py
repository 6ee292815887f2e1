"""Every public function and class under src/steward says in one docstring what it does for its caller.

Public means a name that does not start with `_`: module-level functions and classes, and the methods
(properties included) of public classes, at any depth of public classes. `@overload` stubs are skipped.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src" / "steward"

Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def is_overload(node: Definition) -> bool:
    """True when the definition is a `typing.overload` stub."""
    return any((isinstance(d, ast.Name) and d.id == "overload")
               or (isinstance(d, ast.Attribute) and d.attr == "overload") for d in node.decorator_list)


def undocumented(path: Path, root: Path = ROOT) -> list[str]:
    """`file:line: name` (file relative to `root`) for each public function or class with no docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: list[str] = []

    def walk(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                continue
            if node.name.startswith("_") or is_overload(node):
                continue
            if ast.get_docstring(node) is None:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {prefix}{node.name}")
            if isinstance(node, ast.ClassDef):
                walk(node.body, f"{prefix}{node.name}.")

    walk(tree.body, "")
    return found


def test_every_public_function_and_class_has_a_docstring() -> None:
    modules = sorted(SRC.rglob("*.py"))
    assert len(modules) > 50, f"expected the package's modules under {SRC}"
    missing = [line for path in modules for line in undocumented(path)]
    assert not missing, "public functions and classes with no docstring:\n" + "\n".join(missing)


def test_the_check_names_what_lacks_one(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def shown():\n    return 1\n\n\ndef _hidden():\n    return 2\n\n\n"
                     "class Box:\n    \"\"\"A box.\"\"\"\n\n    def open(self):\n        return 3\n\n"
                     "    def __len__(self):\n        return 0\n\n\n"
                     "class _Private:\n    def open(self):\n        return 4\n", encoding="utf-8")
    assert undocumented(probe, tmp_path) == ["probe.py:1: shown", "probe.py:12: Box.open"]
