"""Appointments read from mail: precision and recall on a labelled set, real-world structured data, scan time.

    .venv/bin/python bench/appointments.py [--size 100000] [--repeat 5] [--skip-scale]

1. The labelled set (bench/data/appointments_labelled.yaml, written for this project): every message is
   imported into a fresh home on the set's clock and scanned with `appointments.mode = auto` (no
   model), so what the reader proves is written at once. Precision and recall of (provider, start)
   over what was written; a *wrong write* is an event no label asks for. The bar: 0 wrong writes,
   recall >= 90%.
2. KDE KItinerary's extractor test data (shared/data/kitinerary, when present): how many
   reservations and events its schema.org and iCalendar inputs hold, how many Steward reads, and
   that none of its cancellations is read as a booking.
3. Thunderbird's iTIP test mails (shared/data/thunderbird-invitations, when present): invitations,
   updates and cancellations are never read as confirmations, and a scan of them writes nothing.
4. The scan of a 14-day window in a store of --size messages (bench/search.py's fill: the sample
   mailbox repeated with dates shifted back), with the message bytes read from memory (the live fetch
   from IMAP or disk is left out), dry run, then one real scan.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime, formataddr
from pathlib import Path
from typing import Any

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from common import ROOT, shared_data, summary  # noqa: E402
from steward.app import App, build_app  # noqa: E402
from steward.appointments import schema_org, structured  # noqa: E402
from steward.appointments.model import provider_key  # noqa: E402
from steward.clock import make_clock  # noqa: E402
from steward.paths import Paths  # noqa: E402
from steward.settings import load  # noqa: E402

LABELLED = ROOT / "bench" / "data" / "appointments_labelled.yaml"
ME = ("Alex Morgan", "alex@steward-demo.example")
QUIET = {"STEWARD_SEMANTIC_SEARCH": "0", "STEWARD_SEMANTIC_ROUTER": "0", "STEWARD_APPOINTMENTS_LLM": "0"}


# -- the labelled set ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Labelled:
    """One labelled message: its bytes, its kind and the appointments it should give."""

    name: str
    kind: str
    raw: bytes
    expect: tuple[tuple[str, datetime], ...]


@dataclass(frozen=True)
class LabelledSet:
    now: datetime
    zone: str
    messages: tuple[Labelled, ...]


def _ics(spec: Mapping[str, Any], uid: str) -> str:
    def when(name: str, value: str) -> str:
        return f"{name};{value}" if value.startswith("TZID=") else f"{name}:{value}"

    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Steward bench//EN", f"METHOD:{spec.get('method', 'PUBLISH')}",
             "BEGIN:VEVENT", f"UID:{uid}", "DTSTAMP:20260901T000000Z", when("DTSTART", str(spec["start"])),
             when("DTEND", str(spec["end"])), f"SUMMARY:{spec['summary']}",
             f"ORGANIZER;CN={spec.get('organizer', '')}:mailto:desk@organizer.example"]
    if spec.get("location"):
        lines.append(f"LOCATION:{spec['location']}")
    if spec.get("rsvp"):
        lines.append(f"ATTENDEE;RSVP=TRUE;PARTSTAT=NEEDS-ACTION:mailto:{ME[1]}")
    if spec.get("conference"):
        lines.append(f"X-MICROSOFT-SKYPETEAMSMEETINGURL:{spec['conference']}")
    lines += [f"STATUS:{spec.get('status', 'CONFIRMED')}", f"SEQUENCE:{spec.get('sequence', 0)}", "END:VEVENT",
              "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def _message(entry: Mapping[str, Any]) -> bytes:
    msg = EmailMessage()
    msg["From"] = formataddr(tuple(entry["from"]))  # type: ignore[arg-type]
    msg["To"] = formataddr(ME)
    msg["Subject"] = entry["subject"]
    msg["Date"] = format_datetime(datetime.fromisoformat(entry["sent"]))
    msg["Message-ID"] = f"<{entry['name']}@bench.steward.example>"
    msg.set_content(entry["body"])
    html = entry.get("html")
    if entry.get("jsonld") is not None:
        html = (f"<html><head><script type=\"application/ld+json\">{json.dumps(entry['jsonld'])}</script></head>"
                f"<body><p>{entry['body']}</p></body></html>")
    if html:
        msg.add_alternative(html, subtype="html")
    if entry.get("ics") is not None:
        msg.add_attachment(_ics(entry["ics"], f"{entry['name']}@bench").encode(), maintype="text",
                           subtype="calendar", filename="booking.ics")
    return bytes(msg)


def load_labelled(path: Path = LABELLED) -> LabelledSet:
    """The labelled set, each message built into its RFC 822 bytes."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = []
    for entry in data["messages"]:
        expect = tuple((str(e["provider"]), datetime.fromisoformat(str(e["start"]))) for e in entry.get("expect") or ())
        out.append(Labelled(entry["name"], entry["kind"], _message(entry), expect))
    return LabelledSet(datetime.fromisoformat(data["now"]), data["zone"], tuple(out))


def _app(home: Path, zone: str, now: datetime, **env: str) -> App:
    settings = load(None, environ={**QUIET, **env})
    return build_app(settings, make_clock(zone, now.isoformat()), Paths(home, home))


def _import(app: App, folder: Path) -> None:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    ingest(app.db, scan([folder]), account="bench", snippet_chars=app.settings.as_int("mail.snippet_chars"))


def same_provider(expected: str, got: str) -> bool:
    """The provider a label names and the one read agree: one's words all in the other's."""
    a, b = set(provider_key(expected).split()), set(provider_key(got).split())
    return bool(a) and bool(b) and (a <= b or b <= a)


@dataclass
class Scored:
    """What the reader wrote from the labelled set, against the labels."""

    expected: int = 0
    written: int = 0
    correct: int = 0
    wrong: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    reasons: dict[str, int] = field(default_factory=dict)

    @property
    def precision(self) -> float:
        return self.correct / self.written if self.written else 1.0

    @property
    def recall(self) -> float:
        return self.correct / self.expected if self.expected else 1.0


def evaluate_labelled(home: Path, data: LabelledSet | None = None) -> Scored:
    """Import the labelled set into `home`, scan it in auto mode and score what was written."""
    data = data or load_labelled()
    folder = home / "mail"
    folder.mkdir(parents=True, exist_ok=True)
    for m in data.messages:
        (folder / f"{m.name}.eml").write_bytes(m.raw)
    app = _app(home, data.zone, data.now, STEWARD_APPOINTMENTS_MODE="auto")
    try:
        _import(app, folder)
        report = app.appointments.scan()
        ids = {int(r[0]): str(r[1]).strip("<>").split("@")[0]
               for r in app.db.execute("SELECT id, message_id FROM messages")}
    finally:
        app.close()
    by_name = {m.name: m for m in data.messages}
    score = Scored(expected=sum(len(m.expect) for m in data.messages))
    found: set[tuple[str, int]] = set()
    for item in report.items:
        if item.status == "rejected" and item.reason:
            score.reasons[item.reason] = score.reasons.get(item.reason, 0) + 1
        if item.status != "created" or item.start is None:
            continue
        score.written += 1
        name = ids.get(item.message_id or -1, "?")
        labels = by_name[name].expect if name in by_name else ()
        hit = next((i for i, (p, s) in enumerate(labels) if same_provider(p, item.provider) and s == item.start), None)
        if hit is None:
            score.wrong.append(f"{name}: {item.provider} {item.start:%Y-%m-%d %H:%M}")
        else:
            score.correct += 1
            found.add((name, hit))
    for m in data.messages:
        for i, (provider, start) in enumerate(m.expect):
            if (m.name, i) not in found:
                score.missed.append(f"{m.name}: {provider} {start:%Y-%m-%d %H:%M}")
    return score


# -- KItinerary and Thunderbird --------------------------------------------------------------------


def _bookable(obj: Mapping[str, Any]) -> bool:
    kind = str(obj.get("@type", ""))
    return kind.endswith("Reservation") or kind.endswith("Event")


@dataclass
class Kit:
    files: int = 0
    expected: int = 0  # reservations and events in KItinerary's expected output for these inputs
    read: int = 0  # candidates Steward read
    confirmed: int = 0
    cancelled_inputs: int = 0
    cancelled_as_booking: int = 0
    failures: list[str] = field(default_factory=list)


def kitinerary(folder: Path) -> dict[str, Kit]:
    """Steward's structured reader over KItinerary's schema.org and iCalendar test inputs."""
    out: dict[str, Kit] = {}
    for html in sorted((folder / "structureddata").glob("*.html")):
        kit = out.setdefault("schema.org HTML (structureddata)", Kit())
        kit.files += 1
        expected_file = html.with_suffix(".json")
        if expected_file.exists():
            kit.expected += sum(1 for o in schema_org.typed_objects(json.loads(expected_file.read_text(encoding="utf-8"))) if _bookable(o))
        found = schema_org.from_html(html.read_text(encoding="utf-8", errors="replace"))
        kit.read += len(found)
        kit.confirmed += sum(1 for c in found if c.status == "confirmed")
    for html in sorted((folder / "extractordata").rglob("*.html")):
        kit = out.setdefault("schema.org HTML (extractordata)", Kit())
        kit.files += 1
        expected_file = Path(f"{html}.json")
        if expected_file.exists():
            kit.expected += sum(1 for o in schema_org.typed_objects(json.loads(expected_file.read_text(encoding="utf-8"))) if _bookable(o))
        found = schema_org.from_html(html.read_text(encoding="utf-8", errors="replace"))
        kit.read += len(found)
        kit.confirmed += sum(1 for c in found if c.status == "confirmed")
    for ics in sorted([*(folder / "calendarhandlerdata").glob("*.ics"), *(folder / "extractordata").rglob("*.ics")]):
        kit = out.setdefault("iCalendar (.ics)", Kit())
        kit.files += 1
        text = ics.read_text(encoding="utf-8", errors="replace")
        expected_file = ics.with_suffix(".json") if ics.parent.name == "calendarhandlerdata" else Path(f"{ics}.json")
        if expected_file.exists():
            kit.expected += sum(1 for o in schema_org.typed_objects(json.loads(expected_file.read_text(encoding="utf-8"))) if _bookable(o))
        found = structured.from_ics(text)
        kit.read += len(found)
        kit.confirmed += sum(1 for c in found if c.status == "confirmed")
        if "STATUS:CANCELLED" in text.upper() or "METHOD:CANCEL" in text.upper():
            kit.cancelled_inputs += 1
            if any(c.status == "confirmed" for c in found):
                kit.cancelled_as_booking += 1
                kit.failures.append(ics.name)
    # cancellations written as JSON-LD (put in an HTML part, as a mail would carry them)
    for path in sorted([*(folder / "jsonlddata").glob("*.json"), *(folder / "mergedata").glob("*.json")]):
        objs = [o for o in schema_org.typed_objects(json.loads(path.read_text(encoding="utf-8"))) if _bookable(o)]
        cancelled = [o for o in objs if "cancel" in str(o.get("reservationStatus", "")).lower()]
        if not cancelled:
            continue
        kit = out.setdefault("schema.org cancellations (jsonlddata, mergedata)", Kit())
        kit.files += 1
        kit.cancelled_inputs += len(cancelled)
        html = (f"<html><head><script type=\"application/ld+json\">{json.dumps(cancelled)}</script></head>"
                "<body></body></html>")
        found = schema_org.from_html(html)
        kit.read += len(found)
        kit.expected += len(cancelled)
        wrong = [c for c in found if c.status == "confirmed"]
        kit.cancelled_as_booking += len(wrong)
        kit.failures += [path.name for _ in wrong]
    return out


@dataclass(frozen=True)
class Invitation:
    name: str
    statuses: tuple[str, ...]


def thunderbird(folder: Path) -> list[Invitation]:
    """What Steward's structured reader says of each of Thunderbird's iTIP test mails."""
    return [Invitation(eml.name, tuple(c.status for c in structured.extract(eml.read_bytes())))
            for eml in sorted(folder.glob("*.eml"))]


def thunderbird_writes(home: Path, folder: Path) -> list[str]:
    """Import Thunderbird's mails into `home`, scan each one's window in auto mode: what got written."""
    from email import message_from_bytes
    from email.utils import parsedate_to_datetime

    mail = home / "mail"
    mail.mkdir(parents=True, exist_ok=True)
    sent = []
    for eml in sorted(folder.glob("*.eml")):
        (mail / eml.name).write_bytes(eml.read_bytes())
        date = message_from_bytes(eml.read_bytes()).get("Date")
        if date:
            sent.append(parsedate_to_datetime(date))
    written: list[str] = []
    # one scan per message date, on the clock of a minute after it arrived (its events are ahead then)
    for at in sorted({s for s in sent if s.tzinfo is not None}):
        app = _app(home, "UTC", at + timedelta(minutes=1), STEWARD_APPOINTMENTS_MODE="auto")
        try:
            _import(app, mail)
            written += [f"{i.provider} {i.start}" for i in app.appointments.scan().items if i.status == "created"]
        finally:
            app.close()
    return written


# -- the scan at scale -----------------------------------------------------------------------------


def scale(size: int, repeat: int) -> None:
    from search import NOW, fill
    from steward.appointments.service import AppointmentsService
    from steward.mail.parse import parse_message
    from steward.sample import generate
    from steward.store import connect

    sample = generate(NOW, seed=5, count=10_000)
    raw_by_id = {m.message_id: m.raw for m in sample}
    base = [parse_message(m.raw) for m in sample]
    with tempfile.TemporaryDirectory(prefix="steward-bench-appointments-") as tmp:
        home = Path(tmp)
        conn = connect(home / "steward.db")
        t0 = time.perf_counter()
        fill(conn, base, size)
        conn.close()
        print(f"\n{size:,} messages (filled in {time.perf_counter() - t0:.1f} s)")
        app = _app(home, "Asia/Kolkata", NOW)
        rows = {int(r[0]): str(r[1]).split("#")[0] for r in app.db.execute("SELECT id, message_id FROM messages")}

        def fetch(rowid: int) -> bytes:
            return raw_by_id[rows[rowid]]  # from memory: the live fetch is left out

        service = AppointmentsService(app.db, app.clock, lambda: app.calendar, fetch, mode="ask", window_days=14,
                                      travel_window_days=app.settings.as_int("appointments.travel_window_days"))
        window = service.window()
        from steward.store.messages import utc_text

        in_window = app.db.execute("SELECT count(*) FROM messages WHERE received_at >= ? AND received_at < ?",
                                   (utc_text(window.start), utc_text(window.end))).fetchone()[0]
        # the same scan without the travel look-back, run in turn with it so both see the same load
        alone = AppointmentsService(app.db, app.clock, lambda: app.calendar, fetch, mode="ask", window_days=14)
        times: list[float] = []
        times_alone: list[float] = []
        report = report_alone = None
        for _ in range(repeat):
            for which, into in ((service, times), (alone, times_alone)):
                t0 = time.perf_counter()
                got = which.scan(dry_run=True)
                into.append((time.perf_counter() - t0) * 1000)
                if which is service:
                    report = got
                else:
                    report_alone = got
        assert report is not None and report_alone is not None
        print(f"  scan of the 14-day window, dry run: {summary(times)}; "
              f"{len(report.items)} appointments, {report.count('proposed')} would be proposed")
        print(f"  the same without reading travel mail from before the window: {summary(times_alone)}; "
              f"{len(report_alone.items)} appointments, {report_alone.count('proposed')} would be proposed")
        t0 = time.perf_counter()
        real = service.scan()
        print(f"  first real scan (proposals stored): {(time.perf_counter() - t0) * 1000:.0f} ms, "
              f"{real.count('proposed')} proposed; {in_window:,} of the {size:,} messages are in the window")
        app.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--skip-scale", action="store_true")
    args = parser.parse_args()

    data = load_labelled()
    kinds: dict[str, int] = {}
    for m in data.messages:
        kinds[m.kind] = kinds.get(m.kind, 0) + 1
    with tempfile.TemporaryDirectory(prefix="steward-bench-appointments-") as tmp:
        t0 = time.perf_counter()
        score = evaluate_labelled(Path(tmp), data)
        took = time.perf_counter() - t0
    print(f"labelled set: {len(data.messages)} messages ({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))})")
    print(f"  written {score.written}, correct {score.correct} of {score.expected} expected: "
          f"precision {score.precision:.1%}, recall {score.recall:.1%}, wrong writes {len(score.wrong)} "
          f"(import and scan {took:.1f} s)")
    print("  rejections: " + ", ".join(f"{k} {v}" for k, v in sorted(score.reasons.items())))
    for line in score.wrong:
        print(f"  WRONG  {line}")
    for line in score.missed:
        print(f"  missed {line}")

    shared = shared_data()
    kit_dir = shared / "kitinerary" if shared else None
    if kit_dir is not None and kit_dir.is_dir():
        print("\nKItinerary test data (shared/data/kitinerary):")
        for name, kit in kitinerary(kit_dir).items():
            print(f"  {name}: {kit.files} files, {kit.expected} reservations/events expected, {kit.read} read "
                  f"({kit.confirmed} as bookings); cancellations {kit.cancelled_inputs}, read as bookings "
                  f"{kit.cancelled_as_booking}" + (f" {kit.failures}" if kit.failures else ""))
    else:
        print("\nKItinerary test data: not present (skipped)")
    tb_dir = shared / "thunderbird-invitations" if shared else None
    if tb_dir is not None and tb_dir.is_dir():
        found = thunderbird(tb_dir)
        statuses: dict[str, int] = {}
        for f in found:
            for s in f.statuses:
                statuses[s] = statuses.get(s, 0) + 1
        print(f"\nThunderbird iTIP mails (shared/data/thunderbird-invitations): {len(found)} messages, "
              f"{sum(len(f.statuses) for f in found)} calendar items read: "
              + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
        for f in found:
            if "confirmed" in f.statuses:
                methods = {line.strip().upper() for part in structured.calendar_parts((tb_dir / f.name).read_bytes())
                           for line in part.splitlines() if line.upper().startswith("METHOD:")}
                print(f"  read as a booking: {f.name} ({', '.join(sorted(methods)) or 'no METHOD'}: a published "
                      "event, not an invitation)")
        with tempfile.TemporaryDirectory(prefix="steward-bench-thunderbird-") as tmp:
            written = thunderbird_writes(Path(tmp), tb_dir)
        print(f"  written by scans in auto mode: {len(written)}" + (f" {written}" if written else ""))
    else:
        print("\nThunderbird iTIP mails: not present (skipped)")

    if not args.skip_scale:
        scale(args.size, args.repeat)
    return 0 if not score.wrong else 1


if __name__ == "__main__":
    raise SystemExit(main())
