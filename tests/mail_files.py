"""Mail written for a test as `.eml` files, for `steward mail import`."""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path


def eml(folder: Path, name: str, sender: str, subject: str, body: str, when: str, sender_name: str = "", *,
        pdf: bytes | None = None) -> Path:
    """One message written as `folder/NAME.eml` (Message-ID `<NAME@tests.example>`), with a PDF
    statement attached when `pdf` is given; its path."""
    msg = EmailMessage()
    msg["From"] = f"{sender_name} <{sender}>" if sender_name else sender
    msg["To"] = "me@example.org"
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime.fromisoformat(when))
    msg["Message-ID"] = f"<{name}@tests.example>"
    msg.set_content(body)
    if pdf is not None:
        msg.add_attachment(pdf, maintype="application", subtype="pdf", filename="statement.pdf")
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.eml"
    path.write_bytes(bytes(msg))
    return path
