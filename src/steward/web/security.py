"""Who may talk to `steward serve`: pure decisions over a request's method, headers and cookies.

The rules (README, "The server and the web page"):

- Every request except the static assets carries the token, on loopback too (the home's own, made
  once; `--token-file F` names another): `Authorization: Bearer TOKEN`, or the `steward_token` cookie.
  `GET /?token=TOKEN` sets that cookie (HttpOnly, SameSite=Strict) and redirects to `/`, so a browser
  needs the token once and it does not stay in the address bar or the history.
- With `serve.token = "none"` (loopback only) no token is asked for, and requests are accepted when
  their Host header names a loopback address (127.0.0.1, ::1, localhost). A page on another site that
  rebinds its DNS name to 127.0.0.1 sends its own name as Host and is refused, so it cannot read mail
  through the browser.
- A notification's Snooze / Done button (`POST /reminders/ID/snooze|done` with `X-Steward-Action-Key`)
  carries a key that is good for that one reminder and that one action, checked by the route, in
  place of the token: a phone can act on the reminder it was told about and on nothing else.
- State-changing requests (POST, PUT, PATCH, DELETE) are refused when they come from another site
  (`Sec-Fetch-Site: cross-site|same-site`, or an `Origin` that is not this server), and a POST must be
  `application/json`: an HTML form on another site can send neither, and we answer no CORS preflight.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from urllib.parse import unquote_plus, urlsplit

COOKIE = "steward_token"
TOKEN_PARAM = "token"
SEARCH_PARAM = "q"
REDACTED = (TOKEN_PARAM, SEARCH_PARAM)  # query parameters the access log never writes
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
PUBLIC_PREFIXES = ("/static/",)
# a notification's buttons carry a key for one reminder and one action instead of the token
BUTTON_PATH = re.compile(r"/reminders/[1-9][0-9]{0,18}/(?:snooze|done)")
BUTTON_KEY = "x-steward-action-key"


@dataclass(frozen=True)
class Denial:
    """Why a request is refused: the HTTP status and a message a person can act on."""

    status: int
    error: str
    message: str


@dataclass(frozen=True)
class Guard:
    """The server's access rules: the token (None when none is needed) and where it listens."""

    token: str | None
    bind_host: str
    port: int
    local_socket: str = ""  # the home's socket for the command line: its file's mode is its guard

    def is_local(self, server: object) -> bool:
        """Whether a request came in on the home's own socket (ASGI's `server` is (its path, None) there)."""
        return bool(self.local_socket) and isinstance(server, list | tuple) and len(server) == 2 \
            and server[1] is None and server[0] == self.local_socket

    def check(self, method: str, path: str, headers: Mapping[str, str],
              cookies: Mapping[str, str]) -> Denial | None:
        """None when the request may proceed, else the reason it may not. Header names lower-case."""
        if path.startswith(PUBLIC_PREFIXES):
            return None
        if method.upper() == "POST" and BUTTON_PATH.fullmatch(path) and headers.get(BUTTON_KEY):
            # a notification's Snooze / Done button: its key (checked by the route) stands in for the token
            return cross_site_denial(method, headers)
        if self.token is None:
            host = headers.get("host", "")
            if not host_is_loopback(host_name(host)):
                return Denial(421, "wrong_host",
                              f"this server answers to 127.0.0.1:{self.port} or localhost, not {host!r}")
        elif not self.authorized(headers, cookies):
            return Denial(401, "unauthorized",
                          "a token is required: send 'Authorization: Bearer TOKEN' or open /?token=TOKEN once")
        if method.upper() in UNSAFE_METHODS:
            return cross_site_denial(method, headers)
        return None

    def authorized(self, headers: Mapping[str, str], cookies: Mapping[str, str]) -> bool:
        """True when the bearer header or the cookie carries the token."""
        if self.token is None:
            return True
        auth = headers.get("authorization", "")
        scheme, _, value = auth.partition(" ")
        if scheme.lower() == "bearer" and tokens_equal(value.strip(), self.token):
            return True
        return tokens_equal(cookies.get(COOKIE, ""), self.token)


def cross_site_denial(method: str, headers: Mapping[str, str]) -> Denial | None:
    """A state-changing request from another site, or a POST that is not JSON, is refused."""
    fetch_site = headers.get("sec-fetch-site", "").lower()
    if fetch_site in ("cross-site", "same-site"):
        return Denial(403, "cross_site", "requests from another site may not change anything here")
    origin = headers.get("origin")
    if origin is not None and not same_origin(origin, headers.get("host", "")):
        return Denial(403, "cross_site", f"requests from {origin} may not change anything here")
    if method.upper() in ("POST", "PUT", "PATCH"):
        content_type = headers.get("content-type", "").split(";", 1)[0].strip().lower()
        if content_type != "application/json":
            return Denial(415, "unsupported_media_type",
                          "send the request body as JSON with 'Content-Type: application/json'")
    return None


def same_origin(origin: str, host: str) -> bool:
    """True when an Origin header names the host the request was sent to."""
    if origin == "null":
        return False
    try:
        parts = urlsplit(origin)
    except ValueError:  # e.g. "http://[" (an unclosed IPv6 bracket): not this origin, whatever it is
        return False
    return bool(parts.netloc) and parts.netloc.lower() == host.lower()


_LABEL = r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
_HOST = re.compile(rf"(?:\[(?P<v6>[0-9A-Fa-f:.]+)\]|(?P<name>{_LABEL}(?:\.{_LABEL})*\.?))(?::(?P<port>[0-9]{{1,5}}))?")


def host_parts(host_header: str) -> tuple[str, int | None] | None:
    """The name and port of a Host header that is a plain host (a name, an IPv4 address or a bracketed
    IPv6 address) and an optional port; None for anything else (userinfo, a path, junk after `]`)."""
    found = _HOST.fullmatch(host_header)
    if found is None:
        return None
    port = int(found["port"]) if found["port"] else None
    if port is not None and port > 65535:
        return None
    if found["v6"] is not None:
        try:
            ipaddress.IPv6Address(found["v6"])
        except ValueError:
            return None
        return found["v6"], port
    return found["name"], port


def host_name(host_header: str) -> str:
    """The name part of a Host header: `[::1]:8765` -> `::1`, `localhost:80` -> `localhost`."""
    parts = host_parts(host_header.strip())
    return parts[0] if parts is not None else ""


def host_is_loopback(name: str) -> bool:
    """True for localhost and the loopback addresses."""
    if name.lower() in ("localhost", "localhost."):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def tokens_equal(given: str, expected: str) -> bool:
    """Constant-time comparison, so response timing says nothing about the token."""
    return bool(given) and hmac.compare_digest(given.encode(), expected.encode())


def new_token() -> str:
    """A fresh random token (256 bits)."""
    return secrets.token_urlsafe(32)


def redact_query(query: str, keep: Collection[str] = ()) -> str:
    """A query string fit for a log line: the values of `token` and of `q` (what was searched for, which
    says what the mail holds) are replaced, named however the client encoded them (`%74oken`); `keep`
    names parameters whose value stays (`serve.log_search_words` keeps `q`)."""
    if not query:
        return ""
    hidden = {name for name in REDACTED if name not in keep}
    parts = []
    for pair in query.split("&"):
        name, sep, _ = pair.partition("=")
        decoded = unquote_plus(name, errors="replace").strip().casefold()
        parts.append(f"{name}=***" if sep and decoded in hidden else pair)
    return "&".join(parts)
