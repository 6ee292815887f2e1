"""SQLite storage: one file in WAL mode, named migrations, and the repositories.

Nothing outside this package writes SQL; the rest of Steward talks to repositories, so the same
code could run on another database (see DESIGN.md, "Going past one machine").

The connection helpers below are loaded from `steward.store.db` on first use, so a module of this
package that needs none of them (`glance`, which `steward hook` reads on every tool call) is imported
without the migration runner and its logging.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from steward.store.db import connect, connect_reader, migrate, rollback_if_open, write_txn

__all__ = ["connect", "connect_reader", "migrate", "rollback_if_open", "write_txn"]


def __getattr__(name: str) -> object:
    """`from steward.store import connect` (and the other helpers of `__all__`): loaded on first use."""
    if name in __all__:
        from steward.store import db

        return getattr(db, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
