"""Repeating reminders: a series and its one open occurrence.

A series (`reminder_series`) keeps the rule and the first occurrence; its occurrences are ordinary
reminder rows written one at a time. `roll_forward` writes the next one when the current one leaves
the queue (fired, failed, skipped or cancelled), in the caller's transaction, so:

* each occurrence is written once (a unique index on (series, occurrence)), hence fires once;
* a restart between occurrences finds the next one pending and nothing else;
* a machine that was off while several occurrences came due finds the one pending row it missed,
  fires it once (late), and the next one written is the first after now, not each one it slept through.

Pure decisions (which occurrence comes next) are `steward.dates.occurrences`; SQL is `store.calendar`.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime

from steward.records.calendar import Reminder, Series, normalise
from steward.store import calendar as repo

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a schedule reads these)
if TYPE_CHECKING:
    import logging

# how many occurrences ahead to look past ones a one-off reminder already holds (same text, same time)
_LOOKAHEAD = 8


def next_occurrence(series: Series, after: datetime) -> datetime | None:
    """The series' first occurrence strictly after `after` (None when the rule has ended)."""
    from steward.dates import occurrences

    found = occurrences(series.rule, series.start, after, 1)
    return found[0] if found else None


def start_series(conn: sqlite3.Connection, text: str, rule: str, first: datetime, zone: str) -> Reminder:
    """A new series and its first occurrence (due `first`), in the caller's transaction."""
    series_id = repo.insert_series(conn, text, rule, first, zone)
    reminder_id = repo.insert_occurrence(conn, series_id, text, normalise(text), first, zone)
    made = repo.get_reminder(conn, reminder_id)
    assert made is not None
    return made


def roll_forward(conn: sqlite3.Connection, reminder_id: int, now: datetime) -> Reminder | None:
    """After occurrence `reminder_id` left the queue: write the series' next occurrence after both it
    and `now`, or end the series when its rule has no more. None for a one-off reminder or an ended
    series. Runs inside the caller's transaction."""
    current = repo.get_reminder(conn, reminder_id)
    if current is None or current.series_id is None:
        return None
    series = repo.get_series(conn, current.series_id)
    if series is None or series.status != "active":
        return None
    if repo.open_occurrence(conn, series.id) is not None:
        return None  # already written (another path rolled it forward)
    occurrence = repo.occurrence_of(conn, reminder_id) or current.due
    after = max(occurrence, now.replace(microsecond=0))
    from steward.dates import occurrences

    norm = normalise(series.text)
    for due in occurrences(series.rule, series.start, after, _LOOKAHEAD):
        if repo.occurrence_written(conn, series.id, due) or repo.find_reminder_duplicate(conn, norm, due):
            continue  # the same reminder at the same time already exists as a one-off: skip this one
        new_id = repo.insert_occurrence(conn, series.id, series.text, norm, due, series.zone)
        _log().debug("series %s: next occurrence #%s at %s", series.id, new_id, due.isoformat())
        return repo.get_reminder(conn, new_id)
    repo.set_series_status(conn, series.id, "ended")
    _log().debug("series %s: no occurrence left; ended", series.id)
    return None


def _log() -> logging.Logger:
    """This module's logger (logging is loaded by the first line written: reading a schedule writes none)."""
    import logging

    return logging.getLogger(__name__)
