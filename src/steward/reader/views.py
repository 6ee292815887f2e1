"""What an answer shows, as data: one shape per kind (dues, schedule, mail, bookings), for the page.

The reply stays the answer in words (the CLI, screen readers, MCP); the view is the same answer as
things a page draws: a table of dues, a list of days, a list of messages, bookings with their Accept.
Every day, time and sum in a view is already written in the person's locale (`Formats`), so the page
formats nothing itself. The shapes are documented in docs/json.md ("an answer's view").
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from steward.clock import Clock
from steward.reader.frame import Frame
from steward.records.finance import Account, Due, mask_last4


def window_words(frame: Frame, clock: Clock) -> str | None:
    """`this week: Sat 5 – Sun 6 Dec`: what the question's window said, and the days it covers."""
    if frame.window is None:
        return None
    first = clock.local(frame.window.start).date()
    end = clock.local(frame.window.end)
    last = (end - timedelta(microseconds=1)).date() if end > clock.local(frame.window.start) else first
    return f"{frame.window.said.removeprefix('on ')}: {clock.formats.span(first, last)}"


def digest_window(window: str, as_of: date, clock: Clock) -> str | None:
    """`the next 7 days: Sat 5 – Fri 11 Dec`, `this month: ...` for a digest's window; None for all."""
    fmt = clock.formats
    if window == "month":
        nxt = (as_of.replace(day=28) + timedelta(days=4)).replace(day=1)
        return f"this month: {fmt.span(as_of, nxt - timedelta(days=1))}, and anything overdue"
    if window.endswith("d") and window[:-1].isdigit():
        days = int(window[:-1])
        return f"the next {days} days: {fmt.span(as_of, as_of + timedelta(days=days - 1))}, and anything overdue"
    return None


def digest_span(window: str, as_of: date, clock: Clock) -> tuple[datetime, datetime] | None:
    """The instants a digest's window covers (`7d`: today and the six days after it); None for all."""
    first = datetime.combine(as_of, datetime.min.time(), clock.zone)
    if window == "month":
        nxt = (as_of.replace(day=28) + timedelta(days=4)).replace(day=1)
        return first, datetime.combine(nxt, datetime.min.time(), clock.zone)
    if window.endswith("d") and window[:-1].isdigit():
        return first, datetime.combine(as_of + timedelta(days=int(window[:-1])), datetime.min.time(), clock.zone)
    return None


def waiting_items(items: Iterable[Any], clock: Clock, shown: Iterable[Any] = ()) -> list[dict[str, Any]]:
    """`view.waiting`: appointments found in mail that wait for a yes, soonest first, each with its proposal
    id (Accept / Reject); those in `shown` (already drawn in the answer itself) left out."""
    drawn = set(shown)
    fmt = clock.formats
    found = [i for i in items if i.status == "proposed" and i.start is not None and i.id not in drawn]
    return [{"title": i.title or i.provider, "when_text": fmt.moment(clock.local(i.start)), "proposal": i.id}
            for i in sorted(found, key=lambda i: i.start)]


def with_waiting(data: Mapping[str, Any], waiting: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """An answer's data whose view also says what waits for a yes in its window (the schedule and the
    bookings draw theirs in place, so theirs is left as it is)."""
    out = dict(data)
    view = out.get("view")
    if not waiting or not isinstance(view, Mapping) or view.get("kind") in ("schedule", "offline") \
            or view.get("waiting"):
        return out
    out["view"] = {**view, "waiting": list(waiting)}
    return out


def due_status(due: Due, overdue: bool) -> str:
    """The chip a due wears: `paid`, `overdue`, `autopay` or `open`."""
    if due.status == "paid":
        return "paid"
    if overdue:
        return "overdue"
    return "autopay" if due.autopay else "open"


def dues_view(head: str, dues: Sequence[Due], overdue: Iterable[int], clock: Clock,
              window: str | None = None) -> dict[str, Any]:
    """`{"kind": "dues", ...}`: each due with its issuer, last four, sum, day and status; a total per currency."""
    late = set(overdue)
    fmt = clock.formats
    sums: dict[str, Decimal] = {}
    for d in dues:
        if d.status != "paid":
            sums[d.currency] = sums.get(d.currency, Decimal(0)) + d.amount
    return {
        "kind": "dues", "head": head, "window": window,
        "items": [{"id": d.id, "issuer": d.issuer, "kind": d.kind, "last4": d.account or None,
                   "amount": str(d.amount), "currency": d.currency, "amount_text": fmt.money(d.amount, d.currency),
                   "due_date": d.due_date.isoformat(), "due_text": fmt.day_near(d.due_date, clock.today()),
                   "status": due_status(d, d.id in late), "message_id": d.message_id} for d in dues],
        "totals": [{"currency": c, "total": str(v), "total_text": fmt.money(v, c)} for c, v in sorted(sums.items())],
    }


def accounts_view(head: str, accounts: Sequence[Account], clock: Clock) -> dict[str, Any]:
    """`{"kind": "accounts", ...}`: each card or account with its issuer, kind, last four (masked) and its
    latest bill: the next one to pay while it is open, else the last one paid."""
    fmt = clock.formats
    today = clock.today()
    items = []
    for a in accounts:
        due = a.latest_due
        items.append({
            "issuer": a.issuer, "kind": a.kind, "account": mask_last4(a.account),
            "last4_text": f"\u2022\u2022\u2022\u2022 {a.account}" if a.account else "",
            "last_seen_text": fmt.day_near(clock.local(a.last_seen).date(), today),
            "due": None if due is None else {
                "id": due.id, "amount_text": fmt.money(due.amount, due.currency),
                "due_date": due.due_date.isoformat(), "due_text": fmt.day_near(due.due_date, today),
                "status": due_status(due, due.status == "open" and due.due_date < today)}})
    return {"kind": "accounts", "head": head, "items": items}


@dataclass(frozen=True)
class Entry:
    """One thing on a day of a schedule view."""

    at: datetime
    title: str
    what: str                     # event, reminder, appointment, due
    all_day: bool = False
    waiting: bool = False         # an appointment found in mail, waiting for a yes
    proposal: int | None = None   # its proposal's id (Accept / Reject)
    amount_text: str | None = None
    event_id: str | None = None   # an event's id: with `at` it names that time (the page's Change)
    repeats: bool = False         # an event that repeats (Change moves every time; Skip drops this one)
    over: bool = False            # an event that has ended: nothing left to change (no Change control)


def schedule_view(head: str, entries: Sequence[Entry], clock: Clock, window: str | None = None,
                  days: Sequence[date] = ()) -> dict[str, Any]:
    """`{"kind": "schedule", ...}`: the days in order, each with its entries and their times."""
    fmt = clock.formats
    by_day: dict[date, list[Entry]] = {d: [] for d in days}
    for e in sorted(entries, key=lambda e: e.at):
        by_day.setdefault(clock.local(e.at).date(), []).append(e)
    return {
        "kind": "schedule", "head": head, "window": window,
        "days": [{"date": d.isoformat(), "day_text": fmt.day_near(d, clock.today()),
                  "items": [{"at": e.at.isoformat(), "time_text": "" if e.all_day or e.what == "due"
                             else fmt.time(clock.local(e.at)), "title": e.title, "what": e.what,
                             "waiting": e.waiting, "proposal": e.proposal, "amount_text": e.amount_text,
                             "event_id": e.event_id, "repeats": e.repeats, "over": e.over}
                            for e in items]}
                 for d, items in sorted(by_day.items())],
        "waiting": [{"title": e.title, "when_text": fmt.moment(clock.local(e.at)), "proposal": e.proposal}
                    for e in entries if e.waiting],
    }


def mail_view(head: str, messages: Sequence[Any], clock: Clock, window: str | None = None,
              suspicious: Iterable[int] = (), told_at: datetime | None = None) -> dict[str, Any]:
    """`{"kind": "mail", ...}`: messages newest first, each opening by its id; `told_at`, when the answer told
    what one message says, when that one came ("since then" is after it)."""
    flagged = set(suspicious)
    return {
        "kind": "mail", "head": head, "window": window, "told_at": told_at.isoformat() if told_at else None,
        "items": [{"id": m.id, "sender": m.sender, "sender_name": m.sender_name or m.sender, "subject": m.subject,
                   "day_text": clock.formats.day_near(clock.local(m.received_at).date(), clock.today()),
                   "time_text": clock.formats.time(clock.local(m.received_at)),
                   "snippet": _short(getattr(m, "snippet", "") or ""),
                   "received_at": m.received_at.isoformat(),
                   "suspicious": m.id in flagged or m.category == "phishing_suspect"} for m in messages],
    }


def _short(text: str, most: int = 240) -> str:
    """A stored snippet as a view shows it: one line, cut at a word near `most` characters."""
    line = " ".join(text.split())
    return line if len(line) <= most else line[:most].rsplit(" ", 1)[0] + "\u2026"


def bookings_view(head: str, bookings: Sequence[Any], clock: Clock, window: str | None = None) -> dict[str, Any]:
    """`{"kind": "bookings", ...}`: each booking's day, time, place and status; `proposal` when it waits."""
    fmt = clock.formats
    return {
        "kind": "bookings", "head": head, "window": window,
        "items": [{"title": b.title, "provider": b.provider, "location": b.location, "status": b.status,
                   "start": b.start.isoformat() if b.start else None,
                   "day_text": fmt.day_near(clock.local(b.start).date(), clock.today()) if b.start else "",
                   "time_text": fmt.time(clock.local(b.start)) if b.start else "",
                   "waiting": b.number is not None and b.status.startswith("found"),
                   "message_id": getattr(b, "message_id", None),
                   "proposal": b.number if b.number is not None and b.status.startswith("found") else None}
                  for b in bookings],
    }


def brief_view(brief: Mapping[str, Any], clock: Clock) -> dict[str, Any]:
    """`{"kind": "brief", ...}`: the brief's sections in their order, each with its items or why it is empty."""
    day = date.fromisoformat(str(brief["date"]))
    return {
        "kind": "brief", "head": f"Your brief for {clock.formats.day_near(day, clock.today())}", "window": None,
        "sections": [{"title": s["title"], "empty_reason": s.get("empty_reason"),
                      "items": [{"text": i["text"], "warn": bool(i.get("warn"))} for i in s["items"]]}
                     for s in brief["sections"]],
    }


def _instant(text: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def query_window(query: str, clock: Clock) -> str | None:
    """`Tue 1 – Thu 31 Dec`: the days a mail query's `after:` and `before:` bound (None when unbounded)."""
    import re

    after = re.search(r"\bafter:(\d{4}-\d{2}-\d{2})", query)
    before = re.search(r"\bbefore:(\d{4}-\d{2}-\d{2})", query)
    if not after or not before:
        return None
    try:
        first = date.fromisoformat(after.group(1))
        last = date.fromisoformat(before.group(1)) - timedelta(days=1)
    except ValueError:
        return None
    return clock.formats.span(first, last) if last >= first else None


def senders_view(head: str, analysis: Mapping[str, Any], clock: Clock, window: str | None = None) -> dict[str, Any]:
    """`{"kind": "senders", ...}`: mail grouped by sender, each with its count, the days it spans, a few
    subjects, and the search that lists its messages (`search`, the query narrowed to that sender)."""
    fmt = clock.formats
    today = clock.today()
    query = str(analysis.get("query") or "")
    groups = []
    for g in analysis.get("groups") or ():
        first, last = _instant(g.get("first")), _instant(g.get("last"))
        days = [fmt.day_near(clock.local(m).date(), today) for m in (first, last) if m is not None]
        span = days[0] if len(set(days)) == 1 else " – ".join(days)
        sender = str(g.get("sender") or "")
        groups.append({"sender": sender, "sender_name": g.get("sender_name") or sender,
                       "count": int(g.get("count") or 0), "count_text": fmt.number(int(g.get("count") or 0)),
                       "span_text": span, "examples": [str(e) for e in (g.get("examples") or ())][:2],
                       "search": f"{query} from:{sender}".strip()})
    return {"kind": "senders", "head": head, "window": window, "total": int(analysis.get("total") or 0),
            "groups": groups}

