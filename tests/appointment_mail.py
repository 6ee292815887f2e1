"""Build appointment mail for the tests: plain confirmations, .ics parts and schema.org markup."""

from __future__ import annotations

import json
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from steward.app import App

ME = ("Alex Morgan", "alex@steward-demo.example")
DENTAL = ("Lakeside Dental", "appointments@lakesidedental.example")


def message(mid: str, sender: tuple[str, str], subject: str, body: str, sent: datetime, *,
            ics: str | None = None, html: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = formataddr(sender)
    msg["To"] = formataddr(ME)
    msg["Subject"] = subject
    msg["Date"] = format_datetime(sent)
    msg["Message-ID"] = f"<{mid}>"
    msg.set_content(body)
    if html is not None:
        msg.add_alternative(html, subtype="html")
    if ics is not None:
        msg.add_attachment(ics.encode(), maintype="text", subtype="calendar", filename="booking.ics")
    return bytes(msg)


def ics_event(summary: str, start: str, end: str, *, method: str = "PUBLISH", organizer: str = "Lakeside Dental",
              status: str = "CONFIRMED", sequence: int = 0, rsvp: bool = False, location: str = "") -> str:
    attendee = "ATTENDEE;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:alex@steward-demo.example\r\n" if rsvp else ""
    where = f"LOCATION:{location}\r\n" if location else ""
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            f"METHOD:{method}\r\nBEGIN:VEVENT\r\nUID:booking-{abs(hash(summary + start))}@test\r\n"
            f"DTSTAMP:20260901T000000Z\r\nDTSTART:{start}\r\nDTEND:{end}\r\nSUMMARY:{summary}\r\n{where}"
            f"ORGANIZER;CN={organizer}:mailto:desk@organizer.example\r\n{attendee}"
            f"STATUS:{status}\r\nSEQUENCE:{sequence}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def schema_table(name: str, start: str, status: str = "ReservationConfirmed") -> str:
    data = {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
            "reservationStatus": f"http://schema.org/{status}", "startTime": start, "partySize": 2,
            "reservationFor": {"@type": "FoodEstablishment", "name": name,
                               "address": {"@type": "PostalAddress", "streetAddress": "3 Curry Lane",
                                           "addressLocality": "Bengaluru"}}}
    return (f"<html><head><script type=\"application/ld+json\">{json.dumps(data)}</script></head>"
            f"<body><p>Your table at {name} is booked.</p></body></html>")


def schema_stay(name: str, checkin: str, checkout: str, street: str, town: str, country: str, *,
                number: str | None = None) -> str:
    """A booking service's HTML for a stay: its schema.org LodgingReservation markup (JSON-LD) and no text."""
    data: dict[str, Any] = {"@context": "https://schema.org", "@type": "LodgingReservation"}
    if number is not None:
        data["reservationNumber"] = number
    data |= {"reservationStatus": "https://schema.org/ReservationConfirmed", "checkinTime": checkin,
             "checkoutTime": checkout,
             "reservationFor": {"@type": "LodgingBusiness", "name": name,
                                "address": {"@type": "PostalAddress", "streetAddress": street,
                                            "addressLocality": town, "addressCountry": country}}}
    return f'<html><head><script type="application/ld+json">{json.dumps(data)}</script></head><body></body></html>'


def write_folder(folder: Path, messages: dict[str, bytes]) -> Path:
    """The messages as .eml files in a folder (names sorted = import order)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, raw in messages.items():
        (folder / f"{name}.eml").write_bytes(raw)
    return folder


def scan_mail(tmp_path: Path, cli: Any, mails: dict[str, bytes], now: str, zone: str) -> list[dict[str, Any]]:
    """Import `mails` into the test's home at the person's clock (`now`, `zone`); what a dry-run scan finds."""
    folder = write_folder(tmp_path / "mail", mails)
    assert cli("--now", now, "--tz", zone, "mail", "import", str(folder)).code == 0
    r = cli("--now", now, "--tz", zone, "--json", "appointments", "scan", "--dry-run")
    assert r.code == 0, r.err
    items: list[dict[str, Any]] = r.json()["items"]
    return items


def booked(items: list[dict[str, Any]], statuses: tuple[str, ...] = ("proposed",)) -> list[tuple[str, str]]:
    """(provider, start) of each booking a scan found in one of `statuses`, in order."""
    return sorted((i["provider"], i["start"]) for i in items if i["status"] in statuses)


def with_bookings(app: App, folder: Path, mails: dict[str, bytes]) -> App:
    """`app`'s home with `mails` imported and the bookings in them found (as a scan after an import finds them)."""
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    ingest(app.db, scan([write_folder(folder, mails)]), account="test",
           snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    return app


def with_mail(app: App, folder: Path, mails: dict[str, bytes]) -> App:
    """`app`'s home with `mails` imported, and the bills and the bookings in them read (as an import reads them)."""
    with_bookings(app, folder, mails)
    app.dues.extract()
    return app
