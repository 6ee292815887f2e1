"""The threads that run Steward's core for the server.

The core is synchronous and its SQLite connection belongs to the thread that opened it, so the
server keeps a few worker threads, each with its own `App` (its own connection; WAL lets them read
side by side), and hands them calls from the event loop. Each worker closes its own App on stop.
What is large and read-only between writes is shared instead: `steward serve` builds one vector index
for the process (`App.shared_vectors`), so every worker's search reads the same copy of the vectors
(refreshing it through its own connection) rather than each holding its own.

Calls wait in two queues: chat turns and held-write answers (`TURN`: someone is waiting for the reply)
and everything else (`READ`: schedule, reminders, mail search and analysis). Every worker takes a
queued turn before a read, and `turn_only` workers take nothing but turns, so a person typing never
waits for a burst of searches to finish: at most the searches already running share the cores.

A turn that goes to a model can take a minute, most of it waiting on the model server. Such a turn
runs its model part inside `model_section`: there it leaves the pool (another thread takes its place,
so reads, searches and turns answered without a model never wait behind it), waits for one of
`model_turns` slots (the model server is asked about that many turns at once), and is dropped, before
a word goes to the model, when its client has gone meanwhile. `Admission` bounds the turns a server
holds at all, per session and overall; past either bound a turn is refused at once (HTTP 429).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterator
from concurrent.futures import Future
from contextlib import asynccontextmanager, contextmanager
from typing import Any, TypeVar

from steward.app import App
from steward.errors import Busy

log = logging.getLogger(__name__)

T = TypeVar("T")
TURN = 0  # a chat turn or the answer to a held write: someone is waiting for it
READ = 1  # everything else: schedule, reminders, mail search, analysis, reading a message
_Job = tuple[Callable[..., Any], tuple[Any, ...], "Future[Any]"]
# one worker warms at a time: the first builds what is built once (the embedding model's graph, cached
# on disk) and the others then load it, instead of every thread building it side by side
_WARMING = threading.Lock()


class ClientGone(Exception):  # noqa: N818 - what happened, not an error of Steward's
    """The turn's client went away before its model call started: the turn was dropped."""


class Workers:
    """`count` threads that take any call and `turn_only` threads that take only turns; each owns one
    App built by `make_app` on first use. A thread inside `model_section` is replaced while it waits
    on the model; at most `model_turns` turns are with the model at once."""

    def __init__(self, make_app: Callable[[], App], count: int = 2, name: str = "steward-web",
                 warm: Callable[[App], object] | None = None, *, turn_only: int = 0,
                 warm_turns: Callable[[App], object] | None = None, model_turns: int = 2,
                 stale: Callable[[App], bool] | None = None) -> None:
        self._make_app = make_app
        self._stale = stale  # True for an App built on a clock the server has since turned from
        self._name = name
        self._queues: tuple[deque[_Job], deque[_Job]] = (deque(), deque())  # indexed by TURN, READ
        self._ready = threading.Condition()
        self._threads = [
            threading.Thread(target=self._loop, args=((TURN, READ), warm), name=f"{name}-{i}", daemon=True)
            for i in range(max(1, count))
        ] + [
            threading.Thread(target=self._loop, args=((TURN,), warm_turns or warm), name=f"{name}-turns-{i}",
                             daemon=True)
            for i in range(max(0, turn_only))
        ]
        self._target = len(self._threads)  # threads taking calls, not counting those with a model
        self._live = len(self._threads)    # threads taking calls or inside a model section
        self._with_model = 0
        self._spares = 0                   # threads parked until a model section needs a stand-in
        self._wakes = 0                    # spares told to take calls again, not yet awake
        self._more = 0
        self._slots = threading.BoundedSemaphore(max(1, model_turns))
        self._started = False
        self._stopping = threading.Event()
        self._lock = threading.Lock()

    def start(self) -> None:
        """Start the worker threads (each builds its own App on first use)."""
        with self._lock:
            if not self._started:
                for thread in self._threads:
                    thread.start()
                self._started = True

    def submit(self, fn: Callable[..., T], *args: Any, priority: int = READ) -> Future[T]:
        """Run `fn(app, *args)` on a worker; the future holds its result or its exception."""
        self.start()
        future: Future[T] = Future()
        with self._ready:
            self._queues[TURN if priority == TURN else READ].append((fn, args, future))
            self._ready.notify_all()
        return future

    async def run(self, fn: Callable[..., T], *args: Any, priority: int = READ) -> T:
        """Await `fn(app, *args)` run on a worker."""
        return await asyncio.wrap_future(self.submit(fn, *args, priority=priority))

    @property
    def with_model(self) -> int:
        """Turns inside a model section now (with the model, or waiting for a slot)."""
        return self._with_model

    @contextmanager
    def model_section(self, gone: threading.Event | None = None) -> Iterator[None]:
        """Around a turn's model part, on the worker thread running it: the thread is replaced in the
        pool, waits for a model slot, and raises ClientGone instead when `gone` is set first."""
        self._leave()
        try:
            while not self._slots.acquire(timeout=0.2):
                if (gone is not None and gone.is_set()) or self._stopping.is_set():
                    raise ClientGone()
            try:
                if gone is not None and gone.is_set():
                    raise ClientGone()
                yield
            finally:
                self._slots.release()
        finally:
            with self._ready:
                self._with_model -= 1
                self._ready.notify_all()

    def _leave(self) -> None:
        """This thread goes to a model: wake a spare, or start a thread, to take calls meanwhile."""
        with self._ready:
            self._with_model += 1
            if self._live - self._with_model >= self._target or self._stopping.is_set():
                return
            self._live += 1
            if self._spares:
                self._spares -= 1
                self._wakes += 1
                self._ready.notify_all()
                return
            self._more += 1
            thread = threading.Thread(target=self._loop, args=((TURN, READ), None),
                                      name=f"{self._name}-more-{self._more}", daemon=True)
            self._threads.append(thread)
        thread.start()

    def stop(self, timeout: float = 120.0) -> None:
        """Let queued calls finish, then close every worker's App and join the threads.

        A worker still warming is waited for: its native code (ONNX Runtime) must not be running when
        the interpreter exits. A worker that has not begun warming skips it.
        """
        with self._ready:
            self._stopping.set()
            self._ready.notify_all()
        with self._lock:
            if not self._started:
                return
        for thread in list(self._threads):
            thread.join(timeout)
            if thread.is_alive():
                log.warning("%s did not stop within %.0f s", thread.name, timeout)

    def _next(self, takes: tuple[int, ...]) -> _Job | None:
        """The next call this worker takes (turns first), waiting for one; None once stopping and idle.
        While more threads take calls than the pool needs (a model section ended), this one waits as a
        spare until a model section needs it."""
        with self._ready:
            while True:
                if self._live - self._with_model > self._target and not self._stopping.is_set():
                    self._live -= 1
                    self._spares += 1
                    while not self._wakes and not self._stopping.is_set():
                        self._ready.wait()
                    if self._wakes:
                        self._wakes -= 1  # _leave counted this thread live again
                    else:
                        self._spares -= 1
                        self._live += 1
                    continue
                for kind in takes:
                    if self._queues[kind]:
                        return self._queues[kind].popleft()
                if self._stopping.is_set():
                    return None
                self._ready.wait()

    def _loop(self, takes: tuple[int, ...], warm: Callable[[App], object] | None) -> None:
        app: App | None = None
        try:
            if warm is not None:
                # load what the first request would otherwise wait for (models, the vector index)
                with _WARMING:
                    if not self._stopping.is_set():
                        app = self._make_app()
                        try:
                            warm(app)
                        except Exception:  # noqa: BLE001 - a cold start is slower, not broken
                            log.warning("warming %s failed; the first requests will load what they need",
                                        threading.current_thread().name, exc_info=True)
            while (job := self._next(takes)) is not None:
                fn, args, future = job
                if not future.set_running_or_notify_cancel():
                    continue
                try:
                    if app is not None and self._stale is not None and self._stale(app):
                        app.close()  # the zone changed: this worker's next answer is on the new clock
                        app = None
                    if app is None:
                        app = self._make_app()
                    future.set_result(fn(app, *args))
                except BaseException as exc:  # the caller sees it, through the future
                    future.set_exception(exc)
        finally:
            if app is not None:
                app.close()


class Admission:
    """How many turns the server holds (waiting for their session, queued, or running): at most
    `per_session` of one session and `total` in all; past either, `Busy` (HTTP 429)."""

    def __init__(self, per_session: int = 4, total: int = 32, retry_after: int = 5) -> None:
        self.per_session = per_session
        self.total = total
        self.retry_after = retry_after
        self._held: dict[str, int] = {}
        self._count = 0

    @property
    def count(self) -> int:
        """Turns held now, over every session."""
        return self._count

    def check(self, session: str | None) -> None:
        """Raise Busy when a turn of `session` would be past a bound now."""
        if self._held.get(session or "", 0) >= self.per_session:
            raise Busy(f"this conversation already has {self.per_session} turn(s) under way; "
                       f"try again in {self.retry_after} s", self.retry_after)
        if self._count >= self.total:
            raise Busy(f"Steward is answering {self.total} turns already; try again in {self.retry_after} s",
                       self.retry_after)

    @asynccontextmanager
    async def turn(self, session: str | None) -> AsyncIterator[None]:
        """Hold a place for one turn of `session` while the block runs, or raise Busy at once."""
        key = session or ""
        self.check(session)
        self._held[key] = self._held.get(key, 0) + 1
        self._count += 1
        try:
            yield
        finally:
            self._count -= 1
            self._held[key] -= 1
            if not self._held[key]:
                del self._held[key]


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
