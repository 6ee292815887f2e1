"""Mail counted by sender through `steward chat`: which / how many / list all, answered in full from the sample mailbox."""

import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from steward.sample import generate, write_mbox

NOW = "2026-09-14T23:53:00+05:30"


@pytest.fixture
def mailbox(cli, tmp_path: Path, steward_home: Path) -> sqlite3.Connection:
    mbox = write_mbox(generate(datetime.fromisoformat(NOW)), tmp_path / "sample.mbox")
    assert cli("--now", NOW, "mail", "import", str(mbox)).code == 0
    return sqlite3.connect(steward_home / "steward.db")


def ask(cli, text: str) -> dict:
    out = cli("--now", NOW, "chat", "--json", text)
    assert out.code == 0, out.err
    return out.json()


def answered_by(trace: dict) -> str:
    """The reader's answerer that answered, else the intercept (or `offline`, `loop`)."""
    return str((trace.get("data") or {}).get("answerer") or trace["handled_by"])


def group_lines(reply: str) -> list[str]:
    return [line for line in reply.splitlines() if line.startswith("- ")]


def test_how_many_from_a_sender_counts_every_message(cli, mailbox: sqlite3.Connection) -> None:
    trace = ask(cli, "how many emails did I get from Kaveri Bank")
    assert answered_by(trace) == "inbox"
    expected = mailbox.execute(
        "SELECT count(*) FROM messages WHERE sender LIKE '%kaveri%' OR sender_name LIKE '%Kaveri%'").fetchone()[0]
    assert expected > 15
    assert trace["data"]["total"] == expected
    assert trace["reply"].startswith(f"{expected} emails from ")
    assert sum(g["count"] for g in trace["data"]["groups"]) == expected


def test_list_all_names_every_sender_never_a_top_n(cli, mailbox: sqlite3.Connection) -> None:
    trace = ask(cli, "list all emails about credit card")
    direct = cli("--now", NOW, "mail", "analyze", "credit card", "--json").json()
    assert trace["data"]["count"] == direct["total"] > 15  # the mail answer counts what `mail analyze` counts
    assert len(group_lines(trace["reply"])) == len(direct["groups"])
    for group in direct["groups"]:  # each sender named: by its name, with its address when two share a name
        assert (group.get("sender_name") or group["sender"]) in trace["reply"]
    assert len(set(group_lines(trace["reply"]))) == len(group_lines(trace["reply"]))


def test_which_banks_this_month_uses_the_month_and_the_senders(cli, mailbox: sqlite3.Connection) -> None:
    trace = ask(cli, "which banks emailed me this month")
    senders = {g["sender"] for g in trace["data"]["groups"]}
    assert {"alerts@kaveribank.in", "alerts@meridianbank.in", "alerts@harborcu.org"} <= senders
    assert not any("library" in s or "kitchennotes" in s for s in senders)
    for group in trace["data"]["groups"]:
        assert group["first"] >= "2026-09-01"
    assert "[suspected phishing]" in trace["reply"]  # the fake Northwind "invoice" is flagged, not hidden


def test_an_action_about_mail_is_not_answered_with_a_count(cli, mailbox: sqlite3.Connection) -> None:
    trace = ask(cli, "add all the credit card emails to my brief")
    assert answered_by(trace) != "inbox"
    # a change to the brief: its own intercept takes it before routing, or the router calls it an action
    assert trace["handled_by"] == "brief_config" or trace["route"]["intent"] in {"action", "communication", "brief"}


def test_nothing_matching_says_so(cli, mailbox: sqlite3.Connection) -> None:
    trace = ask(cli, "how many emails did I get from Zanzibar Tours")
    # a sender no mail came from is said plainly (by the reader), never counted from other senders' mail
    assert "nothing called \u2018Zanzibar Tours\u2019 among your senders" in trace["reply"], trace["reply"]
    trace = ask(cli, "how many emails mention zanzibar tours")
    assert trace["data"]["total"] == 0 and trace["reply"].startswith("No emails match that")


def test_a_question_about_read_state_is_not_answered_with_a_plain_count(cli, mailbox: sqlite3.Connection) -> None:
    trace = ask(cli, "how many unread messages are in my inbox")
    assert answered_by(trace) != "inbox"
    # no read state is kept: said so, with what came in, never a count of all the mail as if unread
    assert trace["reply"].startswith("Which messages you have opened is kept by your mail app"), trace["reply"]
