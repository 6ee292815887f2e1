"""The server's log tells the truth and keeps secrets: what a client sent cannot forge a line or move
the terminal, the token and search words are never written, and mail-derived text waits for debug."""

from __future__ import annotations

import logging
import re
import socket

import pytest

from serve_helpers import Served
from steward.logs import SafeFormatter, escape
from steward.web.security import redact_query

NOW = "2026-09-14T23:53:00+05:30"
LINE = re.compile(r"^\d\d:\d\d:\d\d (DEBUG|INFO|WARNING|ERROR|CRITICAL) [\w.]+: ")


def record(msg: str, *args: object, exc: bool = False) -> logging.LogRecord:
    exc_info = None
    if exc:
        try:
            raise ValueError("bad\nINFO forged: line\x1b[2J")
        except ValueError:
            import sys
            exc_info = sys.exc_info()
    return logging.LogRecord("steward.test", logging.INFO, __file__, 1, msg, args, exc_info)


def test_control_characters_are_escaped_in_every_line() -> None:
    formatter = SafeFormatter("%(levelname)s %(name)s: %(message)s")
    out = formatter.format(record('GET "%s"', "/health\n12:00:00 INFO steward.web.access: forged\x1b[31m\x00"))
    assert "\n" not in out and "\x1b" not in out and "\x00" not in out
    assert out == 'INFO steward.test: GET "/health\\n12:00:00 INFO steward.web.access: forged\\x1b[31m\\x00"'
    assert escape("a\u202eb\u2028c\td") == "a\\u202eb\\u2028c\\td"  # a bidi override, a line separator, a tab


def test_a_traceback_cannot_pass_for_a_line_of_its_own() -> None:
    out = SafeFormatter("%(levelname)s %(name)s: %(message)s").format(record("failed", exc=True))
    first, *rest = out.split("\n")
    assert first == "INFO steward.test: failed" and rest
    assert all(line.startswith("  | ") for line in rest) and "\x1b" not in out
    assert any("ValueError: bad" in line for line in rest)
    assert any(line == "  | INFO forged: line\\x1b[2J" for line in rest)


def test_queries_are_redacted_by_their_decoded_names() -> None:
    assert redact_query("token=abc") == "token=***"
    assert redact_query("%74oken=abc&limit=5") == "%74oken=***&limit=5"
    assert redact_query("Token=abc") == "Token=***"
    assert redact_query("q=saffron+table&limit=5") == "q=***&limit=5"
    assert redact_query("%71=saffron") == "%71=***"
    assert redact_query("q=saffron&token=abc", keep=("q",)) == "q=saffron&token=***"
    assert redact_query("when=tomorrow") == "when=tomorrow"


@pytest.fixture
def served(served_demo: Served) -> Served:
    served_demo.settle()  # every job has had its first run
    return served_demo


def raw_get(served: Served, target: bytes, headers: bytes = b"") -> bytes:
    """A request written byte by byte, as a client that does not encode its path sends it."""
    host, port = served.base.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=30) as sock:
        sock.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1:" + port.encode() + b"\r\n" + headers
                     + b"Connection: close\r\n\r\n")
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    return data


@pytest.mark.server
def test_the_server_log_cannot_be_forged_and_keeps_no_token_or_search_words(served: Served) -> None:
    raw_get(served, b"/health%0A12:00:00%20INFO%20steward.web.access:%20forged")
    raw_get(served, b"/reminders%1b%5b31mred%00")
    raw_get(served, b"/?%74oken=sekrit-value-123456")
    with served.client() as c:
        assert c.get("/mail/search", params={"q": "saffron table", "limit": 3}).status_code == 200
        assert c.get("/health").status_code == 200
    log = served.log()
    # the request is logged on its own line, its newline written as \\n: no line is the forged one
    assert "/health\\n12:00:00 INFO steward.web.access: forged" in log
    assert not [line for line in log.splitlines() if line.startswith("12:00:00 INFO steward.web.access: forged")]
    assert '"GET /reminders\\x1b[31mred\\x00"' in log
    assert "\x1b" not in log and "\x00" not in log
    assert "sekrit-value" not in log
    # the log's own lines (the console's notifications, the brief among them, share the file here)
    lines = "\n".join(line for line in log.splitlines() if LINE.match(line))
    assert "saffron" not in lines.lower()  # neither the search words nor a provider the jobs found in mail
    assert "GET /mail/search?q=***&limit=3" in log
