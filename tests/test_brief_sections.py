"""What each section of the brief shows, from real mail imported into a real store: the inbox since the last
brief (counts, people, phishing), dues from bill mail, today's and tomorrow's schedule, mail sync health;
and the `steward brief --json` contract."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mail_files import eml

NOW = "2026-12-01T07:30:00+05:30"


def brief(cli: Any, now: str = NOW) -> dict[str, Any]:
    r = cli("--now", now, "--json", "brief")
    assert r.code == 0, r.err
    return json.loads(r.out)


def section(data: dict[str, Any], slot: str) -> dict[str, Any]:
    return next(s for s in data["sections"] if s["slot"] == slot)


def chat(cli: Any, text: str, now: str = NOW) -> dict[str, Any]:
    r = cli("--now", now, "--json", "chat", text)
    assert r.code == 0, r.err
    return json.loads(r.out)


@pytest.fixture
def inbox_mail(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    folder = tmp_path / "mail"
    eml(folder, "asha-1", "asha.rao@gmail.com", "Dinner on Saturday?", "Are you free on Saturday evening?",
        "2026-11-30T19:10:00+05:30", "Asha Rao")
    eml(folder, "asha-2", "asha.rao@gmail.com", "Re: Dinner on Saturday?", "Great, 8 pm then.",
        "2026-11-30T21:40:00+05:30", "Asha Rao")
    eml(folder, "ravi-1", "ravi.k@outlook.com", "Photos from the trip", "Here are the photos I promised.",
        "2026-12-01T06:50:00+05:30", "Ravi Kumar")
    eml(folder, "news-1", "news@weeklydigest.example", "This week in gardening",
        "Top stories this week. Unsubscribe or view in browser.", "2026-12-01T05:00:00+05:30", "Weekly Digest")
    eml(folder, "phish-1", "billing@northwind-card-alerts.example", "Invoice #88231 overdue - verify your account",
        "Your account will be suspended. Verify immediately: click here to confirm your card 4111111111111111.",
        "2026-12-01T03:15:00+05:30", "Northwind Card Services")
    eml(folder, "old-1", "asha.rao@gmail.com", "Old note", "From last week.", "2026-11-25T10:00:00+05:30", "Asha Rao")
    r = cli("--now", NOW, "mail", "import", str(folder))
    assert r.code == 0, r.err
    return folder


def test_the_inbox_since_the_last_brief_counts_names_and_warns(cli: Any, inbox_mail: Path) -> None:
    inbox = section(brief(cli), "inbox")
    counts, people, phishing = inbox["items"]
    assert counts["kind"] == "counts" and counts["total"] == 5  # the week-old note is before the window
    assert counts["categories"] == {"personal": 3, "newsletter": 1, "phishing_suspect": 1}
    assert people["text"] == "People who wrote: Asha Rao (2), Ravi Kumar"
    assert phishing["warn"] is True and phishing["sender"] == "billing@northwind-card-alerts.example"
    assert "do not click its links" in phishing["text"]
    assert "4111111111111111" not in json.dumps(inbox)
    # chat hides newsletters; the next brief counts without them
    assert chat(cli, "remove newsletters from my briefing")["handled_by"] == "brief_config"
    inbox = section(brief(cli), "inbox")
    assert inbox["items"][0]["categories"] == {"personal": 3, "phishing_suspect": 1}
    assert inbox["subtitle"] == "hiding newsletter"


def test_after_a_brief_is_sent_the_next_one_counts_from_it(cli: Any, inbox_mail: Path,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    assert cli("--now", NOW, "brief", "--send").code == 0  # the console sink
    eml(inbox_mail, "ravi-2", "ravi.k@outlook.com", "One more photo", "Forgot this one.",
        "2026-12-01T12:00:00+05:30", "Ravi Kumar")
    assert cli("--now", "2026-12-01T12:05:00+05:30", "mail", "import", str(inbox_mail)).code == 0
    data = brief(cli, "2026-12-02T07:10:00+05:30")
    assert data["since"] == "2026-12-01T07:30:00+05:30"
    counts = section(data, "inbox")["items"][0]
    assert counts["total"] == 1 and counts["text"].startswith("1 new email since yesterday 07:30")


def test_dues_come_from_the_bills_by_currency_and_follow_the_options_chat_set(cli: Any, tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    eml(tmp_path / "mail", "chase-1", "no.reply.alerts@chase.com", "Your Chase credit card statement is ready",
        "Your statement for the card ending in 4417 is ready. New balance: $1,842.17. Minimum payment due: $40.00. "
        "Payment due date: 12/07/2026. " + "Sign in to chase.com to view your statement and pay. " * 4,
        "2026-11-25T08:00:00-05:00", "Chase")
    assert cli("--now", NOW, "mail", "import", str(tmp_path / "mail")).code == 0
    assert cli("--now", NOW, "dues", "extract", "--no-progress").code == 0
    dues = section(brief(cli), "dues")
    due, total = dues["items"]
    assert (due["issuer"], due["category"], due["amount"], due["currency"], due["due_date"]) == (
        "Chase", "card", "1842.17", "USD", "2026-12-07")  # the next 7 days: the 1st to the 7th
    assert due["account"] == "XXXX4417" and "4417" in due["text"] and "US$1,842.17" in due["text"]
    assert total == {**total, "kind": "total", "currency": "USD", "total": "1842.17"}
    # the seed's deferred case: "next 7 days, only insurance and rent"
    chat(cli, "only show insurance and rent dues for the next 7 days in my brief")
    dues = section(brief(cli), "dues")
    assert dues["items"] == [] and dues["empty_reason"] == "Nothing due in the next 7 days (insurance, rent)."
    chat(cli, "limit the dues in my brief to credit cards")
    dues = section(brief(cli), "dues")
    assert [i["issuer"] for i in dues["items"] if i["kind"] == "due"] == ["Chase"]
    assert dues["subtitle"] == "next 7 days, only card"


def test_today_and_tomorrows_first_items(cli: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    assert cli("--now", NOW, "remind", "today at 6 pm", "call the bank").code == 0
    assert cli("--now", NOW, "calendar", "add", "today 11 am", "Standup", "--location", "Room 4").code == 0
    for hour in (8, 9, 10, 11, 12):
        assert cli("--now", NOW, "remind", f"tomorrow at {hour}", f"task {hour}").code == 0
    data = brief(cli)
    today = section(data, "schedule")
    assert [i["text"] for i in today["items"]] == ["11:00–12:00 Standup at Room 4", "18:00 call the bank (reminder)"]
    tomorrow = section(data, "tomorrow")
    assert [i["text"] for i in tomorrow["items"]] == [
        "08:00 task 8 (reminder)", "09:00 task 9 (reminder)", "10:00 task 10 (reminder)", "… and 2 more tomorrow"]
    chat(cli, "show the first 5 items of tomorrow in my brief")
    assert len(section(brief(cli), "tomorrow")["items"]) == 5


def test_appointments_found_in_mail_wait_for_a_yes(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    assert section(brief(cli), "appointments")["empty_reason"] == "No appointments found in mail."
    eml(tmp_path / "mail", "appt-1", "appointments@lakesidedental.example",
        "Appointment confirmed: Lakeside Dental, Thu 10 Dec at 04:30 PM",
        "Your dental cleaning at Lakeside Dental is confirmed for Thu 10 Dec at 04:30 PM.",
        "2026-11-30T10:00:00+05:30", "Lakeside Dental")
    assert cli("--now", NOW, "mail", "import", str(tmp_path / "mail")).code == 0
    assert cli("--now", NOW, "appointments", "scan").code == 0
    [item] = section(brief(cli), "appointments")["items"]
    assert (item["status"], item["provider"], item["start"]) == ("proposed", "Lakeside Dental",
                                                                 "2026-12-10T16:30:00+05:30")
    assert item["text"] == ("proposed: Lakeside Dental Thu 10 Dec 16:30 — waiting for your yes")


def test_mail_sync_health_names_a_failing_account(cli: Any, steward_home: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from loopback import free_port

    steward_home.mkdir(parents=True, exist_ok=True)
    (steward_home / "config.toml").write_text(
        f'[[mail.accounts]]\nname = "work"\nkind = "imap"\nhost = "127.0.0.1"\nport = {free_port()}\n'
        'tls = "none"\nuser = "me"\npassword_env = "WORK_PW"\n')
    monkeypatch.setenv("WORK_PW", "secret")
    assert section(brief(cli), "mail_health")["items"][0]["text"] == "work (imap): synced never, 0 messages"
    assert cli("--now", NOW, "mail", "sync").code == 1
    [item] = section(brief(cli), "mail_health")["items"]
    assert item["warn"] is True and item["ok"] is False and item["failures"] == 1
    assert "connection refused" in item["error"] and "secret" not in json.dumps(item)


def test_the_json_contract_text_and_html(cli: Any) -> None:
    data = brief(cli)
    assert set(data) >= {"date", "sections", "prefs"} and data["date"] == "2026-12-01"
    assert [s["slot"] for s in data["sections"]] == ["schedule", "tomorrow", "dues", "inbox", "appointments",
                                                     "mail_health"]
    for s in data["sections"]:
        assert set(s) >= {"slot", "title", "items", "empty_reason"}
        assert (s["items"] == []) == (s["empty_reason"] is not None)
    assert data["prefs"] == {"order": [], "removed": [], "options": {}}
    text = cli("--now", NOW, "brief").out
    assert text.startswith("Your brief for Tue 1 Dec 2026\n\nToday\n  Nothing on your schedule today.")
    html = cli("--now", NOW, "brief", "--html").out
    assert html.startswith("<!doctype html>") and '<section class="brief-section" data-slot="dues">' in html


def test_the_cli_config_commands_and_their_errors(cli: Any) -> None:
    assert cli("brief", "config", "remove", "bills").out.strip() == "Removed Dues from your brief."
    assert cli("brief", "config", "move", "inbox", "first").code == 0
    assert cli("brief", "config", "set", "tomorrow", "--count", "5").code == 0
    assert cli("brief", "config", "add", "dues", "--after", "inbox", "--window", "2w", "--category", "rent").code == 0
    shown = cli("brief", "config", "show").out
    assert shown.splitlines()[:3] == ["Your brief shows, in this order:", "1. Inbox", "2. Dues (next 14 days, only rent)"]
    assert cli("--json", "brief", "config", "undo").json()["prefs"]["removed"] == ["dues"]
    r = cli("brief", "config", "add", "weather")
    assert r.code == 1 and r.err.strip() == ("steward: no brief section 'weather'; the sections are schedule, "
                                             "tomorrow, dues, inbox, appointments, mail_health")
    r = cli("brief", "config", "set", "dues", "--window", "400")
    assert r.code == 1 and r.err.strip() == "steward: window_days: 400 is out of range; use 1 to 366"
    r = cli("brief", "config", "set", "dues", "--category", "groceries")
    assert r.code == 1 and "'groceries' is not one of card, bank" in r.err
    r = cli("brief", "config", "set", "inbox", "--count", "3")
    assert r.code == 1 and "the inbox section has no option 'count'" in r.err
    r = cli("brief", "config", "move", "dues", "sideways")
    assert r.code == 2 and r.err.count("\n") == 1
