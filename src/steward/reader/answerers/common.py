"""What the answerers share: how a day and a moment are written."""

from __future__ import annotations

from datetime import date, datetime


def day_text(day: date) -> str:
    """`Wed 23 Sep 2026`."""
    return f"{day:%a} {day.day} {day:%b %Y}"


def moment_text(moment: datetime) -> str:
    """`Fri 18 Sep 2026 at 20:00`."""
    return f"{day_text(moment.date())} at {moment:%H:%M}"
