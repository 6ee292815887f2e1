"""A relative's booking passed on in a forward, and quick messages, asked as people in Britain and Ireland type them:
"who's my mum seeing at the hospital?" is the consultant the letter she forwarded names ("an appointment to see Mr K.
Okafor"), whoever the letter's first lines are; a text's clipped words ("anythin", "wots", "hw") are read whole. No
model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, with_mail
from chat_helpers import talk
from steward.app import App
from steward.sample.builder import OUTLOOK, forwarded

NOW = "2027-05-05T08:00:00+01:00"  # Wednesday 5 May 2027, morning
ZONE = ZoneInfo("Europe/Belfast")
MUM = ("Bernadette Doyle", "b.doyle58@homepost.example")
ME = ("Siobhan Quinn", "siobhan.quinn@homepost.example")


def _sent(day: int, hour: int = 19) -> datetime:
    return datetime(2027, 5, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    app = app_in_own_home("Europe/Belfast", NOW)
    letter = ("Dear Mrs Doyle,\n\nOrthopaedic Outpatient Appointment\n\nYou have been given an appointment to see Mr K. "
              "Okafor, Consultant Orthopaedic Surgeon.\n\nDate: Tuesday 11 May 2027\nTime: 14:20\nPlace: Fracture "
              "Clinic, Ground Floor, Lagan Valley Hospital, Lisburn BT28\n\nPlease bring a list of your medicines. If you "
              "cannot attend, please phone 028 9055 0120 so the appointment can be offered to someone else.\n\n"
              "Outpatient Bookings, Lagan and Mourne Health Board")
    return with_mail(app, tmp_path_factory.mktemp("mail"), {
        "mum": message("bd-4@homepost.example", MUM, "Fw: Orthopaedic Outpatient Appointment",
                       forwarded("Siobhan love, here's the letter about my knee. Could you drive me? Mum", OUTLOOK,
                                 ("Lagan and Mourne Health Board", "outpatients@laganmourne-health.example"),
                                 _sent(1, 11), MUM, "Orthopaedic Outpatient Appointment", letter), _sent(2)),
        "club": message("fc-3@stpatsfc.example", ("St Pat's Football Club", "social@stpatsfc.example"),
                        "Family Disco this Saturday",
                        "Hi all,\n\nOur Family Disco is this Saturday in the clubrooms from 8pm. Tickets £5 at the "
                        "door.\n\nSt Pat's Football Club", _sent(3, 12)),
    })


def test_who_a_relative_is_seeing_is_the_consultant_her_forwarded_letter_names(home: App) -> None:
    reply = talk(home, "who's my mum seeing at the hospital?")[-1]
    assert "Okafor" in reply, reply
    reply = talk(home, "who is mum's hospital appointment with?")[-1]
    assert "Okafor" in reply, reply


def test_a_texts_clipped_words_are_read_whole(home: App) -> None:
    reply = talk(home, "anythin on saturday?")[-1]
    assert "20:00" in reply, reply
    reply = talk(home, "wots on sat")[-1]
    assert "20:00" in reply, reply
