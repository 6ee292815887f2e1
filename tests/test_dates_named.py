"""A date phrase says whether it named a day by its name, and common misspellings of ordinals read."""

from datetime import datetime

from steward import dates
from steward.clock import make_clock

CLOCK = make_clock("UTC", datetime.fromisoformat("2026-09-14T10:00:00+00:00"))


def test_a_holiday_is_named_and_a_plain_day_is_not() -> None:
    found = dates.find_all("add valentine's day with ana tomorrow", CLOCK)
    assert [(r.text, r.named) for r in found] == [("valentine's day", True), ("tomorrow", False)]
    res = dates.find("on easter at 10 am", CLOCK)
    assert res is not None and res.named and res.to_json()["named"] is True
    assert not dates.find("next friday", CLOCK).named  # type: ignore[union-attr]


def test_twelveth_is_the_twelfth() -> None:
    res = dates.find("add bola's birthday on twelveth july", CLOCK)
    assert res is not None and res.start.date().isoformat() == "2027-07-12"
