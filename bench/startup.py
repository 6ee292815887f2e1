"""Start-up of the commands a person (or Claude Code) runs most, against the bare interpreter.

Each command runs as a fresh process, in turn with `python -c pass` in the same venv (paired: a load
that comes and goes weighs on both), on a home holding the sample mailbox. For each it prints the
median CPU time (user + system, from the process's own rusage), the median wall time, the peak memory
(max RSS) and the CPU ratio to the bare interpreter, beside the target of that kind of command:

- `steward hook EVENT`, for every kind of event: <= 1.5x the bare interpreter, <= 25 MB;
- `steward --version`, `steward --help`: <= 1.3x;
- `steward dues`, `steward reminders list`, `steward schedule tomorrow`: <= 2.5x;
- a one-shot `steward chat` whose turn is answered without a model: <= 250 ms wall in-process with no
  server, <= 60 ms when a `steward serve` of the same home is running (the chat asks it through the
  home's socket).

Byte-code is compiled first, as an installed Steward has it (a checkout run with
PYTHONDONTWRITEBYTECODE would compile every module on every start and measure the compiler).

    .venv/bin/python bench/startup.py [--repeat 10] [--only hook]
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import steward

PAYLOAD = {"session_id": "bench", "transcript_path": "", "cwd": "/tmp", "permission_mode": "default"}
HOOKS = {
    "SessionStart": {"source": "startup"},
    "UserPromptSubmit": {"prompt": "what is on my calendar tomorrow?"},
    "PreToolUse": {"tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_use_id": "t1"},
    "PostToolUse": {"tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_use_id": "t1",
                    "tool_response": {"stdout": "a\nb"}},
    "Stop": {"stop_hook_active": False},
    "CwdChanged": {"old_cwd": "/tmp", "new_cwd": "/"},
}


@dataclass(frozen=True)
class Case:
    name: str
    args: list[str]
    stdin: str = ""
    ratio: float | None = None  # the CPU target against the bare interpreter
    wall_ms: float | None = None  # the wall-time target
    rss_mb: float | None = None


def cases() -> list[Case]:
    out = [Case(f"hook {event}", ["hook", event], json.dumps({**PAYLOAD, "hook_event_name": event, **extra}),
                ratio=1.5, rss_mb=25) for event, extra in HOOKS.items()]
    out += [Case("--version", ["--version"], ratio=1.3), Case("--help", ["--help"], ratio=1.3)]
    out += [Case(" ".join(a), a, ratio=2.5) for a in (["dues"], ["reminders", "list"], ["schedule", "tomorrow"])]
    out += [Case("chat (answered without a model)", ["chat", "what do I owe this month?"], wall_ms=250)]
    return out


SERVED = [Case("chat, a server running", ["chat", "what do I owe this month?"], wall_ms=60),
          Case("mail search, a server running", ["mail", "search", "statement"])]


# Each command is started by this small runner, not by the benchmark itself: a child's peak memory
# (ru_maxrss) counts the memory of the process it was forked or spawned from, so a command started from
# this script (about 20 MB) would never read below 20 MB. The runner,
# without `site`, is smaller than a bare interpreter, so what it reports is the command's own.
RUNNER = r"""
import json, os, sys, time
for line in sys.stdin:
    cmd, stdin, env = json.loads(line)
    r, w = os.pipe()
    null = os.open(os.devnull, os.O_WRONLY)
    start = time.perf_counter()
    pid = os.posix_spawn(cmd[0], cmd, env, file_actions=[(os.POSIX_SPAWN_DUP2, r, 0), (os.POSIX_SPAWN_DUP2, null, 1),
                                                         (os.POSIX_SPAWN_DUP2, null, 2), (os.POSIX_SPAWN_CLOSE, w)])
    os.close(r)
    os.close(null)
    os.write(w, stdin.encode())
    os.close(w)
    _, status, usage = os.wait4(pid, 0)
    print(json.dumps([(usage.ru_utime + usage.ru_stime) * 1000, (time.perf_counter() - start) * 1000,
                      usage.ru_maxrss / 1024]), flush=True)
"""


class Runner:
    """Runs commands one at a time in the small runner process; (CPU ms, wall ms, max RSS MB) of each."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-S", "-c", RUNNER], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)

    def run(self, cmd: list[str], stdin: str, env: dict[str, str]) -> tuple[float, float, float]:
        """CPU time (user + system, from the process's own rusage), wall time and peak memory of `cmd`."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps([cmd, stdin, env]) + "\n")
        self.proc.stdin.flush()
        cpu, wall, rss = json.loads(self.proc.stdout.readline())
        return cpu, wall, rss

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--only", default="", help="only the commands whose name contains this")
    args = parser.parse_args()
    compileall.compile_dir(str(Path(steward.__file__).parent), quiet=1)
    python = [sys.executable]
    steward_cmd = [*python, "-m", "steward"]
    with tempfile.TemporaryDirectory(prefix="steward-bench-startup-") as home:
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env.update(STEWARD_HOME=home, TZ="UTC")
        env.pop("STEWARD_NOW", None)
        subprocess.run([*steward_cmd, "demo", "--no-serve"], env=env, check=True, capture_output=True)
        print(f"load {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f}; {args.repeat} runs each, paired with "
              "`python -c pass`")
        print(f"{'command':36s} {'CPU ms':>8s} {'bare':>6s} {'ratio':>6s} {'wall ms':>8s} {'MB':>5s}  target")
        runner = Runner()
        for case in cases():
            measure(runner, case, steward_cmd, python, env, args)
        server = subprocess.Popen([*steward_cmd, "serve", "--port", "0"], env=env, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 120
            while not (Path(home) / "serve.sock").exists() and time.monotonic() < deadline:
                time.sleep(0.2)
            for case in SERVED:
                measure(runner, case, steward_cmd, python, env, args)
        finally:
            runner.close()
            server.terminate()
            server.wait(30)
    return 0


def measure(runner: Runner, case: Case, steward_cmd: list[str], python: list[str], env: dict[str, str],
            args: argparse.Namespace) -> None:
    """Run `case` paired with the bare interpreter and print its line."""
    if args.only and args.only not in case.name:
        return
    cmd = [*steward_cmd, *case.args]
    runner.run(cmd, case.stdin, env)  # a first run fills the page cache and stamps the store
    ours, bare = [], []
    for _ in range(args.repeat):
        bare.append(runner.run([*python, "-c", "pass"], "", env))
        ours.append(runner.run(cmd, case.stdin, env))
    cpu = statistics.median(r[0] for r in ours)
    base = statistics.median(r[0] for r in bare)
    wall = statistics.median(r[1] for r in ours)
    rss = max(r[2] for r in ours)
    ratio = cpu / base
    target = []
    if case.ratio is not None:
        target.append(f"<= {case.ratio}x {'met' if ratio <= case.ratio else 'NOT met'}")
    if case.rss_mb is not None:
        target.append(f"<= {case.rss_mb} MB {'met' if rss <= case.rss_mb else 'NOT met'}")
    if case.wall_ms is not None:
        target.append(f"<= {case.wall_ms:g} ms {'met' if wall <= case.wall_ms else 'NOT met'}")
    print(f"{case.name:36s} {cpu:8.1f} {base:6.1f} {ratio:5.2f}x {wall:8.1f} {rss:5.1f}  {'; '.join(target)}")


if __name__ == "__main__":
    raise SystemExit(main())
