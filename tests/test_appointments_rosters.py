"""A roster told in plain words (a ward's week, a shop's rota, a restaurant's schedule) is the person's own working
time: each shift on its day from its start to its end, a night shift ending the next morning, set aside as told
in mail (never written to the calendar without the person's yes). Questions of working, of a kind of shift and of
what comes after work are answered from it."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder

pytestmark = pytest.mark.usefixtures("no_semantic")  # words alone: no embedding model

ZONE = "Europe/London"
NOW = "2027-06-09T20:00:00+01:00"  # a Wednesday evening
SENT = datetime(2027, 6, 9, 11, 5, tzinfo=ZoneInfo(ZONE))  # that morning
MANAGER = ("Gareth Price", "gareth.price@highstreetstores.example")
PARTNER = ("Sam Okafor", "sam.okafor@homepost.example")

ROTA = ("Hi Priya,\n\nYour shifts for next week: earlies Monday and Tuesday, 6 to 1. Wednesday off. Lates Thursday "
        "to Saturday, 2 to 10. Sunday off.\n\nThanks,\nGareth")
WARD = ("Hello,\n\nHere are your days. Nights Friday and Saturday, 8pm to 8am. The rest of the week you are off.\n\n"
        "Ward manager")


def _home(tmp_path: Path, cli: Any, mails: dict[str, bytes]) -> None:
    folder = write_folder(tmp_path / "mail", mails)
    assert cli("--now", NOW, "--tz", ZONE, "mail", "import", str(folder)).code == 0
    assert cli("--now", NOW, "--tz", ZONE, "appointments", "scan").code == 0


def _scan(cli: Any) -> list[tuple[str, str, str]]:
    """The shifts a scan of the mail reads: (start, end, why it is set aside)."""
    r = cli("--now", NOW, "--tz", ZONE, "--json", "appointments", "scan", "--dry-run")
    assert r.code == 0, r.err
    return sorted((i["start"], i["end"], i["reason"]) for i in r.json()["items"])


def _ask(cli: Any, text: str) -> str:
    r = cli("--now", NOW, "--tz", ZONE, "--json", "chat", text, "--session", f"s-{text}", "--dry-run")
    assert r.code == 0, r.err
    return str(r.json()["reply"])


def test_a_rota_gives_each_shift_on_its_day_of_the_week_it_speaks_of(tmp_path: Path, cli: Any) -> None:
    _home(tmp_path, cli, {"a": message("r-1@x.example", MANAGER, "Rota w/c 14 June", ROTA, SENT)})
    assert _scan(cli) == [
        ("2027-06-14T06:00:00+01:00", "2027-06-14T13:00:00+01:00", "invitation"),
        ("2027-06-15T06:00:00+01:00", "2027-06-15T13:00:00+01:00", "invitation"),
        ("2027-06-17T14:00:00+01:00", "2027-06-17T22:00:00+01:00", "invitation"),
        ("2027-06-18T14:00:00+01:00", "2027-06-18T22:00:00+01:00", "invitation"),
        ("2027-06-19T14:00:00+01:00", "2027-06-19T22:00:00+01:00", "invitation")]


def test_a_night_shift_ends_the_next_morning_and_working_is_asked_in_many_words(tmp_path: Path, cli: Any) -> None:
    ward = ("Ward 4 North", "ward4north@cityhospital.example")
    _home(tmp_path, cli, {"a": message("w-1@x.example", ward, "Your roster", WARD, SENT)})
    saturday = _ask(cli, "am I on duty on Saturday?")
    assert "Sat 12 Jun at 20:00 night shift until 08:00 the next morning" in saturday
    assert "roster" in saturday
    assert "20:00" in _ask(cli, "do I work Friday?")
    first = _ask(cli, "when do I start nights?")
    assert first.index("Fri 11 Jun at 20:00") < first.index("Sat 12 Jun at 20:00")
    # Jamaican Patois, as a nurse in Kingston asks it
    assert "Fri 11 Jun at 20:00 night shift" in _ask(cli, "mi work Friday?")


def test_after_work_is_after_that_days_shift(tmp_path: Path, cli: Any) -> None:
    plumber = ("Hi,\n\nThe plumber will come on Monday at 14:30 hrs to look at the boiler. I'll leave the keys under "
               "the mat.\n\nSam")
    _home(tmp_path, cli, {"a": message("r-2@x.example", MANAGER, "Rota w/c 14 June", ROTA, SENT),
                          "b": message("p-1@x.example", PARTNER, "boiler", plumber, SENT)})
    after = _ask(cli, "what's on Monday after work?")
    assert "14:30" in after
    assert "06:00" not in after


@pytest.mark.parametrize("body", [
    # a meeting about the rota, at hours of its own
    "Hi all,\n\nThe rota meeting is on Monday from 2 to 3 in the staff room. Bring your holiday dates.\n\nGareth",
    # a shop's opening hours, in a note that names the rota
    "Hi all,\n\nThe new rota is on the board. Over the bank holiday the store opens Monday 10 to 4.\n\nGareth",
])
def test_hours_in_a_rotas_mail_that_are_no_ones_shift_are_not_read(tmp_path: Path, cli: Any, body: str) -> None:
    _home(tmp_path, cli, {"a": message("r-3@x.example", MANAGER, "Rota", body, SENT)})
    assert "shift" not in _ask(cli, "what's on Monday?")


def test_the_nights_asked_after_a_days_work_are_the_first_night_shift_ahead(tmp_path: Path, cli: Any) -> None:
    ward = ("Ward 4 North", "ward4north@cityhospital.example")
    _home(tmp_path, cli, {"a": message("w-2@x.example", ward, "Your roster", WARD, SENT)})
    said = []
    for text in ("am I working tomorrow?", "and when do I start nights?"):
        r = cli("--now", NOW, "--tz", ZONE, "--json", "chat", text, "--session", "s-nights", "--dry-run")
        assert r.code == 0, r.err
        said.append(str(r.json()["reply"]))
    assert "Fri 11 Jun at 20:00" in said[1]
    # a kind of shift named by a part of the day is no span of that day ("night shift" is never tonight)
    first = _ask(cli, "when is my first night shift?")
    assert "Fri 11 Jun" in first and "Nothing else is on" not in first
