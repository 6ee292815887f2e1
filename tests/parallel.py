"""Running the tests on several workers at once (pytest-xdist; `make test` runs `-n auto --dist loadgroup`).

Which tests go together: a test module goes whole to one worker, so the homes, apps and servers its
module-scoped fixtures build are built once, as in one process; a module marked `spread` (its tests share
nothing costly) is dealt out test by test, and an `xdist_group` mark keeps tests together across modules.
In what order: the modules that took longest are handed out first (their seconds in
tests/module_seconds.txt), so the run does not end waiting on one long module that started last.
What the workers share: one folder of the run (`shared_folder`), where a thing built on disk once is
built under a file lock (`built_once`). Run as `python -m pytest` without `-n`, the tests run in one
process in the order collected, and nothing here changes that.

`python tests/parallel.py REPORT.xml > tests/module_seconds.txt` writes the seconds again from a JUnit
report (`--junitxml=REPORT.xml`) of a whole run.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

SECONDS = Path(__file__).with_name("module_seconds.txt")
UNKNOWN_SECONDS = 10.0  # a module not yet measured: somewhere in the middle


def in_worker(config: pytest.Config) -> bool:
    """True in a worker of a run with several (`-n N`), False in a run of one process."""
    return hasattr(config, "workerinput")


def module_seconds(path: Path = SECONDS) -> dict[str, float]:
    """The seconds each test module took in a measured run, by its file's path (tests/test_x.py)."""
    seconds: dict[str, float] = {}
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                took, name = line.split(None, 1)
                seconds[name.strip()] = float(took)
    return seconds


def group_and_order(items: list[pytest.Item]) -> None:
    """Each module's tests into one group (unless the module is marked `spread`), the longest modules first;
    the tests of one module keep their order."""
    seconds = module_seconds()
    for item in items:
        if item.get_closest_marker("xdist_group") is None and item.get_closest_marker("spread") is None:
            item.add_marker(pytest.mark.xdist_group(_module(item)))
    first_seen: dict[str, int] = {}
    for index, item in enumerate(items):
        first_seen.setdefault(_module(item), index)
    items.sort(key=lambda item: (-seconds.get(_module(item), UNKNOWN_SECONDS), first_seen[_module(item)]))


def _module(item: pytest.Item) -> str:
    return item.nodeid.split("::", 1)[0]


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


def _seconds_from_report(report: Path) -> dict[str, float]:
    """The seconds of each test module in a JUnit report (setup, call and teardown of its tests)."""
    import xml.etree.ElementTree as ET

    seconds: dict[str, float] = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        parts = case.get("classname", "").split(".")  # tests.test_x, or tests.test_x.TestClass
        at = next((i for i, part in enumerate(parts) if part.startswith("test_")), len(parts) - 1)
        module = "/".join(parts[:at + 1]) + ".py"
        seconds[module] = seconds.get(module, 0.0) + float(case.get("time") or 0)
    return seconds


if __name__ == "__main__":
    measured = _seconds_from_report(Path(sys.argv[1]))
    print("# seconds each test module took (tests/parallel.py): the longest are handed to the workers first")
    for module, took in sorted(measured.items(), key=lambda kv: -kv[1]):
        print(f"{took:8.1f} {module}")
