"""A command's process lets `inspect` and `copy` load on first use (steward.cli.deferred): each check
runs in a fresh interpreter, where neither is loaded yet, and asks what a program would notice."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def run(code: str) -> str:
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_record_types_are_made_without_running_inspect() -> None:
    out = run("""
        import sys
        from steward.cli.deferred import defer
        defer()
        import dataclasses

        @dataclasses.dataclass(frozen=True)
        class Kept:
            '''A record with its own docstring.'''
            name: str
            count: int = 0

        print("signature" in vars(sys.modules["inspect"]), Kept("a") == Kept("a"), Kept("a", 2))
    """)
    assert out == "False True Kept(name='a', count=2)"


def test_the_first_use_runs_the_real_module_in_the_same_object() -> None:
    out = run("""
        import sys
        from steward.cli.deferred import defer
        defer()
        import dataclasses
        stand_in = sys.modules["inspect"]

        @dataclasses.dataclass
        class Bare:
            size: int

        import inspect
        from inspect import signature
        print(Bare.__doc__, inspect is stand_in, signature(Bare), type(inspect).__name__)
        print(dataclasses.asdict(Bare(3)), inspect.isfunction(defer))
        try:
            inspect.no_such_name
        except AttributeError as exc:
            print("AttributeError", exc)
    """)
    assert out.splitlines() == [
        "Bare(size: int) True (size: int) -> None module",
        "{'size': 3} True",
        "AttributeError module 'inspect' has no attribute 'no_such_name'",
    ]


def test_threads_asking_at_once_all_get_the_real_module() -> None:
    out = run("""
        import threading
        from steward.cli.deferred import defer
        defer()
        import inspect
        seen = []
        threads = [threading.Thread(target=lambda: seen.append(inspect.signature(len) is not None))
                   for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(seen.count(True))
    """)
    assert out == "8"


def test_a_module_already_loaded_is_left_as_it_is() -> None:
    out = run("""
        import sys, inspect
        from steward.cli.deferred import defer
        defer()
        print(sys.modules["inspect"] is inspect, type(inspect).__name__)
    """)
    assert out == "True module"


def test_what_to_do_once_a_module_has_run_waits_for_its_first_use() -> None:
    out = run("""
        import sys
        from steward.cli.deferred import defer
        ran = []
        defer(then={"dataclasses": lambda module: ran.append(module.__name__), "os": lambda m: ran.append(m.__name__)})
        print(ran, type(sys.modules["dataclasses"]).__name__)
        from dataclasses import dataclass
        print(ran, type(sys.modules["dataclasses"]).__name__)
    """)
    assert out.splitlines() == ["['os'] _Deferred", "['os', 'dataclasses'] module"]
