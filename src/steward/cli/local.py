"""Asking a running `steward serve` of the same home, through the home's own socket.

When `steward serve` runs, it listens on `serve.sock` in the home's data folder as well as on its port.
The socket file is the owner's alone (0600 in a 0700 home), so a request on it needs no token. A
one-shot `steward chat`, `steward mail search` and `steward brief --json` go there first: the server has
the engine, the vectors and the model loaded already, so the command does not load them again. When no
server runs (no socket, or nobody answering on it), or the command pins its own clock (`--now`, `--tz`),
the command works in-process as before. `-v` says which it did. `STEWARD_USE_SERVER=0` turns it off.

It speaks HTTP/1.1 over the socket itself, a request and its answer with the connection closed after
(the standard library's http.client would load ssl and the email package first, which cost more than
the whole request): a command that asks the server stays as light as the parser.
"""

from __future__ import annotations

import json
import os

from steward.errors import UserError
from steward.home import SOCKET_FILE

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

    from steward.cli.context import Ctx

# a turn through a model can take a while; a read answers in milliseconds
TIMEOUT_SECONDS = 600.0
# the server is there but will not take this now (busy, queue full, shutting down): work in-process
FALL_BACK = (429, 502, 503, 504)


def exchange(path: str, method: str, target: str, body: bytes | None, timeout: float) -> tuple[int, bytes]:
    """One HTTP/1.1 request over the Unix socket at `path`: (status, body). OSError when nobody answers."""
    import socket  # here, not above: with no server running a command never loads it

    head = [f"{method} {target} HTTP/1.1", "Host: localhost", "Accept: application/json", "Connection: close"]
    if body is not None:
        head += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        sock.connect(path)
        sock.sendall(("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + (body or b""))
        chunks = []
        while piece := sock.recv(65536):
            chunks.append(piece)
    raw = b"".join(chunks)
    header, _, payload = raw.partition(b"\r\n\r\n")
    lines = header.decode("latin-1").split("\r\n")
    parts = lines[0].split(" ", 2)
    if len(parts) < 2 or not parts[0].startswith("HTTP/") or not parts[1].isdigit():
        raise OSError("the server's answer is not HTTP")
    fields = {name.strip().lower(): value.strip() for name, _, value in (line.partition(":") for line in lines[1:])}
    if fields.get("transfer-encoding", "").lower() == "chunked":
        payload = _unchunk(payload)
    return int(parts[1]), payload


def _unchunk(data: bytes) -> bytes:
    out, rest = [], data
    while rest:
        size_line, _, rest = rest.partition(b"\r\n")
        size = int(size_line.split(b";")[0] or b"0", 16)
        if size == 0:
            break
        out.append(rest[:size])
        rest = rest[size + 2:]
    return b"".join(out)


def ask(ctx: Ctx, method: str, path: str, query: dict[str, Any] | None = None,
        body: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The running server's JSON answer, or None when the command should work in-process instead.

    A refusal the server gives (a bad query, a turn it cannot take) is raised as the same one-line
    UserError the command would give itself.
    """
    if not usable(ctx):
        return None
    where = socket_path(ctx)
    target = path
    if query:
        from urllib.parse import urlencode

        target += "?" + urlencode({k: v for k, v in query.items() if v is not None})
    payload = json.dumps(body).encode() if body is not None else None
    try:
        status, raw = exchange(where, method, target, payload, TIMEOUT_SECONDS)
    except OSError as exc:  # no server behind a socket a stopped one left, or it went away
        _say(ctx, f"no server answers on {where} ({exc.strerror or exc}); working in-process")
        return None
    if status in FALL_BACK:
        _say(ctx, f"the server answered {status}; working in-process")
        return None
    try:
        data = json.loads(raw)
    except ValueError:
        raise UserError(f"the running server gave an answer that is not JSON ({status}); "
                        "try again, or STEWARD_USE_SERVER=0 to work without it") from None
    if status >= 400:
        message = data.get("message") if isinstance(data, dict) else None
        raise UserError(str(message or f"the running server refused that ({status})"))
    _say(ctx, f"answered by the server running for this home (through {where})")
    return data if isinstance(data, dict) else {"value": data}


def usable(ctx: Ctx) -> bool:
    """Whether this command may ask a running server: not turned off, no clock of its own, a socket there."""
    if os.environ.get("STEWARD_USE_SERVER", "1").strip().lower() in ("0", "false", "no", "off"):
        return False
    if getattr(ctx.args, "now", None) or getattr(ctx.args, "tz", None):
        return False  # the server answers on its own clock, not the one this command pins
    if not os.path.exists(socket_path(ctx)):
        _say(ctx, "no server is running for this home; working in-process")
        return False
    import socket  # only now: with no server running a command never loads it

    if not hasattr(socket, "AF_UNIX"):
        _say(ctx, "no server is running for this home; working in-process")
        return False
    return True


def socket_path(ctx: Ctx) -> str:
    """The socket a running `steward serve` of this home answers on (found without pathlib)."""
    return os.path.join(ctx.folders[1], SOCKET_FILE)


def _say(ctx: Ctx, text: str) -> None:
    if getattr(ctx.args, "verbose", False):
        ctx.notice(f"steward: {text}")
