"""Chat: "when is my dentist appointment?" and "do I have any appointments next week?", answered from
events and proposals without a model; "yes" to the proposal adds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from appointment_mail import DENTAL, message, write_folder
from test_appointments_service import CONFIRMED, NOW, SENT

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model


def chat(cli, text: str, session: str = "s1") -> dict:  # type: ignore[no-untyped-def,type-arg]
    r = cli("--now", NOW, "--json", "chat", text, "--session", session)
    assert r.code == 0, r.err
    return r.json()


def test_questions_are_answered_from_proposals_and_yes_adds_it(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = write_folder(tmp_path / "mail", {"a": message(
        "dental-1@lakesidedental.example", DENTAL, "Appointment confirmed: Lakeside Dental", CONFIRMED, SENT)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "appointments", "scan").code == 0
    assert cli("--now", NOW, "calendar", "add", "2026-09-18T10:00", "Haircut at Sharp Cuts").code == 0

    t = chat(cli, "when is my dentist appointment?")
    assert t["tools"] == [] and t["writes"] == []
    assert "Thu 17 Sept at 16:30 Lakeside Dental appointment" in t["reply"]
    assert "waiting for your yes" in t["reply"] and "Haircut" not in t["reply"]
    assert "Shall I add Lakeside Dental appointment with Dr. Mehta on Thu 17 Sept at 16:30 to your calendar?" in t["reply"]
    assert t["continuation"]["owner"] == "reader"

    done = chat(cli, "yes")
    assert done["handled_by"] == "continuation"
    assert [w["kind"] for w in done["writes"]] == ["event"]
    assert "Added Lakeside Dental appointment" in done["reply"]

    week = chat(cli, "do I have any appointments next week?", "s2")
    assert "no appointment" in week["reply"].casefold() and "Lakeside" not in week["reply"]
    soon = chat(cli, "do I have any appointments this week?", "s3")
    assert "Lakeside Dental appointment" in soon["reply"] and "not on your calendar" not in soon["reply"]
    assert soon["continuation"] is None
    hair = chat(cli, "when is my haircut appointment?", "s4")
    assert "Haircut at Sharp Cuts" in hair["reply"] and "Lakeside" not in hair["reply"]


def test_no_turns_the_proposal_down_and_actions_are_not_answered_as_reads(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = write_folder(tmp_path / "mail", {"a": message(
        "dental-1@lakesidedental.example", DENTAL, "Appointment confirmed: Lakeside Dental", CONFIRMED, SENT)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "appointments", "scan").code == 0
    assert chat(cli, "when is my dentist appointment?")["continuation"] is not None
    no = chat(cli, "no")
    assert no["handled_by"] == "continuation" and no["writes"] == []
    assert "won't suggest it again" in no["reply"]
    listed = cli("--now", NOW, "--json", "appointments", "list").json()["items"]
    assert [(i["status"], i["reason"]) for i in listed] == [("rejected", "user")]
    assert cli("--now", NOW, "--json", "schedule", "2026-09-17").json()["items"] == []
    # asked again, nothing waits for a yes any more
    assert chat(cli, "when is my dentist appointment?", "s2")["continuation"] is None
    action = chat(cli, "cancel my dentist appointment tomorrow", "s9")
    assert action["handled_by"] != "appointments"


def test_a_cancellation_shown_in_chat_is_made_on_yes(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    from datetime import timedelta

    folder = write_folder(tmp_path / "mail", {"a": message(
        "dental-1@lakesidedental.example", DENTAL, "Appointment confirmed: Lakeside Dental", CONFIRMED, SENT)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    (item,) = cli("--now", NOW, "--json", "appointments", "scan").json()["items"]
    assert cli("--now", NOW, "appointments", "accept", str(item["id"])).code == 0
    write_folder(folder, {"b": message(
        "dental-2@lakesidedental.example", DENTAL, "Cancelled: your appointment at Lakeside Dental",
        "Your appointment at Lakeside Dental on Thursday, 17 September 2026 at 04:30 PM has been cancelled.",
        SENT + timedelta(days=1))})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "appointments", "scan").code == 0
    asked = chat(cli, "when is my dentist appointment?")
    assert "your mail says cancelled: remove Lakeside Dental appointment" in asked["reply"]
    assert "Shall I remove Lakeside Dental appointment with Dr. Mehta from your calendar?" in asked["reply"]
    done = chat(cli, "yes")
    assert done["reply"] == "Removed Lakeside Dental appointment with Dr. Mehta from your calendar."
    assert [w["fields"]["change"] for w in done["writes"]] == ["deleted"]
    assert cli("--now", NOW, "--json", "schedule", "2026-09-17").json()["items"] == []


def test_a_booking_question_read_as_nothing_sure_is_the_appointments_answer_and_yes_adds_only_it(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = write_folder(tmp_path / "mail", {"a": message(
        "dental-1@lakesidedental.example", DENTAL, "Appointment confirmed: Lakeside Dental", CONFIRMED, SENT)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "appointments", "scan").code == 0
    assert cli("--now", NOW, "calendar", "add", "2026-09-18T10:00", "Haircut at Sharp Cuts").code == 0

    asked = chat(cli, "got any bookings lined up?", "b1")
    assert asked["handled_by"] == "reader" and asked["data"]["answerer"] == "appointments", asked["reply"]
    assert "Lakeside Dental appointment" in asked["reply"] and asked["continuation"]["owner"] == "reader"
    # a yes in the same words a new request could read is still the answer to the one question asked
    done = chat(cli, "yes, add it", "b1")
    assert done["handled_by"] == "continuation", done["reply"]
    assert [(w["kind"], w["fields"]["title"]) for w in done["writes"]] == [("event", "Lakeside Dental appointment with Dr. Mehta")]
    # with nothing asked, a yes confirms nothing
    stray = chat(cli, "yes", "b2")
    assert stray["writes"] == [] and stray["handled_by"] != "continuation"
