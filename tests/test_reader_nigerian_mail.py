"""Mail and talk as people in Nigeria write them, in an Abuja home: a visa centre's appointment asked as "the visa
appointment" beside a Visa card is the appointment, never the card, and its reference is read out whole. A home in
Abuja with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

NOW = "2028-03-06T08:00:00+01:00"  # Monday 6 March 2028, in Abuja
ZONE = ZoneInfo("Africa/Lagos")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2028, 3, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Africa/Lagos", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "card": message("c1@zenithgate.example", ("Zenithgate Bank", "statements@zenithgate.example"),
                        "Your Zenithgate Visa Platinum statement",
                        "Dear Customer,\n\nYour Zenithgate Visa Platinum statement is ready.\nCard ending 6620\n"
                        "Closing balance: NGN 214,300.00\nMinimum payment due: NGN 21,430.00\n"
                        "Payment due date: 24/03/2028\n\nZenithgate Bank", _sent(1)),
        "visa": message("v1@transglobe.example", ("TransGlobe Visa Services", "noreply@transglobe.example"),
                        "Appointment confirmed - Schengen visa application",
                        "Dear Applicant,\n\nYour appointment at the TransGlobe Visa Application Centre is confirmed."
                        "\n\nDate: 09/03/2028\nTime: 10:30am\nLocation: TransGlobe Visa Application Centre, 4 Aguiyi "
                        "Ironsi Street, Maitama, Abuja\nReference: TGV-NG-70431186\n\nPlease bring your passport and "
                        "printed application form.\n\nTransGlobe Visa Services", _sent(2)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    app.appointments.scan()
    return app


def test_a_visa_appointment_is_the_appointment_not_the_visa_card(home: App) -> None:
    replies = talk(home, "when is my visa appointment?", "and the address?", "the reference number?")
    assert "10:30" in replies[0] and "214,300" not in replies[0]
    assert "Maitama" in replies[1]
    assert "TGV-NG-70431186" in replies[2]


def test_a_visa_card_asked_of_by_its_network_is_still_the_card(home: App) -> None:
    reply = talk(home, "what's the minimum due on my visa?")[0]
    assert "21,430" in reply
