"""One booking, however many mails speak of it: the clinic's confirmation and the person's own word in a
thread about it ("booked for Thursday at 10, I'll take her") are one booking, not two; two bookings at one
time that share nothing are still two."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from appointment_mail import booked, message, scan_mail

ZONE = "Pacific/Auckland"
NOW = "2026-03-10T08:00:00+13:00"
AKL = ZoneInfo(ZONE)
ME = ("Hana Walker", "hana@walker-home.example")
VET = ("Ponsonby Animal Clinic", "desk@ponsonbyvets.example")
FRIEND = ("Rawiri Tane", "rawiri@tane-mail.example")


def _confirmation() -> bytes:
    return message("pac-1@ponsonbyvets.example", VET, "Miso's dental check appointment",
                   "Hi Hana,\nThanks for booking! Here are the details:\nPatient: Miso (dog)\n"
                   "When: Thursday 12 March, 9:30am\nWhere: Ponsonby Animal Clinic, 4 Jervois Rd\n",
                   datetime(2026, 3, 6, 11, 0, tzinfo=AKL))


def test_the_persons_own_word_about_a_booking_is_not_a_second_booking(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    reply = message("hw-1@walker-home.example", ME, "Re: Miso's teeth",
                    "Booked for Thursday morning at 9:30, I'll drop him off.\n\n"
                    "On an earlier day, Rawiri Tane wrote:\n> Have you booked Miso's dental appointment at the vet?\n",
                    datetime(2026, 3, 9, 19, 0, tzinfo=AKL))
    items = scan_mail(tmp_path, cli, {"a": _confirmation(), "b": reply}, NOW, ZONE)
    assert booked(items) == [("Ponsonby Animal Clinic", "2026-03-12T09:30:00+13:00")]


def test_a_persons_booking_at_the_same_time_about_another_thing_is_kept(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    other = message("hw-2@walker-home.example", ME, "Re: Aroha's check-up",
                    "Booked for Thursday morning at 9:30, I'll take her.\n\n"
                    "On an earlier day, Rawiri Tane wrote:\n> Have you booked Aroha's check-up appointment?\n",
                    datetime(2026, 3, 9, 19, 0, tzinfo=AKL))
    items = scan_mail(tmp_path, cli, {"a": _confirmation(), "b": other}, NOW, ZONE)
    got = booked(items)
    assert ("Ponsonby Animal Clinic", "2026-03-12T09:30:00+13:00") in got
    assert len(got) == 2, got


def test_a_booking_services_confirmation_a_partner_forwards_is_a_booking_not_an_invitation(
        tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    from steward.sample.builder import GMAIL, forwarded

    page = ("Hi Rawiri,\n\nYour table is booked.\n\nKōwhai Kitchen\n12 Ponsonby Road, Auckland\nFriday 13 March at "
            "7.15pm\nTable for 2\nReference: KK-20417\n\nTableNow")
    text = forwarded("All sorted for Friday x", GMAIL, ("TableNow", "noreply@tablenow.example"),
                     datetime(2026, 3, 8, 12, 0, tzinfo=AKL), FRIEND, "Your table at Kōwhai Kitchen", page)
    mail = message("rt-1@tane-mail.example", FRIEND, "Fwd: Your table at Kōwhai Kitchen", text,
                   datetime(2026, 3, 8, 12, 10, tzinfo=AKL))
    items = scan_mail(tmp_path, cli, {"a": mail}, NOW, ZONE)
    assert booked(items) == [("Kōwhai Kitchen", "2026-03-13T19:15:00+13:00")], items
