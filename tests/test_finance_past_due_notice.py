"""A notice that a bill is still unpaid past its day, with a penalty added ("your dues of 4,200.00 remain unpaid
... the amount now due is 4,284.00"), revises the sum of the open due it reminds of; that due stays due on its
own day, so it is still overdue. The mails are written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

MANILA = ZoneInfo("Asia/Manila")
NOW = "2027-09-14T08:00:00+08:00"
ADMIN = ("Molave Towers Condominium Corp.", "admin@molavetowers.example")


def _dues_read(app: App, tmp_path_factory: pytest.TempPathFactory, mails: dict[str, bytes]) -> App:
    """The home with `mails` imported and its dues read."""
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    folder = write_folder(tmp_path_factory.mktemp("mail"), mails)
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return _dues_read(app_in_own_home("Asia/Manila", NOW), tmp_path_factory, {
        "a": message("soa-9@molavetowers.example", ADMIN, "Statement of Account - Unit 7C - September 2027",
                     "Dear Unit Owner,\n\nUnit: 7C\nAssociation dues (September): PHP 4,200.00\nAmount due: PHP "
                     "4,200.00\nDue date: on or before September 8, 2027\n\nMolave Towers Admin",
                     datetime(2027, 9, 1, 9, tzinfo=MANILA)),
        "b": message("late-9@molavetowers.example", ADMIN, "Reminder: unpaid association dues - Unit 7C",
                     "Good day po!\n\nYour association dues for September of PHP 4,200.00 for Unit 7C remain unpaid "
                     "as of today. A penalty of 2% (PHP 84.00) has been added, so the amount now due is PHP "
                     "4,284.00.\n\nKindly settle on or before September 18, 2027 to keep your gym access.",
                     datetime(2027, 9, 12, 10, tzinfo=MANILA)),
    })


def test_the_later_notice_revises_the_sum_and_the_due_stays_overdue(home: App) -> None:
    from steward.store import finance as repo

    dues = repo.list_dues(home.db)
    assert [(d.amount, d.due_date.isoformat(), d.kind) for d in dues] == [(Decimal("4284.00"), "2027-09-08", "housing")]
    reply = talk(home, "anything overdue?")[0]
    assert "4,284.00" in reply and "OVERDUE" in reply


BOROUGH = ("Tallow Creek Water Authority", "billing@tallowcreekwater.example")
CHICAGO = ZoneInfo("America/Chicago")


@pytest.fixture(scope="module")
def paid_home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return _dues_read(app_in_own_home("America/Chicago", "2027-04-20T09:00:00-05:00"), tmp_path_factory, {
        "a": message("bill-3@tallowcreekwater.example", BOROUGH, "Your water bill - account 5512-09",
                     "Account: 5512-09\nWater: $41.30\nSewer: $22.70\nAmount due: $64.00\nDue date: 04/02/2027\n\n"
                     "Tallow Creek Water Authority", datetime(2027, 3, 15, 8, tzinfo=CHICAGO)),
        "b": message("late-3@tallowcreekwater.example", BOROUGH, "PAST DUE: water account 5512-09",
                     "PAST DUE NOTICE\n\nAccount: 5512-09\nPast due amount: $64.00\nLate fee: $6.40\nTotal now due: "
                     "$70.40\n\nPay by 04/25/2027 to avoid a stop of service.\n\nTallow Creek Water Authority",
                     datetime(2027, 4, 10, 8, tzinfo=CHICAGO)),
        "c": message("paid-3@tallowcreekwater.example", BOROUGH, "Payment confirmation - account 5512-09",
                     "Thank you for your payment.\n\nAccount: 5512-09\nPayment amount: $70.40\nPayment date: "
                     "04/13/2027\nConfirmation: TC-118273\nAccount balance: $0.00\n\nTallow Creek Water Authority",
                     datetime(2027, 4, 13, 19, tzinfo=CHICAGO)),
    })


def test_a_payment_confirmation_settles_the_notice_and_owes_nothing_new(paid_home: App) -> None:
    from steward.store import finance as repo

    # its "Payment amount" is what was paid: no bill of that sum due on the day it was paid
    assert not [d for d in repo.list_dues(paid_home.db) if d.status == "open"]
    reply = talk(paid_home, "anything overdue?")[0]
    assert "OVERDUE" not in reply and "70.40" not in reply
