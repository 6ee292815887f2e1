"""Real loopback servers for the notification tests: an HTTP recorder and an SMTP server (aiosmtpd)."""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes


@dataclass
class HttpRecorder:
    """A stdlib HTTP server in a thread that records POSTs and answers `status` (settable)."""

    status: int = 200
    received: list[Received] = field(default_factory=list)

    def __post_init__(self) -> None:
        recorder = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length)
                if recorder.status < 300:
                    recorder.received.append(Received(self.path, dict(self.headers.items()), body))
                self.send_response(recorder.status)
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/steward"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class SmtpServer:
    """A real SMTP server (aiosmtpd) on a free loopback port; `messages` holds what it accepted."""

    def __init__(self, port: int | None = None) -> None:
        from aiosmtpd.controller import Controller

        self.messages: list[bytes] = []
        outer = self

        class Handler:
            async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
                outer.messages.append(envelope.content)
                return "250 Message accepted"

        self.port = port or free_port()
        self.controller = Controller(Handler(), hostname="127.0.0.1", port=self.port)
        self.controller.start()

    def close(self) -> None:
        self.controller.stop()


class SilentListener:
    """A TCP port that accepts connections and never says a word (an SMTP server that hangs)."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = int(self.sock.getsockname()[1])

    def close(self) -> None:
        self.sock.close()


def wait_for(predicate: Any, timeout: float = 30.0, step: float = 0.05) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(step)
    return False
