"""How the sample mailboxes' senders write a date, a time of day and an amount, one function a way of writing,
named for what it writes: "Thursday 17 June" is `weekday_day_month`, "7:45 PM" is `clock_ampm`. A way of writing
that one mailbox alone uses stays in that mailbox's module."""

from __future__ import annotations

from datetime import date, datetime


def ordinal(n: int) -> str:
    """21st, 22nd, 13th."""
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def dd_mm_yyyy(d: date | datetime) -> str:
    """24/06/2027: the day first (as Ireland, Singapore and India write a date)."""
    return f"{d:%d/%m/%Y}"


def mm_dd_yyyy(d: date | datetime) -> str:
    """05/25/2027: the month first (as the United States and the Philippines write a date)."""
    return f"{d:%m/%d/%Y}"


def day_month_year(d: date | datetime) -> str:
    """24 June 2027."""
    return f"{d.day} {d:%B %Y}"


def month_day_year(d: date | datetime) -> str:
    """May 25, 2027."""
    return f"{d:%B} {d.day}, {d:%Y}"


def ordinal_month_year(d: date | datetime) -> str:
    """14th December, 2027: the day as an ordinal, a comma before the year (as Nigerian and Jamaican mail writes a
    date)."""
    return f"{ordinal(d.day)} {d:%B}, {d:%Y}"


def weekday_day_month(d: date | datetime) -> str:
    """Thursday 17 June."""
    return f"{d:%A} {d.day} {d:%B}"


def weekday_month_day(d: date | datetime) -> str:
    """Tuesday, July 20."""
    return f"{d:%A}, {d:%B} {d.day}"


def wkday_day_mon(d: date | datetime) -> str:
    """Thu 5 Aug."""
    return f"{d:%a} {d.day} {d:%b}"


def wkday_mon_day(d: date | datetime) -> str:
    """Tue, May 18."""
    return f"{d:%a}, {d:%b} {d.day}"


def clock_ampm(d: datetime) -> str:
    """7:45 PM, 10:00 AM."""
    return f"{d.hour % 12 or 12}:{d:%M} {'AM' if d.hour < 12 else 'PM'}"


def clock_dot_pm(d: datetime) -> str:
    """1.15pm, 7pm: the minutes after a dot, none on the hour (as British and New Zealand mail writes a time)."""
    return f"{d.hour % 12 or 12}{'' if d.minute == 0 else f'.{d:%M}'}{'am' if d.hour < 12 else 'pm'}"


def dollars(x: float) -> str:
    """$1,234.56."""
    return f"${x:,.2f}"


def decimal_comma(x: float) -> str:
    """1.234,56: a dot between thousands and a decimal comma (as much of Europe and Brazil writes an amount)."""
    whole, cents = f"{x:,.2f}".split(".")
    return f"{whole.replace(',', '.')},{cents}"
