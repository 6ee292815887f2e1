"""SQLite storage: one file in WAL mode, named migrations, and the repositories.

Nothing outside this package writes SQL; the rest of Steward talks to repositories, so the same
code could run on another database (see DESIGN.md, "Going past one machine").
"""

from steward.store.db import connect, connect_reader, migrate, rollback_if_open, write_txn

__all__ = ["connect", "connect_reader", "migrate", "rollback_if_open", "write_txn"]
