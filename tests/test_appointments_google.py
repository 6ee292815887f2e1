"""The appointment write-up's consumer contract on Google Calendar, against the fake Google built from
calendar.v3.json: source resolution, ambiguity, cancellations, time agreement, duplicates found by each
private marker and by a hand-made event, quarantine, writes whose outcome is unknown, a dry-run replay."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import DENTAL, message, write_folder
from google_fake import USER, FakeGoogle, running
from google_setup import use_google
from steward.llm.testing import ScriptedModelServer, say

pytestmark = [pytest.mark.server, pytest.mark.slow]

IST = ZoneInfo("Asia/Kolkata")
NOW = "2026-09-14T23:53:00+05:30"
SENT = datetime(2026, 9, 12, 10, 0, tzinfo=IST)
CONFIRMED = "Your appointment at Lakeside Dental is confirmed for Thursday, 17 September 2026 at 04:30 PM."
# no confirmation word: the patterns leave it to the model
SEEN = "Dr. Mehta will see you on Thursday 17 September at 4:30 PM for your cleaning."
RIGHT = {"provider": "Lakeside Dental", "start": "Thursday 17 September at 4:30 PM", "location": "", "excerpt": SEEN}


@pytest.fixture
def google(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeGoogle]:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    monkeypatch.setenv("STEWARD_SEMANTIC_ROUTER", "0")
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "auto")
    with running() as fake:
        use_google(monkeypatch, fake, tmp_path / "creds")
        yield fake


def inbox(tmp_path: Path, cli: Any, mails: dict[str, bytes], *home: str) -> None:
    folder = write_folder(tmp_path / "mail", mails)
    r = cli(*home, "--now", NOW, "mail", "import", str(folder))
    assert r.code == 0, r.err


def confirmed(mid: str = "dental-9@lakesidedental.example") -> dict[str, bytes]:
    return {"a": message(mid, DENTAL, "Appointment confirmed: Lakeside Dental", CONFIRMED, SENT)}


def scan(cli: Any, *args: str) -> list[dict[str, Any]]:
    r = cli(*args[:2] if args[:1] == ("--home",) else (), "--now", NOW, "--tz", "Asia/Kolkata", "--json",
            "appointments", "scan", *(args[2:] if args[:1] == ("--home",) else args))
    assert r.code == 0, r.err
    items: list[dict[str, Any]] = r.json()["items"]
    return items


def test_one_message_one_event_then_a_dry_run_replay_adds_nothing(tmp_path: Path, cli: Any, google: FakeGoogle,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    inbox(tmp_path, cli, {
        "a-visit": message("visit-1@lakesidedental.example", DENTAL, "Your visit to Lakeside Dental", SEEN, SENT),
        "b-invoice": message("invoice-1@lakesidedental.example", DENTAL, "Your Lakeside Dental invoice",
                             "Thank you for your payment for the visit in August.", SENT)})
    with ScriptedModelServer() as model:
        monkeypatch.setenv("STEWARD_LLM_TIER2", model.tier("ollama"))
        # the right appointment attached to the wrong message (as a field, or written into the excerpt):
        # the first is refused for naming a message, the second has no source; nothing reaches Google
        wrong_text = {**RIGHT, "excerpt": f"{SEEN} (from message invoice-1@lakesidedental.example)"}
        model.enqueue(say(json.dumps({"candidates": [{**RIGHT, "message_id": "invoice-1@lakesidedental.example"},
                                                     wrong_text]})))
        assert [i["status"] for i in scan(cli)] == ["rejected"]
        assert google.calls_to("calendar.events.insert") == []
        model.enqueue(say(json.dumps({"candidates": [RIGHT]})))
        (made,) = scan(cli)
        assert made["status"] == "created" and made["origin"] == "model"
        (event,) = google.events()
        assert event["summary"] == "Lakeside Dental appointment"
        assert event["start"]["dateTime"] == "2026-09-17T16:30:00+05:30"
        assert event["reminders"] == {"useDefault": True}
        assert not {"attendees", "conferenceData", "location"} & set(event)
        private = event["extendedProperties"]["private"]
        assert set(private) == {"steward_id", "steward_source", "steward_fingerprint"}
        assert "visit-1" not in private["steward_source"]  # a private hash, not the Message-ID
        # before the insert, the calendar was asked for each marker
        asked = [c.query["privateExtendedProperty"][0].split("=")[0] for c in google.calls_to("calendar.events.list")
                 if "privateExtendedProperty" in c.query]
        assert {"steward_source", "steward_fingerprint", "steward_id"} <= set(asked)
        model.enqueue(say(json.dumps({"candidates": [RIGHT]})))
        replay = scan(cli, "--dry-run")
        assert [(i["status"], i["event_id"]) for i in replay] == [("duplicate", private["steward_id"])]
        assert len(google.events()) == 1 and len(google.calls_to("calendar.events.insert")) == 1


def test_an_excerpt_two_messages_hold_is_ambiguous_and_writes_nothing(tmp_path: Path, cli: Any, google: FakeGoogle,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    inbox(tmp_path, cli, {
        "a": message("visit-1@lakesidedental.example", DENTAL, "Your visit to Lakeside Dental", SEEN, SENT),
        "b": message("visit-2@lakesidedental.example", DENTAL, "Reminder: your visit to Lakeside Dental", SEEN,
                     SENT + timedelta(hours=1))})
    with ScriptedModelServer() as model:
        monkeypatch.setenv("STEWARD_LLM_TIER2", model.tier("ollama"))
        model.enqueue(say(json.dumps({"candidates": [RIGHT]})))
        (item,) = scan(cli)
    assert (item["status"], item["reason"]) == ("rejected", "ambiguous_source")
    assert google.calls_to("calendar.events.insert") == [] and google.events() == []


def test_a_time_the_message_does_not_say_is_refused(tmp_path: Path, cli: Any, google: FakeGoogle,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    inbox(tmp_path, cli, {"a": message("visit-1@lakesidedental.example", DENTAL, "Your visit to Lakeside Dental",
                                       SEEN, SENT)})
    with ScriptedModelServer() as model:
        monkeypatch.setenv("STEWARD_LLM_TIER2", model.tier("ollama"))
        model.enqueue(say(json.dumps({"candidates": [{**RIGHT, "start": "Thursday 17 September at 5:30 PM"}]})))
        (item,) = scan(cli)
    assert (item["status"], item["reason"]) == ("rejected", "time_mismatch")
    assert google.events() == []


def test_a_cancellation_is_not_a_confirmation(tmp_path: Path, cli: Any, google: FakeGoogle) -> None:
    inbox(tmp_path, cli, {"a": message(
        "d-2@lakesidedental.example", DENTAL, "Cancelled: your appointment at Lakeside Dental",
        "Your appointment at Lakeside Dental on Thursday, 17 September 2026 at 04:30 PM has been cancelled.", SENT)})
    (item,) = scan(cli)
    assert (item["status"], item["reason"]) == ("rejected", "cancellation")
    assert google.calls_to("calendar.events.insert") == [] and google.events() == []


def _made_elsewhere(tmp_path: Path, cli: Any, google: FakeGoogle) -> dict[str, str]:
    """The appointment written from another Steward home; returns its private markers."""
    other = str(tmp_path / "other-home")
    inbox(tmp_path, cli, confirmed(), "--home", other)
    assert [i["status"] for i in scan(cli, "--home", other)] == ["created"]
    (event,) = google.events()
    private: dict[str, str] = event["extendedProperties"]["private"]
    del google.calendars[USER][event["id"]]  # only what each test plants is left
    return private


@pytest.mark.parametrize("marker", ["source", "fingerprint"])
def test_an_event_with_either_marker_is_a_duplicate_even_from_a_fresh_home(
        tmp_path: Path, cli: Any, google: FakeGoogle, marker: str) -> None:
    private = _made_elsewhere(tmp_path, cli, google)
    # far from the appointment's time and titled otherwise: only the marker can find it
    google.put_event(summary="(moved by hand)", start={"dateTime": "2026-09-20T09:00:00+05:30"},
                     end={"dateTime": "2026-09-20T10:00:00+05:30"},
                     extendedProperties={"private": {f"steward_{marker}": private[f"steward_{marker}"]}})
    inserts = len(google.calls_to("calendar.events.insert"))
    inbox(tmp_path, cli, confirmed())
    (item,) = scan(cli)
    assert (item["status"], item["reason"]) == ("duplicate", "source_marker" if marker == "source" else "fingerprint")
    assert len(google.calls_to("calendar.events.insert")) == inserts and len(google.events()) == 1


def test_an_event_the_person_made_for_the_same_provider_near_that_time_is_a_duplicate(
        tmp_path: Path, cli: Any, google: FakeGoogle) -> None:
    google.put_event(summary="Lakeside Dental cleaning", start={"dateTime": "2026-09-17T16:00:00+05:30"},
                     end={"dateTime": "2026-09-17T17:00:00+05:30"})
    inbox(tmp_path, cli, confirmed())
    (item,) = scan(cli)
    assert (item["status"], item["reason"]) == ("duplicate", "near_duplicate")
    assert google.calls_to("calendar.events.insert") == [] and len(google.events()) == 1
    # the person's own event is never changed
    assert google.calls_to("calendar.events.patch") == [] and google.calls_to("calendar.events.delete") == []


@pytest.mark.parametrize(("kind", "inserts"), [("stall_after", 1), ("drop_after", 1), ("drop_before", 2)],
                         ids=["stored-then-timeout", "stored-then-dropped", "dropped-before-storing"])
def test_a_write_whose_answer_is_lost_is_looked_up_before_any_retry(
        tmp_path: Path, cli: Any, google: FakeGoogle, kind: str, inserts: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_CALENDAR_GOOGLE_TIMEOUT", "2")
    google.stall_seconds = 6.0  # well past the client's 2 s, however busy the machine
    google.fail("calendar.events.insert", kind=kind)
    inbox(tmp_path, cli, confirmed())
    (item,) = scan(cli)
    assert item["status"] == "created", item
    assert len(google.events()) == 1  # exactly one event, whatever Google did with the lost request
    assert len(google.calls_to("calendar.events.insert")) == inserts
    for _ in range(3):
        assert [i["status"] for i in scan(cli)] == ["duplicate"]
    assert len(google.events()) == 1


def test_an_outcome_that_stays_unknown_is_quarantined_then_settled_by_its_marker(
        tmp_path: Path, cli: Any, google: FakeGoogle) -> None:
    google.fail("calendar.events.insert", kind="drop_after")  # stored, the answer lost
    google.fail("calendar.events.get", status=503, times=5, after="calendar.events.insert")  # the look-up too
    inbox(tmp_path, cli, confirmed())
    (item,) = scan(cli)
    assert (item["status"], item["reason"]) == ("quarantined", "unknown_outcome")
    assert len(google.events()) == 1 and len(google.calls_to("calendar.events.insert")) == 1
    google.faults.clear()
    (again,) = scan(cli)  # the marker is looked up first: found, so it is settled, not written again
    assert again["status"] == "duplicate"
    assert len(google.events()) == 1 and len(google.calls_to("calendar.events.insert")) == 1
    r = cli("--now", NOW, "--json", "appointments", "list")
    assert [i["status"] for i in r.json()["items"]] == ["created"]


def test_from_gmail_to_google_calendar_end_to_end(tmp_path: Path, cli: Any, google: FakeGoogle,
                                                 steward_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The write-up's whole path on the fake Google: Gmail synced, the confirmation read again live
    from Gmail, one event on the primary calendar, and a replay that adds nothing."""
    import base64

    from google_fake import GMAIL_READ

    exchanges = json.loads((Path(__file__).parent / "fixtures" / "gmail" / "exchanges.json").read_text())
    mid = "18d0c1a2b3c4d5e4"  # City Dental's confirmation in the invented mailbox
    raw = exchanges["raw"][mid]["body"]["raw"]
    google.add_mail(mid, exchanges["messages"][mid]["body"], base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)))
    steward_home.mkdir(parents=True, exist_ok=True)
    (steward_home / "config.toml").write_text(
        '[[mail.accounts]]\nname = "personal"\nkind = "gmail"\nuser = "alex@gmail.example"\n'
        'client_id = "1234-fake.apps.googleusercontent.example"\npassword_env = "GMAIL_TOKEN"\n')
    monkeypatch.setenv("GMAIL_TOKEN", json.dumps(google.credential(GMAIL_READ)))
    monkeypatch.setenv("STEWARD_MAIL_GMAIL_API_URL", google.url)
    now = "2026-02-24T09:00:00+05:30"
    assert cli("--now", now, "mail", "sync", "personal").code == 0
    r = cli("--now", now, "--tz", "Asia/Kolkata", "--json", "appointments", "scan")
    assert r.code == 0, r.err
    (item,) = r.json()["items"]
    assert item["status"] == "created", item
    (event,) = google.events()
    assert event["start"]["dateTime"] == "2026-03-03T10:30:00+05:30" and "City Dental" in event["summary"]
    raw_reads = [c for c in google.calls_to("gmail.users.messages.get") if c.query.get("format") == ["raw"]]
    assert raw_reads, "the confirmation is read again live from Gmail"
    again = cli("--now", now, "--tz", "Asia/Kolkata", "--json", "appointments", "scan", "--dry-run")
    assert [i["status"] for i in again.json()["items"]] == ["duplicate"]
    assert len(google.events()) == 1
