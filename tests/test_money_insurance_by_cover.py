"""Insurance asked of by what it covers ("the health insurance") when one insurer's name says "Insurance": the
policy of that cover, whoever's name holds the word, never the other insurer's alone; its cost "a month" is a rate,
no span of time, and a yearly premium taken by the month is due its monthly instalment. A home in Edinburgh with
mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

NOW = "2026-11-10T08:00:00+00:00"
ZONE = ZoneInfo("Europe/London")


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/London", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "motor": message("m1@thistleinsurance.example", ("Thistle Insurance", "motor@thistleinsurance.example"),
                         "Your motor policy renewal",
                         "Your car insurance renews on 20/11/2026.\nRenewal premium: £498.60\nWe will take £498.60 "
                         "from your card on 20/11/2026.", datetime(2026, 11, 2, 9, 0, tzinfo=ZONE)),
        "health": message("h1@braeside.example", ("Braeside Health", "renewals@braeside.example"),
                          "Your Braeside renewal",
                          "Your health insurance policy renews on 01/12/2026.\nAnnual premium: £1,020.00\nPayment: "
                          "£85.00 a month by Direct Debit, first collection on 01/12/2026.",
                          datetime(2026, 11, 3, 9, 0, tzinfo=ZONE)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


@pytest.mark.parametrize("text", ["how much is the health insurance?",
                                  "what will the health insurance cost a month from December?"])
def test_a_cover_asked_is_that_policy_whoever_is_called_insurance(home: App, text: str) -> None:
    reply = talk(home, text)[0]
    assert "85.00" in reply and "Braeside" in reply, reply
    assert "498.60" not in reply and "1,020" not in reply


def test_the_car_insurance_is_still_the_motor_policy(home: App) -> None:
    reply = talk(home, "how much is the car insurance?")[0]
    assert "498.60" in reply and "85.00" not in reply, reply
