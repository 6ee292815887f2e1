"""Running the tests on several workers at once (pytest-xdist; `make test` runs `-n auto`, and pyproject.toml
asks for `--dist loadfile`).

Which tests go together: a test module goes whole to one worker, so the homes, apps and servers its
module-scoped fixtures build are built once, as in one process. In what order: pytest-xdist hands out the
modules with the most tests first (its `--loadscope-reorder`, on by default). What the workers share: one
folder of the run (`shared_folder`), where a thing built on disk once is built under a file lock
(`built_once`). Run as `python -m pytest` without `-n`, the tests run in one process in the order collected.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest


def shared_folder(factory: pytest.TempPathFactory, name: str) -> Path:
    """A folder of this run that every worker sees (a run of one process: in its own temporary root)."""
    base = factory.getbasetemp()
    root = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def embed_cache(factory: pytest.TempPathFactory) -> Path:
    """Where the embedding model's graph is built once for the run (written whole or not at all, so every
    worker may read the one another built)."""
    return shared_folder(factory, "embed-model-cache")


def built_once(factory: pytest.TempPathFactory, name: str, build: Callable[[Path], object]) -> Path:
    """`build(path)` (which fills the empty folder `path`) run once for the whole run, whichever worker asks
    first; the others wait for it and get the same path. Shared: copy it before anything writes to it."""
    from filelock import FileLock

    folder = shared_folder(factory, "built-once")
    target, done = folder / name, folder / f"{name}.done"
    with FileLock(str(folder / f"{name}.lock")):
        if not done.exists():
            shutil.rmtree(target, ignore_errors=True)
            target.mkdir()
            build(target)
            done.touch()
    return target
