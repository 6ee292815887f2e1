"""`steward appointments`: scan, propose, accept, reject, duplicates and markers, on a real store."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import DENTAL, ics_event, message, schema_table, write_folder
from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load
from steward.store.audit import entries

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

IST = ZoneInfo("Asia/Kolkata")
NOW = "2026-09-14T23:53:00+05:30"
SENT = datetime(2026, 9, 12, 10, 0, tzinfo=IST)
CONFIRMED = ("Your appointment with Dr. Mehta at Lakeside Dental is confirmed for Thursday, 17 September 2026 at "
             "04:30 PM. Address: 14 Lake Road. Please arrive ten minutes early.")


def mailbox(tmp_path: Path, cli, **extra: bytes) -> Path:  # type: ignore[no-untyped-def]
    folder = write_folder(tmp_path / "mail", {
        "a-dental": message("dental-1@lakesidedental.example", DENTAL,
                            "Appointment confirmed: Lakeside Dental, Thu 17 Sep at 04:30 PM", CONFIRMED, SENT),
        "b-parcel": message("parcel-1@parcel.example", ("Parcel Express", "notify@parcel.example"),
                            "Your parcel is out for delivery", "It arrives today between 2 pm and 6 pm.", SENT),
        **extra,
    })
    r = cli("--now", NOW, "mail", "import", str(folder))
    assert r.code == 0, r.err
    return folder


def scan(cli, *args: str):  # type: ignore[no-untyped-def]
    r = cli("--now", NOW, "--json", "appointments", "scan", *args)
    assert r.code == 0, r.err
    return r.json()


def events(cli, day: str = "2026-09-17") -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    return [i for i in cli("--now", NOW, "--json", "schedule", day).json()["items"] if i["kind"] == "event"]


def test_a_confirmation_is_proposed_then_accepted_once(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    mailbox(tmp_path, cli)
    report = scan(cli)
    assert set(report["window"]) == {"start", "end"}
    (item,) = report["items"]
    assert item["status"] == "proposed" and item["provider"] == "Lakeside Dental"
    assert item["start"] == "2026-09-17T16:30:00+05:30" and item["end"] == "2026-09-17T17:30:00+05:30"
    assert item["location"] == "14 Lake Road" and item["event_id"] is None
    assert events(cli) == []  # ask mode: nothing is written without a yes
    again = scan(cli)
    assert [(i["status"], i["id"]) for i in again["items"]] == [("proposed", item["id"])]
    r = cli("--now", NOW, "--json", "appointments", "accept", str(item["id"]))
    assert r.code == 0, r.err
    made = r.json()
    assert made["status"] == "created" and made["event_id"].startswith("steward-appt-")
    (event,) = events(cli)
    assert event["title"] == "Lakeside Dental appointment" and event["location"] == "14 Lake Road"
    assert event["start"] == "2026-09-17T16:30:00+05:30"
    # the audit log has the write with where it came from
    app = build_app(load(None), make_clock("", NOW), resolve_paths())
    (entry,) = entries(app.db, "event.create")
    assert entry["provenance"]["via"] == "cli" and entry["provenance"]["message_id"] == str(item["message_id"])
    assert entry["provenance"]["origin"] == "pattern"
    # a replay is a duplicate; accepting twice is refused
    replay = scan(cli, "--dry-run")
    assert [(i["status"], i["reason"]) for i in replay["items"]] == [("duplicate", "fingerprint")]
    twice = cli("--now", NOW, "appointments", "accept", str(item["id"]))
    assert twice.code == 1 and "already on your calendar" in twice.err
    assert len(events(cli)) == 1


def test_dry_run_saves_nothing_and_auto_mode_writes(tmp_path: Path, cli,  # type: ignore[no-untyped-def]
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    mailbox(tmp_path, cli)
    assert [i["status"] for i in scan(cli, "--dry-run")["items"]] == ["proposed"]
    assert cli("--now", NOW, "--json", "appointments", "list").json()["items"] == []
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "auto")
    assert [i["status"] for i in scan(cli)["items"]] == ["created"]
    assert [i["status"] for i in scan(cli)["items"]] == ["duplicate"]
    assert len(events(cli)) == 1
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "off")
    off = cli("--now", NOW, "appointments", "scan")
    assert off.code == 1 and "appointments.mode = off" in off.err


def test_a_hand_made_event_from_the_same_provider_within_two_hours_is_a_near_duplicate(
        tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    mailbox(tmp_path, cli)
    assert cli("--now", NOW, "calendar", "add", "2026-09-17T15:30", "Dentist (Lakeside Dental)").code == 0
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "auto")
    (item,) = scan(cli)["items"]
    assert (item["status"], item["reason"]) == ("duplicate", "near_duplicate")
    assert [e["title"] for e in events(cli)] == ["Dentist (Lakeside Dental)"]


def test_a_rejected_proposal_is_not_proposed_again(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    mailbox(tmp_path, cli)
    (item,) = scan(cli)["items"]
    assert cli("--now", NOW, "appointments", "reject", str(item["id"])).code == 0
    assert [(i["status"], i["reason"]) for i in scan(cli)["items"]] == [("rejected", "user")]
    refused = cli("--now", NOW, "appointments", "accept", str(item["id"]))
    assert refused.code == 1 and "rejected" in refused.err
    assert cli("--now", NOW, "appointments", "accept", "x1").code == 2
    assert cli("--now", NOW, "appointments", "accept", "999").code == 1


def test_a_message_that_changed_since_the_scan_is_not_written(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = mailbox(tmp_path, cli)
    (item,) = scan(cli)["items"]
    (folder / "a-dental.eml").unlink()
    r = cli("--now", NOW, "appointments", "accept", str(item["id"]))
    assert r.code == 1 and "no longer checks out" in r.err
    assert events(cli) == []


def test_ics_parts_and_schema_org_markup_become_proposals_and_invitations_do_not(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    booked = ics_event("Eye test at ClearSight", "20260918T043000Z", "20260918T051500Z",
                       organizer="ClearSight Eye Care", location="10 Park Avenue")
    invite = ics_event("Project sync", "20260918T090000Z", "20260918T100000Z", method="REQUEST",
                       organizer="Sam Carter", rsvp=True)
    cancelled = ics_event("Haircut", "20260919T063000Z", "20260919T073000Z", method="CANCEL",
                          organizer="Sharp Cuts Salon")
    mailbox(tmp_path, cli,
            c_eye=message("eye-1@clearsight.example", ("ClearSight Eye Care", "desk@clearsight.example"),
                          "Your booking", "See the attached calendar entry.", SENT, ics=booked),
            d_table=message("table-1@saffron.example", ("Saffron Table", "book@saffron.example"),
                            "Your reservation", "Thanks for booking with us.", SENT,
                            html=schema_table("Saffron Table", "2026-09-19T20:00:00+05:30")),
            e_invite=message("invite-1@mailhub.example", ("Sam Carter", "sam.carter@mailhub.example"),
                             "Invitation: Project sync", "Sam invited you.", SENT, ics=invite),
            f_cancel=message("cut-1@sharpcuts.example", ("Sharp Cuts Salon", "bookings@sharpcuts.example"),
                             "Your booking is cancelled", "We are sorry.", SENT, ics=cancelled))
    got = {(i["provider"], i["status"], i["reason"]) for i in scan(cli)["items"]}
    assert ("ClearSight Eye Care", "proposed", None) in got
    assert ("Saffron Table", "proposed", None) in got
    assert ("Lakeside Dental", "proposed", None) in got
    assert ("Sam Carter", "rejected", "invitation") in got
    assert ("Sharp Cuts Salon", "rejected", "cancellation") in got
    eye = next(i for i in scan(cli)["items"] if i["provider"] == "ClearSight Eye Care")
    assert eye["start"] == "2026-09-18T10:00:00+05:30" and eye["end"] == "2026-09-18T10:45:00+05:30"
    assert eye["origin"] == "ics"


def test_a_cancellation_of_an_event_steward_made_is_shown_with_the_change(
        tmp_path: Path, cli, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    cancel = message("dental-2@lakesidedental.example", DENTAL, "Cancelled: your appointment at Lakeside Dental",
                     "Your appointment at Lakeside Dental on Thursday, 17 September 2026 at 04:30 PM has been "
                     "cancelled.", SENT + timedelta(days=1))
    folder = mailbox(tmp_path, cli)
    monkeypatch.setenv("STEWARD_APPOINTMENTS_MODE", "auto")
    assert [i["status"] for i in scan(cli)["items"]] == ["created"]
    write_folder(folder, {"c-cancel": cancel})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    items = scan(cli)["items"]
    change = next(i for i in items if i["reason"] == "cancellation")
    assert change["status"] == "proposed" and "remove Lakeside Dental appointment" in change["change"]
    assert len(events(cli)) == 1  # nothing is deleted without the user's yes


def test_serve_scans_as_a_job_and_after_new_mail(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    from steward.web.jobs import scan_appointments, scheduled_jobs

    mailbox(tmp_path, cli)
    settings = load(None)
    assert "appointments" in [j.name for j in scheduled_jobs(settings)]
    app = build_app(settings, make_clock("", NOW), resolve_paths())
    try:
        scan_appointments(app)
        assert [(i.provider, i.status) for i in app.appointments.proposals()] == [("Lakeside Dental", "proposed")]
    finally:
        app.close()
    off = settings.with_overrides({"appointments.mode": "off"})
    assert "appointments" not in [j.name for j in scheduled_jobs(off)]


def test_a_booking_systems_confirmation_sent_as_a_meeting_request_is_a_booking_and_a_pending_one_is_not(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    # a scheduling system attaches the booking as a request the customer may answer (RSVP), with the
    # provider as organizer; its mail says the appointment is booked
    booked = ics_event("Physiotherapy session", "20260918T063000Z", "20260918T071500Z", method="REQUEST",
                       organizer="Priya Nair", rsvp=True)
    held = ics_event("Deep tissue massage", "20260919T063000Z", "20260919T073000Z", method="REQUEST",
                     organizer="Priya Nair", rsvp=True)
    mailbox(tmp_path, cli,
            c_physio=message("physio-1@stridephysio.example", ("Stride Physio Clinic", "desk@stridephysio.example"),
                             "Your appointment has been successfully booked",
                             "Thank you for arranging an appointment with us.", SENT, ics=booked),
            d_held=message("physio-2@stridephysio.example", ("Stride Physio Clinic", "desk@stridephysio.example"),
                           "Your booking is pending", "Your appointment is pending. We will write once it is "
                           "confirmed by our staff.", SENT, ics=held),
            e_invite=message("invite-2@mailhub.example", ("Sam Carter", "sam.carter@mailhub.example"),
                             "Invitation: Booking review", "Sam invited you to review the bookings.", SENT,
                             ics=ics_event("Booking review", "20260918T090000Z", "20260918T100000Z",
                                           method="REQUEST", organizer="Sam Carter", rsvp=True)))
    got = {(i["provider"], i["start"], i["status"], i["reason"]) for i in scan(cli)["items"]}
    assert ("Priya Nair", "2026-09-18T12:00:00+05:30", "proposed", None) in got
    assert {(status, reason) for provider, start, status, reason in got if start.startswith("2026-09-19")} == {
        ("rejected", "invitation")}  # pending: not booked, whatever its calendar part asks
    assert ("Sam Carter", "2026-09-18T14:30:00+05:30", "rejected", "invitation") in got


def test_a_booking_stated_in_markup_is_proposed_once_though_its_sentence_says_it_too(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    mailbox(tmp_path, cli,
            c_table=message("table-2@saffron.example", ("Saffron Table", "book@saffron.example"),
                            "Your reservation is confirmed",
                            "Your table at Saffron Table is confirmed for Saturday, 19 September 2026 at 8:00 PM.", SENT,
                            html=schema_table("Saffron Table", "2026-09-19T20:00:00+05:30")))
    tables = [i for i in scan(cli)["items"] if i["start"] and i["start"].startswith("2026-09-19")]
    assert [(i["provider"], i["status"], i["origin"]) for i in tables] == [("Saffron Table", "proposed", "schema")]
