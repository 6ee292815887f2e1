"""Bookings and travel from other companies' mail: proposed at the right local start, per kind.

    .venv/bin/python bench/travel.py [--verbose]

Every input of KDE KItinerary's extractor tests (shared/data/kitinerary: airline e-tickets, rail
tickets, hotel and restaurant confirmations, schema.org HTML and iCalendar parts, with KItinerary's
expected JSON-LD beside each) and every one of Thunderbird's iTIP test mails
(shared/data/thunderbird-invitations) is made into one mail, imported into a home of its own and
scanned with `appointments.mode = ask` and no model, on the clock of a minute after the mail
arrived. A text, HTML or iCalendar input is the body or the attachment of a mail from the sender its
folder's `context.eml` names (else a neutral sender) with no subject; the mail's date is the one
`context.eml` gives, or three days before the first start KItinerary expects when it gives none or
gives one after it (the tests carry no arrival date; a booking mail comes before the trip).

Per kind (flight, train, ferry, coach, hotel, restaurant, event, other appointment) each
reservation KItinerary expects is counted **right** (a proposal at that instant: the time in the
place's zone; a reservation with only a date is right with a proposal on that date), **not
proposed**, and each proposal no reservation asks for is **wrong**. Negatives are the mails that
must propose nothing: KItinerary's cancellations (its cancelled reservations as schema.org in a
mail, a cancelled iCalendar event) and Thunderbird's invitations, updates, cancellations and its
non-invitation; every proposal from them is wrong. With --other-mail, real mail that books nothing
(notmuch's corpora, imap_tools' messages) is scanned the same way: a proposal from it is wrong, and so is
an invitation listed from it (a friend's party told in plain words is read as one), each named.

A leg of a calendar part's journey that the reference starts before the event itself starts (a night
train's legs after midnight put on the day before) is counted right a day later, and listed as such.

The person's zone is Europe/Berlin (where most of these mails were received); a time KItinerary
leaves without a zone is that zone's. Skipped, with the reason, when the shared data is absent.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from email import message_from_bytes
from email.message import EmailMessage
from email.utils import format_datetime, parsedate_to_datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

sys.path.insert(0, str(Path(__file__).resolve().parent))

from appointments import _app, _import  # noqa: E402
from common import shared_data  # noqa: E402
from steward.appointments.schema_org import typed_objects  # noqa: E402

HOME_ZONE = "Europe/Berlin"
KINDS = ("flight", "train", "ferry", "coach", "hotel", "rental car", "restaurant", "event", "other appointment")
_KIND = {"FlightReservation": "flight", "TrainReservation": "train", "BusReservation": "coach",
         "BoatReservation": "ferry", "LodgingReservation": "hotel", "FoodEstablishmentReservation": "restaurant",
         "EventReservation": "event", "Event": "event", "RentalCarReservation": "rental car"}
ME = "Alex Morgan <alex@steward-demo.example>"
# Thunderbird's one confirmation (a shop's booking published as a calendar part): its label, written here
TB_BOOKINGS = {"message-containing-event.eml": (("other appointment", datetime.fromisoformat("2016-09-01T06:25:00+00:00"),
                                                 False),)}


@dataclass(frozen=True)
class Expected:
    """One reservation KItinerary expects: its kind, its start (an instant, or a date) and whether cancelled."""

    kind: str
    start: datetime | date
    cancelled: bool = False
    # the reference starts this leg before its journey's event starts (a night train's leg after
    # midnight dated on the day before): the leg a day later is counted right, and said so
    disputed: bool = False


@dataclass(frozen=True)
class Case:
    """One mail of the run: where it came from, its bytes, and what it should give."""

    name: str
    raw: bytes
    received: datetime
    expect: tuple[Expected, ...]
    negative: bool
    # the input is a ticket's barcode payload alone (no text a person reads): nothing to propose from
    barcode: bool = False
    zone: str = HOME_ZONE  # the person's


@dataclass
class Tally:
    right: int = 0
    wrong: int = 0
    missed: int = 0
    day: int = 0  # of the right ones: proposed on its day as a whole day, the mail giving no time
    barcode: int = 0  # of the ones not proposed: a barcode's payload alone, no text to read


@dataclass
class Run:
    kinds: dict[str, Tally] = field(default_factory=lambda: {k: Tally() for k in KINDS})
    negative_mails: int = 0
    negative_proposals: int = 0
    invited: list[str] = field(default_factory=list)  # invitations read from mail that invites to nothing
    notes: list[str] = field(default_factory=list)


def _kind_name(obj: Mapping[str, Any]) -> str:
    kind = obj.get("@type", "")
    return str(kind[0] if isinstance(kind, list) else kind)


def _moment(value: Any) -> datetime | date | None:
    """A KItinerary time: a string, or {"@value", "timezone"}; None when absent."""
    zone = None
    if isinstance(value, Mapping):
        zone = value.get("timezone")
        value = value.get("@value")
    if not isinstance(value, str) or not value:
        return None
    value = re.sub(r"([+-])(\d):(\d\d)$", r"\g<1>0\2:\3", value)  # "+0:00", as KItinerary writes some
    try:
        if len(value) <= 10:
            return date.fromisoformat(value)
        moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo(zone or HOME_ZONE))
    return moment


def expected_of(obj: Mapping[str, Any]) -> list[Expected]:
    """The kind and start of one reservation or event of KItinerary's expected output (a rental car's
    pick-up and return are two)."""
    kind = _kind_name(obj)
    if not (kind.endswith("Reservation") or kind == "Event"):
        return []
    cancelled = "cancel" in str(obj.get("reservationStatus", "")).lower() or "cancel" in str(
        obj.get("eventStatus", "")).lower()
    if kind == "RentalCarReservation":
        return [Expected("rental car", moment, cancelled) for key in ("pickupTime", "dropoffTime")
                if (moment := _moment(obj.get(key))) is not None]
    target = obj.get("reservationFor") or {}
    target = target[0] if isinstance(target, list) and target else target
    if not isinstance(target, Mapping):
        target = {}
    if kind in ("FlightReservation", "TrainReservation", "BusReservation", "BoatReservation"):
        start = _moment(target.get("departureTime")) or _moment(target.get("departureDay"))
    elif kind == "LodgingReservation":
        start = _moment(obj.get("checkinTime")) or _moment(obj.get("checkinDate"))
    elif kind == "Event":
        start = _moment(obj.get("startDate"))
    else:
        start = _moment(obj.get("startTime")) or _moment(target.get("startDate")) or _moment(target.get("startTime"))
    if start is None:
        return []
    return [Expected(_KIND.get(kind, "other appointment"), start, cancelled)]


def _disputed(expect: tuple[Expected, ...], raw: bytes) -> tuple[Expected, ...]:
    """The legs of a calendar part's journey, each marked disputed when the reference starts it before
    the event itself starts (a journey cannot leave before it begins)."""
    starts = _ics_starts(raw)
    if not starts:
        return expect
    begins = min(starts)
    return tuple(Expected(e.kind, e.start, e.cancelled, disputed=True)
                 if isinstance(e.start, datetime) and e.start < begins and e.kind in ("train", "coach") else e
                 for e in expect)


def _first(expect: tuple[Expected, ...]) -> datetime | None:
    moments = [e.start if isinstance(e.start, datetime) else datetime(e.start.year, e.start.month, e.start.day,
                                                                      tzinfo=ZoneInfo(HOME_ZONE)) for e in expect]
    return min(moments) if moments else None


def _context(folder: Path) -> tuple[str, datetime | None]:
    ctx = folder / "context.eml"
    if not ctx.exists():
        return f"Bookings <noreply@{folder.name.lower()}.example>", None
    msg = message_from_bytes(ctx.read_bytes())
    sender = str(msg.get("From") or f"Bookings <noreply@{folder.name.lower()}.example>")
    try:
        sent = parsedate_to_datetime(str(msg["Date"])) if msg.get("Date") else None
    except (TypeError, ValueError):
        sent = None
    return sender, sent


def _received(sent: datetime | None, expect: tuple[Expected, ...]) -> datetime:
    first = _first(expect)
    if first is None:
        return sent or datetime(2018, 1, 1, 9, 0, tzinfo=ZoneInfo(HOME_ZONE))
    if sent is None or sent >= first:
        return first - timedelta(days=3)
    return sent


def _mail(sender: str, received: datetime, *, text: str | None = None, html: str | None = None,
          ics: str | None = None, subject: str = "") -> bytes:
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = ME
    msg["Subject"] = subject
    msg["Date"] = format_datetime(received)
    msg["Message-ID"] = f"<{received.timestamp():.0f}.{abs(hash((sender, text, html, ics))) % 10**9}@bench.example>"
    if html is not None and text is None:
        msg.set_content(html, subtype="html")  # an HTML-only mail: its snippet is the HTML's text
    else:
        msg.set_content(text if text is not None else "See the attachment.")
    if ics is not None:
        msg.add_attachment(ics.encode(), maintype="text", subtype="calendar", filename="booking.ics")
    return bytes(msg)


def _redate(raw: bytes, received: datetime) -> bytes:
    msg = message_from_bytes(raw)
    del msg["Date"]
    msg["Date"] = format_datetime(received)
    return msg.as_bytes()


def _expected_file(path: Path) -> Path:
    if path.parent.name in ("structureddata", "calendarhandlerdata"):
        return path.with_suffix(".json")
    return Path(f"{path}.json")


def kitinerary_cases(folder: Path) -> list[Case]:
    """One mail for every KItinerary input with an expected output, and one for each set of its cancellations."""
    inputs = [*sorted((folder / "structureddata").glob("*.html")), *sorted((folder / "calendarhandlerdata").glob("*.ics"))]
    inputs += sorted(p for p in (folder / "extractordata").rglob("*") if p.suffix in (".txt", ".html", ".ics", ".eml")
                     and p.name != "context.eml")
    cases = []
    for path in inputs:
        expected_file = _expected_file(path)
        if not expected_file.exists():
            continue
        objs = list(typed_objects(json.loads(expected_file.read_text(encoding="utf-8"))))
        # one trip booked for several passengers is one reservation each in the reference, one event here
        expect = tuple(dict.fromkeys(e for o in objs for e in expected_of(o)))
        sender, sent = _context(path.parent)
        received = _received(sent, expect)
        body = path.read_bytes()
        if path.suffix == ".eml":
            raw = _redate(body, received)
        elif path.suffix == ".ics":
            raw = _mail(sender, received, ics=body.decode("utf-8", "replace"))
        elif path.suffix == ".html":
            raw = _mail(sender, received, html=body.decode("utf-8", "replace"))
        else:
            raw = _mail(sender, received, text=body.decode("utf-8", "replace"))
        live = _disputed(tuple(e for e in expect if not e.cancelled), raw) if path.suffix == ".ics" else tuple(
            e for e in expect if not e.cancelled)
        name = str(path.relative_to(folder))
        cases.append(Case(name, raw, received, live, negative=bool(expect) and not live,
                          barcode=path.suffix == ".txt" and _barcode_only(body.decode("utf-8", "replace"))))
    # cancellations written as schema.org, in an HTML part as a mail would carry them
    for path in sorted([*(folder / "jsonlddata").glob("*.json"), *(folder / "mergedata").glob("*.json")]):
        objs = list(typed_objects(json.loads(path.read_text(encoding="utf-8"))))
        cancelled = [o for o in objs if any(e.cancelled for e in expected_of(o))]
        if not cancelled:
            continue
        expect = tuple(e for o in cancelled for e in expected_of(o))
        received = _received(None, expect)
        html = f"<html><head><script type=\"application/ld+json\">{json.dumps(cancelled)}</script></head><body></body></html>"
        cases.append(Case(str(path.relative_to(folder)), _mail("Bookings <noreply@bookings.example>", received,
                                                                html=html), received, (), negative=True))
    return cases


def _barcode_only(text: str) -> bool:
    """Whether a text input is a ticket barcode's payload: one line opening with a run of 30 or more
    letters and digits without a space (what a barcode scanner reads off a rail ticket)."""
    lines = [line for line in text.splitlines() if line.strip()]
    return len(lines) == 1 and re.match(r"\s*[0-9A-Za-z/]{30,}", lines[0]) is not None


def _ics_starts(raw: bytes) -> list[datetime]:
    from icalendar import Calendar

    from steward.appointments.structured import calendar_parts

    out = []
    for text in calendar_parts(raw):
        try:
            cals = Calendar.from_ical(text, multiple=True)
        except (ValueError, KeyError, IndexError, TypeError):
            continue
        for cal in cals:
            for ev in cal.walk("VEVENT"):
                value = ev.decoded("dtstart") if ev.get("dtstart") is not None else None
                if isinstance(value, datetime):
                    out.append(value if value.tzinfo else value.replace(tzinfo=ZoneInfo(HOME_ZONE)))
    return out


def thunderbird_cases(folder: Path) -> list[Case]:
    """Thunderbird's iTIP mails: each is a negative (nothing to propose) but its one confirmation. A mail
    dated after the event it names is re-dated three days before it, so only what it says stops it."""
    cases = []
    for eml in sorted(folder.glob("*.eml")):
        raw = eml.read_bytes()
        msg = message_from_bytes(raw)
        try:
            sent = parsedate_to_datetime(str(msg["Date"]))
        except (TypeError, ValueError):
            sent = datetime(2022, 1, 1, tzinfo=ZoneInfo("UTC"))
        starts = _ics_starts(raw)
        received = sent
        if starts and min(starts) <= sent:
            received = min(starts) - timedelta(days=3)
            raw = _redate(raw, received)
        labels = TB_BOOKINGS.get(eml.name, ())
        expect = tuple(Expected(kind, start, cancelled) for kind, start, cancelled in labels)
        cases.append(Case(f"thunderbird/{eml.name}", raw, received, expect, negative=not expect))
    return cases


def _matches(e: Expected, start: datetime, zone: str = HOME_ZONE) -> bool:
    if isinstance(e.start, datetime):
        return start == e.start or (e.disputed and start == e.start + timedelta(days=1)) or _on_its_day(e, start, zone)
    return start.astimezone(ZoneInfo(zone)).date() == e.start


def _on_its_day(e: Expected, start: datetime, zone: str = HOME_ZONE) -> bool:
    """A stay or an event proposed as whole days (from midnight on the person's clock) on the local day
    the reference starts it: right on its day, when the mail gives no time (a hotel that writes only
    the arrival date; the reference's check-in hour is the extractor's default)."""
    local = start.astimezone(ZoneInfo(zone))
    return (e.kind in ("hotel", "event") and isinstance(e.start, datetime) and (local.hour, local.minute) == (0, 0)
            and local.date() == e.start.date())


def run_case(home: Path, case: Case, run: Run, verbose: bool) -> None:
    """Import one mail into `home`, scan it, and count what was proposed against what was expected."""
    mail = home / "mail"
    mail.mkdir(parents=True, exist_ok=True)
    (mail / "message.eml").write_bytes(case.raw)
    app = _app(home, case.zone, case.received + timedelta(minutes=1))
    try:
        _import(app, mail)
        report = app.appointments.scan()
    finally:
        app.close()
    proposed = [i for i in report.items if i.status in ("proposed", "created") and i.start is not None]
    rejected = [f"{i.provider}: {i.reason}" for i in report.items if i.status == "rejected"]
    if case.negative:
        run.negative_mails += 1
        run.negative_proposals += len(proposed)
        for i in proposed:
            run.notes.append(f"WRONG (negative) {case.name}: {i.provider} {i.start}")
        invited = [i for i in report.items if i.status == "rejected" and i.reason == "invitation" and i.start]
        run.invited.extend(f"invitation {case.name}: {i.provider} {i.start}" for i in invited)
        return
    left = list(case.expect)
    for item in proposed:
        assert item.start is not None
        hit = next((e for e in left if _matches(e, item.start, case.zone)), None)
        if hit is None:
            kind = case.expect[0].kind if case.expect else "other appointment"
            run.kinds[kind].wrong += 1
            run.notes.append(f"WRONG {case.name}: {item.provider} {item.start} (expected "
                             f"{', '.join(str(e.start) for e in case.expect)})")
        else:
            left.remove(hit)
            run.kinds[hit.kind].right += 1
            if isinstance(hit.start, datetime) and hit.start != item.start and not hit.disputed:
                run.kinds[hit.kind].day += 1
                run.notes.append(f"right on its day {case.name}: {item.provider} {item.start:%Y-%m-%d} (whole days; "
                                 f"the reference: {hit.start})")
            if hit.disputed:
                run.notes.append(f"right, the reference a day earlier {case.name}: {item.provider} {item.start} "
                                 f"(the reference: {hit.start}, before the journey starts)")
    for e in left:
        run.kinds[e.kind].missed += 1
        run.kinds[e.kind].barcode += case.barcode
    if verbose and left:
        why = "a barcode's payload alone: no text to read" if case.barcode else "; ".join(rejected) or "nothing read"
        run.notes.append(f"missed {case.name}: {len(left)} of {len(case.expect)} ({why})")


def other_mail(shared: Path) -> list[Case]:
    """Real mail that books nothing (notmuch's mailing-list corpora, imap_tools' test messages): each a
    negative, on the clock of a minute after it arrived."""
    from steward.mail.parse import ParseError, parse_message

    files = [p for p in sorted((shared / "notmuch-corpora" / "test" / "corpora").rglob("*")) if p.is_file()]
    files += sorted((shared / "imap_tools" / "tests" / "messages").rglob("*.eml"))
    cases = []
    for path in files:
        raw = path.read_bytes()
        try:
            parsed = parse_message(raw)
        except ParseError:
            continue
        if parsed.date_source != "date":
            continue  # no Date header: no arrival to put the clock after
        cases.append(Case(str(path.relative_to(shared)), raw, parsed.received_at, (), negative=True))
    return cases


def template_cases(sources: Path) -> list[Case]:
    """The booking systems' own customer mail (bench/booking_templates.py), each in its person's zone."""
    from booking_templates import build

    return [Case(c.name, c.raw, c.received, (Expected(c.kind, c.start),) if c.start else (), negative=c.start is None,
                 zone=c.zone) for c in build(sources)]


def evaluate(shared: Path, verbose: bool = False) -> tuple[Run, int, float]:
    """Run every case; (the tallies, the number of mails, seconds)."""
    cases: list[Case] = []
    if (shared / "kitinerary").is_dir():
        cases += kitinerary_cases(shared / "kitinerary")
    if (shared / "thunderbird-invitations").is_dir():
        cases += thunderbird_cases(shared / "thunderbird-invitations")
    run = Run()
    t0 = time.perf_counter()
    for case in cases:
        if not case.expect and not case.negative:
            continue
        with tempfile.TemporaryDirectory(prefix="steward-bench-travel-") as tmp:
            run_case(Path(tmp), case, run, verbose)
    return run, len(cases), time.perf_counter() - t0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--verbose", action="store_true", help="list every reservation not proposed, with the reasons")
    parser.add_argument("--sources", type=Path, default=None,
                        help="a folder holding the booking systems' repositories (bench/booking_templates.py): "
                             "also score their customer mail")
    parser.add_argument("--other-mail", action="store_true",
                        help="also scan each of the notmuch and imap_tools messages (books nothing: must propose nothing)")
    args = parser.parse_args()
    shared = shared_data()
    if shared is None or not ((shared / "kitinerary").is_dir() or (shared / "thunderbird-invitations").is_dir()):
        print("skipped: the shared evaluation data (kitinerary, thunderbird-invitations) is not present "
              "(set STEWARD_SHARED_DATA)")
        return 0
    run, mails, took = evaluate(shared, args.verbose)
    other = Run()
    if args.other_mail:
        for case in other_mail(shared):
            with tempfile.TemporaryDirectory(prefix="steward-bench-travel-") as tmp:
                run_case(Path(tmp), case, other, False)
    print(f"{mails} mails, one home each, scanned in {took:.1f} s (person's zone {HOME_ZONE})")
    print(f"{'kind':<18} {'right':>6} {'(on its day)':>13} {'wrong':>6} {'not proposed':>13} {'(barcode only)':>15}")
    total = Tally()
    for kind in KINDS:
        t = run.kinds[kind]
        total.right, total.wrong, total.missed = total.right + t.right, total.wrong + t.wrong, total.missed + t.missed
        total.day += t.day
        total.barcode += t.barcode
        print(f"{kind:<18} {t.right:>6} {t.day:>13} {t.wrong:>6} {t.missed:>13} {t.barcode:>15}")
    print(f"{'all':<18} {total.right:>6} {total.day:>13} {total.wrong:>6} {total.missed:>13} {total.barcode:>15}")
    print(f"negatives (cancellations, invitations, updates): {run.negative_mails} mails, "
          f"{run.negative_proposals} proposed (must be 0)")
    for note in run.notes:
        print(f"  {note}")
    if args.sources is not None:
        systems = Run()
        cases = template_cases(args.sources)
        for case in cases:
            with tempfile.TemporaryDirectory(prefix="steward-bench-travel-") as tmp:
                run_case(Path(tmp), case, systems, True)
        print(f"booking systems' own mail (TastyIgniter, Easy!Appointments, MotoPress Hotel Booking): {len(cases)} mails")
        for kind in ("restaurant", "hotel", "other appointment"):
            t = systems.kinds[kind]
            print(f"  {kind:<18} right {t.right} (on its day {t.day}), wrong {t.wrong}, not proposed {t.missed}")
        print(f"  books nothing (updates, reminders, pending, confirm-by-link, cancellations): {systems.negative_mails} "
              f"mails, {systems.negative_proposals} proposed (must be 0)")
        for note in systems.notes:
            print(f"    {note}")
    if args.other_mail:
        print(f"mail that books nothing (notmuch corpora, imap_tools messages): {other.negative_mails} mails, "
              f"{other.negative_proposals} proposed, {len(other.invited)} listed as invitations")
        for note in [*other.notes, *other.invited]:
            print(f"  {note}")
    return 0 if run.negative_proposals == 0 and total.wrong == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
