"""`steward setup`'s Google step: Google Calendar through the person's own OAuth client.

Two credentials, each from its own consent: a read-only one (`calendar.readonly`) for the schedule and
the brief, and, when asked for, an events-write one (`calendar.events`) that the appointment consumer
(and chat, when it writes an event) writes with. Each is kept in the OS keyring, else in a 0600 file
under the home; the settings name where (`keyring:KEY` or the file), never the secret.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
import webbrowser
from pathlib import Path
from typing import Any

from steward.cli.context import Ctx
from steward.errors import UsageError


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The setup options for Google Calendar."""
    p.add_argument("--google-client-file", metavar="FILE",
                   help="your OAuth 'Desktop app' client file: connect Google Calendar (read-only)")
    p.add_argument("--google-write", action="store_true",
                   help="with --google-client-file: also an events-write credential, so appointments and "
                        "events you ask for are written to Google Calendar")


def _show(url: str) -> None:
    print(f"Open this address in your browser to give Steward access to Google Calendar:\n  {url}",
          file=sys.stderr)
    with contextlib.suppress(webbrowser.Error):  # no browser here: the printed address is enough
        webbrowser.open(url)


def connect(ctx: Ctx, args: argparse.Namespace, ask: Any, values: dict[str, Any], done: list[str]) -> None:
    """Offer Google Calendar; with a client file, run the consent flow(s) and name the credentials in `values`."""
    from steward.googleapi import consent as google
    from steward.googleapi import credential_json
    from steward.secrets import store_secret

    client_file, write = args.google_client_file, args.google_write
    if not client_file and ask.ask:
        client_file = ask.question("Google Calendar: your OAuth client file (empty: skip)", "")
        if client_file:
            write = ask.choice("Google Calendar access", ["read only", "read, and write the events you accept"]) == 1
    if not client_file:
        if write:
            raise UsageError("setup: --google-write needs --google-client-file")
        return
    client = google.read_client_file(Path(client_file).expanduser())
    secrets_dir = ctx.paths.data_dir / "secrets"
    wanted = [("calendar-read", google.CALENDAR_READ, "calendar.google_credentials")]
    if write:
        wanted.append(("calendar-write", google.CALENDAR_EVENTS, "appointments.google_write_credentials"))
    for key, scope, setting in wanted:
        got = google.consent(client, [scope], label=f"Google Calendar ({key})", show=_show)
        where = store_secret(f"google:{key}", credential_json(got), secrets_dir)
        values[setting] = f"keyring:google:{key}" if where.keyring else where.file
    backends = [str(b) for b in ctx.settings.as_list("calendar.backends")]
    values["calendar.backends"] = [*backends, "google"] if "google" not in backends else backends
    if write:
        values["calendar.write_to"] = "google"
    kept = "the OS keyring" if str(values["calendar.google_credentials"]).startswith("keyring:") else "0600 files"
    done.append(f"Google Calendar: read{' and write' if write else ''} access (credentials in {kept})")
