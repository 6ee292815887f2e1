"""The Gmail connector against the fake Google built from Gmail's discovery document (tests/google_fake.py):
a real HTTP server on loopback that refuses any request the document does not allow. First sync by
listing, then history-id increments, the 404 full resync, token refresh, rate limits."""

from __future__ import annotations

import base64
import json
import socket
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from google_fake import CALENDAR_READ, GMAIL_READ, FakeGoogle, running
from steward.app import build_app
from steward.clock import make_clock
from steward.mail.accounts import parse_account
from steward.mail.gmail import read_history
from steward.paths import resolve_paths
from steward.settings import load

pytestmark = pytest.mark.server

EXCHANGES = json.loads((Path(__file__).parent / "fixtures" / "gmail" / "exchanges.json").read_text())
E1, E2, E3, E4, E5 = (f"18d0c1a2b3c4d5e{i}" for i in range(1, 6))


def arrive(fake: FakeGoogle, *ids: str) -> None:
    """Messages of the invented mailbox arrive in the fake's Gmail (metadata and raw bytes)."""
    for mid in ids:
        resource = dict(EXCHANGES["messages"][mid]["body"])
        raw = EXCHANGES["raw"][mid]["body"]["raw"]
        fake.add_mail(mid, resource, base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))


@pytest.fixture
def google() -> Iterator[FakeGoogle]:
    with running() as fake:
        fake.page_size = 2  # three messages list in two pages
        arrive(fake, E3, E2, E1)
        yield fake


def _app(steward_home: Path, monkeypatch: pytest.MonkeyPatch, fake: FakeGoogle, *scopes: str) -> Any:
    steward_home.mkdir(parents=True, exist_ok=True)
    (steward_home / "config.toml").write_text(
        '[[mail.accounts]]\nname = "personal"\nkind = "gmail"\nuser = "alex@gmail.example"\n'
        'client_id = "1234-fake.apps.googleusercontent.example"\npassword_env = "GMAIL_TOKEN"\n')
    monkeypatch.setenv("GMAIL_TOKEN", json.dumps(fake.credential(*(scopes or (GMAIL_READ,)))))
    monkeypatch.setenv("STEWARD_MAIL_GMAIL_API_URL", fake.url)
    monkeypatch.setenv("STEWARD_GOOGLE_BACKOFF", "0.01")
    paths = resolve_paths()
    return build_app(load(paths.config_file), make_clock("UTC"), paths)


@pytest.fixture
def gmail(steward_home: Path, monkeypatch: pytest.MonkeyPatch, google: FakeGoogle) -> Any:
    """An App whose Gmail account talks to the fake; yields (app, fake)."""
    app = _app(steward_home, monkeypatch, google)
    yield app, google
    app.close()


def _stored(app: Any) -> dict[str, str]:
    rows = app.db.execute("SELECT message_id, subject FROM messages ORDER BY message_id").fetchall()
    return {r[0]: r[1] for r in rows}


def _kept_history(app: Any) -> str:
    return str(app.db.execute("SELECT history_id FROM gmail_sync").fetchone()[0])


def test_first_sync_lists_every_page_and_stores_metadata_and_gmail_snippets(gmail: Any) -> None:
    app, fake = gmail
    [outcome] = app.mail_sync.sync()
    assert outcome.ok, outcome.error
    assert outcome.report.added == 3
    assert set(_stored(app)) == {"stmt-4417-202602@hdfcbank.example", "CAP7pq2=dinner@mail.gmail.example",
                                 "weekly-112@weekly.example"}
    row = app.db.execute("SELECT snippet, has_pdf, attachments, sender_name FROM messages "
                         "WHERE message_id = 'CAP7pq2=dinner@mail.gmail.example'").fetchone()
    assert row["snippet"].startswith("Hi Alex, are we still on for dinner on Saturday?")
    assert "doesn't work" in row["snippet"]  # Gmail's HTML entities are decoded
    stmt = app.db.execute("SELECT has_pdf, attachments FROM messages WHERE message_id LIKE 'stmt-%'").fetchone()
    assert stmt["has_pdf"] == 1 and "Statement_Feb2026.pdf" in stmt["attachments"]
    assert _kept_history(app) == str(fake.history_id)
    pages = fake.calls_to("gmail.users.messages.list")
    assert len(pages) == 2 and "pageToken" in pages[1].query  # both pages
    metadata = fake.calls_to("gmail.users.messages.get")
    assert len(metadata) == 3 and all(c.query["format"] == ["metadata"] for c in metadata)
    assert "Message-ID" in metadata[0].query["metadataHeaders"]


def test_history_adds_new_mail_and_removes_deleted_and_trashed_mail(gmail: Any) -> None:
    app, fake = gmail
    app.mail_sync.sync()
    arrive(fake, E4)
    fake.delete_mail(E2)
    fake.label_mail(E3, "TRASH")
    fake.add_mail("18d0c1a2b3c4d5e9", {"labelIds": ["DRAFT"], "snippet": "", "internalDate": "1771468200000"})
    fake.delete_mail("18d0c1a2b3c4d5e9")  # a draft that came and went
    [outcome] = app.mail_sync.sync()
    assert outcome.ok, outcome.error
    assert (outcome.report.added, outcome.report.removed) == (1, 2)
    assert set(_stored(app)) == {"stmt-4417-202602@hdfcbank.example", "appt-88231@citydental.example"}
    assert _kept_history(app) == str(fake.history_id)
    since = fake.calls_to("gmail.users.history.list")
    assert len(since) == 3 and "pageToken" in since[-1].query  # five changes, two to a page
    assert set(since[0].query["historyTypes"]) == {"messageAdded", "messageDeleted", "labelAdded", "labelRemoved"}
    fts = {r[0] for r in app.db.execute("SELECT rowid FROM messages_fts")}
    assert fts == {r[0] for r in app.db.execute("SELECT id FROM messages")}
    # nothing new since: no message is fetched
    before = len(fake.calls)
    [quiet] = app.mail_sync.sync()
    assert quiet.ok and quiet.report.added == 0
    assert [c.method for c in fake.calls[before:]] == ["gmail.users.history.list"]


def test_a_forgotten_history_id_falls_back_to_a_full_listing(gmail: Any) -> None:
    app, fake = gmail
    app.mail_sync.sync()
    fake.forget_history()  # Gmail answers 404: the history id is too old
    arrive(fake, E5, E4)
    fake.delete_mail(E2)
    fake.delete_mail(E3)
    [outcome] = app.mail_sync.sync()
    assert outcome.ok, outcome.error
    assert outcome.report.folders[0].resynced
    assert (outcome.report.added, outcome.report.removed) == (2, 2)
    assert set(_stored(app)) == {"stmt-4417-202602@hdfcbank.example", "appt-88231@citydental.example",
                                 "ship-4021182@amazon.example"}
    assert _kept_history(app) == str(fake.history_id)
    assert fake.calls_to("gmail.users.history.list")[-1].status == 404


def test_mail_read_fetches_the_raw_message_live(gmail: Any, steward_home: Path) -> None:
    app, fake = gmail
    app.mail_sync.sync()
    rowid = app.db.execute("SELECT id FROM messages WHERE message_id LIKE 'CAP7pq2%'").fetchone()[0]
    from steward.mail.reader import read_message

    shown = read_message(app.db, rowid, clock=app.clock, imap=app.mail_imap_fetcher)
    assert "GMAIL-BODY-MARKER-5521" in shown.body
    assert b"GMAIL-BODY-MARKER-5521" not in (steward_home / "steward.db").read_bytes()
    assert fake.calls_to("gmail.users.messages.get")[-1].query["format"] == ["raw"]
    fake.delete_mail(E2)
    from steward.errors import SourceGone

    with pytest.raises(SourceGone, match="no longer in Gmail"):
        read_message(app.db, rowid, clock=app.clock, imap=app.mail_imap_fetcher)


def test_a_revoked_token_or_a_rate_limit_that_lasts_is_one_line_and_keeps_the_state(gmail: Any) -> None:
    app, fake = gmail
    app.mail_sync.sync()
    before, kept = _stored(app), _kept_history(app)
    fake.fail("*", status=429, times=10)
    [limited] = app.mail_sync.sync()
    assert not limited.ok and limited.error.startswith("mail account personal: ")
    assert "HTTP 429 User-rate limit exceeded." in limited.error and "\n" not in limited.error
    assert len(fake.calls_to("gmail.users.history.list")) == 1 + 4  # one request, four retries
    fake.faults.clear()
    fake.refresh_tokens.clear()  # the person removed Steward's access
    [revoked] = app.mail_sync.sync()
    assert "Google refused the refresh token (Token has been expired or revoked.)" in revoked.error
    assert _stored(app) == before and _kept_history(app) == kept
    status = app.mail_sync.status()[0]
    assert status.status.failures == 2 and "Google refused the refresh token" in status.status.last_error


def test_a_passing_rate_limit_and_an_expired_token_are_ridden_out(gmail: Any) -> None:
    app, fake = gmail
    fake.fail("gmail.users.messages.list", status=403, reason="userRateLimitExceeded", times=2)
    fake.fail("gmail.users.messages.get", kind="expire")  # the access token ends mid-sync: 401
    [outcome] = app.mail_sync.sync()
    assert outcome.ok, outcome.error
    assert outcome.report.added == 3
    statuses = [c.status for c in fake.calls_to("gmail.users.messages.list")]
    assert statuses == [403, 403, 200, 200]
    assert len(fake.token_requests) == 2  # the first token, and one refresh after the 401


def test_a_token_without_read_access_is_refused(steward_home: Path, monkeypatch: pytest.MonkeyPatch,
                                                google: FakeGoogle) -> None:
    app = _app(steward_home, monkeypatch, google, CALENDAR_READ)
    try:
        [outcome] = app.mail_sync.sync()
    finally:
        app.close()
    assert not outcome.ok and "lacks the gmail.readonly scope" in outcome.error
    assert google.calls == []


def test_an_unreachable_gmail_is_one_line(steward_home: Path, monkeypatch: pytest.MonkeyPatch,
                                          google: FakeGoogle) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # nothing listens here once the socket is closed
    google.token_uri = f"http://127.0.0.1:{port}/token"
    app = _app(steward_home, monkeypatch, google)
    try:
        [outcome] = app.mail_sync.sync()
    finally:
        app.close()
    assert outcome.error.startswith(f"mail account personal: authorizing with 127.0.0.1:{port} failed: ")
    assert "\n" not in outcome.error


def test_history_folding_lets_the_last_event_win() -> None:
    pages = [EXCHANGES["history_since_1000"]["body"]]
    changes = read_history(pages)
    assert changes.added == (E4,) and changes.removed == (E2, E3, "18d0c1a2b3c4d5e9") and changes.history_id == "1010"
    restored = read_history([{"history": [{"labelsRemoved": [{"message": {"id": E3}, "labelIds": ["TRASH"]}]}],
                              "historyId": "1011"}])
    assert restored.added == (E3,)
    only_bills = read_history(pages, labels=["Label_7"])
    assert only_bills.added == ()


def test_a_gmail_account_needs_a_client_id() -> None:
    from steward.errors import ConfigError
    from steward.mail.gmail import parse_secret

    account = parse_account({"name": "g", "kind": "gmail", "user": "a@gmail.example"})
    with pytest.raises(ConfigError, match="client_id is required"):
        parse_secret(account, "1//refresh")
    sqlite3.connect(":memory:").close()


# -- the consent flow: google-auth-oauthlib's loopback listener, the fake's consent page and token endpoint --


@pytest.fixture
def oauth(google: FakeGoogle, monkeypatch: pytest.MonkeyPatch) -> FakeGoogle:
    monkeypatch.setenv("OAUTHLIB_INSECURE_TRANSPORT", "1")  # the fake's token endpoint is plain http on loopback
    return google


def test_consent_flow_trades_the_browser_code_for_a_read_only_refresh_token(tmp_path: Path, oauth: FakeGoogle) -> None:
    from steward.googleapi import read_credential
    from steward.mail.gmail_oauth import consent, read_client_file

    client = read_client_file(oauth.client_file(tmp_path))
    show = oauth.browser()
    secret = consent(client, account="personal", show=show, login_hint="alex@gmail.example", timeout=20)
    credential = read_credential(secret, "test")
    assert credential.refresh_token in oauth.refresh_tokens and credential.token_uri == oauth.token_uri
    assert oauth.refresh_tokens[credential.refresh_token] == (GMAIL_READ,)
    (seen,) = show.seen
    assert seen["scope"] == GMAIL_READ and seen["login_hint"] == "alex@gmail.example"
    assert seen["access_type"] == "offline" and seen["code_challenge_method"] == "S256"
    assert seen["redirect_uri"].startswith("http://127.0.0.1:")
    (sent,) = oauth.token_requests
    assert sent["grant_type"] == "authorization_code" and len(sent["code_verifier"]) >= 43


def test_consent_refused_or_forged_or_unanswered_is_one_line(tmp_path: Path, oauth: FakeGoogle) -> None:
    from steward.errors import UserError
    from steward.mail.gmail_oauth import consent, read_client_file

    client = read_client_file(oauth.client_file(tmp_path))
    with pytest.raises(UserError, match=r"mail account personal: Google did not grant access \(access_denied\)"):
        consent(client, account="personal", show=oauth.browser(approve=False), timeout=20)
    with pytest.raises(UserError, match="did not match this request"):
        consent(client, account="personal", show=oauth.browser(tamper=True), timeout=20)
    with pytest.raises(UserError, match="no answer from the browser within 1 s"):
        consent(client, account="personal", show=lambda url: None, timeout=1)
    assert oauth.refresh_tokens == {}


def test_a_client_file_that_is_not_an_oauth_client_is_refused(tmp_path: Path) -> None:
    from steward.errors import ConfigError
    from steward.mail.gmail_oauth import read_client_file

    bad = tmp_path / "c.json"
    bad.write_text('{"type": "service_account"}')
    with pytest.raises(ConfigError, match="no client_id and client_secret"):
        read_client_file(bad)
    bad.write_text("not json")
    with pytest.raises(ConfigError, match="is not JSON"):
        read_client_file(bad)


def test_adding_a_gmail_account_runs_the_consent_flow_checks_it_and_syncs(
        cli: Any, tmp_path: Path, oauth: FakeGoogle, monkeypatch: pytest.MonkeyPatch) -> None:
    import webbrowser

    monkeypatch.setenv("STEWARD_MAIL_GMAIL_API_URL", oauth.url)
    browser = oauth.browser()
    monkeypatch.setattr(webbrowser, "open", lambda url, *a, **k: browser(url))
    r = cli("mail", "accounts", "add", "personal", "--kind", "gmail", "--user", "alex@gmail.example",
            "--client-file", str(oauth.client_file(tmp_path)))
    assert r.code == 0, r.err
    assert "login checked" in r.out
    assert [c.method for c in oauth.calls] == ["gmail.users.getProfile"]  # the check, read-only
    synced = cli("mail", "sync", "personal")
    assert synced.code == 0, synced.err
    assert len(oauth.calls_to("gmail.users.messages.get")) == 3
