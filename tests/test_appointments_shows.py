"""A show's tickets read from the text of a ticket seller's mail: the show's name, its venue, its day and the
show's time (not the doors'); a promoter's news of a show, or a card that gives no time, is no booking. The
mails are written for these tests."""

from __future__ import annotations

from datetime import UTC, datetime

from steward.appointments import shows

RECEIVED = datetime(2027, 5, 2, 10, 0, tzinfo=UTC)


def _read(text: str) -> list[tuple[str, str, str, str]]:
    return [(c.provider, c.name, c.start, c.what) for c in shows.from_text(text, RECEIVED, "Ticketline")]


def test_a_sellers_card_is_the_show_at_its_venue_at_the_shows_time_not_the_doors() -> None:
    text = ("Your tickets - order TL-55012 confirmed\n\nThe Night Owls - live\nRiverside Hall, Quay Road, Cork\n"
            "Sat, Jun 12, 2027 | Doors 7:00 PM | Show 8:30 PM\n\n2 x Standing @ EUR 32.50\nTotal: EUR 65.00\n")
    assert _read(text) == [("Riverside Hall", "The Night Owls", "2027-06-12T20:30:00", "event")]


def test_the_shows_time_on_the_line_below_its_day() -> None:
    text = ("Order no. 88213-B\n\nCity Derby: Rovers v United\nParkside Stadium, Leeds\nSunday 13 June 2027\n"
            "Gates 13:30 / Kick-off 15:00\n\nYour e-tickets are attached.")
    assert _read(text) == [("Parkside Stadium", "City Derby: Rovers v United", "2027-06-13T15:00:00", "event")]


def test_news_of_a_show_or_a_card_with_no_time_is_no_booking() -> None:
    promo = ("Summer on the Green\nMarket Square, Bath\nSat, Jul 3, 2027 | Gates open 2 PM | Music from 4 PM\n\n"
             "Tickets on sale now - grab yours before they go!")
    assert _read(promo) == []
    untimed = ("Your tickets - order TL-55012 confirmed\n\nThe Night Owls - live\nRiverside Hall, Quay Road, Cork\n"
               "Sat, Jun 12, 2027\n\n2 x Standing @ EUR 32.50\n")
    assert _read(untimed) == []
