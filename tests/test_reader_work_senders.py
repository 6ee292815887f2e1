"""Mail from work, asked as a group ("has anybody from work emailed me?", "any messages from my coworkers?"):
the senders at the person's workplace, known from the mail as the domain whose own IT or HR department
writes to the person and whose people write too; friends who share one mail provider are never "work",
and a mailbox that shows no workplace says so instead of listing anyone."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from steward.app import App
from steward.mail.workplace import workplaces

NOW = "2026-10-15T09:00:00+01:00"


def _sent(day: int) -> datetime:
    return datetime(2026, 10, day, 10, 30, tzinfo=ZoneInfo("Europe/Dublin"))


WORK = {
    "w1": message("w1@brightwater.example", ("Orla Keane", "orla.keane@brightwater-labs.example"), "Sprint review slides",
                  "Hi, can you add the churn numbers to slide 4 before Thursday?\n\nOrla", _sent(13)),
    "w2": message("w2@brightwater.example", ("Dev Malhotra", "dmalhotra@brightwater-labs.example"), "Lunch and learn",
                  "I'm doing a talk on query plans on Friday, bring a sandwich.\n\nDev", _sent(12)),
    "w3": message("w3@brightwater.example", ("Brightwater IT", "it-support@brightwater-labs.example"),
                  "Laptop updates tonight", "Please leave your laptop on and plugged in tonight for updates.", _sent(9)),
}
FRIENDS = {
    "f1": message("f1@mailhaven.example", ("Ciara Walsh", "ciara.walsh@mailhaven.example"), "Hike on Sunday?",
                  "Howth cliff walk on Sunday if it stays dry?\n\nCiara", _sent(14)),
    "f2": message("f2@mailhaven.example", ("Tadhg Byrne", "tadhg.byrne@mailhaven.example"), "Quiz night",
                  "Pub quiz on Wednesday, we need a sixth.\n\nTadhg", _sent(11)),
    "shop": message("s1@gearloft.example", ("Gearloft Helpdesk", "helpdesk@gearloft.example"), "Your return",
                    "We received your returned boots and will refund you within 5 days.", _sent(10)),
}


def _home(app_in_own_home: Callable[[str, str], App], folder: Path, mail: dict[str, bytes]) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Europe/Dublin", NOW)
    ingest(app.db, scan([write_folder(folder, mail)]), account="test",
           snippet_chars=app.settings.as_int("mail.snippet_chars"))
    return app


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    return _home(app_in_own_home, tmp_path_factory.mktemp("mail"), {**WORK, **FRIENDS})


def ask(app: App, text: str) -> str:
    return app.engine.turn(text, session=f"s-{text}", dry_run=True).reply


@pytest.mark.parametrize("question", ["has anybody from work emailed me?", "any messages from my coworkers?",
                                      "did a colleague write to me"])
def test_mail_from_work_is_the_workplaces_senders_alone(home: App, question: str) -> None:
    reply = ask(home, question)
    assert "Sprint review slides" in reply and "Lunch and learn" in reply, reply
    assert "Ciara" not in reply and "Tadhg" not in reply and "Gearloft" not in reply, reply


def test_mail_from_work_in_a_window_is_that_windows(home: App) -> None:
    reply = ask(home, "anything from work since tuesday?")
    assert "Sprint review slides" in reply and "Laptop updates" not in reply, reply


def test_a_mailbox_with_no_workplace_says_so_and_names_no_one(app_in_own_home: Callable[[str, str], App],
                                                             tmp_path: Path) -> None:
    app = _home(app_in_own_home, tmp_path / "mail", FRIENDS)
    reply = ask(app, "has anybody from work emailed me?")
    assert "Ciara" not in reply and "Tadhg" not in reply and "Gearloft" not in reply, reply
    assert "can't tell" in reply or "no sender" in reply, reply


def test_a_workplace_needs_its_own_department_and_its_people() -> None:
    people = [("orla.keane@brightwater-labs.example", "Orla Keane"), ("dmalhotra@brightwater-labs.example", "Dev Malhotra")]
    department = [("it-support@brightwater-labs.example", "Brightwater IT")]
    assert workplaces(people + department) == {"brightwater-labs.example"}
    assert workplaces(people) == frozenset()  # people on one domain alone: friends on a provider, or a client
    assert workplaces(department) == frozenset()  # a department alone: no one works there that the mail shows
    # a public mail provider is no workplace, whoever writes from it
    assert workplaces([("ana.ruiz@gmail.com", "Ana Ruiz"), ("hr@gmail.com", "Gmail HR")]) == frozenset()
