"""An invitation moved by a later mail from whoever invited: the later time replaces the earlier one, as a
booking's move does; the earlier time is not kept as a second invitation."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from appointment_mail import message, scan_mail

ZONE = "Pacific/Auckland"
NOW = "2026-03-10T08:00:00+13:00"
AKL = ZoneInfo(ZONE)
FRIEND = ("Mere Parata", "mere@parata-whanau.example")


def _invitations(items: list[dict]) -> list[tuple[str, str]]:  # type: ignore[type-arg]
    return sorted((i["provider"], i["start"]) for i in items if i["reason"] == "invitation")


def test_a_barbecue_moved_by_a_later_mail_is_invited_at_its_new_time_only(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    first = message("mp-1@parata-whanau.example", FRIEND, "Barbecue at ours",
                    "Kia ora Hana,\nWe're having a barbecue on Saturday 14 March from 4pm at our place. Do come, "
                    "and bring the kids!\nMere\n", datetime(2026, 3, 2, 18, 0, tzinfo=AKL))
    moved = message("mp-2@parata-whanau.example", FRIEND, "Barbecue moved to Sunday",
                    "Kia ora Hana,\nRain is forecast for Saturday, so we've moved the barbecue to Sunday 15 March "
                    "from 4pm. Do come!\nMere\n", datetime(2026, 3, 8, 18, 0, tzinfo=AKL))
    items = scan_mail(tmp_path, cli, {"a": first, "b": moved}, NOW, ZONE)
    print(items)
    assert _invitations(items) == [("Mere Parata", "2026-03-15T16:00:00+13:00")]


def test_an_invitation_kept_by_an_earlier_scan_is_moved_by_a_later_mail(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import write_folder

    first = message("mp-3@parata-whanau.example", FRIEND, "End of summer party",
                    "Hi Hana,\nWe're having an end of summer party on Friday 13 March at 7pm. Do come!\nMere\n",
                    datetime(2026, 3, 2, 18, 0, tzinfo=AKL))
    moved = message("mp-4@parata-whanau.example", FRIEND, "Party moved",
                    "Hi Hana,\nHalf the street is away, so the party is postponed until Friday 20 March at "
                    "7pm.\nMere\n", datetime(2026, 3, 9, 18, 0, tzinfo=AKL))
    now = ("--now", NOW, "--tz", ZONE)
    assert cli(*now, "mail", "import", str(write_folder(tmp_path / "one", {"a": first}))).code == 0
    assert cli(*now, "appointments", "scan").code == 0
    assert cli(*now, "mail", "import", str(write_folder(tmp_path / "two", {"b": moved}))).code == 0
    assert cli(*now, "appointments", "scan").code == 0
    listed = cli(*now, "--json", "appointments", "list").json()["items"]
    invited = sorted(i["start"] for i in listed if i["reason"] == "invitation")
    assert invited == ["2026-03-20T19:00:00+13:00"], [(i["start"], i["reason"], i["excerpt"]) for i in listed]


def test_a_dinner_corrected_to_a_bare_hour_keeps_its_evening_and_its_place(tmp_path: Path, cli) -> None:  # type: ignore[no-untyped-def]
    from appointment_mail import write_folder

    first = message("mp-5@parata-whanau.example", FRIEND, "Koro's 80th",
                    "Kia ora Hana,\nAll sorted: a dinner for Koro's 80th on Saturday 14 March at 6pm in Te Awa "
                    "on Queen Street. Keep it quiet!\nMere\n", datetime(2026, 3, 2, 18, 0, tzinfo=AKL))
    moved = message("mp-6@parata-whanau.example", FRIEND, "small change",
                    "Kia ora Hana,\nThey can only fit us in later, so the dinner's at 6.30 on Saturday, not 6. "
                    "Same place.\nMere\n", datetime(2026, 3, 8, 18, 0, tzinfo=AKL))
    now = ("--now", NOW, "--tz", ZONE)
    assert cli(*now, "mail", "import", str(write_folder(tmp_path / "mail", {"a": first, "b": moved}))).code == 0
    items = cli(*now, "--json", "appointments", "scan", "--dry-run").json()["items"]
    assert _invitations(items) == [("Mere Parata", "2026-03-14T18:30:00+13:00")]
    (invited,) = [i for i in items if i["reason"] == "invitation"]
    assert invited["location"] == "Te Awa on Queen Street"
