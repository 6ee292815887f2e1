"""SQL for money owed: dues, the messages behind them, candidates already read, accounts seen and
the notices sent. The finance service calls these, inside `write_txn`, never SQL of its own.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, date, datetime
from decimal import Decimal

from steward.records.finance import Account, Due, MessageFacts, NewDue, Payment
from steward.store.db import from_utc_text, storable_id, utc_text, write_txn

__all__ = ["rolled_back", "write_txn"]

_DUE = ("id, issuer, kind, account, amount, minimum, currency, due_date, zone, autopay, status, message_rowid, "
        "excerpt, created_at, paid_by")


@contextmanager
def rolled_back(conn: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """A transaction that is always rolled back: a dry run does every write and keeps none."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield conn
    finally:
        conn.execute("ROLLBACK")


def _due(row: sqlite3.Row) -> Due:
    return Due(
        id=int(row["id"]), issuer=row["issuer"], kind=row["kind"], account=row["account"],
        amount=Decimal(row["amount"]), minimum=Decimal(row["minimum"]) if row["minimum"] is not None else None,
        currency=row["currency"], due_date=date.fromisoformat(row["due_date"]), zone=row["zone"],
        autopay=bool(row["autopay"]), status=row["status"], message_id=int(row["message_rowid"]),
        excerpt=row["excerpt"], created_at=from_utc_text(row["created_at"]),
        paid_by=int(row["paid_by"]) if row["paid_by"] is not None else None,
    )


def _now() -> str:
    return utc_text(datetime.now(UTC))


# -- candidates -----------------------------------------------------------------------------------


def messages_since(conn: sqlite3.Connection, since: datetime | None) -> Iterator[MessageFacts]:
    """Messages received at or after `since` (all when None) not yet read for dues, oldest first."""
    sql = ("SELECT id, sender, sender_name, subject, snippet, received_at, zone, category, has_pdf FROM messages m "
           "WHERE NOT EXISTS (SELECT 1 FROM finance_seen s WHERE s.message_rowid = m.id)")
    args: tuple[object, ...] = ()
    if since is not None:
        sql += " AND received_at >= ?"
        args = (utc_text(since),)
    for row in conn.execute(sql + " ORDER BY received_at, id", args):
        yield MessageFacts(int(row[0]), row[1], row[2], row[3], row[4], from_utc_text(row[5]), row[6], row[7],
                           bool(row[8]))


def billing_senders(conn: sqlite3.Connection) -> frozenset[str]:
    """The addresses whose mail a due was read from (the billers the person's mail shows), lower-cased."""
    return frozenset(str(r[0]).lower() for r in conn.execute(
        "SELECT DISTINCT m.sender FROM due_sources s JOIN messages m ON m.id = s.message_rowid WHERE s.role = 'due'"))


def mark_seen(conn: sqlite3.Connection, rowid: int, outcome: str, reason: str = "", due_id: int | None = None) -> None:
    """Record that a candidate was read (extracting again skips it)."""
    conn.execute("INSERT OR REPLACE INTO finance_seen (message_rowid, outcome, reason, due_id, at) VALUES (?, ?, ?, ?, ?)",
                 (rowid, outcome, reason, due_id, _now()))


def newest_message_id(conn: sqlite3.Connection) -> int:
    """The highest message id in the store (0 when empty): new mail since a pass shows as a change."""
    row = conn.execute("SELECT max(id) FROM messages").fetchone()
    return int(row[0] or 0)


# -- dues -----------------------------------------------------------------------------------------


def find_same_period(conn: sqlite3.Connection, new: NewDue) -> Due | None:
    """The stored due for the same issuer, account and period (a notice and a PDF of one statement)."""
    row = conn.execute(
        f"SELECT {_DUE} FROM dues WHERE issuer_key = ? AND due_date = ? AND currency = ? "
        "AND (account = ? OR account = '' OR ? = '') ORDER BY account = ? DESC, id LIMIT 1",
        (new.issuer_key, new.due_date.isoformat(), new.currency, new.account, new.account, new.account),
    ).fetchone()
    return _due(row) if row else None


def insert_due(conn: sqlite3.Connection, new: NewDue, status: str = "open") -> int:
    """Store a new due and its source message; returns its id."""
    now = _now()
    cur = conn.execute(
        "INSERT INTO dues (issuer, issuer_key, kind, account, amount, minimum, currency, due_date, zone, autopay, "
        "status, message_rowid, excerpt, method, statement_at, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (new.issuer, new.issuer_key, new.kind, new.account, str(new.amount),
         str(new.minimum) if new.minimum is not None else None, new.currency, new.due_date.isoformat(), new.zone,
         int(new.autopay), status, new.message_id, new.excerpt, new.method, utc_text(new.statement_at), now, now),
    )
    due_id = int(cur.lastrowid or 0)
    add_source(conn, due_id, new.message_id, "due")
    return due_id


def fill_in(conn: sqlite3.Connection, due_id: int, new: NewDue) -> None:
    """Complete a stored due with what another message of the same period adds (never overwrite a figure)."""
    conn.execute(
        "UPDATE dues SET minimum = coalesce(minimum, ?), autopay = max(autopay, ?), "
        "account = CASE WHEN account = '' THEN ? ELSE account END, "
        "excerpt = CASE WHEN excerpt = '' THEN ? ELSE excerpt END, "
        "kind = CASE WHEN kind = 'other' THEN ? ELSE kind END, updated_at = ? WHERE id = ?",
        (str(new.minimum) if new.minimum is not None else None, int(new.autopay), new.account, new.excerpt,
         new.kind, _now(), due_id),
    )
    add_source(conn, due_id, new.message_id, "merged")


def open_past_due(conn: sqlite3.Connection, new: NewDue, today: date) -> Due | None:
    """The account's open due whose day is already past on `today` (the newest), which a later notice of it
    being unpaid revises; None when there is none."""
    row = conn.execute(
        f"SELECT {_DUE} FROM dues WHERE issuer_key = ? AND currency = ? AND status = 'open' AND due_date < ? "
        "AND (account = ? OR account = '' OR ? = '') ORDER BY due_date DESC, id DESC LIMIT 1",
        (new.issuer_key, new.currency, today.isoformat(), new.account, new.account),
    ).fetchone()
    return _due(row) if row else None


def revise(conn: sqlite3.Connection, due_id: int, new: NewDue) -> None:
    """A stored due's sum as a later notice of it states it (a penalty added, a part paid); its day stays, and so
    does the mail it was read from (the notice is kept as a source of it)."""
    conn.execute("UPDATE dues SET amount = ?, updated_at = ? WHERE id = ?", (str(new.amount), _now(), due_id))
    add_source(conn, due_id, new.message_id, "revised")


def add_source(conn: sqlite3.Connection, due_id: int, rowid: int, role: str) -> None:
    """Record that message `rowid` is a source of the due, in `role` (once)."""
    conn.execute("INSERT OR IGNORE INTO due_sources (due_id, message_rowid, role) VALUES (?, ?, ?)",
                 (due_id, rowid, role))


def previous_period(conn: sqlite3.Connection, new: NewDue) -> Due | None:
    """The same account's due of the period before `new` (the latest with an earlier date), or None."""
    row = conn.execute(f"SELECT {_DUE} FROM dues WHERE issuer_key = ? AND account = ? AND currency = ? "
                       "AND due_date < ? ORDER BY due_date DESC, id DESC LIMIT 1",
                       (new.issuer_key, new.account, new.currency, new.due_date.isoformat())).fetchone()
    return _due(row) if row else None


# dues that carry what came before in their balance: a statement's later period is the whole of what is owed
_RUNNING = ("card", "bank", "loan")


def _sent_in_order(new: NewDue, later: bool) -> tuple[str, tuple[str, ...]]:
    """The SQL (and its values) that keeps, of a biller's dues without a running balance, those sent in the order
    of their days: a charge of its own (a special assessment due in May, written before April's monthly one) is
    no period of the monthly bill, and neither supersedes the other."""
    if new.kind in _RUNNING:
        return "", ()
    return (" AND statement_at >= ?" if later else " AND statement_at <= ?"), (utc_text(new.statement_at),)


def newer_period_exists(conn: sqlite3.Connection, new: NewDue) -> bool:
    """Whether the same account already has a due with a later date (the new one is history)."""
    order, values = _sent_in_order(new, later=True)
    row = conn.execute("SELECT 1 FROM dues WHERE issuer_key = ? AND account = ? AND currency = ? AND due_date > ?"
                       f"{order} LIMIT 1",
                       (new.issuer_key, new.account, new.currency, new.due_date.isoformat(), *values)).fetchone()
    return row is not None


def supersede_older(conn: sqlite3.Connection, new: NewDue, keep: int) -> list[int]:
    """Mark the account's older open dues superseded by the due `keep`; returns their ids."""
    order, values = _sent_in_order(new, later=False)
    rows = conn.execute("SELECT id FROM dues WHERE issuer_key = ? AND account = ? AND currency = ? AND status = 'open' "
                        f"AND due_date < ? AND id != ?{order}",
                        (new.issuer_key, new.account, new.currency, new.due_date.isoformat(), keep,
                         *values)).fetchall()
    ids = [int(r[0]) for r in rows]
    if ids:
        conn.execute(f"UPDATE dues SET status = 'superseded', updated_at = ? WHERE id IN ({','.join('?' * len(ids))})",
                     (_now(), *ids))
    return ids


def payable_dues(conn: sqlite3.Connection, issuer_key: str, account: str, currency: str,
                 before: datetime) -> list[Due]:
    """Dues a payment received at `before` may settle: same issuer and currency, account matching, newest first."""
    rows = conn.execute(
        f"SELECT {_DUE} FROM dues WHERE issuer_key = ? AND currency = ? AND status IN ('open', 'superseded') "
        "AND (account = ? OR account = '' OR ? = '') AND statement_at <= ? ORDER BY status = 'open' DESC, "
        "due_date DESC", (issuer_key, currency, account, account, utc_text(before))).fetchall()
    return [_due(r) for r in rows]


def mark_paid(conn: sqlite3.Connection, due_id: int, by_message: int | None, at: datetime) -> None:
    """Mark the due paid at `at`, by the message that says so when there is one."""
    conn.execute("UPDATE dues SET status = 'paid', paid_by = ?, paid_at = ?, updated_at = ? WHERE id = ?",
                 (by_message, utc_text(at), _now(), due_id))
    if by_message is not None:
        add_source(conn, due_id, by_message, "paid")


def get_due(conn: sqlite3.Connection, due_id: int) -> Due | None:
    """The due with this id, or None (also for an id out of range)."""
    if not storable_id(due_id):
        return None
    row = conn.execute(f"SELECT {_DUE} FROM dues WHERE id = ?", (due_id,)).fetchone()
    return _due(row) if row else None


# a due read from mail that was marked as phishing after it was read (the rules that mark mail improved)
# is not shown, counted or notified: a marked mail never feeds what is owed
_NOT_FROM_MARKED = "message_rowid NOT IN (SELECT id FROM messages WHERE category = 'phishing_suspect')"


def list_dues(conn: sqlite3.Connection, statuses: Sequence[str] = ("open",)) -> list[Due]:
    """Dues with the given statuses, soonest first (none read from mail now marked as phishing)."""
    marks = ",".join("?" * len(statuses))
    rows = conn.execute(f"SELECT {_DUE} FROM dues WHERE status IN ({marks}) AND {_NOT_FROM_MARKED} "
                        "ORDER BY due_date, id", tuple(statuses)).fetchall()
    return [_due(r) for r in rows]


def dues_due_between(conn: sqlite3.Connection, first: date, last: date) -> list[Due]:
    """Open dues whose date lies from `first` to `last` (inclusive), none read from mail now marked."""
    rows = conn.execute(f"SELECT {_DUE} FROM dues WHERE status = 'open' AND due_date BETWEEN ? AND ? "
                        f"AND {_NOT_FROM_MARKED} ORDER BY due_date, id",
                        (first.isoformat(), last.isoformat())).fetchall()
    return [_due(r) for r in rows]


# -- accounts -------------------------------------------------------------------------------------


def saw_account(conn: sqlite3.Connection, issuer: str, kind: str, account: str, at: datetime, rowid: int) -> None:
    """Note that a message at `at` showed `account` (last four) of `issuer`; the newest sighting is kept."""
    conn.execute(
        "INSERT INTO finance_accounts (issuer_key, issuer, kind, account, last_seen, message_rowid) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (issuer_key, account) DO UPDATE SET "
        "last_seen = excluded.last_seen, message_rowid = excluded.message_rowid, issuer = excluded.issuer, "
        "kind = CASE WHEN finance_accounts.kind = 'other' THEN excluded.kind ELSE finance_accounts.kind END "
        "WHERE excluded.last_seen > finance_accounts.last_seen",
        (issuer.lower(), issuer, kind, account, utc_text(at), rowid),
    )


def accounts(conn: sqlite3.Connection) -> list[Account]:
    """Every account seen, with its newest due (any status)."""
    out = []
    for row in conn.execute("SELECT issuer_key, issuer, kind, account, last_seen FROM finance_accounts "
                            "ORDER BY issuer_key, account").fetchall():
        latest = conn.execute(f"SELECT {_DUE} FROM dues WHERE issuer_key = ? AND account = ? "
                              "ORDER BY due_date DESC, id DESC LIMIT 1", (row[0], row[3])).fetchone()
        out.append(Account(row[1], row[2], row[3], from_utc_text(row[4]), _due(latest) if latest else None))
    return out


# -- payments made --------------------------------------------------------------------------------


def record_payment(conn: sqlite3.Connection, payee: str, kind: str, account: str, amount: Decimal, currency: str,
                   paid_on: date, rowid: int, due_id: int | None) -> None:
    """Record the payment message `rowid` confirms (once per message)."""
    conn.execute(
        "INSERT INTO payments (payee, payee_key, kind, account, amount, currency, paid_on, due_id, message_rowid, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_rowid) DO NOTHING",
        (payee, payee.lower(), kind, account, f"{amount}", currency, paid_on.isoformat(), due_id, rowid, _now()))


def payments(conn: sqlite3.Connection) -> list[Payment]:
    """Every payment recorded, newest first (none read from mail now marked as phishing)."""
    rows = conn.execute("SELECT id, payee, kind, account, amount, currency, paid_on, message_rowid, due_id "
                        f"FROM payments WHERE {_NOT_FROM_MARKED} ORDER BY paid_on DESC, id DESC").fetchall()
    return [Payment(int(r[0]), r[1], r[2], r[3], Decimal(r[4]), r[5], date.fromisoformat(r[6]), int(r[7]),
                    int(r[8]) if r[8] is not None else None) for r in rows]


# -- notices --------------------------------------------------------------------------------------


def noticed_sinks(conn: sqlite3.Connection, due_id: int) -> set[str]:
    """The sinks the due's notification has already gone to."""
    return {str(r[0]) for r in conn.execute("SELECT sink FROM due_notices WHERE due_id = ?", (due_id,))}


def record_notice(conn: sqlite3.Connection, due_id: int, sink: str, at: datetime) -> None:
    """Record that the due's notification went to `sink` at `at` (once)."""
    conn.execute("INSERT OR IGNORE INTO due_notices (due_id, sink, sent_at) VALUES (?, ?, ?)",
                 (due_id, sink, utc_text(at)))
