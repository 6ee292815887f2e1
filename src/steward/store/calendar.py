"""SQL for reminders and the local calendar's events. The rest of Steward calls these, not SQL."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from functools import lru_cache

from steward.records.calendar import Event, Invitation, Reminder, Series, from_utc_text, utc_text
from steward.store.db import storable_id
from steward.store.db import write_txn as write_txn  # callers' `repo.write_txn`: the store's one helper

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (light commands read these)
if TYPE_CHECKING:
    from typing import Any

ACTIVE = ("pending", "firing", "fired", "failed")


@lru_cache(maxsize=64)
def _zone_of(name: str) -> Any:
    from steward.clock import get_zone

    return get_zone(name)


def _reminder(row: sqlite3.Row) -> Reminder:
    zone = _zone_of(row["zone"])
    keys = row.keys()
    due = from_utc_text(row["due_utc"]).astimezone(zone)
    series_next = row["series_next"] if "series_next" in keys else None
    status = row["status"]
    following = due if status in ("pending", "firing") else (from_utc_text(series_next) if series_next else None)
    return Reminder(
        id=int(row["id"]),
        text=row["text"],
        due=due,
        zone=row["zone"],
        status=status,
        late=bool(row["late"]),
        fired_at=from_utc_text(row["fired_at"]) if row["fired_at"] else None,
        attempts=int(row["attempts"]),
        last_error=row["last_error"],
        series_id=row["series_id"] if "series_id" in keys else None,
        rule=row["series_rule"] if "series_rule" in keys else None,
        next=following.astimezone(zone) if following else None,
        done_at=from_utc_text(row["done_at"]) if "done_at" in keys and row["done_at"] else None,
        snoozed_from=row["snoozed_from"] if "snoozed_from" in keys else None,
        caldav_uid=row["caldav_uid"] if "caldav_uid" in keys else None,
        caldav_etag=row["caldav_etag"] if "caldav_etag" in keys else None,
        occurrence=from_utc_text(row["occurrence_utc"]).astimezone(zone)
        if "occurrence_utc" in keys and row["occurrence_utc"] else None,
    )


# a reminder row with its series' rule and the series' open occurrence (what "next" is for a fired one)
_REMINDER_SELECT = (
    "SELECT r.*, s.rule AS series_rule, (SELECT o.due_utc FROM reminders o WHERE o.series_id = r.series_id "
    "AND o.status IN ('pending', 'firing')) AS series_next FROM reminders r "
    "LEFT JOIN reminder_series s ON s.id = r.series_id"
)


def _now_text() -> str:
    return utc_text(datetime.now(UTC))


# -- reminders -----------------------------------------------------------------------------------


def insert_reminder(conn: sqlite3.Connection, text: str, norm: str, due: datetime, zone: str) -> int:
    """Insert a pending reminder; the unique index raises IntegrityError on an exact duplicate."""
    cur = conn.execute(
        "INSERT INTO reminders (text, norm_text, due_utc, zone, status, created_at) "
        "VALUES (?, ?, ?, ?, 'pending', ?)",
        (text, norm, utc_text(due), zone, _now_text()),
    )
    return int(cur.lastrowid or 0)


def set_reminder_caldav(conn: sqlite3.Connection, reminder_id: int, uid: str, etag: str | None) -> None:
    """Remember the UID a one-off reminder was written under on the CalDAV server, and its ETag."""
    conn.execute("UPDATE reminders SET caldav_uid = ?, caldav_etag = ? WHERE id = ?", (uid, etag, reminder_id))


def caldav_reminders(conn: sqlite3.Connection) -> list[Reminder]:
    """Pending one-off reminders that live on a CalDAV calendar too."""
    rows = conn.execute(f"{_REMINDER_SELECT} WHERE r.status = 'pending' AND r.caldav_uid IS NOT NULL "
                        "ORDER BY r.due_utc, r.id").fetchall()
    return [_reminder(r) for r in rows]


def find_reminder_duplicate(conn: sqlite3.Connection, norm: str, due: datetime) -> Reminder | None:
    """A live reminder with the same normalised text due at the same instant, if any."""
    row = conn.execute(
        "SELECT * FROM reminders WHERE norm_text = ? AND due_utc = ? AND status != 'cancelled'",
        (norm, utc_text(due)),
    ).fetchone()
    return _reminder(row) if row else None


def get_reminder(conn: sqlite3.Connection, reminder_id: int) -> Reminder | None:
    """The reminder with this id, or None."""
    if not storable_id(reminder_id):
        return None
    row = conn.execute(f"{_REMINDER_SELECT} WHERE r.id = ?", (reminder_id,)).fetchone()
    return _reminder(row) if row else None


def list_reminders(
    conn: sqlite3.Connection,
    statuses: tuple[str, ...] | None = None,
    start: datetime | None = None,
    end: datetime | None = None,
    *,
    repeating: bool = False,
) -> list[Reminder]:
    """Reminders by due time, optionally of some statuses, within [start, end), or only those of a
    repeating series (`repeating`)."""
    sql = f"{_REMINDER_SELECT} WHERE 1=1"
    args: list[Any] = []
    if repeating:
        sql += " AND r.series_id IS NOT NULL"
    if statuses:
        # repeating ones are read through the series index (they are few); "+" keeps SQLite off the status one
        column = "+r.status" if repeating else "r.status"
        sql += f" AND {column} IN ({','.join('?' * len(statuses))})"
        args.extend(statuses)
    if start is not None:
        sql += " AND r.due_utc >= ?"
        args.append(utc_text(start))
    if end is not None:
        sql += " AND r.due_utc < ?"
        args.append(utc_text(end))
    rows = conn.execute(sql + " ORDER BY r.due_utc, r.id", args).fetchall()
    return [_reminder(r) for r in rows]


def set_reminder_status(conn: sqlite3.Connection, reminder_id: int, status: str, expect: str) -> bool:
    """Move a reminder from `expect` to `status`; False when it was not in `expect`."""
    cur = conn.execute("UPDATE reminders SET status = ? WHERE id = ? AND status = ?",
                       (status, reminder_id, expect))
    return cur.rowcount == 1


# -- the scheduler's bookkeeping -----------------------------------------------------------------


def due_for_firing(conn: sqlite3.Connection, now: datetime) -> list[int]:
    """Ids of pending reminders due at or before `now` whose retry time (if any) has come."""
    now_text = utc_text(now)
    rows = conn.execute(
        "SELECT id FROM reminders WHERE status = 'pending' AND due_utc <= ? "
        "AND (next_attempt_utc IS NULL OR next_attempt_utc <= ?) ORDER BY due_utc, id",
        (now_text, now_text),
    ).fetchall()
    return [int(r["id"]) for r in rows]


def claim(conn: sqlite3.Connection, reminder_id: int, owner: str, now: datetime) -> bool:
    """pending -> firing, owned by `owner`; False when another scheduler got there first."""
    cur = conn.execute(
        "UPDATE reminders SET status = 'firing', claimed_by = ?, claimed_at = ?, attempts = attempts + 1 "
        "WHERE id = ? AND status = 'pending'",
        (owner, utc_text(now), reminder_id),
    )
    return cur.rowcount == 1


def firing_claims(conn: sqlite3.Connection) -> list[tuple[int, str, datetime]]:
    """(id, owner, claimed_at) of reminders some scheduler is sending (or was, before it died)."""
    rows = conn.execute("SELECT id, claimed_by, claimed_at FROM reminders WHERE status = 'firing'").fetchall()
    return [(int(r["id"]), r["claimed_by"] or "", from_utc_text(r["claimed_at"])) for r in rows]


def release_claim(conn: sqlite3.Connection, reminder_id: int, owner: str) -> bool:
    """firing -> pending for a claim whose owner is gone, so the next tick sends it."""
    cur = conn.execute(
        "UPDATE reminders SET status = 'pending', claimed_by = NULL, claimed_at = NULL "
        "WHERE id = ? AND status = 'firing' AND claimed_by = ?",
        (reminder_id, owner),
    )
    return cur.rowcount == 1


def delivered_sinks(conn: sqlite3.Connection, reminder_id: int) -> set[str]:
    """The sinks that already have this reminder (or may have it and cannot be asked again)."""
    rows = conn.execute("SELECT sink FROM reminder_deliveries WHERE reminder_id = ? AND state != 'attempting'",
                        (reminder_id,))
    return {r["sink"] for r in rows}


def attempted_sinks(conn: sqlite3.Connection, reminder_id: int) -> dict[str, str]:
    """sink -> key of the sends that began and never ended (the scheduler stopped in between)."""
    rows = conn.execute("SELECT sink, key FROM reminder_deliveries WHERE reminder_id = ? AND state = 'attempting'",
                        (reminder_id,))
    return {r["sink"]: r["key"] for r in rows}


def begin_delivery(conn: sqlite3.Connection, reminder_id: int, sink: str, key: str, at: datetime) -> None:
    """Record, before sending, that one sink is being sent this reminder under `key` (its own commit)."""
    conn.execute(
        "INSERT INTO reminder_deliveries (reminder_id, sink, delivered_at, state, key) VALUES (?, ?, ?, 'attempting', ?)"
        " ON CONFLICT (reminder_id, sink) DO UPDATE SET attempts = attempts + 1, key = excluded.key"
        " WHERE state = 'attempting'",
        (reminder_id, sink, utc_text(at), key),
    )


def record_delivery(conn: sqlite3.Connection, reminder_id: int, sink: str, at: datetime,
                    state: str = "delivered") -> None:
    """Record that one sink delivered the reminder (`unknown`: it may have; it is not sent again)."""
    conn.execute(
        "INSERT INTO reminder_deliveries (reminder_id, sink, delivered_at, state) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (reminder_id, sink) DO UPDATE SET state = excluded.state, delivered_at = excluded.delivered_at",
        (reminder_id, sink, utc_text(at), state),
    )


def mark_fired(conn: sqlite3.Connection, reminder_id: int, owner: str, at: datetime, late: bool,
               error: str | None) -> bool:
    """Settle a claimed reminder as fired; False when this owner no longer holds the claim."""
    cur = conn.execute(
        "UPDATE reminders SET status = 'fired', fired_at = ?, late = ?, last_error = ?, claimed_by = NULL "
        "WHERE id = ? AND status = 'firing' AND claimed_by = ?",
        (utc_text(at), int(late), error, reminder_id, owner),
    )
    return cur.rowcount == 1


def mark_retry(conn: sqlite3.Connection, reminder_id: int, owner: str, retry_at: datetime | None,
               error: str, late: bool) -> bool:
    """Back to pending until `retry_at`; with no retry left (`retry_at` None) the reminder is failed."""
    status = "pending" if retry_at is not None else "failed"
    cur = conn.execute(
        "UPDATE reminders SET status = ?, next_attempt_utc = ?, last_error = ?, late = ?, "
        "claimed_by = NULL, claimed_at = NULL WHERE id = ? AND status = 'firing' AND claimed_by = ?",
        (status, utc_text(retry_at) if retry_at else None, error, int(late), reminder_id, owner),
    )
    return cur.rowcount == 1


def reminder_attempts(conn: sqlite3.Connection, reminder_id: int) -> int:
    """How many times the scheduler has claimed the reminder."""
    row = conn.execute("SELECT attempts FROM reminders WHERE id = ?", (reminder_id,)).fetchone()
    return int(row["attempts"]) if row else 0


# -- repeating reminders ---------------------------------------------------------------------------


def _series(row: sqlite3.Row) -> Series:
    zone = _zone_of(row["zone"])
    start = datetime.fromisoformat(row["start_local"]).replace(tzinfo=zone)
    return Series(id=int(row["id"]), text=row["text"], rule=row["rule"], start=start, zone=row["zone"],
                  status=row["status"], caldav_uid=row["caldav_uid"])


def insert_series(conn: sqlite3.Connection, text: str, rule: str, start: datetime, zone: str) -> int:
    """A new active series; `start` (aware) is kept on its own wall clock."""
    cur = conn.execute(
        "INSERT INTO reminder_series (text, rule, start_local, zone, status, created_at) "
        "VALUES (?, ?, ?, ?, 'active', ?)",
        (text, rule, start.replace(tzinfo=None, microsecond=0).isoformat(), zone, _now_text()),
    )
    return int(cur.lastrowid or 0)


def get_series(conn: sqlite3.Connection, series_id: int) -> Series | None:
    """The repeating reminder with this id, or None."""
    row = conn.execute("SELECT * FROM reminder_series WHERE id = ?", (series_id,)).fetchone()
    return _series(row) if row else None


def set_series_status(conn: sqlite3.Connection, series_id: int, status: str) -> None:
    """Set a series' status (active, done, cancelled)."""
    conn.execute("UPDATE reminder_series SET status = ? WHERE id = ?", (status, series_id))


def caldav_series(conn: sqlite3.Connection) -> list[Series]:
    """The active repeating reminders kept as a to-do on the CalDAV calendar."""
    rows = conn.execute("SELECT * FROM reminder_series WHERE status = 'active' AND caldav_uid IS NOT NULL "
                        "ORDER BY id").fetchall()
    return [_series(r) for r in rows]


def set_series_rule(conn: sqlite3.Connection, series_id: int, rule: str, start: datetime) -> None:
    """A series' new rule and first time (`start` aware, kept on the series' own wall clock)."""
    row = conn.execute("SELECT zone FROM reminder_series WHERE id = ?", (series_id,)).fetchone()
    if row is None:
        return
    local = start.astimezone(_zone_of(row["zone"])).replace(tzinfo=None, microsecond=0)
    conn.execute("UPDATE reminder_series SET rule = ?, start_local = ? WHERE id = ?",
                 (rule, local.isoformat(), series_id))


def set_series_caldav_uid(conn: sqlite3.Connection, series_id: int, uid: str) -> None:
    """Remember the UID a series was written under on the CalDAV server."""
    conn.execute("UPDATE reminder_series SET caldav_uid = ? WHERE id = ?", (uid, series_id))


def insert_occurrence(conn: sqlite3.Connection, series_id: int, text: str, norm: str, due: datetime,
                      zone: str) -> int:
    """The pending row of one occurrence; the unique indexes refuse a second open row or the same
    occurrence twice (IntegrityError)."""
    cur = conn.execute(
        "INSERT INTO reminders (text, norm_text, due_utc, zone, status, created_at, series_id, occurrence_utc) "
        "VALUES (?, ?, ?, ?, 'pending', ?, ?, ?)",
        (text, norm, utc_text(due), zone, _now_text(), series_id, utc_text(due)),
    )
    return int(cur.lastrowid or 0)


def occurrence_written(conn: sqlite3.Connection, series_id: int, occurrence: datetime) -> bool:
    """Whether the series already has a reminder row for this occurrence."""
    row = conn.execute("SELECT 1 FROM reminders WHERE series_id = ? AND occurrence_utc = ?",
                       (series_id, utc_text(occurrence))).fetchone()
    return row is not None


def occurrence_of(conn: sqlite3.Connection, reminder_id: int) -> datetime | None:
    """The occurrence a series row stands for (its due before any move)."""
    row = conn.execute("SELECT occurrence_utc FROM reminders WHERE id = ?", (reminder_id,)).fetchone()
    return from_utc_text(row["occurrence_utc"]) if row and row["occurrence_utc"] else None


def open_occurrence(conn: sqlite3.Connection, series_id: int) -> Reminder | None:
    """The series' one pending (or firing) occurrence, or None."""
    row = conn.execute(f"{_REMINDER_SELECT} WHERE r.series_id = ? AND r.status IN ('pending', 'firing')",
                       (series_id,)).fetchone()
    return _reminder(row) if row else None


def insert_snooze(conn: sqlite3.Connection, text: str, norm: str, due: datetime, zone: str,
                  snoozed_from: int) -> int:
    """A new reminder that snoozes another one; its id."""
    cur = conn.execute(
        "INSERT INTO reminders (text, norm_text, due_utc, zone, status, created_at, snoozed_from) "
        "VALUES (?, ?, ?, ?, 'pending', ?, ?)",
        (text, norm, utc_text(due), zone, _now_text(), snoozed_from),
    )
    return int(cur.lastrowid or 0)


def move_reminder(conn: sqlite3.Connection, reminder_id: int, due: datetime) -> bool:
    """A pending reminder's new due time (its retry wait and attempts start again)."""
    cur = conn.execute(
        "UPDATE reminders SET due_utc = ?, next_attempt_utc = NULL, attempts = 0, last_error = NULL "
        "WHERE id = ? AND status = 'pending'",
        (utc_text(due), reminder_id),
    )
    return cur.rowcount == 1


def mark_done(conn: sqlite3.Connection, reminder_id: int, at: datetime) -> bool:
    """Mark a reminder done; False when it already was."""
    cur = conn.execute("UPDATE reminders SET done_at = ? WHERE id = ? AND done_at IS NULL",
                       (utc_text(at), reminder_id))
    return cur.rowcount == 1


def last_fired(conn: sqlite3.Connection, since: datetime) -> list[Reminder]:
    """Reminders fired since `since` and not yet done, the latest first."""
    rows = conn.execute(
        f"{_REMINDER_SELECT} WHERE r.status = 'fired' AND r.fired_at >= ? AND r.done_at IS NULL "
        "ORDER BY r.fired_at DESC, r.due_utc DESC, r.id DESC",
        (utc_text(since),),
    ).fetchall()
    return [_reminder(r) for r in rows]


def action_secret(conn: sqlite3.Connection) -> str:
    """The secret that signs notification buttons, made on first use."""
    row = conn.execute("SELECT secret FROM reminder_action_secret WHERE id = 1").fetchone()
    if row is not None:
        return str(row["secret"])
    import secrets

    with write_txn(conn):
        conn.execute("INSERT OR IGNORE INTO reminder_action_secret (id, secret, created_at) VALUES (1, ?, ?)",
                     (secrets.token_hex(32), _now_text()))
    return str(conn.execute("SELECT secret FROM reminder_action_secret WHERE id = 1").fetchone()["secret"])


# -- local events --------------------------------------------------------------------------------


def _event(row: sqlite3.Row) -> Event:
    zone = _zone_of(row["zone"])
    return Event(
        id=row["uid"],
        title=row["title"],
        start=from_utc_text(row["start_utc"]).astimezone(zone),
        end=from_utc_text(row["end_utc"]).astimezone(zone),
        calendar="local",
        location=row["location"],
        zone=row["zone"],
        all_day=bool(row["all_day"]),
        rule=row["rule"],
        skipped=tuple(from_utc_text(t).astimezone(zone) for t in _skipped(row["skipped"])),
        moved=tuple(tuple(from_utc_text(t).astimezone(zone) for t in m)  # type: ignore[misc]
                    for m in _skipped(row["moved"])),
    )


def insert_event(conn: sqlite3.Connection, event: Event, norm_title: str) -> None:
    """Store a new local event (a repeating one with its RRULE)."""
    conn.execute(
        "INSERT INTO events (uid, title, norm_title, start_utc, end_utc, zone, all_day, location, created_at, rule) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (event.id, event.title, norm_title, utc_text(event.start), utc_text(event.end), event.zone,
         int(event.all_day), event.location, _now_text(), event.rule),
    )


def repeating_events(conn: sqlite3.Connection, before: datetime) -> list[Event]:
    """Confirmed repeating local events whose first time is before `before` (their later times are the
    caller's to expand)."""
    rows = conn.execute(
        "SELECT * FROM events WHERE status = 'confirmed' AND rule IS NOT NULL AND start_utc < ? "
        "ORDER BY start_utc, id",
        (utc_text(before),),
    ).fetchall()
    return [_event(r) for r in rows]


def events_between(conn: sqlite3.Connection, start: datetime, end: datetime) -> list[Event]:
    """Confirmed one-off local events overlapping [start, end) (repeating ones: `repeating_events`)."""
    rows = conn.execute(
        "SELECT * FROM events WHERE status = 'confirmed' AND rule IS NULL AND start_utc < ? AND end_utc > ? "
        "ORDER BY start_utc, id",
        (utc_text(end), utc_text(start)),
    ).fetchall()
    return [_event(r) for r in rows]


def all_events(conn: sqlite3.Connection) -> list[Event]:
    """Every confirmed local event, in start order."""
    rows = conn.execute("SELECT * FROM events WHERE status = 'confirmed' ORDER BY start_utc, id").fetchall()
    return [_event(r) for r in rows]


def find_event(conn: sqlite3.Connection, uid: str) -> Event | None:
    """The local event with this UID, or None."""
    row = conn.execute("SELECT * FROM events WHERE uid = ?", (uid,)).fetchone()
    return _event(row) if row else None


def cancel_event(conn: sqlite3.Connection, uid: str) -> bool:
    """Mark a local event cancelled (it leaves every reading); False when none is confirmed."""
    cur = conn.execute("UPDATE events SET status = 'cancelled' WHERE uid = ? AND status = 'confirmed'", (uid,))
    return cur.rowcount > 0


def move_event(conn: sqlite3.Connection, uid: str, start: datetime, end: datetime) -> bool:
    """Give a confirmed local event new times; False when none is confirmed."""
    cur = conn.execute("UPDATE events SET start_utc = ?, end_utc = ? WHERE uid = ? AND status = 'confirmed'",
                       (utc_text(start), utc_text(end), uid))
    return cur.rowcount > 0


def skip_event_time(conn: sqlite3.Connection, uid: str, occurrence: datetime) -> bool:
    """Add one time to a confirmed repeating local event's skipped times; False when there is none."""
    row = conn.execute("SELECT skipped FROM events WHERE uid = ? AND status = 'confirmed' AND rule IS NOT NULL",
                       (uid,)).fetchone()
    if row is None:
        return False
    import json

    times = sorted(set(_skipped(row["skipped"])) | {utc_text(occurrence)})
    conn.execute("UPDATE events SET skipped = ? WHERE uid = ?", (json.dumps(times), uid))
    return True


def move_event_time(conn: sqlite3.Connection, uid: str, occurrence: datetime, start: datetime,
                    end: datetime) -> bool:
    """Move one time of a confirmed repeating local event (an override of that time, replacing any
    earlier one); False when there is no such event."""
    row = conn.execute("SELECT moved FROM events WHERE uid = ? AND status = 'confirmed' AND rule IS NOT NULL",
                       (uid,)).fetchone()
    if row is None:
        return False
    import json

    kept = [m for m in _skipped(row["moved"]) if m[0] != utc_text(occurrence)]
    kept.append([utc_text(occurrence), utc_text(start), utc_text(end)])
    conn.execute("UPDATE events SET moved = ? WHERE uid = ?", (json.dumps(sorted(kept)), uid))
    return True


def _skipped(text: str | None) -> list[Any]:
    """A repeating event's skipped (or moved) times as stored (a JSON list); json loads only for one."""
    if not text or text == "[]":
        return []
    import json

    return list(json.loads(text))


def set_event_rule(conn: sqlite3.Connection, uid: str, rule: str, start: datetime, end: datetime) -> bool:
    """A confirmed repeating local event's new rule and first time; False when there is none."""
    cur = conn.execute("UPDATE events SET rule = ?, start_utc = ?, end_utc = ? WHERE uid = ? AND status = 'confirmed' "
                       "AND rule IS NOT NULL", (rule, utc_text(start), utc_text(end), uid))
    return cur.rowcount > 0


def find_event_duplicate(conn: sqlite3.Connection, norm_title: str, start: datetime) -> Event | None:
    """A local event with the same normalised title starting at the same instant, if any."""
    row = conn.execute(
        "SELECT * FROM events WHERE norm_title = ? AND start_utc = ? AND status = 'confirmed'",
        (norm_title, utc_text(start)),
    ).fetchone()
    return _event(row) if row else None


def invitations_between(conn: sqlite3.Connection, start: datetime, end: datetime) -> list[Invitation]:
    """The invitations a scan of the mail set aside (kept with the appointments it read) whose time falls in
    [start, end), soonest first: named by a calendar request's own summary, else by what the mail calls
    the event ("barbecue" of "Síle Murphy: barbecue")."""
    rows = conn.execute(
        "SELECT id, provider, title, excerpt, origin, start_utc, end_utc, location FROM appointment_items"
        " WHERE status = 'rejected' AND reason = 'invitation' AND start_utc >= ? AND start_utc < ?"
        " ORDER BY start_utc, id", (utc_text(start), utc_text(end))).fetchall()
    out = []
    for r in rows:
        summary = " ".join(str(r["excerpt"] or "").split())
        title = (summary if r["origin"] == "ics" and summary and len(summary) <= 120
                 else str(r["title"] or "").removeprefix(f"{r['provider']}: ") or str(r["provider"]))
        out.append(Invitation(int(r["id"]), title, from_utc_text(r["start_utc"]), from_utc_text(r["end_utc"]),
                              str(r["provider"]), r["location"]))
    return out
