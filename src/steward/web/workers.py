"""The threads that run Steward's core for the server.

The core is synchronous and its SQLite connection belongs to the thread that opened it, so the
server keeps a few worker threads, each with its own `App` (its own connection; WAL lets them read
side by side), and hands them calls from the event loop. Each worker closes its own App on stop.

Calls wait in one priority queue: a chat turn (`TURN`) is taken before reads and searches (`READ`)
queued earlier, so a person typing is not kept waiting behind a burst of searches.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from steward.app import App

log = logging.getLogger(__name__)

T = TypeVar("T")
TURN = 0  # a chat turn or the answer to a held write: someone is waiting for it
READ = 1  # everything else: schedule, reminders, mail search, analysis, reading a message
_LAST = 9  # stop markers go after every queued call
_STOP = object()
# one worker warms at a time: the first builds what is built once (the embedding model's graph, cached
# on disk) and the others then load it, instead of every thread building it side by side
_WARMING = threading.Lock()


class Workers:
    """N threads, each owning one App built by `make_app` on first use."""

    def __init__(self, make_app: Callable[[], App], count: int = 2, name: str = "steward-web",
                 warm: Callable[[App], object] | None = None) -> None:
        self._make_app = make_app
        self._warm = warm
        self._jobs: queue.PriorityQueue[tuple[int, int, Any]] = queue.PriorityQueue()
        self._order = itertools.count()  # first come, first served within a priority
        self._threads = [
            threading.Thread(target=self._loop, name=f"{name}-{i}", daemon=True) for i in range(max(1, count))
        ]
        self._started = False
        self._stopping = threading.Event()
        self._lock = threading.Lock()

    def start(self) -> None:
        with self._lock:
            if not self._started:
                for thread in self._threads:
                    thread.start()
                self._started = True

    def submit(self, fn: Callable[..., T], *args: Any, priority: int = READ) -> Future[T]:
        """Run `fn(app, *args)` on a worker; the future holds its result or its exception."""
        self.start()
        future: Future[T] = Future()
        self._jobs.put((priority, next(self._order), (fn, args, future)))
        return future

    async def run(self, fn: Callable[..., T], *args: Any, priority: int = READ) -> T:
        """Await `fn(app, *args)` run on a worker."""
        return await asyncio.wrap_future(self.submit(fn, *args, priority=priority))

    def stop(self, timeout: float = 120.0) -> None:
        """Let queued calls finish, then close every worker's App and join the threads.

        A worker still warming is waited for: its native code (ONNX Runtime) must not be running when
        the interpreter exits. A worker that has not begun warming skips it.
        """
        self._stopping.set()
        with self._lock:
            if not self._started:
                return
            for _ in self._threads:
                self._jobs.put((_LAST, next(self._order), _STOP))
        for thread in self._threads:
            thread.join(timeout)
            if thread.is_alive():
                log.warning("%s did not stop within %.0f s", thread.name, timeout)

    def _loop(self) -> None:
        app: App | None = None
        try:
            if self._warm is not None:
                # load what the first request would otherwise wait for (models, the vector index)
                with _WARMING:
                    if not self._stopping.is_set():
                        app = self._make_app()
                        try:
                            self._warm(app)
                        except Exception:  # noqa: BLE001 - a cold start is slower, not broken
                            log.warning("warming %s failed; the first requests will load what they need",
                                        threading.current_thread().name, exc_info=True)
            while True:
                job = self._jobs.get()[2]
                if job is _STOP:
                    return
                fn, args, future = job
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    if app is None:
                        app = self._make_app()
                    future.set_result(fn(app, *args))
                except BaseException as exc:  # the caller sees it, through the future
                    future.set_exception(exc)
        finally:
            if app is not None:
                app.close()


class SessionLocks:
    """One asyncio lock per conversation, so a session's turns run in arrival order."""

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}

    def of(self, session: str | None) -> asyncio.Lock:
        """The lock of `session` (None: the default session)."""
        key = session or ""
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock
