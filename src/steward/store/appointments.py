"""SQL of the appointment reader: the window's message metadata, appointment items and write markers."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any

from steward.records.appointments import Item, Marker, MessageMeta, StoredItem
from steward.records.calendar import from_utc_text, utc_text

# a message's times are kept as the mail store writes them (`+00:00`), an appointment's as the calendar's
from steward.store.db import from_utc_text as mail_from_utc_text
from steward.store.db import storable_id
from steward.store.db import utc_text as mail_utc_text


def window_messages(conn: sqlite3.Connection, start: datetime, end: datetime) -> list[MessageMeta]:
    """The metadata of every message received in [start, end), newest first."""
    return _metas(conn.execute(
        f"SELECT {_META} FROM messages WHERE received_at >= ? AND received_at < ? ORDER BY received_at DESC, id DESC",
        (mail_utc_text(start), mail_utc_text(end)),
    ))


_META = "id, message_id, dedup_key, sender, sender_name, subject, snippet, received_at, category, attachments"


def messages_saying(conn: sqlite3.Connection, start: datetime, end: datetime, words: Sequence[str],
                    limit: int = 50) -> list[MessageMeta]:
    """The metadata of the messages received in [start, end) whose subject or snippet holds one of
    `words` (ASCII words match in any case), newest first (at most `limit`)."""
    if not words:
        return []
    said = " OR ".join("subject LIKE ? OR snippet LIKE ?" for _ in words)
    likes = [f"%{w}%" for w in words for _ in (0, 1)]
    return _metas(conn.execute(
        f"SELECT {_META} FROM messages WHERE received_at >= ? AND received_at < ? AND ({said})"
        " ORDER BY received_at DESC, id DESC LIMIT ?",
        (mail_utc_text(start), mail_utc_text(end), *likes, limit),
    ))


def _metas(rows: Iterable[Sequence[Any]]) -> list[MessageMeta]:
    parse = mail_from_utc_text
    return [MessageMeta(id=int(r[0]), key=str(r[1] or r[2]), sender=r[3], sender_name=r[4], subject=r[5],
                        snippet=r[6], received_at=parse(r[7]), category=r[8],
                        attachments=tuple(json.loads(r[9] or "[]")))
            for r in rows]


def messages_from(conn: sqlite3.Connection, sender: str, start: datetime, end: datetime,
                  limit: int = 50) -> list[MessageMeta]:
    """The metadata of the messages one address sent in [start, end), newest first (at most `limit`)."""
    return _metas(conn.execute(
        f"SELECT {_META} FROM messages WHERE sender = ? AND received_at >= ? AND received_at < ?"
        " ORDER BY received_at DESC, id DESC LIMIT ?",
        (sender, mail_utc_text(start), mail_utc_text(end), limit),
    ))


def message_meta(conn: sqlite3.Connection, rowid: int) -> MessageMeta | None:
    """One message's metadata by its id."""
    from steward.store import messages as mail_repo  # the mail's records load when a message is read

    m = mail_repo.get_message(conn, rowid)
    if m is None:
        return None
    row = conn.execute("SELECT dedup_key FROM messages WHERE id = ?", (rowid,)).fetchone()
    return MessageMeta(id=m.id, key=m.message_id or str(row[0]), sender=m.sender, sender_name=m.sender_name,
                       subject=m.subject, snippet=m.snippet, received_at=m.received_at, category=m.category,
                       attachments=m.attachments)


def _now() -> str:
    return utc_text(datetime.now(UTC))


def _as_written(start_text: str, start: datetime) -> tuple[datetime | None, bool]:
    """(the start on the place's clock, whether whole days) from the start as the mail wrote it."""
    text = (start_text or "").strip()
    try:
        if len(text) == 10:
            date.fromisoformat(text)  # a date alone: whole days
            return None, True
        written = datetime.fromisoformat(text)
    except ValueError:
        return None, False
    # UTC is how calendars write an instant, not the place's clock: no local time is claimed from it
    placed = written.tzinfo is not None and written == start and written.utcoffset() != timedelta(0)
    return (written if placed else None), False


def _stored(row: sqlite3.Row, zone: Any) -> StoredItem:
    start = from_utc_text(row["start_utc"]).astimezone(zone)
    local, whole = _as_written(row["start_text"], start)
    item = Item(status=row["status"], reason=row["reason"], provider=row["provider"],
                start=start, end=from_utc_text(row["end_utc"]).astimezone(zone),
                location=row["location"], excerpt=row["excerpt"], message_id=row["message_rowid"],
                event_id=row["event_uid"], id=int(row["id"]), origin=row["origin"], change=row["change"],
                title=row["title"], local_start=local, all_day=whole, rule=row["rule"])
    return StoredItem(item, row["fingerprint"], row["source_marker"], row["zone"], row["calendar"], row["start_text"],
                      row["change_of"], row["ical_uid"], row["ical_sequence"])


def item_by_fingerprint(conn: sqlite3.Connection, fingerprint: str, zone: Any) -> StoredItem | None:
    """The stored appointment item with this fingerprint, or None."""
    row = conn.execute("SELECT * FROM appointment_items WHERE fingerprint = ?", (fingerprint,)).fetchone()
    return _stored(row, zone) if row else None


def get_item(conn: sqlite3.Connection, item_id: int, zone: Any) -> StoredItem | None:
    """The stored appointment item with this id, or None (also for an id out of range)."""
    if not storable_id(item_id):
        return None
    row = conn.execute("SELECT * FROM appointment_items WHERE id = ?", (item_id,)).fetchone()
    return _stored(row, zone) if row else None


def list_items(conn: sqlite3.Connection, zone: Any, statuses: tuple[str, ...] | None = None,
               starting_after: datetime | None = None, starting_before: datetime | None = None,
               limit: int = 200, repeating: bool = False) -> list[StoredItem]:
    """Stored items by start, optionally of some statuses and starting in a span; `repeating`: of those, only the
    ones with a rule (a series), the others never read out of their rows."""
    sql = "SELECT * FROM appointment_items WHERE 1=1"
    args: list[Any] = []
    if statuses:
        sql += f" AND status IN ({','.join('?' * len(statuses))})"
        args.extend(statuses)
    if starting_after is not None:
        sql += " AND start_utc >= ?"
        args.append(utc_text(starting_after))
    if starting_before is not None:
        sql += " AND start_utc < ?"
        args.append(utc_text(starting_before))
    sql += " ORDER BY start_utc, id LIMIT ?"
    if repeating:
        sql = f"SELECT * FROM ({sql}) WHERE rule IS NOT NULL AND rule <> '' ORDER BY start_utc, id"
    rows = conn.execute(sql, [*args, limit]).fetchall()
    return [_stored(r, zone) for r in rows]


def save_item(conn: sqlite3.Connection, item: Item, *, fingerprint: str, source_marker: str, zone: str,
              start_text: str, calendar: str | None = None, change_of: int | None = None,
              ical_uid: str | None = None, ical_sequence: int | None = None) -> int:
    """Insert or update the row of this fingerprint; returns its id. Call inside a transaction."""
    assert item.start is not None and item.end is not None
    now = _now()
    row = conn.execute(
        "INSERT INTO appointment_items (fingerprint, source_marker, status, reason, provider, title, start_text, start_utc,"
        " end_utc, zone, location, excerpt, origin, change, message_rowid, event_uid, calendar, first_seen,"
        " updated_at, change_of, ical_uid, ical_sequence, rule) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)"
        " ON CONFLICT(fingerprint) DO UPDATE SET status = excluded.status, reason = excluded.reason,"
        " source_marker = excluded.source_marker, location = excluded.location, excerpt = excluded.excerpt,"
        " change = excluded.change, message_rowid = excluded.message_rowid,"
        " event_uid = COALESCE(excluded.event_uid, event_uid), calendar = COALESCE(excluded.calendar, calendar),"
        " ical_uid = COALESCE(excluded.ical_uid, ical_uid), ical_sequence = COALESCE(excluded.ical_sequence,"
        " ical_sequence), rule = excluded.rule, updated_at = excluded.updated_at RETURNING id",
        (fingerprint, source_marker, item.status, item.reason, item.provider, item.title or item.provider,
         start_text, utc_text(item.start), utc_text(item.end), zone, item.location, item.excerpt, item.origin, item.change,
         item.message_id, item.event_id, calendar, now, now, change_of, ical_uid, ical_sequence, item.rule),
    ).fetchone()
    return int(row[0])


def set_status(conn: sqlite3.Connection, item_id: int, status: str, reason: str | None,
               event_uid: str | None = None, calendar: str | None = None) -> None:
    """Set the item's status and reason, and its event and calendar when given."""
    conn.execute(
        "UPDATE appointment_items SET status = ?, reason = ?, event_uid = COALESCE(?, event_uid),"
        " calendar = COALESCE(?, calendar), updated_at = ? WHERE id = ?",
        (status, reason, event_uid, calendar, _now(), item_id),
    )


def created_at(conn: sqlite3.Connection, start: datetime, zone: Any) -> list[StoredItem]:
    """The appointments Steward put on a calendar (not changes of them) starting at this instant."""
    rows = conn.execute("SELECT * FROM appointment_items WHERE status = 'created' AND change_of IS NULL"
                        " AND start_utc = ? ORDER BY id", (utc_text(start),)).fetchall()
    return [_stored(r, zone) for r in rows]


def created_by_uid(conn: sqlite3.Connection, ical_uid: str, zone: Any) -> StoredItem | None:
    """The appointment Steward put on a calendar from the booking with this iCalendar UID, or None."""
    row = conn.execute("SELECT * FROM appointment_items WHERE status = 'created' AND change_of IS NULL"
                       " AND ical_uid = ? ORDER BY id DESC LIMIT 1", (ical_uid,)).fetchone()
    return _stored(row, zone) if row else None


def set_sequence(conn: sqlite3.Connection, item_id: int, ical_sequence: int | None) -> None:
    """The SEQUENCE of the booking's update that was applied to the appointment's event."""
    conn.execute("UPDATE appointment_items SET ical_sequence = ?, updated_at = ? WHERE id = ?",
                 (ical_sequence, _now(), item_id))


def move_item(conn: sqlite3.Connection, item_id: int, start: datetime, end: datetime) -> None:
    """An appointment's times after its event was moved (its fingerprint stays: the original booking)."""
    conn.execute("UPDATE appointment_items SET start_utc = ?, end_utc = ?, updated_at = ? WHERE id = ?",
                 (utc_text(start), utc_text(end), _now(), item_id))


# -- write markers ---------------------------------------------------------------------------------


def _marker(row: sqlite3.Row) -> Marker:
    return Marker(row["event_uid"], row["calendar"], row["source_marker"], row["fingerprint"], row["state"],
                  row["item_id"], row["error"])


def put_marker(conn: sqlite3.Connection, marker: Marker) -> None:
    """Record a write about to happen (state 'writing'), or move an existing marker to a new state."""
    conn.execute(
        "INSERT INTO appointment_markers (event_uid, calendar, source_marker, fingerprint, state, item_id, error, at)"
        " VALUES (?,?,?,?,?,?,?,?) ON CONFLICT(event_uid) DO UPDATE SET state = excluded.state,"
        " error = excluded.error, item_id = COALESCE(excluded.item_id, item_id), at = excluded.at",
        (marker.event_uid, marker.calendar, marker.source_marker, marker.fingerprint, marker.state, marker.item_id,
         marker.error, _now()),
    )


def drop_marker(conn: sqlite3.Connection, event_uid: str) -> None:
    """Forget a write that never reached the calendar (reconciled: not there), so it may be retried."""
    conn.execute("DELETE FROM appointment_markers WHERE event_uid = ?", (event_uid,))


def markers_for(conn: sqlite3.Connection, *, source_marker: str, fingerprint: str) -> list[Marker]:
    """Every marker with this source message or this fingerprint."""
    rows = conn.execute(
        "SELECT * FROM appointment_markers WHERE source_marker = ? OR fingerprint = ? ORDER BY at",
        (source_marker, fingerprint),
    ).fetchall()
    return [_marker(r) for r in rows]


def unsettled_markers(conn: sqlite3.Connection) -> list[Marker]:
    """Writes whose outcome is not known: quarantined, or left 'writing' by a process that died."""
    rows = conn.execute("SELECT * FROM appointment_markers WHERE state IN ('writing', 'quarantined') ORDER BY at")
    return [_marker(r) for r in rows]
