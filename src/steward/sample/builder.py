"""What every generated sample mailbox shares: the message builder, the Message-ID scheme and footer, and
the writers (Maildir, mbox).

A generator (`mailbox.py`: Alex Morgan's mailbox for `steward demo`) fills a `Builder` with messages for
one person; a generator whose facts sit on fixed days relative to `now` (`second.py` to `sixth.py`) fills
a `DatedBox`, with invitations made by `ics_event` (`DatedBox.invite`, `DatedBox.invitation`), a booking
confirmed by `DatedBox.booking` (a table or a stay, with its schema.org markup, by `DatedBox.table_booking` /
`DatedBox.stay_booking`), confirmed and then cancelled or moved in answer by `DatedBox.cancelled_booking` /
`DatedBox.moved_booking`, bills' facts by `due_facts`, a bank's or a utility's HTML mail by `banner_page` (its
summary rows by `summary_table`) and forwards set out as a mail client sets them out by `forwarded`;
`write_maildir` / `write_mbox` put them where `steward mail import` reads them.
"""

from __future__ import annotations

import base64
import json
import quopri
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from email.header import Header
from email.message import EmailMessage
from email.policy import default as email_policy
from email.utils import format_datetime, formataddr
from pathlib import Path

DOMAIN = "sample.steward.example"

FOOTER = (
    "This is an automatically generated message from the Steward sample mailbox. The people, banks and "
    "shops in it are invented. Please do not reply to this message; replies go nowhere. To change how "
    "you receive these messages, visit your settings page."
)


@dataclass(frozen=True)
class SampleMessage:
    """One generated message: its id, label, facts for evaluations, and its RFC 822 bytes."""

    message_id: str
    kind: str
    received_at: datetime
    raw: bytes
    facts: Mapping[str, str] = field(default_factory=dict)


class Builder:
    """Collects the messages of one generated mailbox, addressed to `me`, in a seeded order."""

    def __init__(self, now: datetime, seed: int, scale: float, days: int, distinct: bool = False, *,
                 me: tuple[str, str]) -> None:
        self.now = now
        self.me = me
        self.distinct = distinct
        self.rng = random.Random(seed)
        self.seed = seed
        self.scale = scale
        self.start = now - timedelta(days=days)
        self.days = days
        self.out: list[SampleMessage] = []
        self.counter = 0

    def n(self, base: int) -> int:
        """`base` (a count for the 500-message mailbox) scaled to this mailbox's size, at least 1."""
        return max(1, round(base * self.scale))

    def when(self, zone: tzinfo, day_offset: float | None = None, hour: int | None = None) -> datetime:
        """A moment in the window (optionally on a given day from the start), in `zone`, before now."""
        day = self.rng.uniform(0, self.days) if day_offset is None else day_offset
        moment = (self.start + timedelta(days=day)).astimezone(zone)
        if hour is not None:
            moment = moment.replace(hour=hour, minute=self.rng.randrange(0, 60), second=self.rng.randrange(60))
        limit = self.now - timedelta(minutes=5)
        return min(moment, limit.astimezone(zone))

    def add(self, kind: str, sender: tuple[str, str], subject: str, text: str, when: datetime, *,
            html: str | None = None, pdf: str | None = None, reply_to: SampleMessage | None = None,
            thread_root: str | None = None, to: tuple[str, str] | None = None,
            facts: Mapping[str, str] | None = None) -> SampleMessage:
        """Build one message (to `me` unless `to` says otherwise), keep it and return it."""
        to = to or self.me
        self.counter += 1
        mid = f"{kind}-{self.counter:04d}.{self.seed}@{DOMAIN}"
        if self.distinct:  # a reference number, as order and alert mail carries: no two texts alike
            subject = f"{subject} (ref {self.counter:07d})"
            text = f"Reference {self.counter:07d}. {text}"
            sample = SampleMessage(mid, kind, when, _quick_bytes(self.counter, self.seed, kind, sender, to, subject,
                                                                 text, when, html, pdf, reply_to, thread_root),
                                   dict(facts or {}))
            self.out.append(sample)
            return sample
        msg = EmailMessage(policy=email_policy)
        msg["From"] = formataddr(sender)
        msg["To"] = formataddr(to)
        msg["Subject"] = subject
        msg["Date"] = format_datetime(when)
        msg["Message-ID"] = f"<{mid}>"
        if reply_to is not None:
            msg["In-Reply-To"] = f"<{reply_to.message_id}>"
            msg["References"] = f"<{thread_root or reply_to.message_id}> <{reply_to.message_id}>"
        body = f"{text}\n\n{FOOTER}\n" if kind not in ("personal",) else f"{text}\n\n-- \n{sender[0]}\n"
        # personal mail goes 8bit (as most clients send it); machine mail quoted-printable
        msg.set_content(body, cte="8bit" if kind == "personal" else "quoted-printable")
        if html is not None:
            msg.add_alternative(html, subtype="html")
        if pdf is not None:
            msg.add_attachment(b"%PDF-1.4\n% Steward sample statement\n%%EOF\n", maintype="application",
                               subtype="pdf", filename=pdf)
        if msg.is_multipart():
            msg.set_boundary(f"=_steward_{self.counter:04d}_{self.seed}")  # a random boundary would vary the bytes
        sample = SampleMessage(mid, kind, when, bytes(msg), dict(facts or {}))
        self.out.append(sample)
        return sample


def _quick_bytes(counter: int, seed: int, kind: str, sender: tuple[str, str], to: tuple[str, str], subject: str,
                 text: str, when: datetime, html: str | None, pdf: str | None, reply_to: SampleMessage | None,
                 thread_root: str | None) -> bytes:
    """The message `Builder.add` builds with EmailMessage (same headers, parts and encodings), written
    directly: about twenty times quicker, for the large mailboxes of `generate(distinct=True)`."""
    head = [f"From: {formataddr(sender, charset='utf-8')}", f"To: {formataddr(to, charset='utf-8')}",
            f"Subject: {subject if subject.isascii() else Header(subject, 'utf-8').encode()}",
            f"Date: {format_datetime(when)}", f"Message-ID: <{kind}-{counter:04d}.{seed}@{DOMAIN}>"]
    if reply_to is not None:
        head.append(f"In-Reply-To: <{reply_to.message_id}>")
        head.append(f"References: <{thread_root or reply_to.message_id}> <{reply_to.message_id}>")
    head.append("MIME-Version: 1.0")
    if kind == "personal":
        plain = (b'Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: 8bit\n\n'
                 + f"{text}\n\n-- \n{sender[0]}\n".encode())
    else:
        plain = (b'Content-Type: text/plain; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n\n'
                 + quopri.encodestring(f"{text}\n\n{FOOTER}\n".encode()))
    boundary = f"=_steward_{counter:04d}_{seed}"
    body = plain
    if html is not None:
        part = (b'Content-Type: text/html; charset="utf-8"\nContent-Transfer-Encoding: quoted-printable\n\n'
                + quopri.encodestring(html.encode()))
        inner = boundary if pdf is None else boundary + "_alt"
        body = _multipart("alternative", inner, [plain, part])
    if pdf is not None:
        attachment = (f'Content-Type: application/pdf\nContent-Transfer-Encoding: base64\n'
                      f'Content-Disposition: attachment; filename="{pdf}"\n\n').encode() + base64.encodebytes(
                          b"%PDF-1.4\n% Steward sample statement\n%%EOF\n")
        body = _multipart("mixed", boundary, [body, attachment])
    return "\n".join(head).encode() + b"\n" + body


def _multipart(subtype: str, boundary: str, parts: list[bytes]) -> bytes:
    mark = f"--{boundary}".encode()
    out = [f'Content-Type: multipart/{subtype}; boundary="{boundary}"\n'.encode()]
    for part in parts:
        out.append(mark + b"\n" + part.rstrip(b"\n") + b"\n")
    out.append(mark + b"--\n")
    return b"\n".join(out)


def write_maildir(messages: Iterable[SampleMessage], folder: Path) -> Path:
    """Write messages as a Maildir (cur/new/tmp); the newest ten are unread in new/."""
    items = list(messages)
    for sub in ("cur", "new", "tmp"):
        (folder / sub).mkdir(parents=True, exist_ok=True)
    for i, m in enumerate(items):
        unique = f"{int(m.received_at.timestamp())}.{m.message_id.split('@')[0]}.sample"
        if i >= len(items) - 10:
            (folder / "new" / unique).write_bytes(m.raw)
        else:
            (folder / "cur" / f"{unique}:2,S").write_bytes(m.raw)
    return folder


def write_mbox(messages: Iterable[SampleMessage], path: Path) -> Path:
    """Write messages as one mbox (mboxrd: body lines starting with From are escaped)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        for m in messages:
            out.write(f"From MAILER-DAEMON {m.received_at:%a %b %d %H:%M:%S %Y}\n".encode())
            for line in m.raw.replace(b"\r\n", b"\n").split(b"\n"):
                if line.lstrip(b">").startswith(b"From "):
                    line = b">" + line
                out.write(line + b"\n")
            out.write(b"\n")
    return path


def due_facts(issuer: str, amount: str, currency: str, due: date, kind: str, status: str,
              **more: str) -> dict[str, str]:
    """The facts of a bill's message an evaluation checks: who is owed what, in which currency, by when."""
    return {"issuer": issuer, "amount": amount, "currency": currency, "due_date": due.isoformat(), "kind": kind,
            "status": status, **more}


Newsletter = tuple[str, str, int, Sequence[str]]
"""A weekly list: its name, its address, the weekday it comes out on (0 is Monday) and its topics in turn."""

Purchase = tuple[str, str, str, float | None]
"""A shop's order: the shop, its address, what was bought and its price (None: drawn for each order)."""

Letter = tuple[tuple[str, str], int, int, int, str, str]
"""A personal message received: who, days ago, hour, minute, subject and text (signed as its sender signs)."""

Note = tuple[str, datetime, str]
"""One message of a thread as its sender writes it: its subject, when it was sent and its text."""


@dataclass(frozen=True)
class NewsletterStyle:
    """How a mailbox's newsletters are written (`{name}` and `{topic}` filled in) and when they arrive: at
    `hour`, at a minute drawn from `minutes`."""

    subject: str
    text: str
    html: str
    hour: int = 6
    minutes: tuple[int, int] = (5, 55)


WEEKLY = NewsletterStyle(
    "{name}: {topic}", "{name}\nThis week: {topic}.\nRead more on our website. Unsubscribe at any time.",
    "<html><body><h1>{name}</h1><p>This week: <b>{topic}</b>.</p>"
    "<p><a href=\"https://example.invalid/unsubscribe\">Unsubscribe</a></p></body></html>")


def banner_style(subject: str, foot: str, colour: str, *, hour: int = 6,
                 minutes: tuple[int, int] = (5, 55)) -> NewsletterStyle:
    """How a shop's or a neighbourhood's weekly mail is written: its name in white on a `colour` banner over the
    week's topic. `subject` sets out its subject ("{name} | {topic}"); `foot` closes its text ("View online.
    Unsubscribe or update your preferences.")."""
    return NewsletterStyle(
        subject, "{name}\nThis week: {topic}.\n" + foot,
        f"<html><body><table width=\"600\" cellpadding=\"10\"><tr><td style=\"background:{colour};color:#fff\">"
        "<h1>{name}</h1></td></tr><tr><td><p>This week: <b>{topic}</b>.</p><p><a href=\"https://example.invalid/"
        "unsubscribe\">Unsubscribe</a></p></td></tr></table></body></html>", hour=hour, minutes=minutes)


@dataclass(frozen=True)
class AlertCard:
    """A card whose spending alerts a mailbox holds: who sends them, their subject, the card's last four digits
    and currency, and `write(amount, merchant, when)`, the alert's text."""

    sender: tuple[str, str]
    subject: str
    last4: str
    currency: str
    write: Callable[[float, str, datetime], str]


@dataclass(frozen=True)
class Lure:
    """A phishing message: its sender, subject, when it came (days ago, hour, minute), text and kind of lure."""

    sender: tuple[str, str]
    subject: str
    sent: tuple[int, int, int]
    text: str
    lure: str


class DatedBox:
    """Collects one person's mailbox whose facts are fixed relative to `now`'s date in their own zone (a bill
    due in 9 days, a booking mail sent 12 days ago), whatever the clock it is built at: every `add` is one
    RFC 822 message (plain text, plain text with an HTML part, or HTML only; an iCalendar or a PDF
    attached), with fixed boundaries so the same inputs give the same bytes.

    Each mailbox names its own: the person (`me`), the domain of its Message-IDs
    (`<kind-NNNN.SEED@domain>`; its first label also marks the MIME boundaries), the footer of its machine
    mail, which kinds of message are personal (8bit, no footer; `signed`: closed with the sender's name),
    the seed of its filler (`rng_seed`, by default one made from `seed` and the domain), the text of its
    PDF placeholders (`pdf_note`), its calendar parts' file name, PRODID and DTSTAMP, and how many
    minutes before now a message sent "today" is kept at the latest (`margin`, plus one a day back)."""

    def __init__(self, now: datetime, seed: int, days: int, *, me: tuple[str, str], zone: tzinfo, domain: str,
                 footer: str, personal: tuple[str, ...] = ("personal", "invitation_personal", "forwarded"),
                 rng_seed: int | None = None, signed: bool = False, pdf_note: str = "Steward sample statement",
                 ics_name: str = "invite.ics", prodid: str = "-//Steward sample//EN",
                 ics_stamp: str = "20261201T000000Z", margin: int = 9) -> None:
        self.now = now
        self.me = me
        self.zone = zone
        self.domain = domain
        self.footer = footer
        self.personal = personal
        self.local_now = now.astimezone(zone)
        self.today = self.local_now.date()
        self.start = now - timedelta(days=days)
        self.days = days
        self.seed = seed
        self.rng = random.Random(seed * 7919 + len(domain) if rng_seed is None else rng_seed)
        self.out: list[SampleMessage] = []
        self.counter = 0
        self.signed, self.pdf_note, self.margin = signed, pdf_note, margin
        self.ics_name, self.prodid, self.ics_stamp = ics_name, prodid, ics_stamp

    def at(self, days: int, hour: int, minute: int = 0, zone: tzinfo | None = None) -> datetime:
        """`days` from today (the person's date), at a wall time in `zone` (theirs unless given)."""
        return datetime.combine(self.today + timedelta(days=days), time(hour, minute), zone or self.zone)

    def sent(self, days: float, hour: int, minute: int = 0, zone: tzinfo | None = None) -> datetime:
        """A moment `days` days ago at a wall time, kept before now (a message cannot come from the future)."""
        whole = int(days)
        moment = datetime.combine(self.today - timedelta(days=whole), time(hour, minute), zone or self.zone)
        return min(moment, self.now - timedelta(minutes=self.margin + whole))

    def add(self, kind: str, sender: tuple[str, str], subject: str, when: datetime, text: str | None, *,
            html: str | None = None, ics: str | None = None, ics_method: str = "PUBLISH",
            pdf: str | None = None, reply_to: SampleMessage | None = None, to: tuple[str, str] | None = None,
            facts: Mapping[str, str] | None = None) -> SampleMessage:
        """Build one message to `me` (or `to`; HTML only when `text` is None) and keep it."""
        if when >= self.now or when < self.start:
            raise ValueError(f"{kind} message dated {when} is outside the mailbox's window")
        self.counter += 1
        mid = f"{kind}-{self.counter:04d}.{self.seed}@{self.domain}"
        msg = EmailMessage(policy=email_policy)
        msg["From"] = formataddr(sender)
        msg["To"] = formataddr(to or self.me)
        msg["Subject"] = subject
        msg["Date"] = format_datetime(when)
        msg["Message-ID"] = f"<{mid}>"
        if reply_to is not None:
            msg["In-Reply-To"] = f"<{reply_to.message_id}>"
            msg["References"] = f"<{reply_to.message_id}>"
        personal = kind in self.personal
        if text is None:
            msg.set_content(html or "", subtype="html", cte="quoted-printable")
        else:
            if not personal:
                body = f"{text}\n\n{self.footer}\n"
            else:
                body = f"{text}\n\n-- \n{sender[0]}\n" if self.signed else f"{text}\n"
            msg.set_content(body, cte="8bit" if personal else "quoted-printable")
            if html is not None:
                msg.add_alternative(html, subtype="html")
        if ics is not None:
            msg.add_attachment(ics.encode("utf-8"), maintype="text", subtype="calendar", filename=self.ics_name,
                               params={"method": ics_method})
        if pdf is not None:
            msg.add_attachment(f"%PDF-1.4\n% {self.pdf_note}\n%%EOF\n".encode(), maintype="application",
                               subtype="pdf", filename=pdf)
        tag = self.domain.split(".")[0]
        for depth, part in enumerate(p for p in msg.walk() if p.is_multipart()):
            part.set_boundary(f"=_{tag}_{self.counter:04d}_{self.seed}_{depth}")
        sample = SampleMessage(mid, kind, when, bytes(msg), dict(facts or {}))
        self.out.append(sample)
        return sample

    def invite(self, uid: str, summary: str, start: datetime, end: datetime, location: str, *,
               method: str = "PUBLISH", organizer: str | None = None) -> str:
        """An iCalendar event as this mailbox's calendar parts write it; with `organizer`, an invitation that
        asks the person to answer."""
        return ics_event(uid, summary, start, end, location, method=method, organizer=organizer,
                         attendee=self.me[1] if organizer else None, prodid=self.prodid, stamp=self.ics_stamp)

    def invitation(self, organizer: tuple[str, str], subject: str, sent: datetime, text: str, *, uid: str,
                   summary: str, start: datetime, end: datetime, location: str, kind: str = "meeting",
                   was: datetime | None = None, superseded: str = "") -> SampleMessage:
        """A calendar invitation from `organizer` that asks the person to answer (an iCalendar REQUEST); with
        `was`, the organizer's update that moves it from `was` to `start` (the same UID, SEQUENCE:1).
        `superseded` names what a later message does to it (its facts say so)."""
        ics = self.invite(uid, summary, start, end, location, method="REQUEST", organizer=organizer[1])
        facts = {"provider": organizer[0], "start": start.isoformat(), "status": "invited", "kind": kind}
        if was is not None:
            ics = ics.replace("STATUS:CONFIRMED", "SEQUENCE:1\r\nSTATUS:CONFIRMED")
            facts = {"provider": organizer[0], "start": start.isoformat(), "was": was.isoformat(),
                     "status": "rescheduled", "kind": kind}
        if superseded:
            facts["superseded"] = superseded
        return self.add("invitation", organizer, subject, sent, text, ics=ics, ics_method="REQUEST", facts=facts)

    def cancelled_booking(self, provider: tuple[str, str], kind: str, start: datetime, booked: Note,
                          cancelled: Note) -> SampleMessage:
        """A booking of `kind` at `start` confirmed by `provider`, then cancelled by it in answer to the
        confirmation (whose facts say it was); the confirmation is returned, for later mail to answer."""
        return self._changed_booking(provider, kind, start, booked, "cancelled", cancelled, start)

    def moved_booking(self, provider: tuple[str, str], kind: str, was: datetime, moved: datetime, booked: Note,
                      change: Note) -> SampleMessage:
        """A booking of `kind` at `was` confirmed by `provider`, then moved by it to `moved` in answer to the
        confirmation (whose facts say it was); the confirmation is returned, for later mail to answer."""
        return self._changed_booking(provider, kind, was, booked, "rescheduled", change, moved)

    def _changed_booking(self, provider: tuple[str, str], kind: str, start: datetime, booked: Note, status: str,
                         change: Note, now_at: datetime) -> SampleMessage:
        confirmation = self.add("appointment", provider, *booked,
                                facts={"provider": provider[0], "start": start.isoformat(), "status": "confirmed",
                                       "kind": kind, "superseded": status})
        was = {"was": start.isoformat()} if status == "rescheduled" else {}
        self.add(f"appointment_{status}", provider, *change, reply_to=confirmation,
                 facts={"provider": provider[0], "start": now_at.isoformat(), **was, "status": status, "kind": kind})
        return confirmation

    def booking(self, provider: tuple[str, str], kind: str, start: datetime, subject: str, sent: datetime,
                text: str | None, *, label: str = "appointment", html: str | None = None,
                **more: str) -> SampleMessage:
        """A booking of `kind` at `start` confirmed by `provider` (an `appointment` unless `label` names another
        kind of mail); `more` adds to its facts (the doctor, the fee, the reference)."""
        return self.add(label, provider, subject, sent, text, html=html,
                        facts={"provider": provider[0], "start": start.isoformat(), "status": "confirmed",
                               "kind": kind, **more})

    def table_booking(self, sender: tuple[str, str], subject: str, sent: datetime, text: str, page: str, *,
                      number: str, guest: str, party: int, start: datetime, place: str, street: str, locality: str,
                      **more: str) -> SampleMessage:
        """A restaurant table booked through a booking service (`sender`): its text, and an HTML part that shows
        `page` under the booking's schema.org markup; `more` adds to its facts."""
        markup = table_markup(number, guest, party, start, place, street, locality)
        return self.add("reservation", sender, subject, sent, text, html=marked_page(markup, page),
                        facts={"provider": place, "start": start.isoformat(), "status": "confirmed",
                               "kind": "restaurant", "reference": number, "party": str(party), **more})

    def stay_booking(self, sender: tuple[str, str], subject: str, sent: datetime, text: str, page: str, *,
                     number: str, guest: str, check_in: datetime, check_out: datetime, place: str, street: str,
                     locality: str, country: str, kind: str = "hotel", **more: str) -> SampleMessage:
        """A stay (a hotel, a motel) confirmed by `sender`: its text, and an HTML part that shows `page` under
        the stay's schema.org markup; `more` adds to its facts (what it costs, in which currency)."""
        markup = stay_markup(number, guest, check_in, check_out, place, street, locality, country)
        return self.add("hotel", sender, subject, sent, text, html=marked_page(markup, page),
                        facts={"provider": place, "start": check_in.isoformat(), "end": check_out.isoformat(),
                               "status": "confirmed", "kind": kind, "reference": number, **more})

    def messages(self) -> list[SampleMessage]:
        """Every message added, oldest first (a tie in order of Message-ID)."""
        return sorted(self.out, key=lambda m: (m.received_at, m.message_id))

    # The filler every dated mailbox holds. Each helper draws from `rng` in one fixed order (a message's
    # minute, then its amount where it has one), so the same seed gives the same bytes.

    def _on(self, days_ago: int, hour: int, zone: tzinfo | None = None) -> datetime:
        """`days_ago` days before today at `hour` and a minute drawn from the filler's seed."""
        return datetime.combine(self.today - timedelta(days=days_ago), time(hour, self.rng.randrange(60)),
                                zone or self.zone)

    def newsletters(self, lists: Iterable[Newsletter], style: NewsletterStyle = WEEKLY, *,
                    fortnightly: Iterable[str] = ()) -> None:
        """Each list's issue on its weekday of every week in the window (those named in `fortnightly` every
        other week), its topics in turn, written in `style`."""
        every_other = set(fortnightly)
        for name, addr, weekday, topics in lists:
            for week in range(13):
                day = self.today - timedelta(days=7 * week + (self.today.weekday() - weekday) % 7)
                when = datetime.combine(day, time(style.hour, self.rng.randrange(*style.minutes)), self.zone)
                if when >= self.now or when < self.start or (name in every_other and week % 2):
                    continue
                topic = topics[week % len(topics)]
                self.add("newsletter", (name, addr), style.subject.format(name=name, topic=topic), when,
                         style.text.format(name=name, topic=topic), html=style.html.format(name=name, topic=topic),
                         facts={"list": name})

    def card_alerts(self, card: AlertCard, count: int, *, first_hour: int, hours: int, spend: tuple[float, float],
                    merchants: Sequence[str]) -> None:
        """Up to `count` spending alerts on `card`, every other day back from yesterday (at `first_hour` and
        later, over `hours` hours), at `merchants` in turn, for an amount in `spend`."""
        for i in range(count):
            when = self._on(2 * i + 1, first_hour + (i * 5) % hours)
            if when < self.start:
                break
            amount = round(self.rng.uniform(*spend), 2)
            text = card.write(amount, merchants[i % len(merchants)], when)
            self.add("bank_alert", card.sender, card.subject, when, text,
                     facts={"last4": card.last4, "amount": f"{amount:.2f}", "currency": card.currency})

    def abroad_alerts(self, card: AlertCard, amounts: Sequence[float], merchants: Sequence[str], *, every: int,
                      first: int, hour: int, zone: tzinfo) -> None:
        """Spending alerts on a card used in another country (its clock `zone`): fixed `amounts` at `merchants`,
        `first` days back and then every `every` days."""
        for i, amount in enumerate(amounts):
            when = self._on(every * i + first, hour, zone)
            self.add("bank_alert", card.sender, card.subject, when, card.write(amount, merchants[i], when),
                     facts={"last4": card.last4, "amount": f"{amount:.2f}", "currency": card.currency})

    def receipts(self, shops: Sequence[Purchase], count: int, *, every: int, first: int, orders: tuple[int, int],
                 spend: tuple[float, float], currency: str,
                 write: Callable[[str, str, str, float], tuple[str, str]], hour: int = 19) -> None:
        """Up to `count` order receipts, one every `every` days from `first` days back, in the evening (at
        `hour`), from `shops` in turn (an open amount drawn from `spend`); order numbers count from
        `orders[0]` by `orders[1]`; `write(shop, order, what, amount)` gives the subject and the text."""
        for i in range(count):
            shop, addr, what, amount = shops[i % len(shops)]
            value = amount if amount is not None else round(self.rng.uniform(*spend), 2)
            when = self._on(every * i + first, hour)
            if when < self.start:
                break
            subject, text = write(shop, f"{orders[0] + orders[1] * i}", what, value)
            self.add("receipt", (shop, addr), subject, when, text,
                     facts={"shop": shop, "amount": f"{value:.2f}", "currency": currency})

    def notices(self, notes: Sequence[tuple[str, str, str, str]], count: int, *, every: int, first: int) -> None:
        """Up to `count` other machine mail (a library, the office IT desk, a courier), late in the morning, one
        every `every` days from `first` days back: each note is (sender name, address, subject, text)."""
        for i in range(count):
            name, addr, subject, text = notes[i % len(notes)]
            when = self._on(every * i + first, 11)
            if when < self.start:
                break
            self.add("other", (name, addr), subject, when, text)

    def lures(self, lures: Iterable[Lure]) -> None:
        """Phishing mail, each labelled with the kind of lure it is."""
        for lure in lures:
            self.add("phishing", lure.sender, lure.subject, self.sent(*lure.sent), lure.text,
                     facts={"phishing": "true", "lure": lure.lure})

    def letters(self, threads: Iterable[Letter], greeting: Callable[[tuple[str, str]], str]) -> None:
        """Personal mail received, each opened with the greeting its sender uses (none when it is empty)."""
        for who, ago, hour, minute, subject, text in threads:
            opening = greeting(who)
            self.add("personal", who, subject, self.sent(ago, hour, minute),
                     f"{opening}\n\n{text}" if opening else text, facts={"person": who[0]})


@dataclass(frozen=True)
class ForwardForm:
    """How a mail client sets out a message it forwards under the forwarder's note: the line that opens the
    original, the original's header lines in the client's order, and how the client writes its date."""

    opening: str
    headers: tuple[str, ...]  # of "From", "Date" or "Sent", "To", "Subject"
    date: Callable[[datetime], str]


GMAIL = ForwardForm("---------- Forwarded message ---------", ("From", "Date", "Subject", "To"),
                    lambda d: f"{d:%a}, {d.day} {d:%b %Y} at {d:%H:%M}")
"""Gmail's forward: "Date: Mon, 8 Mar 2027 at 21:14"."""

GMAIL_HEADER_DATE = ForwardForm(GMAIL.opening, GMAIL.headers, format_datetime)
"""Gmail's opening line and order, the date as the original's Date header (RFC 5322), as some phones write it."""

OUTLOOK = ForwardForm("________________________________", ("From", "Sent", "To", "Subject"),
                      lambda d: f"{d:%A, %B} {d.day}, {d:%Y %I:%M %p}")
"""Outlook's forward: a rule, then "Sent: Monday, March 8, 2027 09:14 PM"."""

ORIGINAL_MESSAGE = ForwardForm("-----Original Message-----", ("From", "Sent", "To", "Subject"), format_datetime)
"""Older Outlook and many webmails: "-----Original Message-----", the date as its Date header."""


def forwarded(note: str, form: ForwardForm, sender: tuple[str, str], sent: datetime, to: tuple[str, str],
              subject: str, text: str) -> str:
    """The text of a forward: the forwarder's note, then the original (from `sender` to `to`, sent at `sent`)
    set out as `form`'s client sets it out."""
    values = {"From": f"{sender[0]} <{sender[1]}>", "Date": form.date(sent), "Sent": form.date(sent),
              "To": f"{to[0]} <{to[1]}>", "Subject": subject}
    head = "".join(f"{name}: {values[name]}\n" for name in form.headers)
    return f"{note}\n\n{form.opening}\n{head}\n{text}"


def ics_event(uid: str, summary: str, start: datetime, end: datetime, location: str, *, method: str = "PUBLISH",
              organizer: str | None = None, attendee: str | None = None, prodid: str = "-//Steward sample//EN",
              stamp: str = "20261201T000000Z") -> str:
    """One VEVENT in a VCALENDAR, its times in UTC (an invitation when `organizer` and `attendee` are given)."""
    utc = "%Y%m%dT%H%M%SZ"
    lines = ["BEGIN:VCALENDAR", "VERSION:2.0", f"PRODID:{prodid}", f"METHOD:{method}",
             "BEGIN:VEVENT", f"UID:{uid}", f"DTSTAMP:{stamp}", f"DTSTART:{start.astimezone(UTC):{utc}}",
             f"DTEND:{end.astimezone(UTC):{utc}}", f"SUMMARY:{summary}", f"LOCATION:{location}"]
    if organizer:
        lines.append(f"ORGANIZER:mailto:{organizer}")
    if attendee:
        lines.append(f"ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:{attendee}")
    lines += ["STATUS:CONFIRMED", "END:VEVENT", "END:VCALENDAR", ""]
    return "\r\n".join(lines)


def table_markup(number: str, guest: str, party: int, start: datetime, place: str, street: str,
                 locality: str) -> str:
    """A table booking as booking services mark it up in their HTML (schema.org JSON-LD)."""
    return json.dumps({
        "@context": "https://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": number,
        "reservationStatus": "https://schema.org/ReservationConfirmed", "underName": {"@type": "Person", "name": guest},
        "partySize": party, "startTime": start.isoformat(),
        "reservationFor": {"@type": "FoodEstablishment", "name": place,
                           "address": {"@type": "PostalAddress", "streetAddress": street,
                                       "addressLocality": locality}}})


def stay_markup(number: str, guest: str, check_in: datetime, check_out: datetime, place: str, street: str,
                locality: str, country: str) -> str:
    """A stay as booking services mark it up in their HTML (schema.org JSON-LD)."""
    return json.dumps({
        "@context": "https://schema.org", "@type": "LodgingReservation", "reservationNumber": number,
        "reservationStatus": "https://schema.org/ReservationConfirmed", "underName": {"@type": "Person", "name": guest},
        "checkinTime": check_in.isoformat(), "checkoutTime": check_out.isoformat(),
        "reservationFor": {"@type": "LodgingBusiness", "name": place,
                           "address": {"@type": "PostalAddress", "streetAddress": street, "addressLocality": locality,
                                       "addressCountry": country}}})


def marked_page(markup: str, page: str) -> str:
    """A booking's HTML part as booking services write it: the schema.org markup in a script, then `page`."""
    return "<html><body><script type=\"application/ld+json\">" + markup + "</script>" + page + "</body></html>"


def banner_page(name: str, body: str, foot: str = "", *, page: str, banner: str, pad: str,
                table: str = 'width="620" align="center" cellpadding="0" cellspacing="0"') -> str:
    """An HTML mail laid out as banks and utilities lay theirs out: `name` on a banner (`banner`, its cell's style)
    over `body`, and `foot` (the small print) under it; `page` is the page's style, `table` the attributes of the
    table that lays it out and `pad` the padding of the cells under the banner."""
    return (f"<html><body style=\"{page}\"><table {table}><tr><td style=\"{banner}\">{name}</td></tr>"
            f"<tr><td style=\"padding:{pad}\">{body}</td></tr>"
            + (f"<tr><td style=\"font-size:10px;color:#666;padding:{pad}\">{foot}</td></tr>" if foot else "")
            + "</table></body></html>")


def summary_table(rows: Iterable[tuple[str, str]],
                  attributes: str = 'border="1" cellpadding="6" style="border-collapse:collapse"') -> str:
    """A statement's or a bill's summary in HTML: one row a line, its label left and its figure right."""
    return (f"<table {attributes}>" + "".join(f"<tr><td>{k}</td><td align=\"right\">{v}</td></tr>" for k, v in rows)
            + "</table>")
