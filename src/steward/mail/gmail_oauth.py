"""Getting a Gmail refresh token: Google's installed-app OAuth flow (`steward.googleapi.consent`).

`steward mail accounts add NAME --kind gmail --client-file client_secret.json` runs it, asking only for
the `gmail.readonly` scope. The result is the account's secret, google-auth's authorized-user JSON,
kept like a password (OS keyring or a 0600 file).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from steward.googleapi import consent as google
from steward.googleapi import credential_json
from steward.mail.gmail import READONLY


@dataclass(frozen=True)
class OAuthClient:
    """A Google OAuth client of the "Desktop app" kind, as its client file describes it."""

    client_id: str
    client_secret: str
    config: dict[str, Any] = field(default_factory=dict, compare=False)


def read_client_file(path: Path) -> OAuthClient:
    """The client from the JSON file Google Cloud Console downloads."""
    config = google.read_client_file(path)
    inner = next(iter(config.values()))
    return OAuthClient(str(inner["client_id"]).strip(), str(inner["client_secret"]).strip(), config)


def consent(client: OAuthClient, *, account: str, show: Callable[[str], None], login_hint: str = "",
            timeout: float = 300.0) -> str:
    """Run the consent flow for read-only Gmail; returns the account secret (authorized-user JSON)."""
    config = client.config or {"installed": {"client_id": client.client_id, "client_secret": client.client_secret,
                                             "auth_uri": "https://accounts.google.com/o/oauth2/auth",
                                             "token_uri": "https://oauth2.googleapis.com/token"}}
    got = google.consent(config, [READONLY], label=f"mail account {account}", show=show, login_hint=login_hint,
                         timeout=timeout)
    return credential_json(got)
