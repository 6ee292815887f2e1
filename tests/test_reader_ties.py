"""A name that fits two things equally is asked about ("Do you mean X or Y?"), never one of them picked;
the answer picks one and the question is answered about it alone."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mail_files import eml
from steward.assistant.intercepts.reader import pick_choice

NOW = "2026-09-20T10:00:00+10:00"


@pytest.fixture
def home(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("STEWARD_TIMEZONE", "Australia/Melbourne")
    mail = tmp_path / "mail"
    eml(mail, "book", "hello@bookishbrunswick.example", "Your order is ready to collect",
        "The books you ordered are in.", "2026-09-15T09:00:00+10:00", "Bookish Brunswick")
    eml(mail, "vet", "frontdesk@brunswickvet.example", "Pistachio's vaccination reminder",
        "Pistachio is due for a booster.", "2026-09-16T09:00:00+10:00", "Brunswick Vet Clinic")
    eml(mail, "sam1", "sam.patel@example.org", "Lunch on Friday?", "Are you free?", "2026-09-17T09:00:00+10:00",
        "Sam Patel")
    eml(mail, "sam2", "sam.green@example.org", "Photos from the trip", "Here they are.",
        "2026-09-18T09:00:00+10:00", "Sam Green")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0

    def say(text: str) -> dict[str, Any]:
        out = cli("--now", NOW, "--json", "chat", "--session", "ties", text)
        assert out.code == 0, out.err
        return out.json()

    return say


def test_a_name_two_senders_share_is_asked_about_and_the_answer_picks_one(home: Any) -> None:
    asked = home("what did Brunswick send me?")
    assert asked["reply"] == "Do you mean Bookish Brunswick or Brunswick Vet Clinic?"
    assert asked["continuation"]["owner"] == "reader"
    answered = home("the vet")
    assert answered["handled_by"] == "continuation"
    assert "Pistachio" in answered["reply"] and "books" not in answered["reply"]


def test_a_first_name_two_people_share_is_asked_about(home: Any) -> None:
    asked = home("any mail from Sam?")
    assert asked["reply"] == "Do you mean Sam Green or Sam Patel?"
    assert "Lunch on Friday" in home("Patel")["reply"]


def test_a_name_said_whole_is_no_tie(home: Any) -> None:
    reply = home("what did Sam Green send me?")["reply"]
    assert "Photos from the trip" in reply and "Lunch" not in reply


@pytest.mark.parametrize(("answer", "picked"), [("the vet", 1), ("Bookish", 0), ("the first one", 0), ("2", 1),
                                                ("either", None), ("brunswick", None)])
def test_an_answer_picks_by_a_word_only_one_has_or_by_its_place(answer: str, picked: int | None) -> None:
    assert pick_choice(answer, ["Bookish Brunswick", "Brunswick Vet Clinic"]) == picked


def test_a_follow_up_in_another_process_is_read_with_the_turn_before(home: Any) -> None:
    # each `steward chat` is a process of its own: the turn before is read back from the store
    first = home("anything from Brunswick Vet Clinic this month?")
    assert "Pistachio" in first["reply"]
    assert first["data"]["frame"]["filters"][0]["said"] == "Brunswick Vet Clinic"
    again = home("and how many were there?")
    assert again["handled_by"] == "reader" and "1 message from Brunswick Vet Clinic" in again["reply"], again["reply"]


def test_a_sender_said_by_the_whole_of_its_name_is_no_tie_with_a_longer_one(cli: Any, tmp_path: Path,
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", "Australia/Melbourne")
    mail = tmp_path / "mail"
    eml(mail, "real", "track@parcelhop.example", "Your parcel arrives today", "Between 9 and 1, signature needed.",
        "2026-09-19T08:00:00+10:00", "Parcelhop")
    eml(mail, "fake", "fees@parcelhop-fees.example", "Duty unpaid on your parcel", "Pay the duty at the link.",
        "2026-09-18T08:00:00+10:00", "Parcelhop Fees")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    out = cli("--now", NOW, "--json", "chat", "what did the Parcelhop email say?")
    assert out.code == 0, out.err
    reply = out.json()["reply"]
    assert "arrives today" in reply and "Duty" not in reply and "Do you mean" not in reply, reply


@pytest.fixture(scope="module")
def family(app_in_own_home: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A home in Lagos with two bookings for a child: the clinic's mail gives her long name, the dentist's her
    short one."""
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from appointment_mail import message, write_folder
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    zone = ZoneInfo("Africa/Lagos")
    app = app_in_own_home("Africa/Lagos", "2028-03-06T08:00:00+01:00")
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "jab": message("j1@palmclinic.example", ("Palm Family Clinic", "appointments@palmclinic.example"),
                       "Vaccination appointment for Nkechinyere",
                       "Dear Parent,\n\nNkechinyere is booked for her measles booster on 9th March, 2028 at 3:00pm.\n\n"
                       "Palm Family Clinic, 12 Awolowo Road, Ikoyi\n\nFee: N18,000.00, payable at the clinic.",
                       datetime(2028, 3, 1, 10, 0, tzinfo=zone)),
        "teeth": message("d1@brightsmile.example", ("Bright Smile Dental", "hello@brightsmile.example"),
                         "Check-up appointment for Nkechi",
                         "Hello,\n\nNkechi's dental check-up is confirmed for 10th March, 2028 at 11:00am.\n\n"
                         "Bright Smile Dental, 4 Admiralty Way, Lekki",
                         datetime(2028, 3, 2, 10, 0, tzinfo=zone)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.appointments.scan()
    return app


def test_a_long_name_said_short_with_the_kind_of_booking_is_that_booking_alone(family: Any) -> None:
    from chat_helpers import talk

    vaccine, when, cost = talk(family, "when is Nkechi's vaccine?", "what time again?", "how much is it?")
    assert "15:00" in vaccine and "Do you mean" not in vaccine and "Bright Smile" not in vaccine
    assert "15:00" in when and "Bright Smile" not in when
    assert "18,000" in cost
    assert "Do you mean" in talk(family, "when is Nkechi's next appointment?")[0]  # nothing tells the two apart



def test_a_word_two_names_share_said_beside_words_only_one_has_is_that_ones() -> None:
    # "please tell me if rating & valuation office has sent me any emails": "office" is two billers' word, but
    # "rating" and "valuation" name one of them alone, so the question is of that one, never a tie
    from steward.reader import honesty
    from steward.reader.frame import Frame, Named, SlotValue

    rates = SlotValue("issuer", "Rating & Valuation Office", "Rating & Valuation Office",
                      (("rating", "valuation", "office"),))
    estate = SlotValue("issuer", "Sunrise Court Management Office", "Sunrise Court Management Office",
                       (("sunrise", "court", "management", "office"),))
    frame = Frame(text="please tell me if rating & valuation office has sent me any emails", domain="money",
                  ask="list", filters=(Named("rating", (rates,), "words"), Named("valuation", (rates,), "words"),
                                       Named("office", (rates, estate), "words")))
    whole = honesty.said_whole(frame)
    assert honesty.tied_name(whole, frozenset()) is None
    assert {v.value for n in whole.filters for v in n.values} == {"Rating & Valuation Office"}
    # said alone, the shared word is still asked about
    alone = replace(frame, filters=(Named("office", (rates, estate), "words"),))
    assert honesty.tied_name(honesty.said_whole(alone), frozenset()) is not None
