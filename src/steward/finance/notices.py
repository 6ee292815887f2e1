"""The notice that a due is near ("Payment due in 3 days"), sent by `DuesService.notify_due_soon`."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time

from steward.clock import Clock
from steward.notify import Notification
from steward.records.finance import Due


@dataclass(frozen=True)
class DueNotification(Notification):
    """"Due in 3 days": a Notification for a due (its own key, so it never collides with a reminder's)."""

    days_left: int = 0

    @property
    def title(self) -> str:
        """The notification's title: "Payment due today", "tomorrow" or "in N days"."""
        when = {0: "today", 1: "tomorrow"}.get(self.days_left, f"in {self.days_left} days")
        return f"Payment due {when}"

    @property
    def key(self) -> str:
        """The notification's stable key, which sinks send as its idempotency key and message id."""
        return f"steward-due-{self.reminder_id}"

    def line(self) -> str:
        """The notification as one line of text, with the due's number."""
        return f"💳 {self.title}: {self.text}  [due #{self.reminder_id}]"


def due_notification(due: Due, today: date, clock: Clock) -> DueNotification:
    """The notice of `due` as of `today`: "Payment due in 3 days", at 9:00 on its day in the person's zone."""
    who = " ".join(p for p in (due.issuer, due.kind, due.masked_account) if p)
    fmt = clock.formats
    text = f"{who}: {fmt.money(due.amount, due.currency)} due {fmt.day_near(due.due_date, today)}"
    if due.autopay:
        text += " (will be debited)"
    moment = datetime.combine(due.due_date, time(9, 0), clock.zone)
    return DueNotification(due.id, text, moment, locale=clock.locale, days_left=(due.due_date - today).days)
