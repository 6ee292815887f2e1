"""A child's name said short, as family says it ("when is Nico's tuition due?"), finds the bill whose own mail
writes the name in full (Nicolas); a short name no bill's mail opens with is said not found. The mails are
written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

MANILA = ZoneInfo("Asia/Manila")
NOW = "2027-08-11T08:00:00+08:00"


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Asia/Manila", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "a": message("soa-1@sampaloc-school.example", ("Sampaloc Learning School", "accounting@sampaloc-school.example"),
                     "Statement of Account - 1st Installment - Nicolas Santos",
                     "Dear Parent,\n\nStudent: SANTOS, NICOLAS R.\nTuition fee, 1st installment: PHP 12,400.00\nDue date: "
                     "on or before August 25, 2027\n\nAccounting Office", datetime(2027, 8, 2, 9, tzinfo=MANILA)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


def test_a_name_said_short_finds_the_bill_that_writes_it_in_full(home: App) -> None:
    reply = talk(home, "when is the tuition of Nico due?")[0]
    assert "12,400.00" in reply and "25 Aug" in reply, reply


def test_a_short_name_no_bill_opens_with_is_not_found(home: App) -> None:
    reply = talk(home, "when is Tess's tuition due?")[0]
    assert "12,400.00" not in reply, reply


def test_a_place_a_journey_goes_to_said_by_its_letters_in_order_is_that_place() -> None:
    from steward.reader.frame import SlotValue
    from steward.reader.lists import SlotLists
    from steward.reader.match import find_names, name_tokens

    lists = SlotLists.of([SlotValue("trip", p, p, ((p.lower(),),)) for p in ("Wellington", "Walton", "Bathurst")])

    def said(text: str) -> list[str]:
        low, raw, _ = name_tokens(text)
        return [v.value for n in find_names(low, raw, lists, frozenset()).named for v in n.values]

    assert said("when is the ferry to wgtn") == ["Wellington"]  # first letter to last, in order
    assert said("when is the ferry to wtn") == []  # Wellington and Walton both: never guessed
    assert said("when is my train to bath") == []  # a city of its own, never Bathurst said short
