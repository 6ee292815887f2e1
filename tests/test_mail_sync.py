"""`steward mail sync` against a real Dovecot: incremental by UIDVALIDITY + UID, deletions reconciled,
UIDVALIDITY changes resynced without duplicates, bodies read live, failures one line with state intact."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from dovecot_server import CuttingProxy, configure, free_port, make_message

pytestmark = pytest.mark.server

@pytest.fixture
def password(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    def set_pw(value: str = "secret-pw") -> None:
        monkeypatch.setenv("IMAP_TEST_PW", value)

    set_pw()
    return set_pw


def db(home: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(home / "steward.db")
    conn.row_factory = sqlite3.Row
    return conn


def stored(home: Path) -> dict[str, Any]:
    """Message-IDs stored, IMAP pointers per message, and FTS agreement."""
    conn = db(home)
    mids = [r[0] for r in conn.execute("SELECT message_id FROM messages ORDER BY message_id")]
    fts = {r[0] for r in conn.execute("SELECT rowid FROM messages_fts")}
    ids = {r[0] for r in conn.execute("SELECT id FROM messages")}
    pointers = conn.execute("SELECT count(*) FROM message_sources WHERE kind = 'imap'").fetchone()[0]
    conn.close()
    return {"mids": mids, "fts_agrees": fts == ids, "pointers": pointers}


def sync(cli: Callable[..., Any], *args: str) -> Any:
    return cli("mail", "sync", "--json", "--no-progress", *args)


def test_first_sync_stores_every_message_without_setting_seen_then_adds_only_new_ones(
        cli, dovecot, steward_home, password) -> None:
    body = "Your card statement is ready. Minimum due on 5 March.\n\n" + "details " * 400 + "\nZEBRA-MARKER-4471\n"
    uids = dovecot.append([make_message(1, body=body, pdf=True, subject="Card statement ready"),
                           make_message(2, html=True), make_message(3)])
    configure(steward_home, dovecot)
    r = sync(cli)
    assert r.code == 0, r.err
    [outcome] = r.json()
    assert (outcome["account"], outcome["added"], outcome["removed"]) == ("home", 3, 0)
    assert stored(steward_home)["mids"] == ["order-1@example.com", "order-2@example.com", "order-3@example.com"]
    for uid in uids:
        assert "\\Seen" not in dovecot.flags(uid)
    hits = cli("mail", "search", "statement", "--json").json()["hits"]
    assert [h["subject"] for h in hits] == ["Card statement ready"]
    assert hits[0]["snippet"].startswith("Your card statement is ready. Minimum due on 5 March.")
    row = db(steward_home).execute("SELECT has_pdf, attachments FROM messages WHERE message_id = 'order-1@example.com'"
                                   ).fetchone()
    assert row["has_pdf"] == 1 and "invoice-1.pdf" in row["attachments"]
    # the body below the snippet was never fetched, so it cannot be in the database
    assert b"ZEBRA-MARKER-4471" not in (steward_home / "steward.db").read_bytes()

    again = sync(cli).json()[0]
    assert (again["added"], again["removed"]) == (0, 0)
    dovecot.append([make_message(4), make_message(5)])
    assert sync(cli).json()[0]["added"] == 2
    assert len(stored(steward_home)["mids"]) == 5 and stored(steward_home)["fts_agrees"]


def test_mail_read_fetches_the_body_live_by_uid(cli, dovecot, steward_home, password) -> None:
    body = "Hello Alice,\n\nthe appointment is confirmed.\n\n" + "x " * 300 + "\nBODY-ONLY-MARKER-9931\n"
    dovecot.append([make_message(1, body=body, subject="Appointment confirmed")])
    configure(steward_home, dovecot)
    assert sync(cli).code == 0
    [hit] = cli("mail", "search", "appointment", "--json").json()["hits"]
    r = cli("mail", "read", str(hit["id"]), "--json")
    assert r.code == 0, r.err
    assert "BODY-ONLY-MARKER-9931" in r.json()["body"]
    assert "\\Seen" not in dovecot.flags(1)
    assert b"BODY-ONLY-MARKER-9931" not in (steward_home / "steward.db").read_bytes()
    # deleted on the server: reading says so in one line (exit 1), and the next sync removes it
    dovecot.expunge([1])
    gone = cli("mail", "read", str(hit["id"]))
    assert gone.code == 1 and "no longer on the server" in gone.err and gone.err.count("\n") == 1


def test_messages_deleted_on_the_server_are_removed_from_the_store_and_search(
        cli, dovecot, steward_home, password) -> None:
    uids = dovecot.append([make_message(i, subject=f"Receipt number {i}") for i in range(1, 7)])
    configure(steward_home, dovecot)
    assert sync(cli).json()[0]["added"] == 6
    dovecot.expunge([uids[1], uids[4]])
    outcome = sync(cli).json()[0]
    assert (outcome["added"], outcome["removed"]) == (0, 2)
    after = stored(steward_home)
    assert after["mids"] == [f"order-{i}@example.com" for i in (1, 3, 4, 6)]
    assert after["fts_agrees"] and after["pointers"] == 4
    assert len(cli("mail", "search", "receipt", "--json").json()["hits"]) == 4


def test_a_uidvalidity_change_resyncs_the_folder_without_duplicates(cli, dovecot, steward_home, password) -> None:
    dovecot.append([make_message(i) for i in range(1, 6)])
    configure(steward_home, dovecot)
    assert sync(cli).json()[0]["added"] == 5
    ids_before = {r["message_id"]: r["id"] for r in db(steward_home).execute("SELECT id, message_id FROM messages")}
    dovecot.expunge([2])  # deleted while the server is rebuilt
    new_validity = dovecot.change_uidvalidity()
    outcome = sync(cli).json()[0]
    assert outcome["folders"][0]["resynced"] is True
    assert (outcome["added"], outcome["removed"]) == (0, 1)
    conn = db(steward_home)
    ids_after = {r["message_id"]: r["id"] for r in conn.execute("SELECT id, message_id FROM messages")}
    assert ids_after == {k: v for k, v in ids_before.items() if k != "order-2@example.com"}  # same ids kept
    validities = {r[0] for r in conn.execute(
        "SELECT json_extract(location, '$.uidvalidity') FROM message_sources WHERE kind = 'imap'")}
    assert validities == {new_validity}
    assert {r[0] for r in conn.execute("SELECT json_extract(source_location, '$.uidvalidity') FROM messages")} == {
        new_validity}
    assert stored(steward_home)["fts_agrees"]
    # bodies are still readable under the new numbering
    r = cli("mail", "read", str(ids_after["order-4@example.com"]), "--json")
    assert r.code == 0 and "Your order number 4" in r.json()["body"]


def test_a_message_in_two_folders_is_stored_once_and_survives_deletion_from_one(
        cli, dovecot, steward_home, password) -> None:
    same = make_message(7, subject="Flight itinerary")
    dovecot.append([same, make_message(8)])
    dovecot.append([same], folder="Travel")
    configure(steward_home, dovecot, folders=("INBOX", "Travel"))
    outcome = sync(cli).json()[0]
    assert outcome["added"] == 2 and [f["linked"] for f in outcome["folders"]] == [0, 1]
    assert stored(steward_home)["pointers"] == 3
    dovecot.expunge([1])  # gone from INBOX, still in Travel
    outcome = sync(cli).json()[0]
    assert outcome["removed"] == 0
    [hit] = cli("mail", "search", "itinerary", "--json").json()["hits"]
    r = cli("mail", "read", str(hit["id"]), "--json")
    assert r.code == 0 and "Your order number 7" in r.json()["body"]
    dovecot.expunge([1], folder="Travel")
    assert sync(cli).json()[0]["removed"] == 1
    assert cli("mail", "search", "itinerary", "--json").json()["hits"] == []


def test_a_wrong_password_is_one_line_naming_the_account_and_keeps_what_was_synced(
        cli, dovecot, steward_home, password) -> None:
    dovecot.append([make_message(1), make_message(2)])
    configure(steward_home, dovecot)
    assert sync(cli).code == 0
    password("wrong-pw")
    r = cli("mail", "sync", "--no-progress")
    assert r.code == 1
    assert r.err.startswith("steward: mail account home: ") and "refused the login for alice" in r.err
    assert r.err.count("\n") == 1
    assert len(stored(steward_home)["mids"]) == 2
    [status] = cli("mail", "status", "--json").json()
    assert status["messages"] == 2 and status["failures"] == 1 and "refused the login" in status["last_error"]
    assert status["last_sync"] is not None
    password("secret-pw")
    assert sync(cli).code == 0
    assert cli("mail", "status", "--json").json()[0]["last_error"] is None


def test_an_unreachable_host_is_one_line_naming_the_account(cli, dovecot, steward_home, password) -> None:
    dovecot.append([make_message(1)])
    configure(steward_home, dovecot)
    assert sync(cli).code == 0
    configure(steward_home, dovecot, port=free_port())
    r = cli("mail", "sync", "--no-progress")
    assert r.code == 1 and r.err.count("\n") == 1
    assert "mail account home: connecting to 127.0.0.1:" in r.err and "connection refused" in r.err
    assert len(stored(steward_home)["mids"]) == 1


def test_a_connection_cut_mid_fetch_keeps_whole_batches_and_the_next_sync_completes(
        cli, dovecot, steward_home, password, monkeypatch) -> None:
    dovecot.append([make_message(i, body=f"Message {i}. " + "lorem ipsum " * 150) for i in range(1, 61)])
    monkeypatch.setenv("STEWARD_MAIL_SYNC_BATCH", "10")
    proxy = CuttingProxy((dovecot.host, dovecot.port), cut_after=70_000)
    try:
        configure(steward_home, dovecot, port=proxy.port)
        r = cli("mail", "sync", "--no-progress")
        assert r.code == 1, r.out
        assert r.err.startswith("steward: mail account home: ") and r.err.count("\n") == 1
        assert "failed" in r.err and proxy.cuts >= 1
    finally:
        proxy.close()
    partial = stored(steward_home)
    assert 0 < len(partial["mids"]) < 60 and len(partial["mids"]) % 10 == 0  # whole batches only
    assert partial["fts_agrees"]
    configure(steward_home, dovecot)
    outcome = sync(cli).json()[0]
    assert outcome["added"] == 60 - len(partial["mids"])
    final = stored(steward_home)
    assert final["mids"] == sorted(f"order-{i}@example.com" for i in range(1, 61))
    assert final["pointers"] == 60 and final["fts_agrees"]


def test_a_server_stopped_mid_sync_is_one_line_and_the_next_sync_completes(
        cli, dovecot, steward_home, password, monkeypatch) -> None:
    dovecot.append([make_message(i) for i in range(1, 41)])
    monkeypatch.setenv("STEWARD_MAIL_SYNC_BATCH", "5")
    configure(steward_home, dovecot)
    import steward.mail.sync as sync_module

    real_fetch = sync_module.ImapSync._fetch
    calls = {"n": 0}

    def fetch_then_stop(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        calls["n"] += 1
        if calls["n"] == 3:
            dovecot.stop()  # the real server goes away between two fetches
        return real_fetch(self, *args, **kwargs)

    monkeypatch.setattr(sync_module.ImapSync, "_fetch", fetch_then_stop)
    r = cli("mail", "sync", "--no-progress")
    assert r.code == 1 and r.err.startswith("steward: mail account home: ") and r.err.count("\n") == 1
    assert len(stored(steward_home)["mids"]) == 10
    monkeypatch.setattr(sync_module.ImapSync, "_fetch", real_fetch)
    dovecot.start()
    assert sync(cli).json()[0]["added"] == 30
    assert len(stored(steward_home)["mids"]) == 40


def test_status_lists_each_account_with_its_count_and_last_error(cli, dovecot, steward_home, password) -> None:
    r = cli("mail", "status")
    assert r.code == 0 and "no mail accounts configured" in r.out
    dovecot.append([make_message(1), make_message(2)])
    configure(steward_home, dovecot)
    r = cli("mail", "status")
    assert "home  imap 127.0.0.1:" in r.out and "0 messages" in r.out and "last sync never" in r.out
    cli("mail", "sync", "--no-progress")
    r = cli("mail", "status")
    assert "2 messages" in r.out and " ok" in r.out


def test_sync_of_an_unknown_account_or_with_none_configured_is_one_line(cli, dovecot, steward_home) -> None:
    r = cli("mail", "sync")
    assert r.code == 1 and "no mail accounts configured" in r.err
    configure(steward_home, dovecot)
    r = cli("mail", "sync", "work")
    assert r.code == 1 and "no mail account named 'work' (accounts: home)" in r.err


def test_a_missing_password_is_one_line_and_recorded(cli, dovecot, steward_home, monkeypatch) -> None:
    monkeypatch.delenv("IMAP_TEST_PW", raising=False)
    configure(steward_home, dovecot)
    r = cli("mail", "sync")
    assert r.code == 1 and r.err.strip() == (
        "steward: mail account home: the environment variable IMAP_TEST_PW is not set")


def test_messages_without_a_message_id_are_not_duplicated_by_a_resync(cli, dovecot, steward_home, password) -> None:
    raws = []
    for i in range(1, 4):
        raw = make_message(i, subject=f"Note {i} without an id")
        raws.append(b"\r\n".join(line for line in raw.split(b"\n") if not line.startswith(b"Message-ID:")))
    dovecot.append(raws)
    configure(steward_home, dovecot)
    assert sync(cli).json()[0]["added"] == 3
    assert all(m == "" for m in stored(steward_home)["mids"])
    dovecot.change_uidvalidity()
    outcome = sync(cli).json()[0]
    assert outcome["folders"][0]["resynced"] and (outcome["added"], outcome["removed"]) == (0, 0)
    after = stored(steward_home)
    assert len(after["mids"]) == 3 and after["pointers"] == 3 and after["fts_agrees"]


def test_a_folder_with_a_non_ascii_name_syncs(cli, dovecot, steward_home, password) -> None:
    dovecot.append([make_message(1, subject="Rechnung März")], folder="Rechnungen März")
    configure(steward_home, dovecot, folders=("INBOX", "Rechnungen März"))
    outcome = sync(cli).json()[0]
    assert outcome["added"] == 1 and [f["folder"] for f in outcome["folders"]] == ["INBOX", "Rechnungen März"]
    [hit] = cli("mail", "search", "Rechnung", "--json").json()["hits"]
    r = cli("mail", "read", str(hit["id"]), "--json")
    assert r.code == 0 and "Your order number 1" in r.json()["body"]


def test_status_times_are_in_the_users_zone(cli, dovecot, steward_home, password) -> None:
    dovecot.append([make_message(1)])
    configure(steward_home, dovecot)
    assert sync(cli).code == 0
    [row] = cli("mail", "status", "--json", "--tz", "Asia/Kolkata").json()
    assert row["last_sync"].endswith("+05:30")


def test_a_message_renumbered_or_moved_since_the_last_sync_is_still_read_by_its_message_id(
        cli, dovecot, steward_home, password) -> None:
    dovecot.append([make_message(1, subject="Lease renewal"), make_message(2)])
    configure(steward_home, dovecot, folders=("INBOX", "Archive"))
    dovecot.append([make_message(3)], folder="Archive")
    assert sync(cli).json()[0]["added"] == 3
    [hit] = cli("mail", "search", "lease", "--json").json()["hits"]
    dovecot.change_uidvalidity()  # no sync since: the stored UID is stale
    r = cli("mail", "read", str(hit["id"]), "--json")
    assert r.code == 0, r.err
    assert "Your order number 1" in r.json()["body"]
    conn = dovecot.client()  # moved to Archive by another mail client (copy, then expunge)
    conn.select("INBOX")
    [uid] = conn.uid("SEARCH", "HEADER", "Message-ID", '"<order-1@example.com>"')[1][0].split()
    conn.uid("COPY", uid, "Archive")
    conn.uid("STORE", uid, "+FLAGS.SILENT", r"(\Deleted)")
    conn.expunge()
    conn.logout()
    r = cli("mail", "read", str(hit["id"]), "--json")
    assert r.code == 0 and "Your order number 1" in r.json()["body"]
    assert sync(cli).json()[0]["removed"] == 0  # the next sync finds it in Archive: still one message
    assert len(cli("mail", "search", "lease", "--json").json()["hits"]) == 1
