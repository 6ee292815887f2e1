"""Getting a Gmail refresh token: Google's installed-app OAuth flow on a loopback address, with PKCE.

`steward mail accounts add NAME --kind gmail --client-file client_secret.json` runs it: Steward
listens once on 127.0.0.1 (a free port), shows the consent URL (and opens the browser where it can),
and the browser comes back to that address with a one-time code, which is traded for a refresh token
asking only for the `gmail.readonly` scope. The `state` value is checked, so only the browser Steward
sent can finish the flow. The result is the account's secret: JSON with the refresh token and the
client secret, kept like a password (OS keyring or a 0600 file).
"""

from __future__ import annotations

import base64
import hashlib
import http.server
import json
import secrets
import threading
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from steward.errors import ConfigError, ConnectorError, UserError
from steward.mail.gmail import READONLY, TOKEN_URL

AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth"


@dataclass(frozen=True)
class OAuthClient:
    """A Google OAuth client of the "Desktop app" kind."""

    client_id: str
    client_secret: str


def read_client_file(path: Path) -> OAuthClient:
    """The client id and secret from the JSON file Google Cloud Console downloads."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read the OAuth client file {path} ({exc.strerror or exc})") from None
    except json.JSONDecodeError:
        raise ConfigError(f"{path} is not JSON; download the client file from Google Cloud Console again") from None
    inner = data.get("installed") or data.get("web") or data if isinstance(data, dict) else {}
    client_id = str(inner.get("client_id", "")).strip()
    client_secret = str(inner.get("client_secret", "")).strip()
    if not client_id or not client_secret:
        raise ConfigError(f"{path} has no client_id and client_secret (an OAuth 'Desktop app' client file)")
    return OAuthClient(client_id, client_secret)


def pkce_pair() -> tuple[str, str]:
    """(verifier, S256 challenge) for one authorization."""
    verifier = secrets.token_urlsafe(64)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
    return verifier, challenge


def authorization_url(client: OAuthClient, redirect_uri: str, state: str, challenge: str, login_hint: str = "") -> str:
    """The consent page for read-only Gmail access, asking for a refresh token."""
    params = {
        "client_id": client.client_id, "redirect_uri": redirect_uri, "response_type": "code", "scope": READONLY,
        "access_type": "offline", "prompt": "consent", "state": state, "code_challenge": challenge,
        "code_challenge_method": "S256",
    }
    if login_hint:
        params["login_hint"] = login_hint
    return AUTH_URL + "?" + urllib.parse.urlencode(params)


class LoopbackReceiver:
    """A one-shot HTTP listener on 127.0.0.1 that waits for the browser's redirect."""

    def __init__(self) -> None:
        self.result: dict[str, str] = {}
        self._done = threading.Event()
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the http.server interface
                query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
                if "code" not in query and "error" not in query:
                    self.send_response(404)
                    self.end_headers()
                    return
                receiver.result = query
                ok = "code" in query
                body = ("Steward has access to read your Gmail. You can close this tab." if ok else
                        "Steward was not given access. You can close this tab.").encode()
                self.send_response(200)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                receiver._done.set()

            def log_message(self, format: str, *args: Any) -> None:  # the code must not reach any log
                return

        self._server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
        self.redirect_uri = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.2},
                                        daemon=True)
        self._thread.start()

    def wait(self, timeout: float) -> dict[str, str]:
        """The redirect's query parameters; UserError when the browser does not come back in time."""
        try:
            if not self._done.wait(timeout):
                raise UserError(f"no answer from the browser within {timeout:.0f} s; run the command again")
            return self.result
        finally:
            self.close()

    def close(self) -> None:
        """Stop the local server that waits for the OAuth redirect."""
        self._server.shutdown()
        self._server.server_close()


def consent(client: OAuthClient, *, account: str, show: Callable[[str], None], login_hint: str = "",
            timeout: float = 300.0, transport: Any = None) -> str:
    """Run the consent flow; returns the account secret (JSON: refresh_token, client_secret)."""
    import httpx

    receiver = LoopbackReceiver()
    state = secrets.token_urlsafe(24)
    verifier, challenge = pkce_pair()
    show(authorization_url(client, receiver.redirect_uri, state, challenge, login_hint))
    answer = receiver.wait(timeout)
    if answer.get("state") != state:
        raise UserError(f"mail account {account}: the browser's answer did not match this request; run it again")
    if "error" in answer:
        raise UserError(f"mail account {account}: Google did not grant access ({answer['error']})")
    data = {"grant_type": "authorization_code", "code": answer.get("code", ""), "client_id": client.client_id,
            "client_secret": client.client_secret, "redirect_uri": receiver.redirect_uri, "code_verifier": verifier}
    try:
        with httpx.Client(timeout=30, transport=transport) as http:
            resp = http.post(TOKEN_URL, data=data)
    except httpx.HTTPError as exc:
        raise ConnectorError(f"mail account {account}: trading the code at oauth2.googleapis.com failed: {exc}") from None
    body = resp.json() if resp.headers.get("content-type", "").startswith("application/json") else {}
    if resp.status_code != 200:
        reason = body.get("error_description") or body.get("error") or f"HTTP {resp.status_code}"
        raise ConnectorError(f"mail account {account}: Google refused the code ({reason})")
    refresh = str(body.get("refresh_token", ""))
    if not refresh:
        raise ConnectorError(f"mail account {account}: Google sent no refresh token; remove Steward's access at "
                             "myaccount.google.com/permissions and run the command again")
    if READONLY not in str(body.get("scope", READONLY)).split():
        raise ConfigError(f"mail account {account}: read-only Gmail access was not granted")
    return json.dumps({"refresh_token": refresh, "client_secret": client.client_secret})
