"""A calendar update (same UID, higher SEQUENCE) or cancellation of a booking Steward made from an .ics part:
shown as a change of that event, made only on a yes; an update no newer than the event changes nothing."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from appointment_mail import DENTAL, message, write_folder
from test_appointments_service import NOW, SENT, events, scan

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

UID = "8f2c1e7a-booking@lakesidedental.example"
ORIGINAL = "20260917T110000Z"  # Thu 17 Sep 16:30 in Kolkata
MOVED = "20260918T053000Z"  # Fri 18 Sep 11:00


def booking_ics(start: str, *, sequence: int, method: str = "PUBLISH", status: str = "CONFIRMED") -> str:
    end = start[:9] + f"{int(start[9:11]) + 1:02d}" + start[11:]
    return ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Lakeside Dental bookings//EN\r\n"
            f"METHOD:{method}\r\nBEGIN:VEVENT\r\nUID:{UID}\r\nDTSTAMP:20260901T000000Z\r\n"
            f"DTSTART:{start}\r\nDTEND:{end}\r\nSUMMARY:Dental cleaning\r\n"
            "ORGANIZER;CN=Lakeside Dental:mailto:desk@lakesidedental.example\r\n"
            f"STATUS:{status}\r\nSEQUENCE:{sequence}\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")


def booked(tmp_path: Path, cli, sequence: int = 0) -> Path:  # type: ignore[no-untyped-def]
    """The .ics booking imported, proposed and accepted: one event on Thursday at 16:30."""
    folder = write_folder(tmp_path / "mail", {
        "a-booking": message("booking-1@lakesidedental.example", DENTAL, "Your booking",
                             "See the attached calendar entry.", SENT, ics=booking_ics(ORIGINAL, sequence=sequence))})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    (item,) = scan(cli)["items"]
    assert item["status"] == "proposed" and item["origin"] == "ics"
    r = cli("--now", NOW, "appointments", "accept", str(item["id"]))
    assert r.code == 0, r.err
    assert [e["start"] for e in events(cli)] == ["2026-09-17T16:30:00+05:30"]
    return folder


def follow(cli, folder: Path, name: str, subject: str, ics: str, days: int = 1) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    """A later message with an .ics part imported; the scan's change proposals."""
    write_folder(folder, {name: message(f"{name}@lakesidedental.example", DENTAL, subject,
                                        "See the attached calendar entry.", SENT + timedelta(days=days), ics=ics)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    return [i for i in scan(cli)["items"] if i["change"]]


@pytest.mark.parametrize("method", ["REQUEST", "PUBLISH"])
def test_an_update_with_a_higher_sequence_is_a_move_made_on_yes(tmp_path: Path, cli, method: str) -> None:  # type: ignore[no-untyped-def]
    folder = booked(tmp_path, cli)
    (change,) = follow(cli, folder, "b-update", "Your booking was updated",
                       booking_ics(MOVED, sequence=1, method=method))
    assert change["status"] == "proposed" and change["reason"] == "reschedule"
    assert change["change"] == ("moved: Lakeside Dental appointment is now Fri 18 Sept, 11:00 "
                                "(it was Thu 17 Sept, 16:30)")
    assert not [i for i in scan(cli)["items"] if i["status"] == "proposed" and not i["change"]]  # no second booking
    assert len(events(cli)) == 1 and events(cli, "2026-09-18") == []  # shown, not done
    r = cli("--now", NOW, "appointments", "accept", str(change["id"]))
    assert r.code == 0, r.err
    assert events(cli) == []
    (moved,) = events(cli, "2026-09-18")
    assert moved["start"] == "2026-09-18T11:00:00+05:30" and moved["end"] == "2026-09-18T12:00:00+05:30"
    # the booking and its update, read again, neither move it back nor ask again
    assert not [i for i in scan(cli)["items"] if i["status"] == "proposed"]
    assert len(events(cli, "2026-09-18")) == 1 and events(cli) == []


def test_a_cancel_with_the_uid_is_a_proposal_to_delete_made_on_yes(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = booked(tmp_path, cli)
    (change,) = follow(cli, folder, "b-cancel", "Your booking is cancelled",
                       booking_ics(ORIGINAL, sequence=1, method="CANCEL", status="CANCELLED"))
    assert change["status"] == "proposed" and change["reason"] == "cancellation"
    assert change["change"] == "cancelled: remove Lakeside Dental appointment on Thu 17 Sept, 16:30 from your calendar"
    assert len(events(cli)) == 1
    r = cli("--now", NOW, "appointments", "accept", str(change["id"]))
    assert r.code == 0, r.err
    assert events(cli) == []


def test_a_cancel_after_a_move_removes_the_moved_event(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = booked(tmp_path, cli)
    (move,) = follow(cli, folder, "b-update", "Your booking was updated", booking_ics(MOVED, sequence=1))
    assert cli("--now", NOW, "appointments", "accept", str(move["id"])).code == 0
    changes = follow(cli, folder, "c-cancel", "Your booking is cancelled",
                     booking_ics(MOVED, sequence=2, method="CANCEL", status="CANCELLED"), days=2)
    (cancel,) = [c for c in changes if c["status"] == "proposed"]
    assert "remove Lakeside Dental appointment on Fri 18 Sept, 11:00" in cancel["change"]
    assert cli("--now", NOW, "appointments", "accept", str(cancel["id"])).code == 0
    assert events(cli, "2026-09-18") == [] and events(cli) == []


def test_an_update_with_a_lower_or_equal_sequence_changes_nothing(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = booked(tmp_path, cli, sequence=2)
    assert follow(cli, folder, "b-same", "Your booking was updated", booking_ics(MOVED, sequence=2)) == []
    assert follow(cli, folder, "c-older", "Your booking was updated",
                  booking_ics(MOVED, sequence=1, method="REQUEST")) == []
    assert follow(cli, folder, "d-cancel", "Your booking is cancelled",
                  booking_ics(ORIGINAL, sequence=2, method="CANCEL", status="CANCELLED")) == []
    items = scan(cli)["items"]
    assert not [i for i in items if i["status"] == "proposed"]
    assert ("rejected", "older_update") in {(i["status"], i["reason"]) for i in items}
    assert [e["start"] for e in events(cli)] == ["2026-09-17T16:30:00+05:30"]
    assert events(cli, "2026-09-18") == []


def table(start: str, status: str = "ReservationConfirmed") -> str:
    data = {"@context": "http://schema.org", "@type": "FoodEstablishmentReservation", "reservationNumber": "SAF-4471",
            "reservationStatus": f"http://schema.org/{status}", "startTime": start, "partySize": 2,
            "reservationFor": {"@type": "FoodEstablishment", "name": "Saffron Table",
                               "address": {"@type": "PostalAddress", "streetAddress": "3 Curry Lane",
                                           "addressLocality": "Bengaluru"}}}
    return (f"<html><head><script type=\"application/ld+json\">{json.dumps(data)}</script></head>"
            "<body><p>Your table at Saffron Table.</p></body></html>")


SAFFRON = ("Saffron Table", "book@saffron.example")


def reservation(cli, folder: Path, name: str, html: str, days: int) -> list[dict]:  # type: ignore[no-untyped-def,type-arg]
    write_folder(folder, {name: message(f"{name}@saffron.example", SAFFRON, "Your reservation",
                                        "Thanks for booking with us.", SENT + timedelta(days=days), html=html)})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    return [i for i in scan(cli)["items"] if i["change"]]


def test_a_schema_org_reservation_moved_or_cancelled_by_its_number_is_proposed(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = tmp_path / "mail"
    assert reservation(cli, folder, "a-table", table("2026-09-17T20:00:00+05:30"), 0) == []
    (item,) = [i for i in scan(cli)["items"] if i["status"] == "proposed"]
    assert cli("--now", NOW, "appointments", "accept", str(item["id"])).code == 0
    (move,) = reservation(cli, folder, "b-moved", table("2026-09-18T19:30:00+05:30"), 1)
    assert move["change"] == "moved: Table at Saffron Table is now Fri 18 Sept, 19:30 (it was Thu 17 Sept, 20:00)"
    assert cli("--now", NOW, "appointments", "accept", str(move["id"])).code == 0
    (moved,) = events(cli, "2026-09-18")
    assert moved["start"] == "2026-09-18T19:30:00+05:30" and events(cli) == []
    # the first confirmation, read again, is older than the move: it does not ask to move it back
    assert not [i for i in scan(cli)["items"] if i["status"] == "proposed"]
    changes = reservation(cli, folder, "c-cancelled", table("2026-09-18T19:30:00+05:30", "ReservationCancelled"), 2)
    (cancel,) = [c for c in changes if c["status"] == "proposed"]
    assert cancel["change"].startswith("cancelled: remove Table at Saffron Table on Fri 18 Sept, 19:30")
    assert cli("--now", NOW, "appointments", "accept", str(cancel["id"])).code == 0
    assert events(cli, "2026-09-18") == []


def test_a_booking_not_yet_accepted_is_proposed_only_at_its_latest_time(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    folder = write_folder(tmp_path / "mail", {
        "a-booking": message("booking-1@lakesidedental.example", DENTAL, "Your booking",
                             "See the attached calendar entry.", SENT, ics=booking_ics(ORIGINAL, sequence=0))})
    assert cli("--now", NOW, "mail", "import", str(folder)).code == 0
    (first,) = [i for i in scan(cli)["items"] if i["status"] == "proposed"]
    assert first["start"] == "2026-09-17T16:30:00+05:30"
    assert follow(cli, folder, "b-update", "Your booking was updated", booking_ics(MOVED, sequence=1)) == []
    items = scan(cli)["items"]
    (proposed,) = [i for i in items if i["status"] == "proposed"]
    assert proposed["start"] == "2026-09-18T11:00:00+05:30"
    assert cli("--now", NOW, "appointments", "accept", str(first["id"])).code == 1  # withdrawn: nothing written
    assert events(cli) == []
