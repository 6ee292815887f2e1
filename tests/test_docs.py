"""The documentation: the README is a front page, every link resolves, every command and setting is
documented, nothing points outside the repository, and the layer picture is the code's."""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from steward.cli import build_parser
from steward.settings import SETTINGS

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)", re.S)
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def prose(page: Path) -> str:
    """The page's text without its code blocks."""
    return FENCE.sub("", page.read_text(encoding="utf-8"))


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives the page's headings."""
    found = set()
    for heading in re.findall(r"^#{1,6} (.+)$", prose(page), re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        found.add(slug)
    return found


def commands(parser: argparse.ArgumentParser, prefix: str = "steward") -> list[str]:
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                out.append(f"{prefix} {name}")
                out.extend(commands(sub, f"{prefix} {name}"))
    return out


def test_the_readme_is_a_front_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 200
    assert readme.splitlines()[0] == "# Steward"
    assert "make run" in readme and "make test" in readme and "docs/steward.png" in readme
    assert ".venv/bin/steward setup" in readme


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves(page: Path) -> None:
    for target in LINK.findall(prose(page)):
        if re.match(r"^[a-z]+:", target):
            continue  # http:, mailto: ... are not relative
        path, _, anchor = target.partition("#")
        resolved = (page.parent / path).resolve() if path else page
        assert resolved.exists(), f"{page.name}: {target} does not exist"
        assert ROOT in resolved.parents or resolved == ROOT, f"{page.name}: {target} is outside the repository"
        if anchor and resolved.suffix == ".md":
            assert anchor in anchors(resolved), f"{page.name}: {target}: no heading #{anchor}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_nothing_points_outside_the_repository_or_speaks_to_its_builders(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    for pattern in (r"DESIGN\.md", r"ADR-\d", r"\bseeds?/", r"\.\./shared", r"\bthis round\b", r"\bthe lead (re-?runs?|engineer|asked|will)\b",
                    r"no issue has asked", r"\bissue \d+"):
        assert not re.search(pattern, text, re.I), f"{page.name}: {pattern}"


def test_every_command_is_in_the_docs() -> None:
    docs = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    missing = [c for c in commands(build_parser()) if c.removeprefix("steward ") not in docs]
    assert not missing, f"undocumented commands: {missing}"


def test_every_setting_is_in_the_docs() -> None:
    settings = (ROOT / "docs" / "settings.md").read_text(encoding="utf-8")
    missing = [s.name for s in SETTINGS if f"`{s.name}`" not in settings]
    assert not missing, f"undocumented settings: {missing}"


def test_the_generated_pages_are_current() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "settings-doc.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def rooms() -> set[str]:
    """The rooms of the code: every package and top-level module under src/steward."""
    src = ROOT / "src" / "steward"
    out = {p.name for p in src.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    out |= {p.stem for p in src.glob("*.py") if not p.stem.startswith("_")}
    return out


def test_the_layer_picture_and_the_places_name_every_room_as_the_code_has_it() -> None:
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = page.split("## The layers", 1)[1]
    picture = section.split("```", 2)[1]
    drawn = [re.split(r"\s{2,}", line.strip())[0] for line in picture.strip().splitlines()]
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers")
    assert drawn == contract["layers"], "docs/architecture.md's layer picture is not pyproject.toml's layers"
    layered = {name.strip() for layer in drawn for name in re.split(r"[|:]", layer)}
    assert layered == rooms(), (
        f"rooms not in the layers: {sorted(rooms() - layered)}; layers that are no room: {sorted(layered - rooms())}")
    places = page.split("## Where things live", 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"`([a-z_]+)(?:/|\.py)`", places))
    assert rooms() <= named, f"rooms the table of places leaves out: {sorted(rooms() - named)}"
