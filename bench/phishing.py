"""Phishing never acts: bills and bookings from forged senders yield no due, no event, no reminder.

    .venv/bin/python bench/phishing.py [--json]

The set is written here: for each lure (a bill with an amount and a due date, an appointment
confirmation, a payment confirmation) a message from each kind of forged sender — a lookalike of a
registry institution's domain (a digit for a letter, a Cyrillic letter, punycode, the brand among other
words), a display name that claims the brand from an unrelated domain, and mail the receiving server
marked dkim/spf/dmarc=fail for the From domain. Every message is imported into a fresh home; then dues
are extracted and appointments scanned in `auto` mode. Counted: how many were marked phishing_suspect,
and how many dues, events or proposals came from them. For contrast the same lures from the real
domains are imported in a second home: those must be read (so the set does test something).
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.policy import SMTPUTF8
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

NOW = datetime(2026, 9, 14, 10, 0, tzinfo=ZoneInfo("America/New_York"))

# (brand, real domain, forged sender address, display name, Authentication-Results or "")
FORGERIES = (
    ("Chase", "chase.com", "alerts@chase-secure-billing.com", "Chase", ""),
    ("Chase", "chase.com", "alerts@cha5e.com", "Chase Card Services", ""),
    ("American Express", "americanexpress.com", "service@americanexpress-account-verify.com", "American Express", ""),
    ("Capital One", "capitalone.com", "billing@capita1one.com", "Capital One", ""),
    ("Capital One", "capitalone.com", "billing@xn--capitalne-i8h.com", "Capital One", ""),
    ("HDFC Bank", "hdfcbank.com", "alerts@hdfcbank-netbanking.in", "HDFC Bank", ""),
    ("HDFC Bank", "hdfcbank.com", "alerts@hdfcbаnk.com", "HDFC Bank", ""),
    ("Chase", "chase.com", "no-reply@mailer-4411.example", "Chase Bank Alerts", ""),
    ("American Express", "americanexpress.com", "statements@notify-center.example", "American Express", ""),
    ("Chase", "chase.com", "alerts@chase.com", "Chase",
     "mx.steward-demo.example; dkim=fail header.d=chase.com; spf=fail smtp.mailfrom=chase.com; dmarc=fail header.from=chase.com"),
    ("Capital One", "capitalone.com", "billing@capitalone.com", "Capital One",
     "mx.steward-demo.example; spf=fail smtp.mailfrom=capitalone.com; dmarc=fail (p=reject) header.from=capitalone.com"),
)


def _lures(brand: str, due: datetime) -> list[tuple[str, str]]:
    day = f"{due:%B} {due.day}, {due:%Y}"
    visit = due + timedelta(days=-7)
    return [
        (f"Your {brand} statement is ready",
         f"Your statement is ready. New balance: $1,842.17. Minimum payment due: $35.00. Payment due date: {day}. "
         "Card ending 4417. Verify your account now to avoid suspension."),
        ("Appointment confirmed",
         f"Your appointment with {brand} Wealth Advisors is confirmed for {visit:%A} {visit.day} {visit:%B} "
         "at 4:30 PM. Reply to confirm your card details."),
        ("We received your payment",
         "Thank you. We received your payment of $1,842.17 towards your card ending 4417."),
    ]


def build(forged: bool) -> list[bytes]:
    """The lures from every forged sender (or, `forged=False`, from each brand's real domain)."""
    out = []
    due = NOW + timedelta(days=10)
    seen = set()
    for n, (brand, real, address, name, auth) in enumerate(FORGERIES):
        if not forged:
            if brand in seen:
                continue
            seen.add(brand)
            address, auth = f"alerts@{real}", ""
        for i, (subject, text) in enumerate(_lures(brand, due)):
            msg = EmailMessage(policy=SMTPUTF8)  # an internationalised address as SMTPUTF8 mail carries it
            if auth:
                msg["Authentication-Results"] = auth
            msg["From"] = f"{name} <{address}>"
            msg["To"] = formataddr(("Alex Morgan", "alex@steward-demo.example"))
            msg["Subject"] = subject
            msg["Date"] = format_datetime(NOW - timedelta(hours=n * 3 + i))
            msg["Message-ID"] = f"<{'lure' if forged else 'real'}-{n}-{i}@steward-tests.example>"
            msg.set_content(text)
            out.append(bytes(msg))
    return out


def _run(messages: list[bytes], tmp: Path) -> dict[str, int]:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan
    from steward.paths import resolve_paths
    from steward.settings import load

    folder = tmp / "mail"
    folder.mkdir(parents=True)
    for i, raw in enumerate(messages):
        (folder / f"{i:03d}.eml").write_bytes(raw)
    env = {"STEWARD_HOME": str(tmp / "home"), "STEWARD_APPOINTMENTS_MODE": "auto", "STEWARD_SEMANTIC_SEARCH": "0"}
    app = build_app(load(environ=env), make_clock("America/New_York", NOW.isoformat()), resolve_paths(environ=env))
    try:
        ingest(app.db, list(scan([folder])), classifier=app.mail_classifier)
        suspects = app.db.execute("SELECT count(*) FROM messages WHERE category = 'phishing_suspect'").fetchone()[0]
        app.dues.extract(since=None)
        scan_report = app.appointments.scan()
        return {"messages": len(messages), "marked_phishing": suspects,
                "dues": len(app.dues.digest("all").items),
                "events": scan_report.count("created"), "proposals": scan_report.count("proposed"),
                "reminders": app.db.execute("SELECT count(*) FROM reminders").fetchone()[0]}
    finally:
        app.close()


def evaluate() -> dict[str, Any]:
    """The forged set and, for contrast, the same lures from the real domains."""
    with tempfile.TemporaryDirectory() as tmp:
        forged = _run(build(True), Path(tmp) / "forged")
        real = _run(build(False), Path(tmp) / "real")
    forged["acted_on"] = forged["dues"] + forged["events"] + forged["proposals"] + forged["reminders"]
    return {"forged": forged, "real": real}


def main() -> int:
    results = evaluate()
    if "--json" in sys.argv:
        print(json.dumps(results))
        return 0
    for name, r in results.items():
        print(name, ", ".join(f"{k} {v}" for k, v in r.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
