"""The Snooze and Done buttons of a notification: links to `steward serve`, each signed for one reminder.

A button's key is an HMAC of (reminder id, action) under a secret kept in the store, so a notification
relayed through an ntfy server lets whoever holds it snooze or finish that one reminder, and nothing
else: no token travels with it. `steward serve` checks the key (`valid_key`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass

ACTIONS = ("snooze", "done")
KEY_HEADER = "X-Steward-Action-Key"


def action_key(secret: str, reminder_id: int, action: str) -> str:
    """The key that lets one action on one reminder through."""
    message = f"{reminder_id}:{action}".encode()
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()[:40]


def valid_key(secret: str, reminder_id: int, action: str, given: str) -> bool:
    """Whether `given` is that key (constant-time)."""
    return bool(given) and hmac.compare_digest(action_key(secret, reminder_id, action), given.strip())


@dataclass(frozen=True)
class Buttons:
    """Where a notification's buttons point: the server's address as the phone sees it, and the secret."""

    base_url: str
    secret: str
    snooze_minutes: int = 10

    def url(self, reminder_id: int, action: str) -> str:
        """The URL a notification button opens to act on a reminder."""
        return f"{self.base_url.rstrip('/')}/reminders/{reminder_id}/{action}"

    def links(self, reminder_id: int) -> dict[str, dict[str, str]]:
        """{action: {"url", "key"}} for a webhook's JSON body."""
        return {a: {"url": self.url(reminder_id, a), "key": action_key(self.secret, reminder_id, a)}
                for a in ACTIONS}

    def ntfy_header(self, reminder_id: int) -> str:
        """ntfy's `Actions` header: two HTTP buttons that POST to `steward serve`."""
        out = []
        for action, label, body in (("snooze", f"Snooze {self.snooze_minutes} min",
                                     {"minutes": self.snooze_minutes}), ("done", "Done", {})):
            key = action_key(self.secret, reminder_id, action)
            out.append(f"http, {label}, {self.url(reminder_id, action)}, method=POST, "
                       f"headers.Content-Type=application/json, headers.{KEY_HEADER}={key}, "
                       f"body={json.dumps(body, separators=(',', ':'))}, clear=true")
        return "; ".join(out)
