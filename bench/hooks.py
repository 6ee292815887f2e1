"""Hook overhead per tool call: Steward's in-process hooks, and `steward hook` as Claude Code runs it.

Rows, all in the same run so they share the machine's load:
- in-process: the session-name hooks' PreToolUse + PostToolUse on the bus, per tool call (nothing
  pending; and a title pending with its two reminders spent, the state a long session sits in);
- `true` as a command hook: the floor of any command hook (a shell started per tool call), and
  `python -c pass`, the floor of any hook written in Python;
- `steward hook PostToolUse` as a process, as Claude Code starts it on every tool call (nothing
  pending; and a pending title with its reminders spent).

    .venv/bin/python bench/hooks.py [--repeat 40] [--calls 2000]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import summary, time_calls  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.hooks.bus import HookBus  # noqa: E402
from steward.hooks.protocol import HookInput  # noqa: E402
from steward.hooks.session_names import SessionNames  # noqa: E402
from steward.store import connect  # noqa: E402

SESSION = "bench-session"


def payload(event: str) -> dict[str, object]:
    body: dict[str, object] = {"session_id": SESSION, "transcript_path": "/nowhere.jsonl", "cwd": "/tmp",
                               "hook_event_name": event, "tool_name": "Read",
                               "tool_input": {"file_path": "/tmp/a.py"}, "tool_use_id": "toolu_1"}
    if event == "PostToolUse":
        body["tool_response"] = {"filePath": "/tmp/a.py", "success": True}
    return body


def in_process(home: Path, calls: int, pending: bool) -> list[float]:
    conn = connect(home / "inproc.db")
    names = SessionNames(lambda: conn, make_clock("UTC"))
    bus = HookBus(names.hooks(), on_log=names.record)
    if pending:
        names.set_task(SESSION, "benchmark the hooks")
        for _ in range(2):
            names.remind(SESSION)
    pre = HookInput.from_json("PreToolUse", payload("PreToolUse"))
    post = HookInput.from_json("PostToolUse", payload("PostToolUse"))

    def one_call() -> None:
        bus.run("PreToolUse", pre)
        bus.run("PostToolUse", post)

    one_call()
    return time_calls(one_call, calls)


def process(command: list[str], body: str, env: dict[str, str], repeat: int) -> list[float]:
    def run() -> None:
        subprocess.run(command, input=body, capture_output=True, text=True, env=env, check=True)

    run()  # warm the page cache
    return time_calls(run, repeat)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=40, help="process starts per row")
    parser.add_argument("--calls", type=int, default=2000, help="in-process tool calls per row")
    args = parser.parse_args()
    script = Path(sys.executable).with_name("steward")
    steward = [str(script)] if script.exists() else [sys.executable, "-m", "steward"]
    rows: list[tuple[str, list[float]]] = []
    with tempfile.TemporaryDirectory(prefix="steward-bench-hooks-") as tmp:
        home = Path(tmp)
        rows.append(("in-process session-name hooks, nothing pending", in_process(home / "a", args.calls, False)))
        rows.append(("in-process session-name hooks, reminders spent", in_process(home / "b", args.calls, True)))
        env = {**os.environ, "STEWARD_HOME": str(home / "proc")}
        body = json.dumps(payload("PostToolUse"))
        true = shutil.which("true") or "/bin/true"
        rows.append(("`sh -c true` (any command hook's floor)", process(["sh", "-c", true], body, env, args.repeat)))
        rows.append(("`python -c pass` (the interpreter's own start)",
                     process([sys.executable, "-c", "pass"], body, env, args.repeat)))
        rows.append(("`steward hook PostToolUse`, nothing pending",
                     process([*steward, "hook", "PostToolUse"], body, env, args.repeat)))
        subprocess.run([*steward, "session", "set-task", "--session", SESSION, "benchmark the hooks"], env=env,
                       check=True, capture_output=True)
        for _ in range(2):
            subprocess.run([*steward, "hook", "PostToolUse"], input=body, env=env, check=True, capture_output=True,
                           text=True)
        rows.append(("`steward hook PostToolUse`, reminders spent",
                     process([*steward, "hook", "PostToolUse"], body, env, args.repeat)))
    width = max(len(name) for name, _ in rows)
    print(f"hook overhead per tool call ({os.cpu_count()} cores)")
    for name, ms in rows:
        print(f"  {name:<{width}}  {summary(ms)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
