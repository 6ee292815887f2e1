"""Events announced in plain words, with no word of a booking: a club's or a school's news of an event,
forwarded by someone in the family, is that organisation's event at the time it starts (never the time to
arrive by), waiting for the person's yes; a friend's own mail that tells of a party and asks the person
to come is an invitation from that friend, never a booking. What proves nothing writes nothing: news
with no word asking to come, a newsletter's event, two starts with nothing to say which is the event's."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

ZONE = "Europe/Dublin"
DUB = ZoneInfo(ZONE)
NOW = "2027-03-01T08:00:00+00:00"  # a Monday morning
SENT = datetime(2027, 2, 27, 18, 30, tzinfo=DUB)
AOIFE = ("Aoife Byrne", "aoife.byrne@homepost.example")
ROWING = ("Ciarán Walsh", "juniors@liffeyrowingclub.example")


def _forward(first: tuple[str, str], subject: str, text: str, note: str) -> str:
    return (f"{note}\n\n---------- Forwarded message ---------\nFrom: {first[0]} <{first[1]}>\n"
            f"Date: Fri, 26 Feb 2027 17:02:00 +0000\nSubject: {subject}\nTo: {AOIFE[0]} <{AOIFE[1]}>\n\n{text}")


REGATTA = ("Dear junior parents,\n\nour spring regatta is on Saturday 6 March on the river at Islandbridge. "
           "Please have rowers at the boathouse by 8:15; the first heat starts at 9:00 and the finals end "
           "around 14:00.\nPlace: Islandbridge Boathouse, South Circular Road\nBring: warm kit and a packed "
           "lunch.\n\nBest,\nCiarán\nLiffey Rowing Club - Juniors")


def _scan(tmp_path: Path, cli: Any, mails: dict[str, bytes]) -> list[dict[str, Any]]:
    folder = write_folder(tmp_path / "mail", mails)
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    r = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "scan", "--dry-run")
    assert r.code == 0, r.err
    items: list[dict[str, Any]] = r.json()["items"]
    return items


def _said(items: list[dict[str, Any]]) -> list[tuple[str, str, str, str | None]]:
    return sorted((i["provider"], i["start"], i["status"], i["reason"]) for i in items)


def test_a_clubs_event_forwarded_by_family_is_the_clubs_at_the_time_it_starts(tmp_path: Path, cli: Any) -> None:
    body = _forward(ROWING, "Spring regatta this Saturday", REGATTA, "Can you drive Cian on Saturday? A")
    items = _scan(tmp_path, cli, {"a": message("fw-1@homepost.example", AOIFE, "Fwd: Spring regatta this Saturday",
                                               body, SENT)})
    assert _said(items) == [("Liffey Rowing Club", "2027-03-06T09:00:00+00:00", "proposed", "dry run")]
    (item,) = items
    assert item["location"] == "Islandbridge Boathouse, South Circular Road"


def test_the_forwarded_event_is_written_on_yes_from_the_forward_read_again(tmp_path: Path, cli: Any) -> None:
    body = _forward(ROWING, "Spring regatta this Saturday", REGATTA, "FYI, Saturday morning is gone. A")
    folder = write_folder(tmp_path / "mail", {"a": message("fw-2@homepost.example", AOIFE,
                                                           "Fwd: Spring regatta this Saturday", body, SENT)})
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "scan").code == 0
    (proposal,) = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "list").json()["items"]
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "accept", str(proposal["id"])).code == 0
    day = cli("--now", NOW, "--tz", ZONE, "--json", "schedule", "2027-03-06").json()["items"]
    assert [(i["title"], i["start"]) for i in day] == [("Liffey Rowing Club: spring regatta", "2027-03-06T09:00:00+00:00")]


def test_a_clubs_event_whose_hours_the_next_sentence_gives_starts_at_their_first(tmp_path: Path, cli: Any) -> None:
    text = ("Dear junior parents,\n\nour open day is this Saturday, the last before the summer, and there's a fair "
            "on the slipway! As ever, 10 till half 12 at the boathouse. Wear something warm.\n\nCiarán\n"
            "Liffey Rowing Club - Juniors")
    body = _forward(ROWING, "Open day this Saturday", text, "Shall we go? A")
    items = _scan(tmp_path, cli, {"a": message("fw-4@homepost.example", AOIFE, "Fwd: Open day this Saturday", body,
                                               SENT)})
    assert _said(items) == [("Liffey Rowing Club", "2027-03-06T10:00:00+00:00", "proposed", "dry run")]


def test_a_coachs_next_game_said_by_its_kick_off_is_on_its_day_not_on_the_day_with_none(tmp_path: Path,
                                                                                       cli: Any) -> None:
    coach = ("Declan Foley", "declan.foley@kilmacudcelts.example")
    body = ("Hi all,\n\nNo training this Saturday, the pitches are closed. Next up is Saturday 13th March, away to "
            "Bray Wanderers, kick off 11.15 at Ballywaltrim. Bring boots and a drink.\n\nDeclan")
    items = _scan(tmp_path, cli, {"a": message("df-1@kilmacudcelts.example", coach, "Fixtures in March", body,
                                               SENT)})
    assert _said(items) == [("Declan Foley", "2027-03-13T11:15:00+00:00", "rejected", "invitation")]


def test_a_friends_party_in_her_own_words_is_her_invitation_never_a_booking(tmp_path: Path, cli: Any) -> None:
    friend = ("Niamh Doyle", "niamh.doyle@homepost.example")
    body = ("Hi Aoife,\n\nbig news, the house is finally ours, so we're having a housewarming on Saturday 13 March "
            "from 7pm at 22 Rathgar Avenue. Do come, and bring the kids if you like!\n\nNiamh")
    items = _scan(tmp_path, cli, {"a": message("nd-1@homepost.example", friend, "we got the keys!!", body, SENT)})
    assert _said(items) == [("Niamh Doyle", "2027-03-13T19:00:00+00:00", "rejected", "invitation")]


def test_a_barbecue_called_by_its_local_name_is_an_invitation_too(tmp_path: Path, cli: Any) -> None:
    friend = ("Thabo Nkosi", "thabo.nkosi@homepost.example")
    body = ("Howzit!\n\nWe're having a braai at ours on Sunday the 7th from 1pm, nothing fancy. Bring the "
            "little one.\n\nThabo")
    items = _scan(tmp_path, cli, {"a": message("tn-1@homepost.example", friend, "sunday", body, SENT)})
    assert _said(items) == [("Thabo Nkosi", "2027-03-07T13:00:00+00:00", "rejected", "invitation")]


def test_a_friends_invitation_sent_weeks_ahead_is_still_read_as_hers(tmp_path: Path, cli: Any) -> None:
    friend = ("Conor Healy", "conor.healy@homepost.example")
    body = ("Hey both,\n\nit's been ten years, so there'll be a celebration on Saturday 20 March, kicking off "
            "at 8pm in Grogan's back room.\nHope you can make it!\n\nConor")
    sent = datetime(2027, 1, 30, 21, 15, tzinfo=DUB)  # a month before: outside the two weeks a scan reads
    items = _scan(tmp_path, cli, {"a": message("ch-1@homepost.example", friend, "ten years!", body, sent)})
    assert _said(items) == [("Conor Healy", "2027-03-20T20:00:00+00:00", "rejected", "invitation")]


@pytest.mark.parametrize(("sender", "subject", "body"), [
    # a friend's news of someone else's party, asking no one to come
    (("Niamh Doyle", "niamh.doyle@homepost.example"), "guess who",
     "Hi Aoife,\n\nSeán is having a birthday party on Saturday 13 March from 8pm, apparently half the street "
     "is going. Mad.\n\nNiamh"),
    # an organisation's own newsletter announcing an event: not forwarded, so nobody said it is the person's
    (("Dublin Folk Nights", "news@dublinfolknights.example"), "This month at Dublin Folk Nights",
     "Our spring concert is on Friday 12 March at the Button Factory.\nDoors open at 19:00 and the first set "
     "starts at 20:00. Come along!"),
])
def test_news_of_an_event_that_asks_no_one_or_that_nobody_passed_on_writes_nothing(
        tmp_path: Path, cli: Any, sender: tuple[str, str], subject: str, body: str) -> None:
    assert _scan(tmp_path, cli, {"a": message("n-1@x.example", sender, subject, body, SENT)}) == []


def test_a_forward_announcing_two_starts_with_nothing_to_say_which_writes_nothing(tmp_path: Path, cli: Any) -> None:
    text = ("Dear parents,\n\nthe under-10 tournament is on Saturday 6 March; the first game starts at 9:00.\n"
            "The under-12 tournament is on Sunday 7 March; the first game starts at 11:00.\n\nLiffey Rowing Club")
    body = _forward(ROWING, "Tournaments", text, "Which one is ours? A")
    assert _scan(tmp_path, cli, {"a": message("fw-3@homepost.example", AOIFE, "Fwd: Tournaments", body, SENT)}) == []


def test_an_organisation_is_named_as_its_mail_writes_the_name_its_domain_spells() -> None:
    from steward.appointments.announced import organisation_named_by

    text = "Kind regards,\nPadraig\nSt. Kevin's GAA - Under 9s\n"
    assert organisation_named_by("coach@stkevinsgaa.example", text) == "St. Kevin's GAA"
    assert organisation_named_by("office@grundschule-am-see.example", "Grundschule am See\nSekretariat") == (
        "Grundschule am See")
    assert organisation_named_by("mary@gmail.example", "Mary") is None
    # a domain that leaves out what the organisation is: the name as its mail writes it, up to its line's end
    signed = "Fair winds,\nSkipper Ruth\nHarbour Sailing School - Youth Section"
    assert organisation_named_by("youth@harbour-sailing.example", signed) == "Harbour Sailing School"


def test_a_parish_bulletin_forwarded_by_family_gives_its_service_and_that_evenings_concert(
        tmp_path: Path, cli: Any) -> None:
    parish = ("St. Brigid's Parish Office", "office@stbrigidsgorey.example")
    text = ("Our Harvest Thanksgiving Service is on Sunday, 7th March at 11:00 a.m., with tea in the hall after. "
            "The Harvest Concert with the parish choir is that same evening at 7:30 p.m.\n\nFr. Declan")
    body = _forward(parish, "Harvest Thanksgiving", text, "Aoife love, this is from your parish. Mam")
    mam = ("Mary Byrne", "mary.byrne@homepost.example")
    items = _scan(tmp_path, cli, {"a": message("mb-1@homepost.example", mam, "Fwd: Harvest Thanksgiving", body, SENT)})
    # the service's Sunday, never the American holiday its name holds; the concert on the same day
    assert _said(items) == [("St. Brigid's Parish Office", "2027-03-07T11:00:00+00:00", "proposed", "dry run"),
                            ("St. Brigid's Parish Office", "2027-03-07T19:30:00+00:00", "proposed", "dry run")]


def test_a_teachers_notice_that_welcomes_parents_is_the_event_she_tells_of(tmp_path: Path, cli: Any) -> None:
    teacher = ("Orla Kinsella", "o.kinsella@glenagearyns.example")
    body = ("Dear Parents,\n\nOur Sports Day is on Thursday, 11th March, starting at 10 a.m. on the back pitch. "
            "Class 3 are in Green House, so a green top please. Parents are welcome to cheer!\n\nMs. Kinsella")
    items = _scan(tmp_path, cli, {"a": message("ok-1@glenagearyns.example", teacher, "Sports Day", body, SENT)})
    assert _said(items) == [("Orla Kinsella", "2027-03-11T10:00:00+00:00", "rejected", "invitation")]
    # the next sentence's "in Green House" is no place of it
    assert items[0]["location"] is None


def test_a_question_asking_when_an_event_is_tells_no_time_of_it(tmp_path: Path, cli: Any) -> None:
    mam = ("Mary Byrne", "mary.byrne@homepost.example")
    body = ("Hello love, I'm on the early train Saturday, in by ten. What time is the dinner Saturday night? "
            "I don't want to hold you up.\n\nMam")
    assert _scan(tmp_path, cli, {"a": message("mb-2@homepost.example", mam, "saturday", body, SENT)}) == []


def test_a_grandchilds_recital_told_by_family_starts_when_it_starts_not_when_the_doors_open(
        tmp_path: Path, cli: Any) -> None:
    daughter = ("Sinéad Byrne", "sinead.byrne@homepost.example")
    body = ("Hi Mam,\n\nFiadh's school recital is Friday the 5th! Doors open at 5, starts 5:30, in the school hall. "
            "We'll save you seats up the front.\n\nSinéad")
    items = _scan(tmp_path, cli, {"a": message("sb-1@homepost.example", daughter, "Fiadh's recital", body, SENT)})
    assert _said(items) == [("Sinéad Byrne", "2027-03-05T17:30:00+00:00", "rejected", "invitation")]


def test_a_parish_fish_fry_a_friend_asks_the_person_to_is_his_invitation(tmp_path: Path, cli: Any) -> None:
    friend = ("Pat Kehoe", "pat.kehoe@homepost.example")
    body = ("Aoife - fish fry in the parish hall this Friday, we're going down around 6 to beat the queue. "
            "Come with Tom and we'll share a table.\n\nPat")
    items = _scan(tmp_path, cli, {"a": message("pk-1@homepost.example", friend, "Friday", body, SENT)})
    assert _said(items) == [("Pat Kehoe", "2027-03-05T18:00:00+00:00", "rejected", "invitation")]


def test_a_friends_invitation_forwarded_from_outlook_by_family_is_the_friends(tmp_path: Path, cli: Any) -> None:
    cousin = ("Róisín Walsh", "roisin.walsh@homepost.example")
    body = ("Aoife, put this on the calendar, I said we'd bring a salad.\nMam\n\n________________________________\n"
            f"From: {cousin[0]} <{cousin[1]}>\nSent: Thursday, February 25, 2027 9:12 AM\nTo: Mary Byrne "
            "<mary.byrne@homepost.example>\nSubject: Dad's 80th\n\nHi all,\n\nDad is 80! The party is Saturday, "
            "March 13 at 4 pm in the Glenview Hotel.\n\nRóisín")
    mam = ("Mary Byrne", "mary.byrne@homepost.example")
    items = _scan(tmp_path, cli, {"a": message("mb-3@homepost.example", mam, "FW: Dad's 80th", body, SENT)})
    assert _said(items) == [("Róisín Walsh", "2027-03-13T16:00:00+00:00", "rejected", "invitation")]


def test_a_call_said_on_the_writers_clock_is_on_the_persons(tmp_path: Path, cli: Any) -> None:
    brother = ("Eoin Byrne", "eoin.byrne@bostonpost.example")
    body = ("Hey sis,\n\nI'll call Saturday at 2 my time, you're five hours ahead of me. Say hi to the lads.\n\n"
            "Eoin")
    items = _scan(tmp_path, cli, {"a": message("eb-1@bostonpost.example", brother, "Saturday call", body, SENT)})
    assert _said(items) == [("Eoin Byrne", "2027-03-06T19:00:00+00:00", "rejected", "invitation")]


def test_how_far_the_writers_clock_is_from_the_readers_is_read_either_way_round() -> None:
    from datetime import timedelta

    from steward.appointments.announced import writers_clock

    said = "I'll ring Sunday at 4 my time."
    assert writers_clock(said, "you're 2 hours ahead of me") == timedelta(hours=2)
    assert writers_clock(said, "I'm an hour ahead of you") == timedelta(hours=-1)
    assert writers_clock(said, "we are three hours behind you") == timedelta(hours=3)
    assert writers_clock("Sunday at 4.", "you're 2 hours ahead of me") is None  # said on the reader's clock
    assert writers_clock(said, "see you soon") is None  # how far apart, never guessed


def test_an_event_a_spouse_says_to_remember_is_named_for_itself_not_the_asking(tmp_path: Path, cli: Any) -> None:
    husband = ("Declan Byrne", "declan.byrne@homepost.example")
    body = "remember Niamh practice tonight at 6:30, you have her. I'm on till 8\n\nD"
    items = _scan(tmp_path, cli, {"a": message("db-1@homepost.example", husband, "tonight", body,
                                                datetime(2027, 3, 1, 7, 40, tzinfo=DUB))})
    assert [i["start"] for i in items] == ["2027-03-01T18:30:00+00:00"]
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "scan").code == 0
    r = cli("--now", NOW, "--tz", ZONE, "chat", "--dry-run", "what's on tonight")
    assert r.code == 0 and "18:30 Niamh practice (told in Declan Byrne's mail" in r.out, r.out
