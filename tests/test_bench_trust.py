"""bench/trust.py reads pytest's report and exit code: a run that broke is never printed as "0 crashes"."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
from trust import broken, fuzz  # noqa: E402


def test_a_collection_error_is_a_broken_run_not_zero_crashes(tmp_path: Path) -> None:
    target = tmp_path / "test_targets.py"
    target.write_text("import a_module_that_is_not_there\n\ndef test_x():\n    pass\n")
    result = fuzz(1, target)
    assert result["errors"] == 1 and result["exit_code"] == 2 and result["targets"] == 0
    assert "exited 2 with 1 errors" in broken(result)


def test_a_failing_target_is_a_crash_of_a_run_that_worked(tmp_path: Path) -> None:
    target = tmp_path / "test_targets.py"
    target.write_text("def test_holds():\n    pass\n\ndef test_breaks():\n    assert 1 == 2\n")
    result = fuzz(3, target)
    assert (result["targets"], result["examples"], result["crashes"], result["errors"]) == (2, 6, 1, 0)
    assert result["exit_code"] == 1 and broken(result) == ""
