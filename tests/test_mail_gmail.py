"""The Gmail connector against recorded Gmail REST exchanges (tests/fixtures/gmail/exchanges.json),
served through httpx.MockTransport: no network. First sync by listing, then history-id increments."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.mail.accounts import parse_account
from steward.mail.gmail import read_history
from steward.paths import resolve_paths
from steward.settings import load

RECORDED = json.loads((Path(__file__).parent / "fixtures" / "gmail" / "exchanges.json").read_text())
E1, E2, E3, E4, E5 = (f"18d0c1a2b3c4d5e{i}" for i in range(1, 6))


@dataclass
class Gmail:
    """Serves the recorded exchanges; each scenario says which recording answers which request."""

    token: str = "token"
    profile: str = "profile"
    pages: dict[str, str] = field(default_factory=lambda: {"": "list_page1", "09521849214387653810": "list_page2"})
    history: dict[str, str] = field(default_factory=lambda: {"1000": "history_since_1000"})
    present: set[str] = field(default_factory=lambda: {E1, E2, E3, E4, E5})
    fail_with: str = ""
    requests: list[httpx.Request] = field(default_factory=list)

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        path, params = request.url.path, request.url.params
        token_call = request.url.host == "oauth2.googleapis.com"
        if self.fail_with and token_call == self.fail_with.startswith("token"):
            return _answer(RECORDED[self.fail_with])
        if token_call:
            assert request.method == "POST" and b"grant_type=refresh_token" in request.content
            return _answer(RECORDED[self.token])
        assert request.method == "GET", "the connector only reads"
        assert request.headers["Authorization"] == "Bearer " + RECORDED["token"]["body"]["access_token"]
        prefix = "/gmail/v1/users/me/"
        assert path.startswith(prefix)
        route = path[len(prefix):]
        if route == "profile":
            return _answer(RECORDED[self.profile])
        if route == "messages":
            return _answer(RECORDED[self.pages[params.get("pageToken", "")]])
        if route == "history":
            name = self.history.get(params["startHistoryId"], "history_not_found")
            return _answer(RECORDED[name])
        if route.startswith("messages/"):
            mid = route.split("/", 1)[1]
            if mid not in self.present:
                return _answer(RECORDED["message_not_found"])
            fmt = params["format"]
            assert fmt in ("metadata", "raw"), "a sync never asks for the whole body"
            return _answer(RECORDED["messages" if fmt == "metadata" else "raw"][mid])
        raise AssertionError(f"unrecorded request {request.method} {request.url}")


def _answer(recorded: dict[str, Any]) -> httpx.Response:
    return httpx.Response(recorded["status"], json=recorded["body"])


@pytest.fixture
def gmail(steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """An App whose Gmail account talks to the recorded exchanges; yields (app, server)."""
    steward_home.mkdir(parents=True, exist_ok=True)
    (steward_home / "config.toml").write_text(
        '[[mail.accounts]]\nname = "personal"\nkind = "gmail"\nuser = "alex@gmail.example"\n'
        'client_id = "1234-test.apps.googleusercontent.example"\npassword_env = "GMAIL_TOKEN"\n')
    monkeypatch.setenv("GMAIL_TOKEN", json.dumps({"refresh_token": "1//0g-test-refresh", "client_secret": "GOCSPX-x"}))
    paths = resolve_paths()
    app = build_app(load(paths.config_file), make_clock("UTC"), paths)
    server = Gmail()
    app.mail_sync.gmail_transport = httpx.MockTransport(server)
    yield app, server
    app.close()


def _stored(app: Any) -> dict[str, str]:
    rows = app.db.execute("SELECT message_id, subject FROM messages ORDER BY message_id").fetchall()
    return {r[0]: r[1] for r in rows}


def test_first_sync_lists_every_page_and_stores_metadata_and_gmail_snippets(gmail: Any) -> None:
    app, server = gmail
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
    assert app.db.execute("SELECT history_id FROM gmail_sync").fetchone()[0] == "1000"
    paths = [r.url.path for r in server.requests]
    assert paths.count("/gmail/v1/users/me/messages") == 2  # both pages
    metadata = [r for r in server.requests if r.url.params.get("format") == "metadata"]
    assert len(metadata) == 3 and "Message-ID" in metadata[0].url.params.get_list("metadataHeaders")


def test_history_adds_new_mail_and_removes_deleted_and_trashed_mail(gmail: Any) -> None:
    app, server = gmail
    app.mail_sync.sync()
    [outcome] = app.mail_sync.sync()
    assert outcome.ok, outcome.error
    assert (outcome.report.added, outcome.report.removed) == (1, 2)
    assert set(_stored(app)) == {"stmt-4417-202602@hdfcbank.example", "appt-88231@citydental.example"}
    assert app.db.execute("SELECT history_id FROM gmail_sync").fetchone()[0] == "1010"
    fts = {r[0] for r in app.db.execute("SELECT rowid FROM messages_fts")}
    assert fts == {r[0] for r in app.db.execute("SELECT id FROM messages")}
    # nothing new since 1010: no message is fetched
    server.history["1010"] = "history_since_1010_empty"
    before = len(server.requests)
    [quiet] = app.mail_sync.sync()
    assert quiet.ok and quiet.report.added == 0
    assert not any(r.url.path.startswith("/gmail/v1/users/me/messages/") for r in server.requests[before:])


def test_a_forgotten_history_id_falls_back_to_a_full_listing(gmail: Any) -> None:
    app, server = gmail
    app.mail_sync.sync()
    server.history = {}  # Gmail answers 404: the history id is too old
    server.profile = "profile_later"
    server.pages = {"": "list_after_gap"}
    [outcome] = app.mail_sync.sync()
    assert outcome.ok, outcome.error
    assert outcome.report.folders[0].resynced
    assert (outcome.report.added, outcome.report.removed) == (2, 2)
    assert set(_stored(app)) == {"stmt-4417-202602@hdfcbank.example", "appt-88231@citydental.example",
                                 "ship-4021182@amazon.example"}
    assert app.db.execute("SELECT history_id FROM gmail_sync").fetchone()[0] == "1030"


def test_mail_read_fetches_the_raw_message_live(gmail: Any, cli: Any, steward_home: Path) -> None:
    app, server = gmail
    app.mail_sync.sync()
    rowid = app.db.execute("SELECT id FROM messages WHERE message_id LIKE 'CAP7pq2%'").fetchone()[0]
    from steward.mail.reader import read_message

    shown = read_message(app.db, rowid, clock=app.clock, imap=app.mail_imap_fetcher)
    assert "GMAIL-BODY-MARKER-5521" in shown.body
    assert b"GMAIL-BODY-MARKER-5521" not in (steward_home / "steward.db").read_bytes()
    server.present.discard(E2)
    from steward.errors import SourceGone

    with pytest.raises(SourceGone, match="no longer in Gmail"):
        read_message(app.db, rowid, clock=app.clock, imap=app.mail_imap_fetcher)


@pytest.mark.parametrize(("failure", "fragment"), [
    ("token_revoked", "Google refused the refresh token (Token has been expired or revoked.)"),
    ("rate_limited", "HTTP 429 User-rate limit exceeded."),
])
def test_gmail_failures_are_one_line_naming_the_account_and_keep_the_state(gmail: Any, failure: str,
                                                                           fragment: str) -> None:
    app, server = gmail
    app.mail_sync.sync()
    before = _stored(app)
    server.fail_with = failure
    [outcome] = app.mail_sync.sync()
    assert not outcome.ok and outcome.error.startswith("mail account personal: ") and fragment in outcome.error
    assert "\n" not in outcome.error
    assert _stored(app) == before
    assert app.db.execute("SELECT history_id FROM gmail_sync").fetchone()[0] == "1000"
    status = app.mail_sync.status()[0]
    assert status.status.failures == 1 and fragment in status.status.last_error


def test_a_token_without_read_access_is_refused(gmail: Any) -> None:
    app, server = gmail
    server.token = "token_wide_scope_missing"
    [outcome] = app.mail_sync.sync()
    assert not outcome.ok and "lacks the gmail.readonly scope" in outcome.error


def test_an_unreachable_gmail_is_one_line(gmail: Any) -> None:
    app, _ = gmail

    def down(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectError("[Errno -3] Temporary failure in name resolution", request=request)

    app.mail_sync.gmail_transport = httpx.MockTransport(down)
    [outcome] = app.mail_sync.sync()
    assert outcome.error == ("mail account personal: authorizing with gmail.googleapis.com failed: "
                             "[Errno -3] Temporary failure in name resolution")


def test_history_folding_lets_the_last_event_win() -> None:
    pages = [RECORDED["history_since_1000"]["body"]]
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


# -- the consent flow: a real loopback listener, Google's token endpoint recorded ------------------


def _browser(approve: bool = True, tamper: bool = False):  # type: ignore[no-untyped-def]
    """Stands in for the person's browser: reads the consent URL and follows Google's redirect back."""
    import threading
    import urllib.parse

    seen: dict[str, str] = {}

    def show(url: str) -> None:
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(url).query))
        seen.update(query)
        state = "forged" if tamper else query["state"]
        back = {"code": "4/0AfJohX-test-code", "state": state} if approve else {"error": "access_denied",
                                                                                   "state": state}
        target = query["redirect_uri"] + "/?" + urllib.parse.urlencode(back)
        threading.Thread(target=lambda: httpx.get(target, timeout=10), daemon=True).start()

    return show, seen


def _token_endpoint(calls: list[httpx.Request]) -> httpx.MockTransport:
    def handle(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(200, json={"access_token": "ya29.x", "expires_in": 3599, "refresh_token": "1//0g-new",
                                         "scope": "https://www.googleapis.com/auth/gmail.readonly",
                                         "token_type": "Bearer"})
    return httpx.MockTransport(handle)


def test_consent_flow_trades_the_browser_code_for_a_read_only_refresh_token(tmp_path: Path) -> None:
    from urllib.parse import parse_qs

    from steward.mail.gmail_oauth import consent, read_client_file

    client_file = tmp_path / "client_secret.json"
    client_file.write_text(json.dumps({"installed": {"client_id": "1234-abc.apps.googleusercontent.example",
                                                     "client_secret": "GOCSPX-test", "redirect_uris": ["http://localhost"]}}))
    client = read_client_file(client_file)
    show, seen = _browser()
    calls: list[httpx.Request] = []
    secret = consent(client, account="personal", show=show, login_hint="alex@gmail.example", timeout=20,
                     transport=_token_endpoint(calls))
    assert json.loads(secret) == {"refresh_token": "1//0g-new", "client_secret": "GOCSPX-test"}
    assert seen["scope"] == "https://www.googleapis.com/auth/gmail.readonly"
    assert seen["access_type"] == "offline" and seen["code_challenge_method"] == "S256"
    assert seen["redirect_uri"].startswith("http://127.0.0.1:")
    sent = parse_qs(calls[0].content.decode())
    assert sent["code"] == ["4/0AfJohX-test-code"] and sent["grant_type"] == ["authorization_code"]
    assert len(sent["code_verifier"][0]) >= 43


def test_consent_refused_or_forged_is_one_line(tmp_path: Path) -> None:
    from steward.errors import UserError
    from steward.mail.gmail_oauth import OAuthClient, consent

    client = OAuthClient("id", "secret")
    show, _ = _browser(approve=False)
    with pytest.raises(UserError, match=r"mail account personal: Google did not grant access \(access_denied\)"):
        consent(client, account="personal", show=show, timeout=20, transport=_token_endpoint([]))
    show, _ = _browser(tamper=True)
    with pytest.raises(UserError, match="did not match this request"):
        consent(client, account="personal", show=show, timeout=20, transport=_token_endpoint([]))
    with pytest.raises(UserError, match="no answer from the browser within 1 s"):
        consent(client, account="personal", show=lambda url: None, timeout=1, transport=_token_endpoint([]))


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
