"""The sinks themselves: console, desktop (`notify-send`), webhook / ntfy (HTTP POST), email (SMTP)."""

from __future__ import annotations

import json
import logging
import shutil
import smtplib
import subprocess
import sys
import urllib.error
import urllib.request
from email.message import EmailMessage
from typing import TextIO

from steward.errors import ConfigError, ConnectorError
from steward.notify import Notification, Notifier
from steward.notify.actions import Buttons
from steward.settings import Settings

log = logging.getLogger(__name__)


class ConsoleSink:
    """Prints the reminder on a stream (the terminal running `steward scheduler run` or `serve`)."""

    name = "console"
    dedupes = False

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream

    def send(self, notification: Notification) -> None:
        """Print the notification."""
        stream = self.stream or sys.stdout
        try:
            print(notification.line(), file=stream, flush=True)
        except OSError as exc:
            raise ConnectorError(f"console: cannot write ({exc})") from None


class DesktopSink:
    """A desktop notification through `notify-send` (libnotify)."""

    name = "desktop"
    dedupes = False

    def __init__(self, command: str = "notify-send", timeout: float = 10.0) -> None:
        self.command = command
        self.timeout = timeout

    def send(self, notification: Notification) -> None:
        """Show the notification on the desktop (notify-send)."""
        argv = [self.command, "--app-name=Steward", notification.title, notification.text]
        try:
            subprocess.run(argv, check=True, timeout=self.timeout, capture_output=True)
        except FileNotFoundError:
            raise ConnectorError(f"desktop: {self.command} is not installed") from None
        except subprocess.CalledProcessError as exc:
            err = exc.stderr.decode(errors="replace").strip().splitlines()
            raise ConnectorError(f"desktop: {self.command} failed ({err[-1] if err else exc.returncode})") from None
        except subprocess.TimeoutExpired:
            raise ConnectorError(f"desktop: {self.command} did not finish in {self.timeout:g} s") from None


class WebhookSink:
    """HTTP POST: `webhook` sends JSON, `ntfy` sends the text with ntfy's Title/Tags headers.

    Every POST carries the notification's key as `Idempotency-Key` (and `X-Steward-Key`); ntfy also
    gets it as `X-Sequence-ID`, so a resend replaces the notification instead of adding one."""

    dedupes = True

    def __init__(self, url: str, kind: str = "webhook", timeout: float = 10.0, buttons: Buttons | None = None) -> None:
        self.url = url
        self.name = kind
        self.timeout = timeout
        self.buttons = buttons  # Snooze / Done links to `steward serve` (notify.action_url), or None

    def _request(self, n: Notification) -> urllib.request.Request:
        headers = {"X-Steward-Key": n.key, "Idempotency-Key": n.key, "User-Agent": "steward"}
        if self.name == "ntfy":
            headers |= {"X-Sequence-ID": n.key, "Title": n.title,
                        "Tags": "alarm_clock" if n.kind == "reminder" else "sunrise",
                        "Content-Type": "text/plain; charset=utf-8"}
            if n.late:
                headers["Priority"] = "high"
            if self.buttons is not None and n.kind == "reminder":
                headers["Actions"] = self.buttons.ntfy_header(n.reminder_id)
            body = n.text.encode()
        else:
            headers["Content-Type"] = "application/json"
            fields: dict[str, object] = {"id": n.reminder_id, "text": n.text, "due": n.due.isoformat(),
                                         "late": n.late, "title": n.title, "key": n.key, "kind": n.kind}
            if self.buttons is not None and n.kind == "reminder":
                fields["actions"] = self.buttons.links(n.reminder_id)
            body = json.dumps(fields).encode()
        return urllib.request.Request(self.url, data=body, headers=headers, method="POST")

    def send(self, notification: Notification) -> None:
        """POST the notification to the webhook (ntfy or any URL)."""
        try:
            with urllib.request.urlopen(self._request(notification), timeout=self.timeout) as resp:
                resp.read()
        except urllib.error.HTTPError as exc:
            raise ConnectorError(f"{self.name}: {self.url} answered HTTP {exc.code}") from None
        except (urllib.error.URLError, OSError) as exc:
            reason = getattr(exc, "reason", exc)
            raise ConnectorError(f"{self.name}: cannot reach {self.url} ({reason})") from None


class EmailSink:
    """An email through an SMTP server (plain SMTP; the server is usually local)."""

    name = "email"
    dedupes = True  # a fixed Message-ID per notification: mail servers and clients drop the repeat

    def __init__(self, host: str, port: int, sender: str, to: str, timeout: float = 10.0) -> None:
        self.host, self.port, self.sender, self.to, self.timeout = host, port, sender, to, timeout

    def send(self, notification: Notification) -> None:
        """Mail the notification through the configured SMTP server."""
        msg = EmailMessage()
        msg["From"] = self.sender
        msg["To"] = self.to
        brief = notification.kind != "reminder"
        msg["Subject"] = notification.title if brief else f"{notification.title}: {notification.text}"
        msg["X-Steward-Key"] = notification.key
        msg["Message-ID"] = f"<{notification.key}@steward.invalid>"
        msg.set_content(notification.line() + "\n")
        if notification.html:
            msg.add_alternative(notification.html, subtype="html")
        try:
            with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as smtp:
                smtp.send_message(msg)
        except (smtplib.SMTPException, OSError) as exc:
            raise ConnectorError(f"email: SMTP {self.host}:{self.port} failed ({exc})") from None


def build_sinks(settings: Settings, stream: TextIO | None = None, action_secret: str = "") -> list[Notifier]:
    """The sinks named in `notify.sinks`, checked for the settings each needs. With `action_secret` and
    `notify.action_url`, webhook and ntfy notifications carry Snooze and Done buttons."""
    timeout = settings.as_float("notify.timeout")
    base = settings.as_str("notify.action_url").strip()
    buttons = Buttons(base, action_secret, settings.as_int("reminders.snooze_minutes")) \
        if base and action_secret else None
    sinks: list[Notifier] = []
    for raw in settings.as_list("notify.sinks"):
        name = str(raw).strip()
        if name == "console":
            sinks.append(ConsoleSink(stream))
        elif name == "desktop":
            command = settings.as_str("notify.desktop_command")
            if shutil.which(command) is None:
                # a headless machine: say so once and go on with the other sinks
                log.warning("notify.sinks has desktop but %s is not installed; desktop notifications are off",
                            command)
                continue
            sinks.append(DesktopSink(command, timeout))
        elif name in ("webhook", "ntfy"):
            url = settings.as_str("notify.webhook_url")
            if not url:
                raise ConfigError(f"notify.sinks has {name} but notify.webhook_url is empty")
            sinks.append(WebhookSink(url, name, timeout, buttons))
        elif name == "email":
            to = settings.as_str("notify.email_to")
            if not to:
                raise ConfigError("notify.sinks has email but notify.email_to is empty")
            sinks.append(EmailSink(settings.as_str("notify.smtp_host"), settings.as_int("notify.smtp_port"),
                                   settings.as_str("notify.email_from"), to, timeout))
        elif name:
            raise ConfigError(f"notify.sinks: unknown sink {name!r} (console, desktop, webhook, ntfy, email)")
    if not sinks:
        raise ConfigError("notify.sinks names no usable sink; add console")
    return sinks
