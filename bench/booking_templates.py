"""Booking mail in other companies' words: the customer mail of three open-source booking systems,
rendered from their own templates with bookings written here.

    .venv/bin/python bench/booking_templates.py --sources DIR [--out DIR]

The wording and layout are the systems' own, read at run time from their repositories (never copied
into this one): each is a git directory `DIR/<owner>+<name>/repo` (or `DIR/<owner>+<name>`) holding
the commit named below. What this file adds is the booking each mail is about (a place, a day, a
time, the sender) and what a person would expect from it (the local start, or nothing).

| system | repository @ commit | licence | mails |
| --- | --- | --- | --- |
| TastyIgniter reservations (restaurants) | tastyigniter/ti-ext-reservation @ 6d77c72 | MIT | confirmation, status update, reminder |
| Easy!Appointments (clinics, salons, shops) | alextselegidis/easyappointments @ e46b4c6 | GPL-3.0 | booked (with its iCalendar attachment), cancelled |
| MotoPress Hotel Booking Lite (hotels, guest houses) | motopress-hotel-booking-lite in Mariemhachichi/Wordpress-hotel @ e2f371f | GPL-2.0+ | approved, placed (pending), confirm-by-link, cancelled |

Dates and times are formatted as each system formats them: TastyIgniter's long date and 12-hour
time ("Saturday, March 14, 2026", "7:30 pm"); Easy!Appointments' configured date order and time
format ("14/04/2026 09:30", "04/18/2026 2:15 pm") with its timezone label, which gives a zone's
standard offset all year ("Madrid (+1:00)"); WordPress's default date ("May 22, 2026") and time
("3:00 pm").

`build(sources)` returns the cases; `--out` writes each as an .eml beside a labels.json.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from zoneinfo import ZoneInfo

ME = ("Alex Morgan", "alex@steward-demo.example")
TI = ("tastyigniter/ti-ext-reservation", "6d77c72e6a4a087a67b8766ad22c3d3184942e9d")
EA = ("alextselegidis/easyappointments", "e46b4c6befb88c8f00e0a1e0eecdaa0e9c6294fb")
MP = ("Mariemhachichi/Wordpress-hotel", "e2f371fc7dd57e930bd1b5031d63cc9eb173ec08")
_MP = "wp-content/plugins/motopress-hotel-booking-lite"


@dataclass(frozen=True)
class Case:
    """One rendered mail: its name, kind, bytes, the person's zone, when it arrived and what it books."""

    name: str
    kind: str  # restaurant, other appointment, hotel
    raw: bytes
    zone: str
    received: datetime
    start: datetime | None  # None: the mail books nothing new (an update, a reminder, a cancellation)


class Sources:
    """The three systems' repositories, read with `git show` at their commits."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _git_dir(self, repo: str) -> Path | None:
        key = repo.replace("/", "+")
        for candidate in (self.folder / key / "repo", self.folder / key, self.folder / repo.split("/")[1]):
            if candidate.is_dir():
                return candidate
        return None

    def available(self) -> bool:
        """Whether all three repositories are there."""
        return all(self._git_dir(repo) is not None for repo, _ in (TI, EA, MP))

    def read(self, source: tuple[str, str], path: str) -> str:
        """A file of a repository at its commit."""
        git_dir = self._git_dir(source[0])
        if git_dir is None:
            raise FileNotFoundError(source[0])
        out = subprocess.run(["git", f"--git-dir={git_dir}" if (git_dir / "HEAD").exists() else f"-C{git_dir}",
                              "show", f"{source[1]}:{path}"], capture_output=True, check=True)
        return out.stdout.decode("utf-8", "replace")


def _mail(sender: tuple[str, str], subject: str, received: datetime, text: str | None, html: str | None,
          ics: str | None = None) -> bytes:
    msg = EmailMessage()
    msg["From"] = formataddr(sender)
    msg["To"] = formataddr(ME)
    msg["Subject"] = subject
    msg["Date"] = format_datetime(received)
    msg["Message-ID"] = f"<{received.timestamp():.0f}.{abs(hash((subject, sender))) % 10**8}@{sender[1].split('@')[1]}>"
    if text is not None:
        msg.set_content(text)
        if html is not None:
            msg.add_alternative(html, subtype="html")
    elif html is not None:
        msg.set_content(html, subtype="html")
    if ics is not None:
        msg.add_attachment(ics.encode(), maintype="text", subtype="calendar", filename="invitation.ics",
                           params={"method": "REQUEST"})
    return bytes(msg)


# -- TastyIgniter: Blade mail templates, a text part and a Markdown part --------------------------------


def _blade(text: str, values: dict[str, str]) -> str:
    return re.sub(r"\{\{\s*\$(\w+)\s*\}\}", lambda m: values.get(m.group(1), ""), text)


def _markdown(text: str) -> str:
    """The few Markdown forms the templates use, as HTML."""
    html = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    html = re.sub(r"@partial\('button', \['url' => (.+?), .*?\]\)\s*(.+?)\s*@endpartial",
                  r'<a href="\1">\2</a>', html, flags=re.S)
    lines = [f"<h2>{line[3:]}</h2>" if line.startswith("## ") else line for line in html.splitlines()]
    return "<html><body>" + "<br>\n".join(lines) + "</body></html>"


def tastyigniter(src: Sources, template: str, values: dict[str, str], sender: tuple[str, str],
                 received: datetime) -> bytes:
    """A TastyIgniter customer mail: its subject, its text part and its Markdown part, filled in."""
    raw = src.read(TI, f"resources/views/mail/{template}.blade.php")
    head, text, markdown = (part.strip() for part in raw.split("\n==\n"))
    subject = re.search(r'subject = "(.*)"', head)
    assert subject is not None
    return _mail(sender, _blade(subject.group(1), values), received, _blade(text, values),
                 _markdown(_blade(markdown, values)))


# -- Easy!Appointments: PHP views with language strings, and an iCalendar attachment -------------------


def _lang(src: Sources) -> dict[str, str]:
    php = src.read(EA, "application/language/english/translations_lang.php")
    return {k: v.replace("\\'", "'") for k, v in re.findall(r"\$lang\['(\w+)'\]\s*=\s*'((?:[^'\\]|\\.)*)';", php)}


def _php_view(src: Sources, view: str, lang: dict[str, str], values: dict[str, str]) -> str:
    """An Easy!Appointments e-mail view as the customer gets it: language strings and values put in,
    the optional rows kept when their value is given, the PHP dropped."""
    php = src.read(EA, f"application/views/emails/{view}.php")
    body = php[php.index("<html"):]

    # an inner if/else (a location that is a link or not): its else branch, before the outer blocks
    body = re.sub(r"<\?php if \([^)]*\)\): \?>(?:(?!<\?php).)*<\?php else: \?>((?:(?!<\?php).)*)<\?php endif; \?>",
                  r"\1", body, flags=re.S)

    def block(m: re.Match[str]) -> str:
        return m.group(3) if values.get(f"{m.group(1)}.{m.group(2)}") else ""

    body = re.sub(r"<\?php if \(!empty\(\$(\w+)\['(\w+)'\]\)\): \?>(.*?)<\?php endif; \?>", block, body, flags=re.S)
    body = re.sub(r"<\?php if \(.*?\): \?>(.*?)<\?php endif; \?>", r"\1", body, flags=re.S)
    body = re.sub(r"<\?php (?:else|endif)[:;]? \?>", "", body)
    body = re.sub(r"<\?= lang\('(\w+)'\) \?>", lambda m: lang.get(m.group(1), m.group(1)), body)
    body = re.sub(r"<\?= (?:e|nl2br|format_date_time|format_timezone)\((.*?)\) \?>",
                  lambda m: _ea_value(m.group(1), values), body)
    body = re.sub(r"<\?= \$(\w+) \?>", lambda m: values.get(m.group(1), ""), body)
    return re.sub(r"<\?(?:php|=).*?\?>", "", body, flags=re.S)


def _ea_value(expression: str, values: dict[str, str]) -> str:
    keys = re.findall(r"\$(\w+)\['(\w+)'\]", expression)
    if not keys:
        name = re.match(r"\$(\w+)", expression.strip())
        return values.get(name.group(1), "") if name else ""
    return " ".join(values.get(f"{a}.{b}", "") for a, b in keys).strip()


def _ea_ics(start: datetime, end: datetime, summary: str, provider: tuple[str, str], uid: str) -> str:
    """The calendar part Easy!Appointments attaches (its Ics_file library): a REQUEST, confirmed, the
    customer asked to answer, the provider organising, the times in UTC."""
    def utc(moment: datetime) -> str:
        return moment.astimezone(ZoneInfo("UTC")).strftime("%Y%m%dT%H%M%SZ")

    return "\r\n".join([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//EasyAppointments//Open Source Web Scheduler//EN",
        "METHOD:REQUEST", "BEGIN:VEVENT", f"UID:{uid}", f"DTSTAMP:{utc(start - timedelta(days=9))}",
        f"DTSTART:{utc(start)}", f"DTEND:{utc(end)}", "STATUS:CONFIRMED", f"SUMMARY:{summary}", "SEQUENCE:0",
        f'ATTENDEE;CN="{ME[0]}";CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:'
        f"mailto:{ME[1]}",
        f'ATTENDEE;CN="{provider[0]}";CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:'
        f"mailto:{provider[1]}",
        f'ORGANIZER;CN="{provider[0]}":mailto:{provider[1]}',
        "END:VEVENT", "END:VCALENDAR", ""])


def easyappointments(src: Sources, view: str, values: dict[str, str], sender: tuple[str, str], received: datetime,
                     ics: str | None = None) -> bytes:
    """An Easy!Appointments customer mail (HTML only, as it sends), with its calendar part when booked."""
    lang = _lang(src)
    booked = view == "appointment_saved_email"
    subject = lang["appointment_booked"] if booked else lang["appointment_cancelled_title"]
    values = {"subject": subject, "message": lang["thank_you_for_appointment"] if booked else "", **values}
    return _mail(sender, subject, received, None, _php_view(src, view, lang, values), ics)


# -- MotoPress Hotel Booking: PHP templates of gettext strings with %placeholders% --------------------


def _gettext_php(php: str) -> str:
    """A template's gettext calls as their text: printf(__('…%1$s…'), 'a', 'b') and _e('…')."""
    def printf(m: re.Match[str]) -> str:
        text, args = m.group(1), re.findall(r"'([^']*)'", m.group(2))[1:]  # the first is the text domain
        for n, arg in enumerate(args, 1):
            text = text.replace(f"%{n}$s", arg)
        return text.replace("%s", args[0]) if args else text

    body = php[php.index("?>") + 2:]
    body = re.sub(r"<\?php\s+(?:echo esc_html\(\s*sprintf|printf)\(\s*__\(\s*'((?:[^'\\]|\\.)*)'(.*?)\)\s*\)?;\s*\?>",
                  printf, body, flags=re.S)
    body = re.sub(r"<\?php\s+(?:esc_html_)?_e\(\s*'((?:[^'\\]|\\.)*)'.*?\?>", r"\1", body, flags=re.S)
    return re.sub(r"<\?php.*?\?>", "", body, flags=re.S)


def motopress(src: Sources, kind: str, values: dict[str, str], sender: tuple[str, str], received: datetime) -> bytes:
    """A MotoPress Hotel Booking customer mail: its subject and template, placeholders filled in."""
    def fill(text: str) -> str:
        return re.sub(r"%(\w+)%", lambda m: values.get(m.group(1), ""), text)

    settings = src.read(MP, f"{_MP}/includes/emails/booking/customer/{kind}-email.php")
    subject = re.findall(r"__\(\s*'([^']*)'", settings)[1]
    template = {"approved": "customer-approved-booking", "pending": "customer-pending-booking",
                "cancelled": "customer-cancelled-booking", "confirmation": "customer-confirmation-booking"}[kind]
    body = _gettext_php(src.read(MP, f"{_MP}/templates/emails/{template}.php"))
    return _mail(sender, fill(subject), received, None, f"<html><body>{fill(body)}</body></html>")


# -- the bookings ---------------------------------------------------------------------------------------


def _at(text: str, zone: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=ZoneInfo(zone))


def build(folder: Path) -> list[Case]:
    """Every case, rendered from the systems' repositories under `folder`; [] when one is missing."""
    src = Sources(folder)
    if not src.available():
        return []
    cases = []
    # restaurants (TastyIgniter): a table in New York, one in Bristol; an update to cancelled; a reminder
    larder = ("The Larder on Main", "reservations@larderonmain.example")
    ny = "America/New_York"
    got = _at("2026-03-02T10:12", ny)
    table = {"site_name": "The Larder on Main", "reservation_number": "1042", "first_name": "Alex",
             "last_name": "Morgan", "location_name": "The Larder on Main", "reservation_guest_no": "4",
             "reservation_date": "Saturday, March 14, 2026", "reservation_time": "7:30 pm"}
    cases.append(Case("tastyigniter/confirmation-new-york", "restaurant",
                      tastyigniter(src, "reservation", table, larder, got), ny, got, _at("2026-03-14T19:30", ny)))
    london = "Europe/London"
    got = _at("2026-03-27T16:40", london)
    lunch = {**table, "site_name": "Brunel Kitchen", "reservation_number": "20771", "location_name":
             "Brunel Kitchen, Harbourside", "reservation_guest_no": "2", "reservation_date": "Friday, April 3, 2026",
             "reservation_time": "12:45 pm"}
    cases.append(Case("tastyigniter/confirmation-bristol", "restaurant",
                      tastyigniter(src, "reservation", lunch, ("Brunel Kitchen", "hello@brunelkitchen.example"), got),
                      london, got, _at("2026-04-03T12:45", london)))
    update = {**table, "status_name": "Canceled", "status_comment": "Your table has been released.",
              "reservation_view_url": "https://larderonmain.example/reservation/1042"}
    got = _at("2026-03-10T09:05", ny)
    cases.append(Case("tastyigniter/update-cancelled", "restaurant",
                      tastyigniter(src, "reservation_update", update, larder, got), ny, got, None))
    reminder = {**update, "status_name": "Confirmed", "status_comment": "We look forward to your visit."}
    got = _at("2026-03-13T18:00", ny)
    cases.append(Case("tastyigniter/reminder", "restaurant",
                      tastyigniter(src, "reservation_reminder", reminder, larder, got), ny, got, None))
    # clinics and shops (Easy!Appointments): day-first with 24-hour times, month-first with 12-hour times
    madrid = "Europe/Madrid"
    clinic = ("Clínica Dental Sol", "citas@clinicadentalsol.example")
    dentist = ("Ana Ruiz", "ana.ruiz@clinicadentalsol.example")
    start = _at("2026-04-14T09:30", madrid)
    visit = {"service.name": "Dental check-up", "service.description": "Check-up and cleaning",
             "provider.first_name": "Ana", "provider.last_name": "Ruiz", "appointment.start_datetime": "14/04/2026 09:30",
             "appointment.end_datetime": "14/04/2026 10:00", "timezone": "Madrid (+1:00)",
             "appointment.location": "Calle del Sol 12, Valencia", "customer.first_name": "Alex",
             "customer.last_name": "Morgan", "customer_full_name": ME[0], "customer.email": ME[1], "customer.phone_number": "600 000 000",
             "customer.address": "", "appointment_link": "https://citas.clinicadentalsol.example/booking/reschedule/8c1f",
             "settings.company_name": "Clínica Dental Sol"}
    got = _at("2026-04-02T11:20", madrid)
    cases.append(Case("easyappointments/booked-day-first", "other appointment",
                      easyappointments(src, "appointment_saved_email", visit, clinic, got,
                                       _ea_ics(start, start + timedelta(minutes=30), "Dental check-up", dentist,
                                               "ea-6512bd43d9caa6e02c990b0a82652dca")), madrid, got, start))
    chicago = "America/Chicago"
    salon = ("Lakeview Hair Studio", "bookings@lakeviewhair.example")
    stylist = ("Jordan Lee", "jordan@lakeviewhair.example")
    start = _at("2026-04-18T14:15", chicago)
    cut = {**visit, "service.name": "Haircut & blow-dry", "service.description": "", "provider.first_name": "Jordan",
           "provider.last_name": "Lee", "appointment.start_datetime": "04/18/2026 2:15 pm",
           "appointment.end_datetime": "04/18/2026 3:00 pm", "timezone": "Chicago (-6:00)",
           "appointment.location": "2210 N Clark St, Chicago", "settings.company_name": "Lakeview Hair Studio",
           "appointment_link": "https://lakeviewhair.example/booking/reschedule/77ab"}
    got = _at("2026-04-06T20:02", chicago)
    cases.append(Case("easyappointments/booked-month-first", "other appointment",
                      easyappointments(src, "appointment_saved_email", cut, salon, got,
                                       _ea_ics(start, start + timedelta(minutes=45), "Haircut & blow-dry", stylist,
                                               "ea-c20ad4d76fe97759aa27a0c99bff6710")), chicago, got, start))
    got = _at("2026-04-09T08:15", madrid)
    cases.append(Case("easyappointments/cancelled", "other appointment",
                      easyappointments(src, "appointment_deleted_email", visit, clinic, got), madrid, got, None))
    # hotels (MotoPress Hotel Booking): approved, placed and waiting, a request to confirm, cancelled
    stay = {"site_title": "Seaview Guest House", "booking_id": "3318", "customer_first_name": "Alex",
            "customer_last_name": "Morgan", "check_in_date": "May 22, 2026", "check_in_time": "3:00 pm",
            "check_out_date": "May 25, 2026", "check_out_time": "11:00 am", "booking_total_price": "£465.00",
            "customer_email": ME[1], "customer_phone": "07700 900123", "customer_note": "",
            "view_booking_link": "https://seaviewguesthouse.example/booking/3318",
            "user_confirm_link": "https://seaviewguesthouse.example/confirm/3318",
            "user_confirm_link_expire": "2026-05-08 10:00", "reserved_rooms_details": "Accommodation: Harbour Room",
            "cancellation_details": ""}
    guest_house = ("Seaview Guest House", "stay@seaviewguesthouse.example")
    for kind, day, books in (("approved", "2026-05-06T10:00", True), ("pending", "2026-05-06T09:30", False),
                             ("confirmation", "2026-05-06T09:20", False), ("cancelled", "2026-05-12T14:00", False)):
        got = _at(day, london)
        cases.append(Case(f"motopress/{kind}", "hotel", motopress(src, kind, stay, guest_house, got), london, got,
                          _at("2026-05-22T15:00", london) if books else None))
    return cases


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sources", type=Path, required=True, help="the folder holding the three repositories")
    parser.add_argument("--out", type=Path, help="write each mail as .eml and labels.json here")
    args = parser.parse_args()
    cases = build(args.sources)
    if not cases:
        print(f"skipped: the three repositories are not all under {args.sources}")
        return 0
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        labels = {}
        for case in cases:
            path = args.out / f"{case.name.replace('/', '-')}.eml"
            path.write_bytes(case.raw)
            labels[path.name] = {"kind": case.kind, "zone": case.zone, "received": case.received.isoformat(),
                                 "start": case.start.isoformat() if case.start else None}
        (args.out / "labels.json").write_text(json.dumps(labels, indent=1), encoding="utf-8")
    for case in cases:
        print(f"{case.name:<40} {case.kind:<18} {case.start or 'books nothing'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
