"""The scheduler host of `steward serve`: jobs run on their own thread and a failing job backs off."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from steward.app import App, build_app
from steward.clock import make_clock
from steward.errors import ConnectorError
from steward.paths import resolve_paths
from steward.settings import load
from steward.web.jobs import Job, JobHost, next_delay, parse_interval
from steward.web.workers import Workers


def make_app_factory(home: Path):  # type: ignore[no-untyped-def]
    paths = resolve_paths(str(home))
    settings = load(paths.config_file)
    clock = make_clock("UTC", "2026-09-14T10:00:00+00:00")
    return lambda: build_app(settings, clock, paths)


def wait_for(condition: Callable[[], bool], timeout: float = 30) -> bool:
    """True as soon as `condition()` holds; False when it still does not after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def test_backoff_doubles_and_is_capped() -> None:
    job = Job("sync", 300, lambda app: None, max_backoff=3600)
    assert next_delay(job, 0) == 300
    assert [next_delay(job, n) for n in (1, 2, 3, 4)] == [300, 600, 1200, 2400]
    assert next_delay(job, 10) == 3600


def test_intervals() -> None:
    assert parse_interval("5m") == 300 and parse_interval("1h") == 3600 and parse_interval("0") == 0
    from steward.errors import ConfigError

    with pytest.raises(ConfigError):
        parse_interval("soon")


def test_jobs_run_on_their_own_connection_and_a_failure_does_not_stop_the_others(steward_home: Path) -> None:
    seen: list[str] = []
    ran = threading.Event()

    def good(app: App) -> None:
        # a real query on the job thread's own store connection
        seen.append(app.db.execute("SELECT name FROM migrations ORDER BY name LIMIT 1").fetchone()[0])
        ran.set()

    def bad(app: App) -> None:
        raise ConnectorError("imap: server went away")

    host = JobHost(make_app_factory(steward_home), [Job("bad", 0.05, bad), Job("good", 0.05, good)])
    host.start()
    try:
        assert ran.wait(10)
        # the good job keeps its schedule beside the failing one (a generous deadline: machines are shared)
        assert wait_for(lambda: host.state["good"].runs >= 2 and host.state["bad"].failures >= 1)
    finally:
        host.stop()
    assert seen and seen[0] == "0001_audit"
    bad_state = host.state["bad"]
    assert bad_state.failures >= 1 and bad_state.last_error == "imap: server went away"
    assert bad_state.runs == bad_state.failures  # backed off: not retried every 50 ms
    assert host.state["good"].runs >= 2


def test_workers_each_own_a_connection_and_pass_errors_back(steward_home: Path) -> None:
    workers = Workers(make_app_factory(steward_home), 2)
    try:
        names = {workers.submit(lambda app: threading.current_thread().name).result(10) for _ in range(20)}
        assert names <= {"steward-web-0", "steward-web-1"}
        with pytest.raises(ConnectorError):
            workers.submit(lambda app: (_ for _ in ()).throw(ConnectorError("down"))).result(10)
    finally:
        workers.stop()


def test_a_turn_is_taken_before_reads_queued_earlier(steward_home: Path) -> None:
    from steward.web.workers import READ, TURN

    workers = Workers(make_app_factory(steward_home), 1)
    gate, running = threading.Event(), threading.Event()
    order: list[str] = []
    try:
        def hold(app: App) -> bool:
            running.set()
            return gate.wait(10)

        busy = workers.submit(hold)
        assert running.wait(10)  # the only worker is busy; what follows waits in the queue
        later = [workers.submit(lambda app, n=n: order.append(f"search {n}"), priority=READ) for n in range(3)]
        turn = workers.submit(lambda app: order.append("turn"), priority=TURN)
        gate.set()
        for f in [busy, *later, turn]:
            f.result(10)
    finally:
        workers.stop()
    assert order == ["turn", "search 0", "search 1", "search 2"]


def test_a_turn_worker_answers_while_every_other_worker_is_searching(steward_home: Path) -> None:
    from steward.web.workers import READ, TURN

    workers = Workers(make_app_factory(steward_home), 1, turn_only=1)
    gate, running = threading.Event(), threading.Event()
    try:
        # a long search holds the only general worker
        busy = workers.submit(lambda app: running.set() or gate.wait(10), priority=READ)
        assert running.wait(10)
        reads = [workers.submit(lambda app: threading.current_thread().name, priority=READ) for _ in range(3)]
        turn = workers.submit(lambda app: threading.current_thread().name, priority=TURN)
        assert turn.result(5) == "steward-web-turns-0"  # answered while the search still runs
        assert not any(r.done() for r in reads)  # the turn worker never takes a read
        gate.set()
        assert {r.result(10) for r in reads} == {"steward-web-0"} and busy.result(10)
    finally:
        workers.stop()
