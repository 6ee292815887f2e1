"""The access rules of `steward serve` as pure decisions."""

from __future__ import annotations

import pytest

from steward.web.run import choose_token
from steward.web.security import Guard, host_is_loopback, host_name, redact_query, same_origin

TOKEN = "s3cret-token-of-enough-length"


def h(**kw: str) -> dict[str, str]:
    return {k.replace("_", "-"): v for k, v in kw.items()}


def test_loopback_names() -> None:
    assert host_is_loopback("127.0.0.1") and host_is_loopback("::1") and host_is_loopback("localhost")
    assert not host_is_loopback("0.0.0.0") and not host_is_loopback("192.168.1.5")
    assert not host_is_loopback("evil.example")
    assert host_name("[::1]:8765") == "::1" and host_name("localhost:80") == "localhost"


def test_without_token_only_loopback_hosts_are_answered() -> None:
    guard = Guard(None, "127.0.0.1", 8765)
    assert guard.check("GET", "/health", h(host="127.0.0.1:8765"), {}) is None
    assert guard.check("GET", "/health", h(host="localhost:8765"), {}) is None
    # a DNS-rebinding page sends its own name as Host
    denial = guard.check("GET", "/mail/search", h(host="attacker.example:8765"), {})
    assert denial is not None and denial.status == 421


def test_token_is_required_for_reads_and_writes_but_not_static_files() -> None:
    guard = Guard(TOKEN, "0.0.0.0", 8765)
    base = h(host="10.0.0.2:8765")
    assert guard.check("GET", "/mail/search", base, {}).status == 401  # type: ignore[union-attr]
    assert guard.check("GET", "/mail/search", {**base, "authorization": "Bearer wrong"}, {}).status == 401  # type: ignore[union-attr]
    assert guard.check("GET", "/mail/search", {**base, "authorization": f"Bearer {TOKEN}"}, {}) is None
    assert guard.check("GET", "/health", base, {"steward_token": TOKEN}) is None
    assert guard.check("GET", "/static/app.js", base, {}) is None


def test_state_changes_need_json_from_this_origin() -> None:
    guard = Guard(None, "127.0.0.1", 8765)
    same = h(host="127.0.0.1:8765", content_type="application/json")
    assert guard.check("POST", "/chat", same, {}) is None
    assert guard.check("POST", "/chat", {**same, "origin": "http://127.0.0.1:8765"}, {}) is None
    form = h(host="127.0.0.1:8765", content_type="application/x-www-form-urlencoded")
    assert guard.check("POST", "/chat", form, {}).status == 415  # type: ignore[union-attr]
    evil = {**same, "origin": "https://evil.example"}
    assert guard.check("POST", "/chat", evil, {}).status == 403  # type: ignore[union-attr]
    assert guard.check("DELETE", "/reminders/1", {**same, "sec-fetch-site": "cross-site"}, {}).status == 403  # type: ignore[union-attr]
    assert guard.check("DELETE", "/reminders/1", {**same, "origin": "null"}, {}).status == 403  # type: ignore[union-attr]


def test_same_origin() -> None:
    assert same_origin("http://127.0.0.1:8765", "127.0.0.1:8765")
    assert not same_origin("http://127.0.0.1:9999", "127.0.0.1:8765")
    assert not same_origin("null", "127.0.0.1:8765")


def test_token_redacted_from_logged_queries() -> None:
    assert redact_query(f"token={TOKEN}") == "token=***"
    assert redact_query("q=bank&limit=5") == "q=***&limit=5"  # search words say what the mail holds
    assert redact_query("q=bank&limit=5", keep=("q",)) == "q=bank&limit=5"


def test_token_choice(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from steward.errors import ConfigError

    home_token = tmp_path / "home" / "serve-token"
    made = choose_token("127.0.0.1", "", make=lambda: "generated-token-123456", home_token=home_token)
    assert made.token == "generated-token-123456" and made.generated  # loopback too
    assert home_token.read_text().strip() == made.token
    kept = choose_token("0.0.0.0", "", make=lambda: "another-token-1234567", home_token=home_token)
    assert kept.token == made.token and not kept.generated
    assert choose_token("127.0.0.1", "", setting="none").token is None
    with pytest.raises(ConfigError, match="loopback only"):
        choose_token("0.0.0.0", "", setting="none")
    with pytest.raises(ConfigError, match='"" .* or "none"'):
        choose_token("127.0.0.1", "", setting="hunter2")
    f = tmp_path / "tok"
    f.write_text(TOKEN + "\n")
    assert choose_token("127.0.0.1", str(f)).token == TOKEN
    f.write_text("short")
    with pytest.raises(ConfigError, match="at least 16"):
        choose_token("0.0.0.0", str(f))
    with pytest.raises(ConfigError, match="token file"):
        choose_token("0.0.0.0", str(tmp_path / "missing"))


def test_accepted_connections_turn_nagle_off() -> None:
    """asyncio sets TCP_NODELAY only when the listening socket's proto is IPPROTO_TCP; without it every
    keep-alive response (headers and body written apart) waited ~40 ms for the client's delayed ACK."""
    import asyncio
    import socket

    from steward.web.run import bind

    async def accept_one() -> int:
        sock = bind("127.0.0.1", 0)
        seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            conn = writer.get_extra_info("socket")
            seen.set_result(conn.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        server = await asyncio.start_server(connected, sock=sock)
        _, writer = await asyncio.open_connection(*sock.getsockname()[:2])
        try:
            return await asyncio.wait_for(seen, 5)
        finally:
            writer.close()
            server.close()
            await server.wait_closed()

    assert asyncio.run(accept_one()) != 0
