"""Hardening of `steward serve`: one plain Host header, and request headers bounded in size."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from serve_helpers import Served, serving
from steward.web.security import host_parts

pytestmark = pytest.mark.server


def test_a_host_is_a_plain_name_or_address_and_a_port() -> None:
    assert host_parts("127.0.0.1:8765") == ("127.0.0.1", 8765)
    assert host_parts("localhost") == ("localhost", None)
    assert host_parts("[::1]:8765") == ("::1", 8765)
    assert host_parts("steward.home.example:80") == ("steward.home.example", 80)
    for bad in ("user@127.0.0.1:8765", "[::1]junk:8765", "[::1]:8765x", "127.0.0.1:8765/path", "127.0.0.1:99999",
                "", " ", "a b", "[zz::1]", "127.0.0.1:", "exa_mple.com", "127.0.0.1:8765:1", "-bad.example"):
        assert host_parts(bad) is None, bad


@pytest.fixture
def served(steward_home: Path) -> Iterator[Served]:
    with serving(steward_home) as s:
        yield s


def raw(served: Served, head: bytes, chunks: Iterator[bytes] | None = None) -> bytes:
    """Send a request head (and more header bytes from `chunks`) as written; the server's answer."""
    host, port = served.base.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(head)
        try:
            for chunk in chunks or ():
                sock.sendall(chunk)
        except OSError:  # the server stopped reading and closed: what a bound looks like from here
            pass
        data = b""
        try:
            while part := sock.recv(65536):
                data += part
        except OSError:
            pass
    return data


def test_userinfo_junk_or_two_hosts_are_refused(served: Served) -> None:
    port = served.base.rsplit(":", 1)[1].encode()
    auth = f"Authorization: Bearer {served.token}\r\n".encode()
    ok = raw(served, b"GET /health HTTP/1.1\r\nHost: 127.0.0.1:" + port + b"\r\n" + auth + b"Connection: close\r\n\r\n")
    assert ok.startswith(b"HTTP/1.1 200")
    for hosts in (b"Host: user@127.0.0.1:" + port + b"\r\n", b"Host: [::1]junk:" + port + b"\r\n",
                  b"Host: 127.0.0.1:" + port + b"\r\nHost: evil.example\r\n", b""):
        answer = raw(served, b"GET /health HTTP/1.1\r\n" + hosts + auth + b"Connection: close\r\n\r\n")
        assert answer.startswith(b"HTTP/1.1 400"), (hosts, answer[:200])
        assert b"one Host header" in answer


def test_a_huge_request_header_is_refused_without_being_read_whole(served: Served) -> None:
    port = served.base.rsplit(":", 1)[1].encode()
    sent = 0

    def header_bytes() -> Iterator[bytes]:
        nonlocal sent
        for _ in range(50 * 16):  # up to 50 MiB, 64 KiB at a time
            sent += 65536
            yield b"a" * 65536

    answer = raw(served, b"GET /health HTTP/1.1\r\nHost: 127.0.0.1:" + port + b"\r\nX-Big: ", header_bytes())
    assert answer.startswith(b"HTTP/1.1 431"), answer[:200]
    assert sent < 50 * 1024 * 1024  # it stopped reading long before the end (a hang is pytest-timeout's)
    assert served.get("/health").status_code == 200  # and goes on serving
