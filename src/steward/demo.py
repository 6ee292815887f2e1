"""The demo home: the bundled sample mailbox written into the home and imported, and a short
brief-like summary of it. Idempotent: a second run finds the mailbox already there and adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from steward.app import App
from steward.clock import Clock
from steward.mail.ingest import IngestReport, ingest
from steward.mail.sources import scan
from steward.sample.builder import write_maildir
from steward.sample.homes import sample_mailbox
from steward.search.mailbox import analyze
from steward.store.messages import count_by_category


@dataclass(frozen=True)
class Line:
    """One line of the summary: what it is about, and the message ids behind it."""

    text: str
    ids: tuple[int, ...] = ()


@dataclass(frozen=True)
class DemoSummary:
    """What the demo home holds, in the order a morning brief would say it."""

    home: str
    mailbox: str
    messages: int
    added: int
    by_category: dict[str, int]
    sections: dict[str, list[Line]]

    def text(self) -> str:
        """The summary as the demo prints it."""
        lines = [f"Steward demo home: {self.home}",
                 f"Sample mailbox: {self.mailbox} ({self.messages} messages, {self.added} new this run)"]
        cats = ", ".join(f"{name} {count}" for name, count in sorted(self.by_category.items(), key=lambda kv: -kv[1]))
        lines.append(f"By category: {cats}")
        for title, items in self.sections.items():
            lines.append("")
            lines.append(f"{title}:")
            lines.extend(f"  - {item.text}" for item in items) if items else lines.append("  (nothing)")
        return "\n".join(lines)


def build_demo_home(app: App, *, seed: int = 7, mailbox: str = "demo") -> tuple[Path, IngestReport]:
    """Write a sample mailbox into the home (once) and import it (skipping what is already there).

    `mailbox` names a row of `steward.sample.homes.MAILBOXES` ("demo" is Alex Morgan's, "second" Noor
    Haddad's in Melbourne, ...), best seen at its person's zone (`--tz`); each is written to a folder of
    its own.
    """
    sample = sample_mailbox(mailbox)
    folder = app.paths.data_dir / sample.folder
    if not (folder / "cur").is_dir():
        write_maildir(sample.generate(app.clock.now(), seed=seed), folder)
    report = ingest(app.db, scan([folder]), account="demo",
                    snippet_chars=app.settings.as_int("mail.snippet_chars"), on_batch=app.mail_on_batch,
                    classifier=app.mail_classifier)
    scan_appointments(app)
    extract_dues(app)
    return folder, report


def extract_dues(app: App) -> None:
    """Read the imported bills, so the page and `steward dues` show what is owed from the start."""
    app.dues.extract(since=None)


def scan_appointments(app: App) -> None:
    """Read the imported mail for appointments, so the page has proposals (unless appointments are off)."""
    if app.settings.as_str("appointments.mode") != "off":
        app.appointments.scan()


def summarize(app: App, folder: Path, report: IngestReport, clock: Clock) -> DemoSummary:
    """A brief-like summary of the demo mailbox: money, appointments, anything suspicious."""
    by_category = count_by_category(app.db)
    total = sum(by_category.values())
    sections: dict[str, list[Line]] = {}
    for title, query in (("Money: statements, payment reminders, AutoPay", "category:payment_due,statement,autopay"),
                         ("Appointments", "category:appointment"),
                         ("Looks like phishing", "category:phishing_suspect")):
        sections[title] = _section(app, query, clock)
    if app.settings.as_str("appointments.mode") != "off":
        sections["Appointments waiting for your yes (steward appointments accept ID)"] = [
            Line(f"#{i.id} {clock.formats.moment(clock.local(i.start)) if i.start else '(no time)'} "
                 f"{i.title or i.provider}" + (f": {i.change}" if i.change else ""),
                 (i.message_id,) if i.message_id is not None else ())
            for i in app.appointments.proposals()]
    return DemoSummary(app.paths.home_label, str(folder), total, report.added, by_category, sections)


def _section(app: App, query: str, clock: Clock) -> list[Line]:
    result = analyze(app.db, query, clock=clock, limit=1000)
    lines: list[Line] = []
    for g in result.groups:
        who = g.sender_name or g.sender
        last = clock.formats.day(clock.local(g.last).date())
        lines.append(Line(f"{who}: {g.count} message(s), latest {last}: {g.examples[0]}", g.ids))
    return lines
