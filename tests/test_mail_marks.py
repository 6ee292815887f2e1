"""Marks kept current: a home whose mail was marked by older rules is marked again with the current ones.

The mails are written for these tests. "Older rules" are made by hand in a real home's store: a lure the
old rules missed, a legitimate mail they marked, and the stamp of a version that is not the current one.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest

from steward.paths import resolve_paths

RECEIVED = "from relay.example.net (relay.example.net [203.0.113.9]) by mx.example.org; Tue, 1 Sep 2026 09:00:00 +0000"

pytestmark = pytest.mark.usefixtures("no_semantic")


def _eml(folder: Path, name: str, sender: str, to: str, subject: str, text: str, **headers: str) -> Path:
    msg = EmailMessage()
    for key, value in headers.items():
        msg[key.replace("_", "-")] = value
    msg["From"], msg["To"], msg["Subject"] = sender, to, subject
    msg["Date"] = format_datetime(datetime(2026, 9, 1, 9, tzinfo=UTC))
    msg["Message-ID"] = f"<{name}@marks-test.example>"
    msg.set_content(text)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.eml"
    path.write_bytes(bytes(msg))
    return path


@pytest.fixture
def home(tmp_path: Path, cli: Callable[..., Any]) -> dict[str, Path]:
    """A home with three mails imported: a Bcc lure, a colleague's note, and a lure only its headers show."""
    mail = tmp_path / "mail"
    files = {
        "bcc_lure": _eml(mail, "bcc_lure", "Fenwick Building Society <notices@fenwickbs.example>",
                         "Recipients <notices@fenwickbs.example>", "Online access review",
                         "Dear Member, sign in to review a recent change to your online access."),
        "colleague": _eml(mail, "colleague", "Priya Natarajan <priya@example.org>", "alex@example.org",
                          "Friday's agenda", "Here is the agenda for Friday's planning meeting."),
        "header_lure": _eml(mail, "header_lure", "PayPal <service@paypal.com>", "alex@example.org",
                            "New sign-in to your account",
                            "We noticed a new device. Sign in to review your account activity.",
                            Received=RECEIVED, Return_Path="<bounce-4471@bulk-relay.example>"),
    }
    result = cli("mail", "import", str(mail))
    assert result.code == 0, result.err
    return files


def _db() -> sqlite3.Connection:
    return sqlite3.connect(resolve_paths(environ=dict(os.environ)).db_file)


def _categories() -> dict[str, str]:
    with _db() as conn:
        rows = conn.execute("SELECT message_id, category FROM messages").fetchall()
    return {mid.partition("@")[0]: cat for mid, cat in rows}


def _older_rules(**categories: str) -> None:
    """The store as older rules left it: these categories, and another version's stamp (or none)."""
    with _db() as conn:
        for name, category in categories.items():
            conn.execute("UPDATE messages SET category = ? WHERE message_id = ?", (category, f"{name}@marks-test.example"))
        conn.execute("DELETE FROM mail_marks_version")


def test_an_import_marks_the_mail_current_rules_mark(home: dict[str, Path]) -> None:
    assert _categories() == {"bcc_lure": "phishing_suspect", "colleague": "personal", "header_lure": "phishing_suspect"}


def test_a_home_marked_by_older_rules_is_marked_again_before_the_next_import(
        home: dict[str, Path], tmp_path: Path, cli: Callable[..., Any]) -> None:
    _older_rules(bcc_lure="personal", colleague="phishing_suspect")
    _eml(tmp_path / "more", "new", "Sam Ortiz <sam@example.net>", "alex@example.org", "Lunch?", "Lunch on Tuesday?")
    result = cli("--json", "mail", "import", str(tmp_path / "more"))
    assert result.code == 0, result.err
    assert "marking the stored mail again first" in result.err
    assert result.json()["rechecked"] == {"checked": 3, "marked": 1, "cleared": 1, "kept": 0, "recategorised": 0,
                                          "version": result.json()["rechecked"]["version"]}
    # the lure older rules missed is marked; the colleague's note is cleared (its file, read again, says
    # so); the lure only headers reveal stays marked though what is stored does not show it
    assert _categories() == {"bcc_lure": "phishing_suspect", "colleague": "personal",
                             "header_lure": "phishing_suspect", "new": "personal"}
    again = cli("--json", "mail", "import", str(tmp_path / "more"))
    assert again.json()["rechecked"] is None  # current now: nothing to redo


def test_a_mark_is_kept_when_only_its_gone_source_could_clear_it(home: dict[str, Path], cli: Callable[..., Any]) -> None:
    home["header_lure"].unlink()
    _older_rules()
    result = cli("--json", "mail", "recheck")
    assert result.code == 0, result.err
    assert result.json()["kept"] == 1 and result.json()["cleared"] == 0
    assert _categories()["header_lure"] == "phishing_suspect"


def test_recheck_says_what_it_changed(home: dict[str, Path], cli: Callable[..., Any]) -> None:
    _older_rules(bcc_lure="personal")
    result = cli("mail", "recheck")
    assert result.code == 0, result.err
    assert "marked 3 stored message(s) again with the current rules: 1 newly marked as suspected phishing" in result.out
    assert _categories()["bcc_lure"] == "phishing_suspect"


def test_doctor_says_when_the_marks_are_from_older_rules(home: dict[str, Path], cli: Callable[..., Any]) -> None:
    assert "the stored mail is marked by the current rules" in cli("doctor").out
    _older_rules()
    assert "3 message(s) were marked by older rules; `steward mail recheck`" in cli("doctor").out
    cli("mail", "recheck")
    assert "the stored mail is marked by the current rules" in cli("doctor").out


def test_a_due_read_from_mail_a_recheck_marks_is_no_longer_owed(tmp_path: Path, cli: Callable[..., Any]) -> None:
    import json

    now = "2026-09-20T10:00:00-04:00"
    _eml(tmp_path / "bills", "citi_sep", "Citi <alerts@citi.com>", "alex@example.org", "Your Citi card statement is ready",
         "Card ending 8080. Statement balance: $455.10. Payment due date: 09/28/2026.")
    assert cli("--now", now, "mail", "import", str(tmp_path / "bills")).code == 0
    assert cli("--now", now, "dues", "extract", "--no-progress").code == 0
    owed = json.loads(cli("--now", now, "--json", "dues").out)
    assert [i["amount"] for g in owed["currencies"] for i in g["items"]] == ["455.10"]
    # newer rules mark the statement (as a re-check does when they find it forged): it is owed no more
    with _db() as conn:
        conn.execute("UPDATE messages SET category = 'phishing_suspect' WHERE message_id = 'citi_sep@marks-test.example'")
    owed = json.loads(cli("--now", now, "--json", "dues").out)
    assert [i for g in owed["currencies"] for i in g["items"]] == []


def test_serve_marks_the_stored_mail_again_when_the_rules_changed(home: dict[str, Path]) -> None:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.settings import load
    from steward.web.jobs import keep_marks_current, scheduled_jobs

    env = dict(os.environ)
    assert "mail-marks" in [job.name for job in scheduled_jobs(load(environ=env))]
    _older_rules(bcc_lure="personal")
    app = build_app(load(environ=env), make_clock("UTC", "2026-09-02T09:00:00+00:00"), resolve_paths(environ=env))
    try:
        keep_marks_current(app)
    finally:
        app.close()
    assert _categories()["bcc_lure"] == "phishing_suspect"


def test_an_institution_the_person_adds_changes_the_rules_version() -> None:
    from steward.mail.categories import default_classifier
    from steward.mail.marks import rules_version
    from steward.mail.senders import Brand

    shipped = default_classifier()
    assert rules_version(shipped) == rules_version(default_classifier())
    assert rules_version(shipped.with_brands((Brand("Tamsin Credit Union", ("tamsincu.example",)),))) != \
        rules_version(shipped)
