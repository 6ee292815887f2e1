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


# (its Message-ID, who sent it, its subject, its text, when it came: year, month, day, hour)
MAIL = (
    ("c-1@harboursidefreight.example", AGENT, "Customs assessment for your shipment NYC-77104",
     "Dear Ms Thompson,\n\nYour shipment (waybill NYC-77104, 1 crate from Marlon Thompson, New York) has arrived at "
     "our Kingston warehouse and has been assessed by Customs.\n\nCustoms duty and GCT: J$9,800.00\nHandling fee: "
     "J$1,500.00\nTotal to pay: J$11,300.00\n\nPlease clear and collect by 20/04/2027. Bring your TRN and this "
     "notice.\n\nHarbourside Freight Agents", (2027, 4, 8, 10)),
    ("s-1@swiftparcels.example", COURIER, "Your parcel is out for delivery",
     "Your parcel SP-20931 is out for delivery today between 10:00 AM and 4:00 PM.", (2027, 4, 9, 8)),
    ("p-1@parishpower.example", POWER, "Your electricity bill",
     "Account 5512-08\n\nAmount due: J$12,640.00\nDue date: 23/04/2027\n\nParish Power Company", (2027, 4, 2, 9)),
    ("r-1@quicksendmoney.example", REMIT, "Money received from Marlon Thompson",
     "Sender: Marlon Thompson (New York)\nAmount sent: USD 150.00\nAmount received: J$23,400.00\n", (2027, 4, 6, 16)),
    ("m-1@northmail.example", BROTHER, "money",
     "Sis, I sent USD 150 today. It's for the school books and a little for the crate duty.\n\nMarlon",
     (2027, 4, 6, 17)),
)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("America/Jamaica", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        f"m{n}": message(mid, who, subject, body, datetime(*when, tzinfo=KINGSTON))
        for n, (mid, who, subject, body, when) in enumerate(MAIL)})
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


# a conversation, and for each of its replies the words it says and the words it never says
CONVERSATIONS = {
    # a crate asked after is the notice that names it, never every courier's; clearing it is that bill alone
    "the crate and clearing it": (
        ("has the crate arrived yet?", ("Harbourside Freight Agents", "has arrived"), ("Swift Parcels",)),
        ("how much do I have to pay to clear it?", ("11,300.00",), ("12,640.00",)),
        ("by when?", ("Tue 20 Apr",), ("12,640.00",))),
    # the customs duty is the line of the one bill that gives it
    "the customs duty": (("how much is the customs duty?", ("9,800.00",), ("Parish Power",)),),
    # what a relative said the money was for is his own mail
    "what the money was for": (("how much did Marlon send me?", (), ()),
                               ("what did he say the money was for?", ("school books",), ())),
}


@pytest.mark.parametrize("name", list(CONVERSATIONS))
def test_each_reply_says_what_the_mail_says_of_the_thing_asked(home: App, name: str) -> None:
    turns = CONVERSATIONS[name]
    replies = talk(home, *(said for said, _, _ in turns))
    for (said, wanted, never), reply in zip(turns, replies, strict=True):
        assert all(w in reply for w in wanted), (said, reply)
        assert not any(w in reply for w in never), (said, reply)
