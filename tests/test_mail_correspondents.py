"""A known correspondent's notice is not phishing: a biller who has written before may say what a lure says.

The mails are written for these tests. Each is imported into a real home (`steward mail import`), so the
history is read from the store as every import and sync reads it.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest

from steward.mail.correspondents import known, vouched
from steward.paths import resolve_paths
from steward.records.mail import Transport

pytestmark = pytest.mark.usefixtures("no_semantic")

NOTICE_DAY = datetime(2026, 9, 30, 8, tzinfo=UTC)
BILLER = "Brookvale Water <accounts@brookvalewater.example>"
OVERDUE = ("Last reminder: your water account is overdue",
           "Dear Customer,\n\nThe balance of GBP 84.20 on your water account is now overdue. Please pay it "
           "immediately to avoid your supply being suspended. Pay online today.")
BILL = ("Your water bill for August", "Dear Robin Hale,\n\nYour bill of GBP 84.20 is ready. Please pay by 28 "
        "September 2026.")


def _eml(folder: Path, name: str, sender: str, subject: str, text: str, when: datetime, **headers: str) -> None:
    msg = EmailMessage()
    for key, value in headers.items():
        msg[key.replace("_", "-")] = value
    msg["From"], msg["To"], msg["Subject"] = sender, "Robin Hale <robin@example.net>", subject
    msg["Date"] = format_datetime(when)
    msg["Message-ID"] = f"<{name}@correspondents-test.example>"
    msg.set_content(text)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.eml").write_bytes(bytes(msg))


def _categories() -> dict[str, str]:
    with sqlite3.connect(resolve_paths(environ=dict(os.environ)).db_file) as conn:
        rows = conn.execute("SELECT message_id, category FROM messages").fetchall()
    return {mid.partition("@")[0]: cat for mid, cat in rows}


def _import(cli: Callable[..., Any], folder: Path) -> dict[str, str]:
    result = cli("mail", "import", str(folder))
    assert result.code == 0, result.err
    return _categories()


def test_an_overdue_notice_from_a_sender_never_seen_is_marked(tmp_path: Path, cli: Callable[..., Any]) -> None:
    _eml(tmp_path / "mail", "notice", BILLER, *OVERDUE, NOTICE_DAY)
    assert _import(cli, tmp_path / "mail") == {"notice": "phishing_suspect"}


def test_the_same_notice_after_the_billers_earlier_bill_is_not_marked(tmp_path: Path,
                                                                      cli: Callable[..., Any]) -> None:
    _eml(tmp_path / "mail", "bill", BILLER, *BILL, NOTICE_DAY - timedelta(days=30))
    _eml(tmp_path / "mail", "notice", BILLER, *OVERDUE, NOTICE_DAY)
    assert _import(cli, tmp_path / "mail")["notice"] != "phishing_suspect"


def test_a_bill_already_stored_vouches_for_a_notice_synced_later(tmp_path: Path, cli: Callable[..., Any]) -> None:
    _eml(tmp_path / "earlier", "bill", BILLER, *BILL, NOTICE_DAY - timedelta(days=30))
    _import(cli, tmp_path / "earlier")
    _eml(tmp_path / "later", "notice", BILLER, *OVERDUE, NOTICE_DAY)
    assert _import(cli, tmp_path / "later")["notice"] != "phishing_suspect"


def test_the_billers_name_from_a_look_alike_domain_stays_marked(tmp_path: Path, cli: Callable[..., Any]) -> None:
    _eml(tmp_path / "mail", "bill", BILLER, *BILL, NOTICE_DAY - timedelta(days=30))
    _eml(tmp_path / "mail", "lure", "Brookvale Water <accounts@brookvale-water-payments.example>", *OVERDUE,
         NOTICE_DAY)
    assert _import(cli, tmp_path / "mail")["lure"] == "phishing_suspect"


def test_the_billers_address_with_a_failed_check_stays_marked(tmp_path: Path, cli: Callable[..., Any]) -> None:
    _eml(tmp_path / "mail", "bill", BILLER, *BILL, NOTICE_DAY - timedelta(days=30))
    _eml(tmp_path / "mail", "forged", BILLER, *OVERDUE, NOTICE_DAY,
         Authentication_Results="mx.example.net; spf=none smtp.mailfrom=brookvalewater.example; dmarc=none "
                                "header.from=brookvalewater.example")
    assert _import(cli, tmp_path / "mail")["forged"] == "phishing_suspect"


def test_another_address_of_the_domain_counts_only_with_a_check_passed(tmp_path: Path,
                                                                     cli: Callable[..., Any]) -> None:
    other = "Brookvale Water <collections@brookvalewater.example>"
    _eml(tmp_path / "mail", "bill", BILLER, *BILL, NOTICE_DAY - timedelta(days=30))
    _eml(tmp_path / "mail", "signed", other, *OVERDUE, NOTICE_DAY,
         Authentication_Results="mx.example.net; dkim=pass header.d=brookvalewater.example; spf=pass "
                                "smtp.mailfrom=bounces.brookvalewater.example")
    _eml(tmp_path / "mail", "unsigned", other, *OVERDUE, NOTICE_DAY + timedelta(hours=1))
    found = _import(cli, tmp_path / "mail")
    assert found["signed"] != "phishing_suspect"
    assert found["unsigned"] == "phishing_suspect"


def test_a_burst_from_one_address_is_no_history(tmp_path: Path, cli: Callable[..., Any]) -> None:
    sender = "Account Desk <desk@cloud-notices.example>"
    _eml(tmp_path / "mail", "first", sender, "Your storage", "Hello, your storage plan renews next month.",
         NOTICE_DAY - timedelta(hours=2))
    _eml(tmp_path / "mail", "second", sender, *OVERDUE, NOTICE_DAY)
    found = _import(cli, tmp_path / "mail")
    assert found["first"] != "phishing_suspect"
    assert found["second"] == "phishing_suspect"


def test_a_recheck_leaves_a_known_correspondents_notice_unmarked(tmp_path: Path, cli: Callable[..., Any]) -> None:
    _eml(tmp_path / "mail", "bill", BILLER, *BILL, NOTICE_DAY - timedelta(days=30))
    _eml(tmp_path / "mail", "notice", BILLER, *OVERDUE, NOTICE_DAY)
    _import(cli, tmp_path / "mail")
    assert cli("mail", "recheck").code == 0
    assert _categories()["notice"] != "phishing_suspect"


def test_headers_that_say_the_mail_came_from_elsewhere_vouch_against_it() -> None:
    elsewhere = Transport(relayed=True, return_path="bounce@bulk-sender.example")
    signed = Transport(relayed=True, return_path="bounce@bulk-sender.example", dkim_domains=("brookvalewater.example",))
    assert vouched("accounts@brookvalewater.example", "", elsewhere) is False
    assert vouched("accounts@brookvalewater.example", "", signed) is None
    assert vouched("accounts@brookvalewater.example", "mx; dkim=pass header.d=brookvalewater.example", None) is True
    assert vouched("accounts@brookvalewater.example", "mx; dkim=pass header.d=other.example", None) is False


def test_a_history_counts_from_a_day_before() -> None:
    assert known(NOTICE_DAY, NOTICE_DAY - timedelta(days=2), None, None)
    assert not known(NOTICE_DAY, NOTICE_DAY - timedelta(hours=3), None, None)
    assert not known(NOTICE_DAY, NOTICE_DAY - timedelta(days=2), None, False)
    assert not known(NOTICE_DAY, None, NOTICE_DAY - timedelta(days=2), None)
    assert known(NOTICE_DAY, None, NOTICE_DAY - timedelta(days=2), True)


REMINDER = ("Text reminder", "AquaLine: your meter reading visit is on 10/02 between 9a and 1p. Reply C to confirm "
            "or R to rebook. Messages to this mailbox are read by our team.")


def test_a_quiet_reminder_from_another_address_of_a_domain_that_wrote_before_is_not_marked(
        tmp_path: Path, cli: Callable[..., Any]) -> None:
    texts = "AquaLine <texts@brookvalewater.example>"
    _eml(tmp_path / "first", "lone", texts, *REMINDER, NOTICE_DAY - timedelta(days=40))
    assert _import(cli, tmp_path / "first")["lone"] == "phishing_suspect"  # no history: its signs add up
    _eml(tmp_path / "mail", "bill", BILLER, *BILL, NOTICE_DAY - timedelta(days=30))
    _eml(tmp_path / "mail", "quiet", texts, *REMINDER, NOTICE_DAY)
    linked = (REMINDER[0], REMINDER[1] + " Details: http://aqualine-visits.example/v")
    _eml(tmp_path / "mail", "linked", texts, *linked, NOTICE_DAY + timedelta(hours=1))
    found = _import(cli, tmp_path / "mail")
    assert found["quiet"] != "phishing_suspect"
    assert found["linked"] == "phishing_suspect"  # a link to follow: the domain's history vouches for no more


def test_a_domains_history_vouches_for_a_quiet_mail_its_headers_say_nothing_against() -> None:
    assert known(NOTICE_DAY, None, NOTICE_DAY - timedelta(days=2), None, quiet=True)
    assert not known(NOTICE_DAY, None, NOTICE_DAY - timedelta(days=2), False, quiet=True)
    assert not known(NOTICE_DAY, None, NOTICE_DAY - timedelta(hours=2), None, quiet=True)
