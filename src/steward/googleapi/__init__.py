"""Talking to Google's REST APIs (Gmail, Calendar) over httpx: credentials, tokens, retries, errors.

A credential is google-auth's authorized-user JSON (`type`, `client_id`, `client_secret`,
`refresh_token`, `token_uri`), which the consent flow writes. `GoogleSession` trades it for an access
token at `token_uri` when it has none, when the token's lifetime is up and when an answer is 401 (once),
and refuses a token that lacks every scope it needs. An answer Google gives under load (403
rateLimitExceeded / userRateLimitExceeded, 429, and for reads 5xx) is retried with exponential backoff
and full jitter, a bounded number of times. A write whose answer is lost (a timeout, a dropped
connection, a 5xx after the request was sent) raises `OutcomeUnknown` and is never retried here: the
caller looks its marker up first.

Every failure is one ConnectorError line naming who asked (the account or the calendar).
"""

from __future__ import annotations

import json
import logging
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from steward.errors import ConfigError, ConnectorError

log = logging.getLogger(__name__)

TOKEN_URI = "https://oauth2.googleapis.com/token"
_RATE_REASONS = {"rateLimitExceeded", "userRateLimitExceeded"}


class OutcomeUnknown(ConnectorError):
    """A write was sent and its answer was lost: Google may or may not have made the change."""


@dataclass(frozen=True)
class Credential:
    """An OAuth refresh token and the client it was issued to."""

    client_id: str
    client_secret: str
    refresh_token: str
    token_uri: str = TOKEN_URI


def read_credential(text: str, label: str) -> Credential:
    """A credential from authorized-user JSON; a ConfigError naming `label` when it is not one."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ConfigError(f"{label}: the Google credential is not JSON (google-auth's authorized-user form)") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{label}: the Google credential is not a JSON object")
    missing = [k for k in ("client_id", "refresh_token") if not str(data.get(k, "")).strip()]
    if missing:
        raise ConfigError(f"{label}: the Google credential has no {' or '.join(missing)}; run `steward setup` again")
    return Credential(str(data["client_id"]).strip(), str(data.get("client_secret", "")).strip(),
                      str(data["refresh_token"]).strip(), str(data.get("token_uri") or TOKEN_URI).strip())


def load_credential(where: str, label: str, environ: Mapping[str, str] | None = None) -> Credential:
    """The credential a setting names: `keyring:KEY` (the OS keyring) or a 0600 file of authorized-user JSON."""
    from steward.secrets import SecretRef, read_secret

    where = where.strip()
    if not where:
        raise ConfigError(f"{label} is not set; `steward setup` gives Steward access to Google")
    ref = SecretRef(key=where[len("keyring:"):]) if where.startswith("keyring:") else SecretRef(key="", file=where)
    return read_credential(read_secret(ref, label, environ), label)


def credential_json(credential: Credential) -> str:
    """The credential as authorized-user JSON (what google-auth's `Credentials.to_json` writes)."""
    return json.dumps({"type": "authorized_user", "client_id": credential.client_id,
                       "client_secret": credential.client_secret, "refresh_token": credential.refresh_token,
                       "token_uri": credential.token_uri})


def error_text(resp: Any) -> str:
    """Google's error message in an answer, on one line."""
    try:
        data = resp.json()
    except ValueError:
        return str(resp.text)[:200].replace("\n", " ")
    err = data.get("error") if isinstance(data, dict) else None
    if isinstance(err, dict):
        return " ".join(str(err.get("message") or err.get("status") or err).split())[:200]
    if isinstance(data, dict):
        return str(data.get("error_description") or err or data)[:200]
    return str(data)[:200]


def error_reason(resp: Any) -> str:
    """The first `errors[].reason` of an error answer ("" when it has none)."""
    try:
        data = resp.json()
        return str(((data.get("error") or {}).get("errors") or [{}])[0].get("reason", ""))
    except (ValueError, AttributeError, IndexError, TypeError):
        return ""


class GoogleSession:
    """Requests to one Google API for one credential; closes its connections with `close`."""

    def __init__(self, credential: Credential, *, api_url: str, who: str, scopes: Iterable[str],
                 scope_label: str = "", timeout: float = 30.0, transport: Any = None, retries: int = 4, backoff: float = 1.0,
                 max_wait: float = 32.0, sleep: Callable[[float], None] = time.sleep,
                 monotonic: Callable[[], float] = time.monotonic) -> None:
        import httpx

        self.credential = credential
        self.api_url = api_url if api_url.endswith("/") else api_url + "/"
        self.who = who
        self.scopes = frozenset(scopes)
        self.scope_label = scope_label or " or ".join(sorted(scopes))
        self.retries = retries
        self.backoff = backoff
        self.max_wait = max_wait
        self._sleep = sleep
        self._monotonic = monotonic
        self._httpx = httpx
        self._client = httpx.Client(timeout=timeout, transport=transport)
        self._token = ""
        self._expires = 0.0

    def close(self) -> None:
        """Close the HTTP connections."""
        self._client.close()

    def fail(self, doing: str, detail: str, url: str = "") -> ConnectorError:
        """One line: who, doing what, at which host, and why."""
        return ConnectorError(f"{self.who}: {doing} {_host(url or self.api_url)} failed: {detail}")

    def _send(self, doing: str, method: str, url: str, *, write: bool = False, **kw: Any) -> Any:
        host = _host(url)
        try:
            return self._client.request(method, url, **kw)
        except self._httpx.TimeoutException:
            if write:
                raise OutcomeUnknown(f"{self.who}: {doing} {host}: no answer in time") from None
            raise self.fail(doing, "timed out", url) from None
        except (self._httpx.RemoteProtocolError, self._httpx.ReadError) as exc:
            if write:
                raise OutcomeUnknown(f"{self.who}: {doing} {host}: the connection dropped before the answer "
                                     f"({exc or type(exc).__name__})") from None
            raise self.fail(doing, str(exc) or type(exc).__name__, url) from None
        except self._httpx.HTTPError as exc:
            raise self.fail(doing, str(exc) or type(exc).__name__, url) from None

    def authorize(self) -> None:
        """Trade the refresh token for an access token; refuse one without the scopes needed."""
        data = {"grant_type": "refresh_token", "refresh_token": self.credential.refresh_token,
                "client_id": self.credential.client_id}
        if self.credential.client_secret:
            data["client_secret"] = self.credential.client_secret
        resp = self._send("authorizing with", "POST", self.credential.token_uri, data=data)
        if resp.status_code in (400, 401):
            raise ConnectorError(f"{self.who}: Google refused the refresh token ({error_text(resp)}); "
                                 "give Steward access again (`steward setup`)")
        if resp.status_code != 200:
            raise self.fail("authorizing with", f"HTTP {resp.status_code} {error_text(resp)}", self.credential.token_uri)
        body = resp.json()
        granted = set(str(body.get("scope", "")).split())
        if granted and self.scopes and not granted & self.scopes:
            raise ConfigError(f"{self.who}: the token lacks the {self.scope_label} scope "
                              f" (it has: {' '.join(sorted(granted))})")
        self._token = str(body.get("access_token", ""))
        if not self._token:
            raise self.fail("authorizing with", "no access token in the answer", self.credential.token_uri)
        # refreshed a minute before Google says it ends, so a long sync never sends a stale one
        self._expires = self._monotonic() + max(0.0, float(body.get("expires_in") or 3600) - 60)

    def request(self, doing: str, method: str, path: str, *, params: Mapping[str, Any] | list[tuple[str, Any]] | None = None,
                json_body: Any = None, write: bool = False) -> Any:
        """One API call (path relative to the API's root), as the httpx response once Google has
        answered something other than 401 or a rate limit; OutcomeUnknown for a write whose answer
        was lost."""
        url = self.api_url + path
        attempt = 0
        refreshed = False
        while True:
            if not self._token or self._monotonic() >= self._expires:
                self.authorize()
            kw: dict[str, Any] = {"params": params, "headers": {"Authorization": f"Bearer {self._token}"}}
            if json_body is not None:
                kw["json"] = json_body
            resp = self._send(doing, method, url, write=write, **kw)
            if resp.status_code == 401 and not refreshed:  # expired or revoked early: one refresh
                refreshed = True
                self._token = ""
                continue
            limited = resp.status_code == 429 or (resp.status_code == 403 and error_reason(resp) in _RATE_REASONS)
            if resp.status_code >= 500 and write:
                raise OutcomeUnknown(f"{self.who}: {doing} {_host(url)}: HTTP {resp.status_code} after the request "
                                     "was sent")
            if (limited or resp.status_code >= 500) and attempt < self.retries:
                wait = random.uniform(0, min(self.max_wait, self.backoff * 2 ** attempt))
                log.debug("google: %s answered %s; retrying in %.2f s", _host(url), resp.status_code, wait)
                attempt += 1
                self._sleep(wait)
                continue
            return resp

    def json(self, doing: str, method: str, path: str, *, ok: Iterable[int] = (200,), gone: Iterable[int] = (),
             **kw: Any) -> dict[str, Any] | None:
        """An API call's JSON answer; None when the status is one of `gone`; else a ConnectorError."""
        resp = self.request(doing, method, path, **kw)
        if resp.status_code in set(gone):
            return None
        if resp.status_code not in set(ok):
            raise self.fail(doing, f"HTTP {resp.status_code} {error_text(resp)}")
        if not resp.content:
            return {}
        data: dict[str, Any] = resp.json()
        return data


def _host(url: str) -> str:
    from urllib.parse import urlsplit

    return urlsplit(url).netloc or url
