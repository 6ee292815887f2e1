"""A barrel or a crate shipped home from abroad: asked after by what it is ("has the crate arrived yet?"), the
agent's notices that name it, never every courier's; what it costs to clear is the agent's bill alone, and the
customs duty the line of that bill's mail that gives it. What a relative said their money was for is their own
mail's words. The mails are written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

KINGSTON = ZoneInfo("America/Jamaica")
NOW = "2027-04-09T19:00:00-05:00"  # a Friday evening
AGENT = ("Harbourside Freight Agents", "clearance@harboursidefreight.example")
COURIER = ("Swift Parcels", "notify@swiftparcels.example")
POWER = ("Parish Power Company", "billing@parishpower.example")
BROTHER = ("Marlon Thompson", "marlon.t@northmail.example")
REMIT = ("QuickSend Money", "alerts@quicksendmoney.example")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("America/Jamaica", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "a": message("c-1@harboursidefreight.example", AGENT, "Customs assessment for your shipment NYC-77104",
                     "Dear Ms Thompson,\n\nYour shipment (waybill NYC-77104, 1 crate from Marlon Thompson, New York) "
                     "has arrived at our Kingston warehouse and has been assessed by Customs.\n\nCustoms duty and GCT: "
                     "J$9,800.00\nHandling fee: J$1,500.00\nTotal to pay: J$11,300.00\n\nPlease clear and collect by "
                     "20/04/2027. Bring your TRN and this notice.\n\nHarbourside Freight Agents",
                     datetime(2027, 4, 8, 10, tzinfo=KINGSTON)),
        "b": message("s-1@swiftparcels.example", COURIER, "Your parcel is out for delivery",
                     "Your parcel SP-20931 is out for delivery today between 10:00 AM and 4:00 PM.",
                     datetime(2027, 4, 9, 8, tzinfo=KINGSTON)),
        "c": message("p-1@parishpower.example", POWER, "Your electricity bill",
                     "Account 5512-08\n\nAmount due: J$12,640.00\nDue date: 23/04/2027\n\nParish Power Company",
                     datetime(2027, 4, 2, 9, tzinfo=KINGSTON)),
        "d": message("r-1@quicksendmoney.example", REMIT, "Money received from Marlon Thompson",
                     "Sender: Marlon Thompson (New York)\nAmount sent: USD 150.00\nAmount received: J$23,400.00\n",
                     datetime(2027, 4, 6, 16, tzinfo=KINGSTON)),
        "e": message("m-1@northmail.example", BROTHER, "money",
                     "Sis, I sent USD 150 today. It's for the school books and a little for the crate duty.\n\nMarlon",
                     datetime(2027, 4, 6, 17, tzinfo=KINGSTON)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_a_crate_asked_after_is_the_notice_that_names_it_and_clearing_it_is_that_bill(home: App) -> None:
    arrived, clear, until = talk(home, "has the crate arrived yet?", "how much do I have to pay to clear it?",
                                 "by when?")
    assert "Harbourside Freight Agents" in arrived and "has arrived" in arrived, arrived
    assert "Swift Parcels" not in arrived
    assert "11,300.00" in clear and "12,640.00" not in clear, clear
    assert "Tue 20 Apr" in until and "12,640.00" not in until, until


def test_the_customs_duty_is_the_line_of_the_one_bill_that_gives_it(home: App) -> None:
    reply = talk(home, "how much is the customs duty?")[0]
    assert "9,800.00" in reply and "Parish Power" not in reply, reply


def test_what_a_relative_said_the_money_was_for_is_his_own_mail(home: App) -> None:
    reply = talk(home, "how much did Marlon send me?", "what did he say the money was for?")[1]
    assert "school books" in reply, reply
