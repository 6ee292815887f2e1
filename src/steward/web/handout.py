"""Spreading connections over the processes of `steward serve` (`serve.processes` above 1).

The first process alone accepts connections on the port and gives each new one to the process that
holds the fewest (itself included; a tie goes round). It hands a connection over by passing its file
descriptor down a Unix socket pair to that process (SCM_RIGHTS), which serves it as its own; each
process says back one byte per connection it has finished with, so the first knows what each holds.

Why not let every process listen (SO_REUSEPORT): the kernel then spreads connections by a hash of
the client's address and port, and twenty long-lived connections fell 13 / 7 as often as 10 / 10.
A connection stays with its process for as long as it is open, so the process holding 13 queued
their searches behind each other while the other had time to spare (search p95 165 against 122 ms
at 100,000 messages). Counting makes the split even whatever the ports are.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
from collections.abc import Callable, Sequence
from typing import Any

log = logging.getLogger(__name__)

Factory = Callable[[], asyncio.Protocol]
READY = b"+"  # a process is serving: it may be given connections
DONE = b"-"  # a process finished with one connection it was given


def channel_pair() -> tuple[socket.socket, socket.socket]:
    """(the first process's end, the other process's end) of the socket pair connections go down."""
    return socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)


def counted(factory: Factory, finished: Callable[[], None]) -> Factory:
    """`factory`'s protocols, each calling `finished` once its connection is lost."""
    def make() -> asyncio.Protocol:
        protocol = factory()
        lost = protocol.connection_lost

        def connection_lost(exc: Exception | None) -> None:
            try:
                lost(exc)
            finally:
                finished()

        protocol.connection_lost = connection_lost  # type: ignore[method-assign]
        return protocol
    return make


class Handout:
    """The first process's side: accept on `listener`, serve a connection here or pass it on to one of
    the processes at the other ends of `channels` that has said it is serving."""

    def __init__(self, listener: socket.socket, channels: Sequence[socket.socket]) -> None:
        self._listener = listener
        self._channels = list(channels)
        self.given = [0] * len(self._channels)  # connections each other process holds
        self._ready = [False] * len(self._channels)  # serving (not starting, not gone)
        self._gone = [False] * len(self._channels)
        self._turn = 0  # where the next tie starts
        self._task: asyncio.Task[None] | None = None
        self._local: Callable[[], int] = lambda: 0

    def start(self, factory: Factory, local: Callable[[], int]) -> None:
        """Begin accepting in the running loop; `local()` is how many connections this process holds."""
        loop = asyncio.get_running_loop()
        self._local = local
        self._listener.setblocking(False)
        for i, channel in enumerate(self._channels):
            channel.setblocking(False)
            loop.add_reader(channel.fileno(), self._read_reports, i)
        self._task = loop.create_task(self._accept(factory))

    def stop(self) -> None:
        """Stop accepting (connections already given keep being served where they are)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        loop = asyncio.get_running_loop()
        for i, channel in enumerate(self._channels):
            if not self._gone[i]:
                loop.remove_reader(channel.fileno())

    def choose(self) -> int | None:
        """Which process takes the next connection: None for this one, else an index of the others."""
        held = [self._local(), *(n if ready else None for n, ready in zip(self.given, self._ready, strict=True))]
        fewest = min(n for n in held if n is not None)
        for step in range(len(held)):
            place = (self._turn + step) % len(held)
            if held[place] == fewest:
                self._turn = place + 1
                return None if place == 0 else place - 1
        return None  # unreachable: this process is always a candidate

    async def _accept(self, factory: Factory) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                conn, _ = await loop.sock_accept(self._listener)
            except OSError as exc:  # out of descriptors, or a connection reset before it was taken
                log.warning("accepting a connection failed: %s", exc)
                await asyncio.sleep(0.1)
                continue
            # Nagle off, as on every connection this server answers (see `run.bind`); a descriptor
            # passed on keeps it (a connection already reset refuses it, and fails where it is served)
            with contextlib.suppress(OSError):
                conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            target = self.choose()
            if target is not None and self._give(target, conn):
                continue
            conn.setblocking(False)
            try:
                await loop.connect_accepted_socket(factory, conn)
            except OSError:  # the client went away before it was served
                conn.close()

    def _give(self, target: int, conn: socket.socket) -> bool:
        try:
            socket.send_fds(self._channels[target], [b"c"], [conn.fileno()])
        except BlockingIOError:
            return False  # its end is full (it is not reading): this process serves it
        except OSError:
            self._lost(target)
            return False
        conn.close()  # the other process holds its own descriptor of it now
        self.given[target] += 1
        return True

    def _read_reports(self, target: int) -> None:
        try:
            data = self._channels[target].recv(4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._lost(target)
            return
        if READY in data:
            self._ready[target] = True
        self.given[target] = max(0, self.given[target] - data.count(DONE))

    def _lost(self, target: int) -> None:
        if not self._gone[target]:
            self._gone[target], self._ready[target] = True, False
            asyncio.get_running_loop().remove_reader(self._channels[target].fileno())
            log.warning("a server process stopped taking connections; the others go on serving")


class Intake:
    """Another process's side: serve each connection the first process passes down `channel`; `gone`
    is called when the first process has closed its end (it has stopped, or was killed)."""

    def __init__(self, channel: socket.socket, gone: Callable[[], None] = lambda: None) -> None:
        self._channel = channel
        self.gone = gone

    def start(self, factory: Factory) -> None:
        """Begin taking connections in the running loop."""
        loop = asyncio.get_running_loop()
        self._channel.setblocking(False)
        self._factory = counted(factory, self._finished)
        loop.add_reader(self._channel.fileno(), self._take)
        self._say(READY)

    def stop(self) -> None:
        """Take no more connections."""
        asyncio.get_running_loop().remove_reader(self._channel.fileno())

    def _take(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                # one byte a connection, its descriptor riding on it
                data, fds, _, _ = socket.recv_fds(self._channel, 1, 1)
            except BlockingIOError:
                return
            except OSError:
                data, fds = b"", []
            if not data:
                loop.remove_reader(self._channel.fileno())
                self.gone()
                return
            for fd in fds:
                conn = socket.socket(fileno=fd)
                conn.setblocking(False)
                loop.create_task(self._serve(conn))

    async def _serve(self, conn: socket.socket) -> None:
        try:
            await asyncio.get_running_loop().connect_accepted_socket(self._factory, conn)
        except OSError:
            conn.close()
            self._finished()

    def _finished(self) -> None:
        self._say(DONE)

    def _say(self, what: bytes) -> None:
        # the first process has gone (this one stops), or its end is full for a moment
        with contextlib.suppress(OSError):
            self._channel.send(what)


def protocol_factory(server: Any) -> Factory:
    """The protocol uvicorn's own listener would give each connection of `server` (a started
    uvicorn.Server: its loaded config, state and the lifespan's state)."""
    config = server.config

    def make() -> asyncio.Protocol:
        protocol: asyncio.Protocol = config.http_protocol_class(
            config=config, server_state=server.server_state, app_state=server.lifespan.state)
        return protocol
    return make
