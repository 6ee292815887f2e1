"""No test asserts on how long something took: that fails on a loaded machine and proves nothing there.

A lint over tests/: an `assert` that compares a reading of the wall or process clock (time.time,
time.monotonic, time.perf_counter, time.process_time and their _ns forms), or a name computed from
one, is flagged. Check the order of events instead (what had happened when the reply arrived), and
measure durations in bench/. Timeouts that only stop a hang (pytest-timeout, a `timeout=` argument)
are not asserts and are left alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
CLOCKS = {"time", "monotonic", "perf_counter", "process_time", "time_ns", "monotonic_ns", "perf_counter_ns",
          "process_time_ns"}


def _clock_call(call: ast.Call, timed_functions: set[str]) -> bool:
    f = call.func
    if isinstance(f, ast.Attribute) and f.attr in CLOCKS and isinstance(f.value, ast.Name) and f.value.id == "time":
        return True
    return isinstance(f, ast.Name) and f.id in {"monotonic", "perf_counter", "process_time", *timed_functions}


def _timed(node: ast.AST, timed: set[str], timed_functions: set[str]) -> bool:
    """Whether an expression reads the clock, or uses a name or calls a function that does."""
    return any((isinstance(n, ast.Call) and _clock_call(n, timed_functions))
               or (isinstance(n, ast.Name) and n.id in timed) for n in ast.walk(node))


def timing_asserts(source: str) -> list[int]:
    """Line numbers of the asserts in `source` that compare a clock reading with something that is not one.

    A name assigned from a clock reading is timed, and so is what is computed from it, and a call to a
    function of the module that reads the clock. A comparison of two clock readings (`time.monotonic()
    < deadline`, a polling loop's guard against a hang) is not a duration and is left alone.
    """
    tree = ast.parse(source)
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]
    timed: set[str] = set()
    timed_functions: set[str] = set()
    changed = True
    while changed:
        changed = False
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign | ast.For | ast.comprehension):
                value = node.iter if isinstance(node, ast.For | ast.comprehension) else node.value
                if value is None or not _timed(value, timed, timed_functions):
                    continue
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                new = set().union(*(_names(t) for t in targets)) - timed
                if new:
                    timed |= new
                    changed = True
        for fn in functions:
            if fn.name not in timed_functions and not fn.name.startswith("test") \
                    and any(_timed(n, set(), timed_functions) for n in ast.walk(fn) if isinstance(n, ast.Call)):
                timed_functions.add(fn.name)
                changed = True
    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert):
            for cmp in (n for n in ast.walk(node.test) if isinstance(n, ast.Compare)):
                sides = [_timed(side, timed, timed_functions) for side in [cmp.left, *cmp.comparators]]
                if any(sides) and not all(sides):
                    lines.append(node.lineno)
                    break
    return sorted(set(lines))


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def test_no_test_asserts_on_a_duration() -> None:
    found = [f"{path.name}:{line}" for path in sorted(TESTS.rglob("*.py"))
             for line in timing_asserts(path.read_text(encoding="utf-8"))]
    assert found == [], "asserts on a measured duration (check the order of events instead): " + ", ".join(found)


def test_the_lint_sees_a_duration_and_leaves_an_order_alone() -> None:
    timed = """
import time
started = time.monotonic()
run()
elapsed = time.monotonic() - started
assert elapsed < 5
assert time.perf_counter() - started > 0.4
"""
    assert timing_asserts(timed) == [6, 7]
    returned = """
import time
def stamped(events):
    started = time.perf_counter()
    return [(time.perf_counter() - started, e) for e in events]
out = stamped(run())
first = [t for t, e in out][0]
assert out[-1][0] - first > 0.4
"""
    assert timing_asserts(returned) == [8]
    ordered = """
import time
events = run()
assert events.index("delta") < events.index("trace")
deadline = time.monotonic() + 30
while not done():
    assert time.monotonic() < deadline
    time.sleep(0.1)
"""
    assert timing_asserts(ordered) == []
