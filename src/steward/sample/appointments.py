"""The sample mailbox's recent appointment mail, dated from `now` so a fresh demo has proposals.

Besides the plain confirmations `mailbox` spreads over the 90 days, the last two weeks hold one of
each kind the appointment reader tells apart:

* an eye test booked with a calendar file (`text/calendar`, METHOD:PUBLISH);
* a restaurant table with schema.org markup in its HTML (a FoodEstablishmentReservation, JSON-LD);
* two plain-text confirmations in different words (a physiotherapy session, a vet's check-up);
* a haircut confirmed, then cancelled; a car service confirmed, then moved to another day;
* an invitation from a friend (METHOD:REQUEST asking for an answer): not a booking;
* a confirmation from a lookalike of the dentist's domain (`lakesidedenta1`): never evidence.

Each message is labelled (`appointment`, `reservation`, `appointment_cancelled`,
`appointment_rescheduled`, `invitation`, `lookalike`) with `facts` an evaluation can check. The
times are on `now`'s clock; the people and places are invented like the rest of the sample.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, time, timedelta
from email.message import EmailMessage
from email.policy import default as email_policy
from email.utils import format_datetime, formataddr

from steward.sample.builder import DOMAIN, FOOTER, Builder, SampleMessage


def _day(now: datetime, days: int, hour: int, minute: int = 0) -> datetime:
    return datetime.combine((now + timedelta(days=days)).date(), time(hour, minute), now.tzinfo)


def _sent(now: datetime, days: float) -> datetime:
    return now - timedelta(days=days)


def _long(d: datetime) -> str:
    return f"{d:%A}, {d.day} {d:%B %Y} at {d:%I:%M %p}"


def _short(d: datetime) -> str:
    return f"{d:%A}, {d.day} {d:%B} at {d:%I:%M %p}"


def _ics(uid: str, summary: str, start: datetime, end: datetime, organizer: tuple[str, str], *,
         method: str = "PUBLISH", location: str = "", attendee: tuple[str, str] | None = None) -> str:
    utc = "%Y%m%dT%H%M%SZ"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Steward sample//EN", f"METHOD:{method}", "BEGIN:VEVENT",
             f"UID:{uid}", "DTSTAMP:20260101T000000Z", f"DTSTART:{start.astimezone(UTC):{utc}}",
             f"DTEND:{end.astimezone(UTC):{utc}}", f"SUMMARY:{summary}",
             f"ORGANIZER;CN={organizer[0]}:mailto:{organizer[1]}"]
    if location:
        lines.append(f"LOCATION:{location}")
    if attendee is not None:
        lines.append(f"ATTENDEE;CN={attendee[0]};RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:{attendee[1]}")
    lines += ["STATUS:CONFIRMED", "SEQUENCE:0", "END:VEVENT", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def _add(b: Builder, kind: str, sender: tuple[str, str], subject: str, text: str, when: datetime, *,
         html: str | None = None, ics: str | None = None, facts: dict[str, str] | None = None) -> SampleMessage:
    """A message with the same Message-ID scheme and footer as the rest of the sample, plus an .ics part."""
    b.counter += 1
    mid = f"{kind}-{b.counter:04d}.{b.seed}@{DOMAIN}"
    msg = EmailMessage(policy=email_policy)
    msg["From"] = formataddr(sender)
    msg["To"] = formataddr(b.me)
    msg["Subject"] = subject
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = f"<{mid}>"
    personal = kind == "invitation"
    body = f"{text}\n\n-- \n{sender[0]}\n" if personal else f"{text}\n\n{FOOTER}\n"
    msg.set_content(body, cte="8bit" if personal else "quoted-printable")
    if html is not None:
        msg.add_alternative(html, subtype="html")
    if ics is not None:
        msg.add_attachment(ics.encode("utf-8"), maintype="text", subtype="calendar", filename="invite.ics",
                           params={"method": "REQUEST" if "METHOD:REQUEST" in ics else "PUBLISH"})
    if msg.is_multipart():
        msg.set_boundary(f"=_steward_{b.counter:04d}_{b.seed}")
    sample = SampleMessage(mid, kind, when, bytes(msg), dict(facts or {}))
    b.out.append(sample)
    return sample


def _facts(provider: str, start: datetime, status: str, **more: str) -> dict[str, str]:
    return {"provider": provider, "start": start.isoformat(), "status": status, **more}


def add_recent_appointments(b: Builder, *, friend: tuple[str, str]) -> None:
    """Add the last fortnight's appointment mail to the builder (no draws from its random stream); `friend`
    sends the one invitation."""
    me = b.me

    now = b.now
    if now - b.start < timedelta(days=11):
        return  # a sample of a few days has no room for a fortnight's bookings

    eye = ("ClearSight Eye Care", "appointments@clearsight.example")
    start = _day(now, 5, 10, 30)
    _add(b, "appointment", eye, "Booking confirmed: your eye test at ClearSight Eye Care",
         "Thank you for booking with ClearSight Eye Care. Your eye test is in the attached calendar file; "
         "add it to your calendar with one click. Please bring your current glasses.",
         _sent(now, 3), ics=_ics(f"eye-{b.seed}@clearsight.example", "Eye test at ClearSight Eye Care", start,
                                 start + timedelta(minutes=45), eye, location="10 Park Avenue"),
         facts=_facts(eye[0], start, "confirmed", origin="ics", location="10 Park Avenue"))

    table = ("Saffron Table", "reservations@saffrontable.example")
    start = _day(now, 4, 20, 0)
    markup = {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation",
              "reservationNumber": f"ST-{b.seed}-2210", "reservationStatus": "http://schema.org/ReservationConfirmed",
              "underName": {"@type": "Person", "name": me[0]}, "startTime": start.isoformat(), "partySize": 2,
              "reservationFor": {"@type": "FoodEstablishment", "name": "Saffron Table",
                                 "address": {"@type": "PostalAddress", "streetAddress": "3 Curry Lane"}}}
    html = (f"<html><head><script type=\"application/ld+json\">{json.dumps(markup)}</script></head><body>"
            f"<p>Thank you, {me[0]}. A table for two is waiting for you at Saffron Table on {_short(start)}.</p>"
            f"<p>3 Curry Lane</p></body></html>")
    _add(b, "reservation", table, "Reservation confirmed: Saffron Table",
         f"Thank you, {me[0]}. A table for two is waiting for you at Saffron Table on {_short(start)}. "
         "3 Curry Lane.", _sent(now, 2), html=html,
         facts=_facts(table[0], start, "confirmed", origin="schema", location="3 Curry Lane"))

    physio = ("Riverside Physio", "bookings@riversidephysio.example")
    start = _day(now, 8, 18, 0)
    _add(b, "appointment", physio, "Booking confirmed: physiotherapy session",
         f"Hi Alex, your physiotherapy session with Riverside Physio is booked for {_long(start)}. "
         "Location: 5 River Walk. Wear something comfortable.", _sent(now, 1.2),
         facts=_facts(physio[0], start, "confirmed", origin="pattern", location="5 River Walk"))

    vets = ("Pawsome Vets", "hello@pawsomevets.example")
    start = _day(now, 1, 9, 15)  # tomorrow: accepted, it shows under Tomorrow on the page
    _add(b, "appointment", vets, "Biscuit's annual check-up at Pawsome Vets",
         f"We look forward to seeing you and Biscuit at Pawsome Vets on {_long(start)} for the annual "
         "check-up. Address: 7 Meadow Street.", _sent(now, 4.5),
         facts=_facts(vets[0], start, "confirmed", origin="pattern", location="7 Meadow Street"))

    salon = ("Sharp Cuts Salon", "bookings@sharpcuts.example")
    start = _day(now, 3, 15, 0)
    _add(b, "appointment", salon, "Appointment confirmed: Sharp Cuts Salon",
         f"Your haircut with Leena at Sharp Cuts Salon is confirmed for {_long(start)}. Address: 88 Market Lane.",
         _sent(now, 9), facts=_facts(salon[0], start, "confirmed", superseded="cancelled"))
    _add(b, "appointment_cancelled", salon, "Cancelled: your haircut at Sharp Cuts Salon",
         f"Your haircut at Sharp Cuts Salon on {_long(start)} has been cancelled. Reply to book another time.",
         _sent(now, 2.5), facts=_facts(salon[0], start, "cancelled"))

    garage = ("AutoFix Garage", "service@autofix.example")
    start = _day(now, 2, 10, 0)
    moved = _day(now, 9, 14, 0)
    _add(b, "appointment", garage, "Appointment confirmed: car service at AutoFix Garage",
         f"Your car service at AutoFix Garage is booked for {_long(start)}. Address: Unit 4, Ring Road.",
         _sent(now, 10), facts=_facts(garage[0], start, "confirmed", superseded="rescheduled"))
    _add(b, "appointment_rescheduled", garage, "Rescheduled: your car service at AutoFix Garage",
         f"Your car service at AutoFix Garage has been rescheduled from {_short(start)} to {_long(moved)}. "
         "Address: Unit 4, Ring Road.", _sent(now, 3.5),
         facts=_facts(garage[0], moved, "rescheduled", was=start.isoformat()))

    start = _day(now, 5, 11, 0)
    _add(b, "invitation", friend, f"Invitation: Book club planning @ {start:%a %d %b %Y} {start:%H:%M}",
         f"Hi Alex, I've put the book club planning in the calendar for {_long(start)}. Can you make it?",
         _sent(now, 1.5), ics=_ics(f"bookclub-{b.seed}@mailhub.example", "Book club planning", start,
                                   start + timedelta(hours=1), friend, method="REQUEST", attendee=me),
         facts=_facts(friend[0], start, "invitation"))

    fake = ("Lakeside Dental", "appointments@lakesidedenta1.example")
    start = _day(now, 4, 9, 0)
    _add(b, "lookalike", fake, f"Appointment confirmed: Lakeside Dental, {start:%a %d %b} at {start:%I:%M %p}",
         f"Your appointment at Lakeside Dental is confirmed for {_long(start)}. To keep it, confirm your card "
         "details on our booking page within 24 hours.", _sent(now, 0.8),
         facts=_facts(fake[0], start, "lookalike"))
