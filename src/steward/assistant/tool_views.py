"""A model's answer drawn as things: the view of what its read tools returned.

The model writes the answer in words; the tools it called (the schedule, a mail search, what is owed, the cards,
the appointments, the brief) returned the person's own data, which the page can show as it shows the
reader's answers: days, messages that open, a table of dues, bookings with their Accept. The view is
the last such tool's result, in the shapes of `steward.reader.views`, marked `"of_tools": true` so the
page keeps the model's reply as the answer's text and draws the view under it. Tools that were held,
that failed or that return no such data (reading one message, a count by sender) give no view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from steward.assistant.trace import Outcome, ToolCall
from steward.clock import Clock
from steward.reader.views import Entry, brief_view, query_window, schedule_view, senders_view

MAX_ITEMS = 25


def _at(text: Any) -> datetime | None:
    try:
        moment = datetime.fromisoformat(str(text))
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else None


def _schedule(result: Mapping[str, Any], clock: Clock) -> dict[str, Any] | None:
    days = result.get("days") if "days" in result else [result]
    entries: list[Entry] = []
    shown: list[date] = []
    for day in days or ():
        try:
            shown.append(date.fromisoformat(str(day.get("day"))))
        except ValueError:
            continue
        for item in day.get("items") or ():
            at = _at(item.get("at"))
            if at is None:
                continue
            title = str(item.get("title") or item.get("text") or "")
            event = item.get("kind") == "event"
            entries.append(Entry(at, title, "event" if event else "reminder", all_day=bool(item.get("all_day")),
                                 event_id=str(item["id"]) if event and item.get("id") else None,
                                 repeats=bool(event and item.get("rule"))))
    if not shown:
        return None
    return schedule_view("Your schedule", entries, clock, None, shown if len(shown) > 1 else ())


def _mail(result: Mapping[str, Any], clock: Clock) -> dict[str, Any] | None:
    items = []
    for hit in list(result.get("hits") or ())[:MAX_ITEMS]:
        received = _at(hit.get("received_at"))
        if received is None or hit.get("id") is None:
            continue
        items.append({"id": hit["id"], "sender": hit.get("sender") or "",
                      "sender_name": hit.get("sender_name") or hit.get("sender") or "",
                      "subject": hit.get("subject") or "", "received_at": received.isoformat(),
                      "day_text": clock.formats.day_near(clock.local(received).date(), clock.today()),
                      "suspicious": hit.get("category") == "phishing_suspect"})
    if not items:
        return None
    return {"kind": "mail", "head": "The mail it looked at", "window": None, "items": items}


def _dues(result: Mapping[str, Any], clock: Clock) -> dict[str, Any] | None:
    fmt = clock.formats
    items, totals = [], []
    for group in result.get("currencies") or ():
        currency = str(group.get("currency") or "")
        for due in group.get("items") or ():
            try:
                amount, day = Decimal(str(due["amount"])), date.fromisoformat(str(due["due_date"]))
            except (KeyError, ArithmeticError, ValueError):
                continue
            status = "paid" if due.get("status") == "paid" else "overdue" if due.get("overdue") else \
                "autopay" if due.get("autopay") else "open"
            items.append({"id": due.get("id"), "issuer": due.get("issuer") or "", "kind": due.get("kind") or "",
                          "last4": str(due.get("account") or "").lstrip("X") or None, "amount": str(amount),
                          "currency": currency, "amount_text": fmt.money(amount, currency), "due_date": day.isoformat(),
                          "due_text": fmt.day_near(day, clock.today()), "status": status,
                          "message_id": (due.get("source") or {}).get("message_id")})
        try:
            total = Decimal(str(group.get("total_due")))
        except ArithmeticError:
            continue
        totals.append({"currency": currency, "total": str(total), "total_text": fmt.money(total, currency)})
    if not items:
        return None
    return {"kind": "dues", "head": "What you owe", "window": None, "items": items[:MAX_ITEMS], "totals": totals}


def _accounts(result: Mapping[str, Any], clock: Clock) -> dict[str, Any] | None:
    fmt = clock.formats
    items = []
    for account in list(result.get("accounts") or ())[:MAX_ITEMS]:
        seen = _at(account.get("last_seen"))
        last4 = str(account.get("account") or "").lstrip("X")
        latest = account.get("latest_due") or None
        due = None
        if isinstance(latest, Mapping):
            try:
                amount, day = Decimal(str(latest["amount"])), date.fromisoformat(str(latest["due_date"]))
            except (KeyError, ArithmeticError, ValueError):
                latest = None
            else:
                status = "paid" if latest.get("status") == "paid" else "overdue" if day < clock.today() else "open"
                due = {"id": latest.get("id"), "amount_text": fmt.money(amount, str(latest.get("currency") or "")),
                       "due_date": day.isoformat(), "due_text": fmt.day_near(day, clock.today()), "status": status}
        items.append({"issuer": account.get("issuer") or "", "kind": account.get("kind") or "",
                      "account": account.get("account") or "",
                      "last4_text": f"\u2022\u2022\u2022\u2022 {last4}" if last4 else "",
                      "last_seen_text": fmt.day_near(clock.local(seen).date(), clock.today()) if seen else "",
                      "due": due})
    if not items:
        return None
    return {"kind": "accounts", "head": "Your cards and accounts", "window": None, "items": items}


def _bookings(result: Mapping[str, Any], clock: Clock) -> dict[str, Any] | None:
    fmt = clock.formats
    now = clock.now()
    items = []
    for item in result.get("appointments") or ():
        start = _at(item.get("start"))
        if start is None or start < now or item.get("status") not in ("proposed", "created"):
            continue
        waiting = item.get("status") == "proposed" and item.get("id") is not None
        local = clock.local(start)
        items.append({"title": item.get("title") or item.get("provider") or "", "provider": item.get("provider"),
                      "location": item.get("location"), "status": "on your calendar" if not waiting else "proposed",
                      "start": start.isoformat(), "day_text": fmt.day_near(local.date(), clock.today()),
                      "time_text": fmt.time(local), "waiting": waiting, "proposal": item.get("id") if waiting else None})
    if not items:
        return None
    items.sort(key=lambda i: str(i["start"]))
    return {"kind": "bookings", "head": "Your appointments", "window": None, "items": items[:MAX_ITEMS]}


def _brief(result: Mapping[str, Any], clock: Clock) -> dict[str, Any] | None:
    if "date" not in result or "sections" not in result:
        return None
    return brief_view(result, clock)


def _senders(result: Mapping[str, Any], clock: Clock) -> dict[str, Any] | None:
    if not result.get("groups"):
        return None
    query = str(result.get("query") or "")
    total = int(result.get("total") or 0)
    return senders_view(f"{total} email{'s' if total != 1 else ''} by sender", result, clock,
                        query_window(query, clock))


VIEWS: dict[str, Callable[[Mapping[str, Any], Clock], dict[str, Any] | None]] = {
    "list_schedule": _schedule,
    "search_inbox": _mail,
    "analyze_inbox": _senders,
    "list_dues": _dues,
    "list_accounts": _accounts,
    "list_appointments": _bookings,
    "show_brief": _brief,
}


def tools_view(tools: Sequence[ToolCall], clock: Clock) -> dict[str, Any] | None:
    """The view of the last read tool whose result the page can draw (None when there is none)."""
    for call in reversed(tools):
        draw = VIEWS.get(call.name)
        if draw is None or call.held or not isinstance(call.result, Mapping) or "error" in call.result:
            continue
        view = draw(call.result, clock)
        if view is not None:
            return {**view, "of_tools": True}
    return None


def with_tools_view(outcome: Outcome, clock: Clock) -> Outcome:
    """The model's outcome with the view of its tools' data, unless it already has a view."""
    data = dict(outcome.data or {})
    if data.get("view") or not outcome.tools:
        return outcome
    view = tools_view(outcome.tools, clock)
    if view is None:
        return outcome
    return replace(outcome, data={**data, "view": view})
