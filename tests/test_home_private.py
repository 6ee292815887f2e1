"""The home is its owner's alone: folders 0700 and files 0600 whatever the umask, `steward doctor`
names anything looser and `--fix` tightens it."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

NOW = "2026-09-14T23:53:00+05:30"


@pytest.fixture
def loose_umask() -> Iterator[None]:
    """The common default umask (files 0644, folders 0755) while the test runs."""
    before = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(before)


def loose(home: Path) -> list[str]:
    """Every path in the home that someone else could read, with its mode."""
    found = []
    for path in [home, *home.rglob("*")]:
        mode = path.lstat().st_mode
        if not stat.S_ISLNK(mode) and mode & 0o077:
            found.append(f"{path.relative_to(home)} {stat.S_IMODE(mode):o}")
    return found


def test_a_new_home_is_private_whatever_the_umask(cli, steward_home: Path, loose_umask: None) -> None:  # type: ignore[no-untyped-def]
    assert cli("--now", NOW, "demo", "--no-serve").code == 0
    assert cli("--now", NOW, "chat", "remind me tomorrow at 10 am to water the plants").code == 0
    assert (steward_home / "steward.db").exists() and (steward_home / "config.toml").exists()
    assert stat.S_IMODE(steward_home.stat().st_mode) == 0o700
    assert stat.S_IMODE((steward_home / "steward.db").stat().st_mode) == 0o600
    assert loose(steward_home) == []
    # the umask of the shell is the shell's again once the command is done
    assert os.umask(0o022) == 0o022


def test_doctor_names_a_loose_home_and_fix_tightens_it(cli, steward_home: Path, loose_umask: None) -> None:  # type: ignore[no-untyped-def]
    assert cli("--now", NOW, "init").code == 0
    os.chmod(steward_home, 0o755)
    os.chmod(steward_home / "steward.db", 0o644)
    os.chmod(steward_home / "config.toml", 0o664)
    found = cli("doctor")
    assert found.code == 1
    [line] = [x for x in found.out.splitlines() if " home: " in x]
    assert line.startswith("FAIL") and "steward doctor --fix" in line
    assert f"{steward_home} (mode 755)" in line and "steward.db (mode 644)" in line and "config.toml (mode 664)" in line
    fixed = cli("doctor", "--fix")
    assert "fixed the modes of 3 path(s)" in fixed.err
    assert loose(steward_home) == []
    [line] = [x for x in cli("doctor").out.splitlines() if " home: " in x]
    assert line.startswith("ok")
