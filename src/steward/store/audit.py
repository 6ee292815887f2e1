"""The audit log: the record of what was done for the user, and why."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from datetime import UTC, datetime

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (light commands read these)
if TYPE_CHECKING:
    from typing import Any


def record(
    conn: sqlite3.Connection,
    kind: str,
    object_id: str | None,
    provenance: Mapping[str, Any],
    detail: Mapping[str, Any] | None = None,
) -> int:
    """Append one entry; call inside the transaction of the write it describes."""
    import json  # here, not above: a command that only reads (`steward dues`) loads no json

    cur = conn.execute(
        "INSERT INTO audit_log (at, kind, object_id, provenance, detail) VALUES (?, ?, ?, ?, ?)",
        (
            datetime.now(UTC).isoformat(),
            kind,
            object_id,
            json.dumps(dict(provenance), sort_keys=True),
            json.dumps(dict(detail or {}), sort_keys=True, default=str),
        ),
    )
    return int(cur.lastrowid or 0)


def entries(conn: sqlite3.Connection, kind: str | None = None) -> list[dict[str, Any]]:
    """Audit entries, oldest first, optionally of one kind."""
    sql = "SELECT id, at, kind, object_id, provenance, detail FROM audit_log"
    args: tuple[Any, ...] = ()
    if kind:
        sql += " WHERE kind = ?"
        args = (kind,)
    rows = conn.execute(sql + " ORDER BY id", args).fetchall()
    if not rows:
        return []  # a day with no moves or skips in it (most days) loads no json
    import json

    return [
        {
            "id": r["id"],
            "at": r["at"],
            "kind": r["kind"],
            "object_id": r["object_id"],
            "provenance": json.loads(r["provenance"]),
            "detail": json.loads(r["detail"]),
        }
        for r in rows
    ]

