"""One transaction helper: a write that fails half-way leaves nothing behind, and only store/ writes SQL."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from steward.store import audit, connect, write_txn

SRC = Path(__file__).resolve().parent.parent / "src" / "steward"


def test_a_write_that_fails_half_way_leaves_nothing(tmp_path: Path) -> None:
    conn = connect(tmp_path / "steward.db")
    with pytest.raises(RuntimeError), write_txn(conn):
        audit.record(conn, "test.write", None, {"via": "test"}, {"n": 1})
        raise RuntimeError("the second step failed")
    assert not conn.in_transaction
    assert len(audit.entries(conn, "test.write")) == 0
    with write_txn(conn):
        audit.record(conn, "test.write", None, {"via": "test"}, {"n": 2})
    assert len(audit.entries(conn, "test.write")) == 1


def test_ctrl_c_inside_a_write_rolls_it_back(tmp_path: Path) -> None:
    conn = connect(tmp_path / "steward.db")
    with pytest.raises(KeyboardInterrupt), write_txn(conn):
        audit.record(conn, "test.write", None, {"via": "test"}, {})
        raise KeyboardInterrupt
    assert len(audit.entries(conn, "test.write")) == 0


def test_no_sql_outside_the_store() -> None:
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if path.relative_to(SRC).parts[0] == "store":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"\.execute(many|script)?\(|[\"'](BEGIN|COMMIT|ROLLBACK)(\s+[A-Z]+)?[\"';]", line):
                found.append(f"{path.relative_to(SRC)}:{number}: {line.strip()}")
    assert found == [], "SQL belongs in a store/ repository (transactions: store.write_txn):\n" + "\n".join(found)
