"""WHEN asked of a place that both bills the person and tells of things it holds: the day of the thing
(it closes early, it opens late, a sports day), never its bill's due date, unless the words ask money."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mail_files import eml

NOW = "2026-09-14T08:00:00+01:00"
NURSERY = ("office@hazelwoodnursery.example", "Hazelwood Nursery")


@pytest.fixture
def say(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("STEWARD_TIMEZONE", "Europe/London")
    mail = tmp_path / "mail"
    eml(mail, "inv", NURSERY[0], "Invoice for September - Ollie",
        "Hi both,\n\nOllie's fees for September: £640.00.\nAmount due: £640.00\nPlease pay by bank transfer by "
        "Friday 25 September.\n\nThanks,\nHazelwood Nursery", "2026-09-08T09:00:00+01:00", NURSERY[1])
    eml(mail, "note", NURSERY[0], "Sports morning & staff training",
        "Dear Parents,\n\nOur sports morning is this Friday, 18 September, at 10am on the green.\n\nPlease note "
        "that the nursery will close at 2pm on Wednesday 23 September for staff training. Please collect your "
        "child by 2pm that day.\n\nThank you,\nHazelwood Nursery", "2026-09-10T16:00:00+01:00", NURSERY[1])
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    assert cli("--now", NOW, "dues", "extract").code == 0
    assert cli("--now", NOW, "appointments", "scan").code == 0

    def ask(text: str) -> str:
        out = cli("--now", NOW, "--json", "chat", "--session", text, text)
        assert out.code == 0, out.err
        return str(out.json()["reply"])

    return ask


@pytest.mark.parametrize("text", ["when is the nursery closing early?", "when's Hazelwood's early closing?"])
def test_when_a_place_closes_is_the_day_it_said_not_its_bill(say: Any, text: str) -> None:
    reply = say(text)
    assert "23 Sep" in reply and "14:00" in reply, reply
    assert "640" not in reply


def test_when_its_bill_is_due_is_still_the_bill(say: Any) -> None:
    reply = say("when is the nursery bill due?")
    assert "640" in reply and "25 Sep" in reply, reply


def test_a_test_booked_weeks_ago_is_found_by_what_its_mail_says_was_booked(
        cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a centre whose name says no kind; its mail's subject says what was booked, weeks before the scan's window
    monkeypatch.setenv("STEWARD_TIMEZONE", "Europe/London")
    eml(tmp_path / "mail", "mot", "bookings@northway.example", "MOT booking confirmed - KX19 LMN",
        "Your MOT is booked.\n\nVehicle: KX19 LMN\nDate: Tuesday 29 September 2026\nTime: 09:10\nCentre: Northway, "
        "Unit 4 Mill Road\nPlease arrive 10 minutes early.", "2026-08-20T18:00:00+01:00", "Northway Testing")
    assert cli("--now", NOW, "mail", "import", str(tmp_path / "mail")).code == 0
    assert cli("--now", NOW, "appointments", "scan").code == 0
    for text in ("when's the MOT?", "when is the car test?"):
        reply = cli("--now", NOW, "--json", "chat", "--session", text, text).json()["reply"]
        assert "29 Sep" in reply and "09:10" in reply, reply
