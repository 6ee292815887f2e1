"""Giving Steward access to a Google account: the installed-app OAuth flow of `google-auth-oauthlib`.

The person's own OAuth client (a "Desktop app" client file from Google Cloud Console) is used; Steward
listens once on 127.0.0.1 (a free port), shows Google's consent page (and opens the browser where it
can), and the browser comes back there with a one-time code, which is traded (with PKCE, the `state`
checked) for a refresh token asking only for the scopes named. What is kept is google-auth's
authorized-user JSON (client id and secret, refresh token, token URI), like a password: in the OS
keyring or a 0600 file, never in the settings file. Access tokens are never stored.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from steward.errors import ConfigError, ConnectorError, UserError
from steward.googleapi import Credential

GMAIL_READ = "https://www.googleapis.com/auth/gmail.readonly"
CALENDAR_READ = "https://www.googleapis.com/auth/calendar.readonly"
CALENDAR_EVENTS = "https://www.googleapis.com/auth/calendar.events"


def read_client_file(path: Path) -> dict[str, Any]:
    """The OAuth client config in the JSON file Google Cloud Console downloads ("installed" or "web")."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read the OAuth client file {path} ({exc.strerror or exc})") from None
    except json.JSONDecodeError:
        raise ConfigError(f"{path} is not JSON; download the client file from Google Cloud Console again") from None
    kind = next((k for k in ("installed", "web") if isinstance(data, dict) and isinstance(data.get(k), dict)), None)
    inner = data[kind] if kind else {}
    if not str(inner.get("client_id", "")).strip() or not str(inner.get("client_secret", "")).strip():
        raise ConfigError(f"{path} has no client_id and client_secret (an OAuth 'Desktop app' client file)")
    inner = {"auth_uri": "https://accounts.google.com/o/oauth2/auth",
             "token_uri": "https://oauth2.googleapis.com/token", **inner}
    return {kind or "installed": inner}


def consent(client: dict[str, Any], scopes: Sequence[str], *, label: str, show: Callable[[str], None],
            login_hint: str = "", timeout: float = 300.0) -> Credential:
    """Run the consent flow in the person's browser; the credential Google issued for `scopes`."""
    try:
        from google_auth_oauthlib.flow import InstalledAppFlow, WSGITimeoutError
        from oauthlib.oauth2.rfc6749.errors import OAuth2Error
    except ImportError:
        raise ConfigError("Google access needs the google extra: pip install 'steward[google]'") from None

    class Flow(InstalledAppFlow):
        """Shows the consent URL through `show` instead of printing it."""

        def authorization_url(self, **kwargs: Any) -> tuple[str, str]:
            url, state = super().authorization_url(**kwargs)
            show(url)
            return url, state

    flow = Flow.from_client_config(client, scopes=list(scopes), autogenerate_code_verifier=True)
    extra = {"access_type": "offline", "prompt": "consent"}
    if login_hint:
        extra["login_hint"] = login_hint
    try:
        got = flow.run_local_server(host="127.0.0.1", port=0, open_browser=False, authorization_prompt_message=None,
                                    success_message="Steward has the access you gave. You can close this tab.",
                                    timeout_seconds=int(timeout), **extra)
    except WSGITimeoutError:
        raise UserError(f"{label}: no answer from the browser within {timeout:.0f} s; run it again") from None
    except Warning as exc:  # oauthlib's "Scope has changed": the person unticked a box on the consent page
        raise ConfigError(f"{label}: Google did not grant {' '.join(scopes)} ({exc})") from None
    except OAuth2Error as exc:
        if exc.error in ("access_denied",):
            raise UserError(f"{label}: Google did not grant access ({exc.error})") from None
        if exc.error in ("mismatching_state",):
            raise UserError(f"{label}: the browser's answer did not match this request; run it again") from None
        raise ConnectorError(f"{label}: Google refused the code ({exc.description or exc.error})") from None
    except OSError as exc:  # requests' connection errors are OSErrors
        raise ConnectorError(f"{label}: trading the code with Google failed: {exc}") from None
    if not got.refresh_token:
        raise ConnectorError(f"{label}: Google sent no refresh token; remove Steward's access at "
                             "myaccount.google.com/permissions and run it again")
    granted = set(getattr(got, "granted_scopes", None) or got.scopes or scopes)
    if not set(scopes) <= granted:
        raise ConfigError(f"{label}: Google did not grant {' '.join(sorted(set(scopes) - granted))}")
    return Credential(str(got.client_id), str(got.client_secret or ""), str(got.refresh_token),
                      str(got.token_uri or client[next(iter(client))]["token_uri"]))
