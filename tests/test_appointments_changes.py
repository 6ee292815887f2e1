"""A cancellation or a move of an event Steward made from mail: shown with the change, made only on a yes."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from appointment_mail import DENTAL, message, write_folder
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries
from test_appointments_service import NOW, SENT, events, mailbox, scan

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

CANCEL = ("Your appointment at Lakeside Dental on Thursday, 17 September 2026 at 04:30 PM has been cancelled.")
MOVE = ("Your appointment at Lakeside Dental has been rescheduled from Thursday, 17 September at 04:30 PM to "
        "Friday, 18 September 2026 at 11:00 AM.")


def made_then(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch, subject: str, body: str) -> dict:  # type: ignore[no-untyped-def,type-arg]
    """The confirmation accepted onto the calendar, then the follow-up mail imported and scanned."""
    folder = mailbox(tmp_path, cli)
    (item,) = scan(cli)["items"]
    assert cli("--now", NOW, "appointments", "accept", str(item["id"])).code == 0
    write_folder(folder, {"c-follow": message("dental-2@lakesidedental.example", DENTAL, subject, body,
                                              SENT + timedelta(days=1))})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "auto")  # even unattended, a change waits for a yes
    changes = [i for i in scan(cli)["items"] if i["change"]]
    assert len(changes) == 1, changes
    return changes[0]


def test_a_cancellation_is_proposed_and_the_event_deleted_only_on_yes(
        tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    change = made_then(tmp_path, cli, monkeypatch, "Cancelled: your appointment at Lakeside Dental", CANCEL)
    assert change["status"] == "proposed" and change["reason"] == "cancellation"
    assert change["change"] == "cancelled: remove Lakeside Dental appointment on Thu 17 Sept, 16:30 from your calendar"
    assert len(events(cli)) == 1  # shown, not done
    listed = cli("--now", NOW, "appointments", "list").out
    assert "remove Lakeside Dental appointment" in listed
    # seen again, it is the same proposal, not a second one
    assert [i["id"] for i in scan(cli)["items"] if i["change"]] == [change["id"]]
    r = cli("--now", NOW, "appointments", "accept", str(change["id"]))
    assert r.code == 0, r.err
    assert r.out.startswith("Removed from your calendar")
    assert events(cli) == []
    app = build_app(load(None), make_clock("", NOW), resolve_paths())
    try:
        (entry,) = entries(app.db, "event.delete")
        assert entry["provenance"]["via"] == "cli" and entry["provenance"]["change"] == str(change["id"])
    finally:
        app.close()
    # neither the confirmation nor the cancellation brings it back or asks again
    after = scan(cli)["items"]
    assert not [i for i in after if i["status"] == "proposed"]
    assert events(cli) == []
    again = cli("--now", NOW, "appointments", "accept", str(change["id"]))
    assert again.code == 1 and "already made" in again.err


def test_a_move_is_proposed_with_the_new_time_and_made_on_yes(
        tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    change = made_then(tmp_path, cli, monkeypatch, "Rescheduled: your appointment at Lakeside Dental", MOVE)
    assert change["reason"] == "reschedule" and change["start"] == "2026-09-18T11:00:00+05:30"
    assert change["change"] == "moved: Lakeside Dental appointment is now Fri 18 Sept, 11:00 (it was Thu 17 Sept, 16:30)"
    assert [e["start"] for e in events(cli)] == ["2026-09-17T16:30:00+05:30"]
    r = cli("--now", NOW, "appointments", "accept", str(change["id"]))
    assert r.code == 0, r.err
    assert events(cli) == []
    (moved,) = events(cli, "2026-09-18")
    assert moved["start"] == "2026-09-18T11:00:00+05:30" and moved["end"] == "2026-09-18T12:00:00+05:30"
    assert moved["title"] == "Lakeside Dental appointment"
    assert not [i for i in scan(cli)["items"] if i["status"] == "proposed"]
    assert len(events(cli, "2026-09-18")) == 1


def test_no_to_a_change_keeps_the_event(tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    change = made_then(tmp_path, cli, monkeypatch, "Cancelled: your appointment at Lakeside Dental", CANCEL)
    assert cli("--now", NOW, "appointments", "reject", str(change["id"])).code == 0
    assert len(events(cli)) == 1
    assert not [i for i in scan(cli)["items"] if i["status"] == "proposed"]


def test_a_change_whose_message_is_gone_changes_nothing(
        tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    change = made_then(tmp_path, cli, monkeypatch, "Cancelled: your appointment at Lakeside Dental", CANCEL)
    (tmp_path / "mail" / "c-follow.eml").unlink()
    r = cli("--now", NOW, "appointments", "accept", str(change["id"]))
    assert r.code == 1 and "nothing was changed" in r.err
    assert len(events(cli)) == 1


@pytest.mark.parametrize("mode", ["ask", "auto", "off"])
def test_a_cancellation_of_an_accepted_booking_follows_the_mode(
        tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch, mode: str) -> None:  # type: ignore[no-untyped-def]
    """ask and auto: the change is proposed to the event it was made into (never made unasked); off: mail
    is not read for appointments at all, and the event stays as it is."""
    folder = mailbox(tmp_path, cli)
    (item,) = scan(cli)["items"]
    assert cli("--now", NOW, "appointments", "accept", str(item["id"])).code == 0
    write_folder(folder, {"c-follow": message("dental-2@lakesidedental.example", DENTAL,
                                              "Cancelled: your appointment at Lakeside Dental", CANCEL,
                                              SENT + timedelta(days=1))})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", mode)
    if mode == "off":
        r = cli("--now", NOW, "appointments", "scan")
        assert r.code == 1 and r.err.count("\n") == 1 and "appointments.mode = off" in r.err
    else:
        (change,) = [i for i in scan(cli)["items"] if i["change"]]
        assert change["status"] == "proposed" and change["reason"] == "cancellation"
        assert change["event_id"] == events(cli)[0]["id"]
    assert len(events(cli)) == 1


@pytest.mark.parametrize("said", [
    "Sorry, Dr. Mehta is off on a course on Thursday 17 September, so we've moved you to Monday 21 September 2026 at "
    "10.15am, same clinic.",
    "We've shifted you to Monday, 21 September 2026 at 10:15 AM as Dr. Mehta is away.",
])
def test_a_move_said_of_the_person_moves_the_booking(tmp_path: Path, cli, said: str) -> None:  # type: ignore[no-untyped-def]
    # a business moving the person themself ("we've moved you to ..."), the old day said in the same sentence
    mailbox(tmp_path, cli, **{"c-move": message(
        "dental-2@lakesidedental.example", DENTAL, "Change to your appointment", f"Hi,\n\n{said}\n\nThanks heaps",
        SENT + timedelta(days=1))})
    items = {(i["start"], i["status"]) for i in scan(cli)["items"] if i["provider"] == "Lakeside Dental"}
    assert ("2026-09-21T10:15:00+05:30", "proposed") in items, items
    assert not any(start.startswith("2026-09-17") and status == "proposed" for start, status in items), items


def test_a_move_that_names_no_earlier_time_moves_the_one_booking_ahead(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    # "we have moved your cleaning to ...": the thing moved said between, no time it moves from
    mailbox(tmp_path, cli, **{"c-move": message(
        "dental-2@lakesidedental.example", DENTAL, "A change to your visit",
        "Dr. Mehta is away that week. We have moved your cleaning and exam to Monday, 21 September 2026 at 10:15 AM. "
        "Reply if that doesn't suit.", SENT + timedelta(days=1))})
    items = {(i["start"], i["status"], i["reason"]) for i in scan(cli)["items"] if i["provider"] == "Lakeside Dental"}
    assert ("2026-09-21T10:15:00+05:30", "proposed", "reschedule") in items, items
    assert not any(start.startswith("2026-09-17") and status == "proposed" for start, status, _ in items), items
    reply = cli("--now", NOW, "--json", "chat", "--session", "m", "when is the dentist?").json()["reply"]
    assert "21 Sep" in reply and "10:15" in reply and "17 Sep" not in reply, reply
    before = cli("--now", NOW, "--json", "chat", "--session", "m", "what was it before they moved it?").json()["reply"]
    assert "17 Sep" in before and "16:30" in before, before


def test_a_change_of_schedule_that_moves_someones_visit_moves_the_one_booking_ahead(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    # "Change of schedule: ...", "we have moved Leo's visit to ...": the thing moved said as someone's
    mailbox(tmp_path, cli, **{"c-move": message(
        "dental-2@lakesidedental.example", DENTAL, "Change of schedule: Leo",
        "Sorry, Dr. Mehta will be at a conference that day. We have moved Leo's visit to Tuesday, 22 September "
        "2026 at 2:45 PM, same clinic.", SENT + timedelta(days=1))})
    items = {(i["start"], i["status"]) for i in scan(cli)["items"] if i["provider"] == "Lakeside Dental"}
    assert ("2026-09-22T14:45:00+05:30", "proposed") in items, items
    assert not any(start.startswith("2026-09-17") and status == "proposed" for start, status in items), items
    # whom the visit is with is what the mail that booked it says
    reply = cli("--now", NOW, "--json", "chat", "--session", "w", "who is the dentist?").json()["reply"]
    assert "Mehta" in reply and "22 Sep" in reply, reply


def test_a_front_desks_booking_from_weeks_ago_moved_by_new_date_and_time_lines(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    # a practice's front desk writes as a person would ("You're scheduled for ..."), three weeks before the visit;
    # its move lays the new day and time out on labelled lines and gives no address
    desk = ("Harbourside Dental Care", "frontdesk@harboursidedental.example")
    folder = write_folder(tmp_path / "mail", {
        "a-booked": message("hd-1@harboursidedental.example", desk, "Your filling is scheduled",
                            "Hi,\n\nYou're scheduled for a check-up with Tomasz, our dentist, on Thursday, 17 September "
                            "2026 at 4:30 PM.\n\nHarbourside Dental Care, 88 Harbour Road, Panaji\n\nSee you then!",
                            SENT - timedelta(days=20)),
        "b-moved": message("hd-2@harboursidedental.example", desk, "Your appointment has been moved",
                           "Hi,\n\nTomasz is away on Thursday, 17 September, so we moved your check-up.\n\n"
                           "New date: Friday, 18 September 2026\nNew time: 11:00 AM\n\nCall us if that doesn't suit.",
                           SENT),
    })
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    items = {(i["start"], i["status"]) for i in scan(cli)["items"] if i["provider"] == desk[0]}
    assert ("2026-09-18T11:00:00+05:30", "proposed") in items, items
    assert not any(start.startswith("2026-09-17") and status == "proposed" for start, status in items), items
    when = cli("--now", NOW, "--json", "chat", "--session", "d", "is the dentist still on for Thursday?").json()["reply"]
    assert "18 Sep" in when and "11:00" in when, when
    where = cli("--now", NOW, "--json", "chat", "--session", "w", "where is the dentist?").json()["reply"]
    assert "88 Harbour Road" in where and "18 Sep" in where, where
