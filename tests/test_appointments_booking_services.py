"""Bookings made through a booking service (a table app, a holiday-lets site): the booking is with the place
the service's mail names, at the place's own time, not with the service at midnight."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import booked, message, scan_mail

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

ZONE = "Europe/Lisbon"
NOW = "2026-10-01T09:00:00+01:00"
SENT = datetime(2026, 9, 28, 18, 0, tzinfo=ZoneInfo(ZONE))


def test_a_table_booked_through_an_app_is_filed_under_the_restaurant(tmp_path: Path, cli: Any) -> None:
    body = ("Hi Sam\n\nYou're all set.\n\nFig & Thistle\nFriday 9 October 2026, 20:15\nTable for 2\n"
            "14 Rua das Flores, Lisbon\nRef: DN-77120\n\nTo change or cancel, open the Dinely app.")
    items = scan_mail(tmp_path, cli, {"a": message("dn-1@dinely.example", ("Dinely", "book@dinely.example"),
                                                   "Booking confirmed: Fig & Thistle, 2 guests", body, SENT)},
                      NOW, ZONE)
    assert booked(items) == [("Fig & Thistle", "2026-10-09T20:15:00+01:00")]


def test_a_stay_booked_through_a_lets_site_is_the_place_at_its_check_in_on_its_clock(tmp_path: Path,
                                                                                    cli: Any) -> None:
    body = ("Hello Sam\n\nPack your bags: your stay is confirmed.\n\nQuinta das Oliveiras\n"
            "Via del Faro, Amalfi, Italy\nCheck-in: Saturday 17 October 2026, from 16:00\n"
            "Check-out: Saturday 24 October 2026, by 10:00\n7 nights, 2 guests\nConfirmation: HL-90311\n\n"
            "Your host will message you with directions.")
    items = scan_mail(tmp_path, cli, {"a": message("hl-1@holilets.example", ("Holilets", "stays@holilets.example"),
                                                   "Reservation confirmed: Quinta das Oliveiras, Amalfi", body,
                                                   SENT)}, NOW, ZONE)
    # shown on the person's clock: 16:00 in Amalfi is 15:00 in Lisbon
    assert booked(items) == [("Quinta das Oliveiras", "2026-10-17T15:00:00+01:00")]


def test_a_stay_abroad_named_by_road_town_and_country_is_on_that_countrys_clock(tmp_path: Path, cli: Any) -> None:
    body = ("Hello Sam\n\nYour stay is confirmed.\n\nCasa Jacaranda\nRua do Sol, Mindelo, Cape Verde\n"
            "Check-in: Saturday 17 October 2026, from 14:00\nCheck-out: Tuesday 20 October 2026, by 11:00\n"
            "3 nights, 2 guests\nConfirmation: HL-90455")
    items = scan_mail(tmp_path, cli, {"a": message("hl-2@holilets.example", ("Holilets", "stays@holilets.example"),
                                                   "Reservation confirmed: Casa Jacaranda, Mindelo", body,
                                                   SENT)}, NOW, ZONE)
    assert booked(items) == [("Casa Jacaranda", "2026-10-17T16:00:00+01:00")]  # 14:00 in Mindelo

