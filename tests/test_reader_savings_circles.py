"""A savings circle's share, asked in the word people use for it where they live (a chama in Kenya, a susu, a
tontine, "my contribution"): what the organiser's mail asks each member to pay in and by when, the sum written
"3k" read as 3,000 in the person's own money; never a pension fund's contribution, never a bill, and never the
share when what is asked is the member's payout. A home in Nairobi with mail written here, no model."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from appointment_mail import message, write_folder
from chat_helpers import talk
from steward.app import App

NOW = "2028-03-06T08:00:00+03:00"  # Monday 6 March 2028, in Nairobi
ZONE = ZoneInfo("Africa/Nairobi")


def _sent(day: int, hour: int = 9) -> datetime:
    return datetime(2028, 3, day, hour, 0, tzinfo=ZONE)


@pytest.fixture(scope="module")
def home(app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> App:
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("Africa/Nairobi", NOW)
    folder = write_folder(tmp_path_factory.mktemp("mail"), {
        "pension": message("p1@savanna-pension.example", ("Savanna Pension Fund", "members@savanna-pension.example"),
                           "Your February contribution statement",
                           "Dear Member,\n\nYour contribution of KES 6,400.00 for February 2028 was received on "
                           "28/02/2028.\n\nSavanna Pension Fund", _sent(1)),
        "chama": message("c1@mailbox-demo.example", ("Wanjiru Kamau", "wanjiru.kamau@mailbox-demo.example"),
                         "March meeting",
                         "Habari ladies! Quick one: the March chama contribution is 3k each, send it by Saturday "
                         "11th to the group's paybill. Akinyi, your turn to receive is in April.\n\nWanjiru",
                         _sent(4, 19)),
    })
    ingest(app.db, scan([Path(folder)]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    app.dues.extract()
    return app


@pytest.mark.parametrize("question", ["how much is my chama contribution this month?", "how much do I put in the chama",
                                      "when do I pay the chama?", "how much is my contribution?"])
def test_the_share_is_what_the_organisers_mail_asks_by_its_day(home: App, question: str) -> None:
    reply = talk(home, question)[0]
    assert "3,000" in reply and "Sat 11 Mar" in reply and "Wanjiru Kamau" in reply
    assert "6,400" not in reply


def test_a_savings_circle_by_another_countrys_word_finds_the_same_mail(home: App) -> None:
    reply = talk(home, "how much is the susu?")[0]
    assert "3,000" in reply


def test_the_payout_asked_is_never_answered_with_the_share(home: App) -> None:
    reply = talk(home, "when is my turn to collect from the chama?")[0]
    assert "3,000" not in reply and "Wanjiru Kamau" in reply and "6,400" not in reply


def _circle_home(app_in_own_home: Callable[[str, str], App], folder: Path, told: str) -> App:
    """A home in Kingston whose pardna's organiser wrote `told` after the week's hand."""
    from steward.mail.ingest import ingest
    from steward.mail.sources import scan

    app = app_in_own_home("America/Jamaica", "2028-03-03T18:00:00-05:00")  # Friday 3 March 2028
    write_folder(folder, {
        "pardna": message("d1@mailbox-demo.example", ("Beverley Morris", "miss.bev@mailbox-demo.example"), "pardna",
                          "Evening all. Hand dem due this Saturday as usual, 2k each, cash or transfer. " + told
                          + "\n\nMiss Bev", datetime(2028, 3, 2, 20, 0, tzinfo=ZoneInfo("America/Jamaica"))),
    })
    ingest(app.db, scan([folder]), account="test", snippet_chars=app.settings.as_int("mail.snippet_chars"))
    return app


def test_a_members_draw_told_to_them_by_name_is_their_payouts_day(
        app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> None:
    app = _circle_home(app_in_own_home, tmp_path_factory.mktemp("mail"),
                       "Alex, yu draw is Friday 14th April so get ready.")
    for question in ("when is my draw?", "when do I collect my pardna?"):
        reply = talk(app, question)[0]
        assert "Fri 14 Apr" in reply and "Beverley Morris" in reply and "2,000" not in reply
    share = talk(app, "how much is my pardna hand?")[0]
    assert "2,000" in share and "Sat 4 Mar" in share


def test_another_members_draw_told_by_their_name_is_never_the_persons(
        app_in_own_home: Callable[[str, str], App], tmp_path_factory: pytest.TempPathFactory) -> None:
    app = _circle_home(app_in_own_home, tmp_path_factory.mktemp("mail"),
                       "Marlon, your draw is Friday 14th April so get ready.")
    reply = talk(app, "when is my draw?")[0]
    assert "14 Apr" not in reply and "Beverley Morris" in reply
