"""`steward mail import`: every local format, idempotent, never the body, bad input refused and noted."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from steward.mail.ingest import ingest, ingest_raw
from steward.mail.sources import scan
from steward.records.mail import ImapSource
from steward.sample import generate, write_maildir, write_mbox
from steward.store import connect

NOW = datetime(2026, 9, 14, 12, 0, tzinfo=ZoneInfo("Asia/Kolkata"))


@pytest.fixture(scope="module")
def sample() -> list:
    return generate(NOW, seed=7)


def eml(path: Path, subject: str, body: str, message_id: str | None = None) -> Path:
    mid = f"Message-ID: <{message_id}>\n" if message_id else ""
    path.write_bytes(f"From: Tester <t@example.com>\nTo: me@example.com\nSubject: {subject}\n"
                     f"Date: Tue, 1 Sep 2026 10:00:00 +0000\n{mid}\n{body}".encode())
    return path


def db(home: Path) -> sqlite3.Connection:
    return sqlite3.connect(home / "steward.db")


def test_maildir_then_mbox_of_the_same_mail_is_one_copy(cli, tmp_path: Path, steward_home: Path, sample) -> None:
    write_maildir(sample, tmp_path / "Mail")
    write_mbox(sample, tmp_path / "all.mbox")
    first = cli("mail", "import", str(tmp_path / "Mail"), "--json")
    assert first.code == 0, first.err
    assert first.json()["added"] == len(sample) and first.json()["rejected"] == 0
    again = cli("mail", "import", str(tmp_path / "Mail"), "--json").json()
    assert again["added"] == 0 and again["skipped"] == len(sample)
    mbox = cli("mail", "import", str(tmp_path / "all.mbox"), "--json").json()
    assert mbox["added"] == 0 and mbox["duplicates"] == len(sample)
    assert db(steward_home).execute("SELECT count(*) FROM messages").fetchone()[0] == len(sample)
    # each message knows both places it lives
    assert db(steward_home).execute("SELECT count(*) FROM message_sources").fetchone()[0] == 2 * len(sample)


def test_mbox_import_stores_what_the_message_says(cli, tmp_path: Path, steward_home: Path, sample) -> None:
    write_mbox(sample, tmp_path / "all.mbox")
    assert cli("mail", "import", str(tmp_path / "all.mbox")).code == 0
    row = db(steward_home).execute(
        "SELECT sender, sender_name, subject, zone, category, source_kind, has_pdf, attachments FROM messages "
        "WHERE subject LIKE 'Your Kaveri Platinum Credit Card statement%' ORDER BY received_at LIMIT 1").fetchone()
    assert row[:6] == ("statements@kaveribank.in", "Kaveri Bank", "Your Kaveri Platinum Credit Card statement is ready",
                       "+05:30", "statement", "mbox")
    assert row[6] == 1 and row[7].startswith('["statement-')


def test_eml_files_and_folders_of_them(cli, tmp_path: Path, steward_home: Path) -> None:
    folder = tmp_path / "saved"
    (folder / "sub").mkdir(parents=True)
    eml(folder / "a.eml", "first", "one", "a@x")
    eml(folder / "sub" / "b.eml", "second", "two", "b@x")
    single = eml(tmp_path / "c.eml", "third", "three", "c@x")
    r = cli("mail", "import", str(folder), str(single), "--json")
    assert r.json()["added"] == 3
    subjects = {s for (s,) in db(steward_home).execute("SELECT subject FROM messages")}
    assert subjects == {"first", "second", "third"}


def test_maildir_tmp_is_not_read(cli, tmp_path: Path, steward_home: Path) -> None:
    box = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (box / sub).mkdir(parents=True)
    eml(box / "new" / "1.host", "delivered", "x", "1@x")
    eml(box / "cur" / "2.host:2,S", "read one", "x", "2@x")
    eml(box / "tmp" / "3.host", "half written", "x", "3@x")
    assert cli("mail", "import", str(box), "--json").json()["added"] == 2


def test_the_body_below_the_snippet_is_nowhere_in_the_database(cli, tmp_path: Path, steward_home: Path) -> None:
    marker = "ZQXJ-PRIVATE-MARKER-7731"
    body = "Opening line of the letter. " + ("Filler words to push past the snippet. " * 20) + marker + "\nBye."
    eml(tmp_path / "secret.eml", "private", body, "secret@x")
    assert cli("init").code == 0
    holder = db(steward_home)  # an open reader keeps the WAL file from being checkpointed away on close
    holder.execute("SELECT count(*) FROM messages").fetchone()
    assert cli("mail", "import", str(tmp_path / "secret.eml")).code == 0
    assert cli("mail", "search", "private", "--json").json()["hits"]  # the message is there
    files = [p for p in steward_home.iterdir() if p.name.startswith("steward.db")]
    assert any(p.name.endswith("-wal") for p in files)  # the WAL is checked too, before any checkpoint
    for path in files:
        data = path.read_bytes()
        assert marker.encode() not in data, path.name
        assert marker.encode("utf-16-le") not in data, path.name
    holder.close()
    # and the live read still finds the body in the source
    shown = cli("mail", "read", "1", "--json").json()
    assert marker in shown["body"]


def test_bad_input_is_rejected_with_a_reason_and_the_rest_imported(cli, tmp_path: Path, steward_home: Path) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "empty.eml").write_bytes(b"")
    (folder / "noise.bin").write_bytes(bytes((i * 37 + 11) % 256 for i in range(5000)))
    eml(folder / "good.eml", "good one", "fine", "good@x")
    (folder / "latin1.eml").write_bytes(b"From: a@x.org\nSubject: Caf\xe9\nDate: Tue, 1 Sep 2026 10:00:00 +0000\n\nok")
    r = cli("mail", "import", str(folder), "--json")
    assert r.code == 0
    data = r.json()
    assert data["added"] == 2 and data["rejected"] == 2
    reasons = {Path(x["location"]).name: x["reason"] for x in data["rejections"]}
    assert "empty" in reasons["empty.eml"] and "binary" in reasons["noise.bin"]
    listed = cli("mail", "rejected", "--json").json()
    assert {Path(x["location"]).name for x in listed} == {"empty.eml", "noise.bin"}
    subjects = {s for (s,) in db(steward_home).execute("SELECT subject FROM messages")}
    assert subjects == {"good one", "Café"}


def test_a_missing_path_is_one_line_and_imports_nothing(cli, tmp_path: Path, steward_home: Path) -> None:
    good = eml(tmp_path / "a.eml", "s", "b", "a@x")
    r = cli("mail", "import", str(good), str(tmp_path / "nope"))
    assert r.code == 1
    assert r.err.strip().count("\n") == 0 and "nope" in r.err and "no such file" in r.err
    assert cli("mail", "search", "s", "--json").json()["hits"] == []


@pytest.mark.slow
def test_a_30_megabyte_message_is_imported_without_its_body(cli, tmp_path: Path, steward_home: Path) -> None:
    big = tmp_path / "big.eml"
    with big.open("wb") as out:
        out.write(b"From: big@example.com\nSubject: huge attachment\nDate: Tue, 1 Sep 2026 10:00:00 +0000\n"
                  b"Message-ID: <big@x>\nMIME-Version: 1.0\nContent-Type: multipart/mixed; boundary=zz\n\n"
                  b"--zz\nContent-Type: text/plain\n\nSee the archive.\n--zz\nContent-Type: application/zip\n"
                  b"Content-Disposition: attachment; filename=data.zip\nContent-Transfer-Encoding: base64\n\n")
        line = b"QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVphYmNkZWZnaGlqa2xtbm9wcXJzdHV2d3h5ejAxMjM0\n"
        out.write(line * (30 * 1024 * 1024 // len(line)))
        out.write(b"--zz--\n")
    r = cli("mail", "import", str(big), "--json")
    assert r.json()["added"] == 1
    row = db(steward_home).execute("SELECT snippet, attachments FROM messages").fetchone()
    assert row == ("See the archive.", '["data.zip"]')
    assert (steward_home / "steward.db").stat().st_size < 2 * 1024 * 1024


def test_on_batch_runs_inside_the_transaction_of_the_rows(tmp_path: Path, sample) -> None:
    conn = connect(tmp_path / "s.db")
    write_maildir(sample[:30], tmp_path / "Mail")
    seen: list[tuple[int, str]] = []

    def hook(c: sqlite3.Connection, batch: list[tuple[int, str]]) -> None:
        assert c.in_transaction
        # the rows are visible to the hook's connection before commit
        assert c.execute("SELECT count(*) FROM messages WHERE id = ?", (batch[0][0],)).fetchone()[0] == 1
        seen.extend(batch)

    report = ingest(conn, scan([tmp_path / "Mail"]), on_batch=hook, batch_size=10)
    assert report.added == 30 and len(seen) == 30
    text = dict(seen)[report.added_ids[0]]
    row = conn.execute("SELECT sender_name, subject FROM messages WHERE id = ?", (report.added_ids[0],)).fetchone()
    assert text.startswith(f"{row[0]} {row[1]}")

    def failing(c: sqlite3.Connection, batch: list[tuple[int, str]]) -> None:
        raise RuntimeError("index full")

    write_maildir(sample[30:40], tmp_path / "More")
    with pytest.raises(RuntimeError):
        ingest(conn, scan([tmp_path / "More"]), on_batch=failing)
    assert conn.execute("SELECT count(*) FROM messages").fetchone()[0] == 30  # rolled back with the index


def test_raw_bytes_with_an_imap_pointer_are_stored_and_skipped_next_time(tmp_path: Path, sample) -> None:
    conn = connect(tmp_path / "s.db")
    raws = [(m.raw, ImapSource("work", "INBOX", 42, i + 1)) for i, m in enumerate(sample[:5])]
    assert ingest_raw(conn, raws, account="work").added == 5
    again = ingest_raw(conn, raws, account="work")
    assert again.added == 0 and again.skipped == 5
    kind, location, account = conn.execute(
        "SELECT source_kind, source_location, account FROM messages ORDER BY id LIMIT 1").fetchone()
    assert (kind, account) == ("imap", "work")
    assert '"uid":1' in location and '"uidvalidity":42' in location


def test_parallel_parsing_stores_the_same_as_one_process(tmp_path: Path, sample, monkeypatch) -> None:
    import steward.mail.ingest as ingest_module

    monkeypatch.setattr(ingest_module, "_CHUNK", 25)
    write_maildir(sample, tmp_path / "Mail")
    (tmp_path / "Mail" / "cur" / "broken:2,S").write_bytes(b"")
    rows = []
    for workers in (1, 2):
        conn = connect(tmp_path / f"w{workers}.db")
        report = ingest(conn, scan([tmp_path / "Mail"]), workers=workers, batch_size=100)
        assert report.added == len(sample) and report.rejected == 1
        rows.append(conn.execute("SELECT id, dedup_key, subject, snippet, received_at, category, source_location "
                                 "FROM messages ORDER BY id").fetchall())
    assert rows[0] == rows[1]
