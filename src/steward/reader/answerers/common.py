"""What the answerers share: how a day and a moment are written (the person's locale, `Formats`)."""

from __future__ import annotations

from datetime import date, datetime

from steward.clock import Clock


def day_text(day: date, clock: Clock) -> str:
    """`Wed 23 Sep` this year, `Wed 23 Sep 2025` in another."""
    return clock.formats.day_near(day, clock.today())


def moment_text(moment: datetime, clock: Clock) -> str:
    """`Fri 18 Sep at 20:00` (on the person's clock)."""
    local = clock.local(moment)
    return f"{day_text(local.date(), clock)} at {clock.formats.time(local)}"


def money_text(amount: object, currency: str, clock: Clock) -> str:
    """`£312.50`, `₹1,00,001.90`: a sum in the person's locale."""
    return clock.formats.money(str(amount), currency)
