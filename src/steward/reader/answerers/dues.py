"""What is owed, whole ("what do I owe this week?", "any pending payments?", "is anything overdue?"),
and the cards and accounts the mail shows ("which cards do I have?"). Through `DuesService`.

Both answer only the frames whose words ask for that whole answer (`wants` "digest" or "accounts",
reader/requests.py); a question about one issuer, card or kind of bill is the money answerer's. The
digest's window runs from today to the end of the span asked ("this week", "the next 10 days"), every
currency apart (never added across currencies), an overdue bill flagged; near the week's end "this
week" is a day or two, and the answer says what the next seven days add.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from steward.clock import Clock
from steward.reader.answer import Answer, Answerer
from steward.reader.frame import READ_ASKS, Frame

if TYPE_CHECKING:
    from steward.finance.digest import Digest
    from steward.finance.service import DuesService



def digest_window(frame: Frame, today: date, clock: Clock) -> str:
    """`Nd` from today to the end of the span the question says; `all` when it says none."""
    w = frame.window
    if w is None or w.end == w.start:
        return "all"
    return f"{max((w.end.astimezone(clock.zone).date() - today).days, 0)}d"


def dues_answerer(dues: Callable[[], DuesService],
                  waiting: Callable[[datetime, datetime], Sequence[Any]] | None = None) -> Answerer:
    """The digest answerer: what is owed in the window asked, by currency, overdue flagged."""

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        from steward.finance.digest import digest, render
        from steward.reader.views import digest_span, dues_view, waiting_items, with_waiting
        from steward.reader.views import digest_window as window_text

        if frame.wants != "digest" or (frame.values("sender") and not frame.values("issuer")
                                       and not frame.values("account")):
            return None  # what is owed to one sender is the money answerer's, about that sender alone
        service = dues()
        today = clock.today()
        overdue = "overdue" in frame.flags
        result = service.digest(window=digest_window(frame, today, clock), categories=frame.kinds, as_of=today)
        if overdue:
            result = digest([i.due for i in result.items if i.overdue], as_of=today, window=result.window,
                            categories=result.categories)
        if result.empty:
            reply = "Nothing is overdue in the bills Steward has read." if overdue else render(result, fmt=clock.formats)
        else:
            reply = "What you owe, by currency (never added across currencies):\n" + render(result, fmt=clock.formats)
        view = dues_view("What you owe", [i.due for i in result.items], [i.due.id for i in result.items if i.overdue],
                         clock, window_text(result.window, today, clock))
        also = None if overdue else _week_end(service, result, frame, today, clock)
        if also:
            reply += "\n" + also
            view["also"] = also
        data: dict[str, Any] = {**result.to_json(), "view": view}
        span = digest_span(result.window, today, clock)
        if span is not None and waiting is not None:
            data = with_waiting(data, waiting_items(waiting(*span), clock))
        return Answer(reply, data)

    return Answerer("dues", "money", answer, asks=READ_ASKS, wants="digest")


# "this week" said with this many days of it left or fewer is near its end (on a Saturday or a Sunday): the
# answer adds what the next seven days hold; earlier in the week a bill past its end is no answer to it
_WEEK_END_DAYS = 2


def _week_end(service: DuesService, result: Digest, frame: Frame, today: date, clock: Clock) -> str | None:
    """Near the week's end "this week" is a day or two: say so, and what the next seven days add."""
    days = str(result.window)
    if not days.endswith("d") or not days[:-1].isdigit() or int(days[:-1]) > _WEEK_END_DAYS:
        return None
    seen = {i.due.id for i in result.items}
    week = service.digest(window="7d", categories=frame.kinds, as_of=today)
    more = [i.due for i in week.items if i.due.id not in seen]
    if not more:
        return None
    fmt = clock.formats
    return (f"This week has {days[:-1]} day{'s' if days[:-1] != '1' else ''} left; the next seven days also hold: "
            + "; ".join(f"{d.issuer} {fmt.money(d.amount, d.currency)} due {fmt.day(d.due_date)}" for d in more) + ".")


def accounts_answerer(dues: Callable[[], DuesService]) -> Answerer:
    """The accounts answerer: the cards and accounts seen in mail (last four digits only), each with its
    latest due."""

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        from steward.finance.digest import latest_due_text
        from steward.reader.views import accounts_view

        if frame.wants != "accounts":
            return None
        accounts = dues().accounts()
        if not accounts:
            return Answer("I have not seen any cards or accounts in your mail yet.", {"accounts": []})
        head = f"The cards and accounts your mail shows ({len(accounts)})"
        data = {"accounts": [a.to_json() for a in accounts], "view": accounts_view(head, accounts, clock)}
        lines = [f"{head}:"]
        fmt = clock.formats
        for a in accounts:
            line = f"- {a.issuer} {a.kind} XXXX{a.account} (last seen {fmt.day(a.last_seen, year=True)})"
            if a.latest_due is not None:
                line += f"; {latest_due_text(a.latest_due, fmt)}"
            lines.append(line)
        return Answer("\n".join(lines), data)

    return Answerer("accounts", "money", answer, asks=READ_ASKS, wants="accounts")
