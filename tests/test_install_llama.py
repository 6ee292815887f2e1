"""scripts/install-llama.sh: a portable build, checked by one completion, rebuilt once when it crashes.

The script runs for real (sh) against a virtualenv whose `pip` and `python` are small stand-ins: `pip`
records what it was asked and "builds" an empty wheel; `python` (the completion check) exits 132, as a
process killed by SIGILL does, for the builds this machine is said not to run.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "install-llama.sh"

PIP = """#!/bin/sh
echo "pip $* | CMAKE_ARGS=$CMAKE_ARGS" >>"$(dirname "$0")/calls"
case "$1" in
  wheel)
    while [ $# -gt 0 ]; do
      if [ "$1" = "-w" ]; then mkdir -p "$2"; : >"$2/llama_cpp_python-0.3.36-py3-none-linux_x86_64.whl"; fi
      shift
    done ;;
  install) case "$*" in *llama_cpp_python*) echo "$*" >"$(dirname "$0")/installed" ;; esac ;;
  uninstall) rm -f "$(dirname "$0")/installed" ;;
esac
"""

PYTHON = """#!/bin/sh
cat >/dev/null
echo "check" >>"$(dirname "$0")/calls"
for crashes in $CRASHES; do
  case "$(cat "$(dirname "$0")/installed" 2>/dev/null)" in *-"$crashes"-*) exit 132 ;; esac
done
echo "completion check passed"
"""


@pytest.fixture
def venv(tmp_path: Path) -> Path:
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, text in (("pip", PIP), ("python", PYTHON)):
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return bin_dir


def install(bin_dir: Path, crashes: str = "") -> subprocess.CompletedProcess[str]:
    done = subprocess.run(["sh", str(SCRIPT), str(bin_dir)], capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "CRASHES": crashes})
    assert done.returncode == 0, done.stderr  # nothing here stops `make test`
    return done


def calls(bin_dir: Path) -> list[str]:
    return (bin_dir / "calls").read_text().splitlines()


def builds(bin_dir: Path) -> list[str]:
    return [line for line in calls(bin_dir) if line.startswith("pip wheel")]


def test_a_portable_build_that_runs_is_kept(venv: Path) -> None:
    install(venv)
    [build] = builds(venv)
    assert "--no-cache-dir" in build  # never served from, nor left in, pip's wheel cache
    assert "-DGGML_NATIVE=OFF" in build and "-DGGML_AVX2=ON" in build and "-DGGML_AVX512=OFF" in build
    assert "-DGGML_AMX_INT8=OFF" in build
    assert "check" in calls(venv)
    assert "portable" in (venv.parent / ".llama-build").read_text()
    assert "/llama-cpp-wheels/0.3.36-portable-" in (venv / "installed").read_text()


def test_the_kept_wheel_is_reused_not_rebuilt(venv: Path) -> None:
    install(venv)
    (venv / "installed").unlink()
    (venv.parent / ".llama-build").unlink()
    install(venv)
    assert len(builds(venv)) == 1 and (venv / "installed").exists()


def test_a_build_that_dies_of_sigill_is_rebuilt_once_for_plain_x86_64(venv: Path) -> None:
    done = install(venv, crashes="portable")
    portable, baseline = builds(venv)
    assert "-DGGML_AVX2=ON" in portable
    assert "-DGGML_AVX=OFF" in baseline and "-DGGML_AVX2=OFF" in baseline and "-DGGML_FMA=OFF" in baseline
    assert "SIGILL" in done.stderr and "plain x86-64" in done.stderr
    assert "baseline" in (venv.parent / ".llama-build").read_text()
    assert calls(venv)[-1] == "check"  # the rebuilt library ran a completion


def test_when_no_build_runs_it_is_removed_and_the_log_says_why(venv: Path) -> None:
    install(venv, crashes="portable baseline")
    assert len(builds(venv)) == 2  # one rebuild, not more
    assert not (venv / "installed").exists() and not (venv.parent / ".llama-build").exists()
    last = (venv.parent / "llama-cpp-build.log").read_text().splitlines()[-1]
    assert "does not run on this machine" in last and "SIGILL" in last and "llama-cpp-build.log" in last
