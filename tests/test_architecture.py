"""The import contracts in pyproject.toml hold, and a new arrow that breaks one fails with the tool's message."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed (pip install -e '.[dev]')")


def lint(src: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(src)}
    return subprocess.run([str(LINT), "--no-cache", str(ROOT / "pyproject.toml")], cwd=src, env=env,
                          capture_output=True, text=True, timeout=120)


def test_every_import_contract_is_kept() -> None:
    done = lint(ROOT / "src")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(("module", "contract"), [
    ("mail/mask.py", "Only the edges (cli, web, mcp, scheduler, demo) import the composition root"),
    ("assistant/router.py", "Pure modules import no I/O"),
])
def test_an_arrow_that_breaks_a_contract_fails_and_names_it(tmp_path: Path, module: str, contract: str) -> None:
    src = tmp_path / "src"
    shutil.copytree(ROOT / "src" / "steward", src / "steward",
                    ignore=shutil.ignore_patterns("__pycache__", "*.onnx", "*.npz", "*.npy"))
    target = src / "steward" / module
    arrow = "import steward.app\n" if "composition root" in contract else "import sqlite3\n"
    target.write_text(target.read_text() + "\n" + arrow)
    done = lint(src)
    assert done.returncode == 1
    assert "BROKEN" in done.stdout and contract in " ".join(done.stdout.split())
    assert f"steward.{module[:-3].replace('/', '.')}" in done.stdout
