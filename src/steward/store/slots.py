"""The rows the reader's slot lists are built from: the names a person's own store holds.

Plain tuples, read in one pass each; `fingerprint` is a few indexed reads that change whenever any of
these rows may have changed, so the lists are rebuilt only then (never once per turn). Senders are read
incrementally: only the messages above the last id seen.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass


@dataclass(frozen=True)
class SenderRow:
    """One sender address, the display name it used last and how many messages it sent."""

    address: str
    name: str
    count: int
    category: str  # the category of its newest message


def fingerprint(conn: sqlite3.Connection) -> tuple[object, ...]:
    """A value that changes when dues, appointments, reminders, events or mail change."""
    row = conn.execute(
        "SELECT (SELECT max(id) FROM messages),"
        " (SELECT count(*) || ':' || ifnull(max(updated_at), '') FROM dues),"
        " (SELECT count(*) || ':' || ifnull(max(updated_at), '') FROM appointment_items),"
        " (SELECT count(*) || ':' || ifnull(max(id), 0) FROM reminders),"
        " (SELECT count(*) || ':' || ifnull(max(id), 0) FROM events)"
    ).fetchone()
    return tuple(row)


def senders_after(conn: sqlite3.Connection, after_id: int) -> tuple[list[SenderRow], int]:
    """The senders of the messages with id above `after_id`, and the highest id read."""
    top = conn.execute("SELECT ifnull(max(id), 0) FROM messages").fetchone()[0]
    if top <= after_id:
        return [], after_id
    rows = conn.execute(
        "SELECT sender, sender_name, count(*), category, max(id) FROM messages WHERE id > ? AND id <= ?"
        " GROUP BY sender", (after_id, top)).fetchall()
    return [SenderRow(r[0] or "", r[1] or "", int(r[2]), r[3] or "") for r in rows], int(top)


SIGNED_READ = 2000  # the newest personal messages whose ends are read for a signature


def message_ends(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(sender, the last words of the stored snippet) of the newest personal messages: where a signature is.

    A snippet cut at the store's snippet length does not end where its message ends, so its last word is no
    signature: "... Cebu (CEB) 4:30 PM - Ma" is "Manila" cut short, never a mother signing."""
    cut = _snippet_cut(conn)
    rows = conn.execute("SELECT sender, substr(snippet, -40), length(snippet) FROM messages WHERE category ="
                        " 'personal' ORDER BY id DESC LIMIT ?", (SIGNED_READ,)).fetchall()
    return [(r[0] or "", r[1] or "") for r in rows if cut is None or int(r[2] or 0) < cut]


def _snippet_cut(conn: sqlite3.Connection) -> int | None:
    """The length from which a stored snippet was cut short: the longest of the newest snippets (less the space
    stripped after the cut), once several reach it; None while none is seen cut."""
    rows = conn.execute("SELECT length(snippet) FROM messages ORDER BY id DESC LIMIT ?", (SIGNED_READ,)).fetchall()
    lengths = sorted((int(r[0] or 0) for r in rows), reverse=True)
    if len(lengths) < 3 or lengths[0] < 80:
        return None
    cut = lengths[0] - 2
    return cut if lengths[2] >= cut else None


def most_addressed(conn: sqlite3.Connection, newest: int = 500) -> tuple[str, int, int] | None:
    """(the address the most of the newest messages are sent to, how many, of how many): the mailbox's owner,
    read from their mail (one bounded read of the newest `newest` rows); None for an empty store."""
    row = conn.execute("SELECT lower(j.value), count(DISTINCT m.id) FROM (SELECT id, recipients FROM messages ORDER BY id "
                       "DESC LIMIT ?) AS m, json_each(m.recipients) AS j GROUP BY lower(j.value) ORDER BY 2 DESC, 1 "
                       "LIMIT 1", (newest,)).fetchone()
    if row is None:
        return None
    total = int(conn.execute("SELECT count(*) FROM (SELECT id FROM messages ORDER BY id DESC LIMIT ?)",
                             (newest,)).fetchone()[0])
    return str(row[0]), int(row[1]), total


def sent_openings(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(to whom, the first words of the stored snippet) of the newest messages the person sent to one person
    (from the address most of the mail is sent to): where a greeting ("Hi Mum,") is."""
    found = most_addressed(conn)
    if found is None or found[1] * 3 < found[2]:
        return []
    rows = conn.execute("SELECT recipients, substr(snippet, 1, 40) FROM messages WHERE sender = ? AND"
                        " json_array_length(recipients) = 1 ORDER BY id DESC LIMIT ?", (found[0], SIGNED_READ))
    return [(str(json.loads(r[0])[0]).casefold(), r[1] or "") for r in rows]


def issuers(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """(issuer, kind, last four) of every due and every account the mail showed."""
    rows = conn.execute("SELECT DISTINCT issuer, kind, account FROM dues"
                        " UNION SELECT DISTINCT issuer, kind, account FROM finance_accounts").fetchall()
    return [(r[0], r[1], r[2] or "") for r in rows]


def providers(conn: sqlite3.Connection) -> list[tuple[str, str, str, str]]:
    """(provider, title, excerpt, the display name of its mail's sender) of every appointment read from mail."""
    return [(r[0], r[1] or "", r[2] or "", r[3] or "") for r in conn.execute(
        "SELECT DISTINCT a.provider, a.title, a.excerpt, m.sender_name FROM appointment_items a"
        " LEFT JOIN messages m ON m.id = a.message_rowid WHERE a.provider != ''").fetchall()]


def invitation_summaries(conn: sqlite3.Connection) -> list[tuple[str, str]]:
    """(provider, summary) of every invitation a calendar request in the mail gave its own summary."""
    return [(r[0], r[1]) for r in conn.execute(
        "SELECT DISTINCT provider, excerpt FROM appointment_items WHERE reason = 'invitation' AND origin = 'ics'"
        " AND provider != '' AND excerpt != '' AND length(excerpt) <= 120").fetchall()]


def bookings_with_places(conn: sqlite3.Connection) -> list[tuple[str, str, str, str, str]]:
    """(provider, title, excerpt, location, start in UTC) of every booking read from mail that stands
    (waiting for a yes, or on the calendar), oldest first."""
    return [(r[0], r[1] or "", r[2] or "", r[3] or "", r[4] or "") for r in conn.execute(
        "SELECT provider, title, excerpt, location, start_utc FROM appointment_items"
        " WHERE status IN ('proposed', 'created') AND provider != '' ORDER BY start_utc").fetchall()]


def booking_mail(conn: sqlite3.Connection) -> list[tuple[str, str, str]]:
    """(provider, subject, the start the store keeps) of the mail each standing booking was read from."""
    return [(r[0], r[1] or "", r[2] or "") for r in conn.execute(
        "SELECT DISTINCT a.provider, m.subject, m.snippet FROM appointment_items a"
        " JOIN messages m ON m.id = a.message_rowid"
        " WHERE a.status IN ('proposed', 'created') AND a.provider != ''").fetchall()]


def reminder_texts(conn: sqlite3.Connection) -> list[str]:
    """The words of every open reminder."""
    return [r[0] for r in conn.execute("SELECT DISTINCT text FROM reminders WHERE status = 'pending'").fetchall()]


def event_titles(conn: sqlite3.Connection) -> list[str]:
    """The titles of the local calendar's events."""
    return [r[0] for r in conn.execute("SELECT DISTINCT title FROM events WHERE title != ''").fetchall()]
