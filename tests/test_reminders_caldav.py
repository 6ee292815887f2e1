"""A repeating reminder written to a real Radicale reads back with the same rule, at the same local time."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from steward.app import build_app
from steward.clock import make_clock
from steward.paths import resolve_paths
from steward.settings import load

pytest.importorskip("radicale", reason="radicale is in the dev extra")
pytestmark = [pytest.mark.server, pytest.mark.slow]

from test_caldav import Radicale, use_caldav  # noqa: E402  (after the skip: it needs radicale)

NOW = "2026-10-15T12:00:00-04:00"


@pytest.fixture(scope="module")
def radicale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Radicale]:
    server = Radicale(tmp_path_factory.mktemp("radicale"))
    yield server
    server.stop()


def app_at(now: str = NOW):  # noqa: ANN201
    paths = resolve_paths()
    return build_app(load(paths.config_file), make_clock("America/New_York", now), paths)


@pytest.mark.parametrize("words", ["every monday at 9", "every other tuesday at 7:30 pm",
                                   "on the 1st of every month", "daily at 10 pm until friday"])
def test_a_repeating_reminder_reads_back_from_radicale_with_its_rule(radicale: Radicale,
                                                                     monkeypatch: pytest.MonkeyPatch,
                                                                     words: str) -> None:
    use_caldav(monkeypatch, radicale.new_calendar())
    app = app_at()
    try:
        made = app.calendar.create_repeating("water the plants", words, provenance={"via": "cli"})
        series = app.calendar.series_of(made)
        assert series is not None and series.caldav_uid
        back = app.calendar.backend("caldav").find_todo(series.caldav_uid)  # type: ignore[attr-defined]
    finally:
        app.close()
    assert back is not None
    assert (back.text, back.rule) == ("water the plants", made.rule)
    # the first time is on New York's wall clock, with its zone (not a UTC time that drifts at DST)
    assert back.start == made.due and str(back.start.tzinfo) == "America/New_York"


def test_cancelling_the_series_takes_it_off_the_calendar(radicale: Radicale, monkeypatch: pytest.MonkeyPatch) -> None:
    use_caldav(monkeypatch, radicale.new_calendar())
    app = app_at()
    try:
        made = app.calendar.create_repeating("stand up", "every weekday at 8", provenance={"via": "cli"})
        series = app.calendar.series_of(made)
        assert series is not None and series.caldav_uid and made.id is not None
        app.calendar.cancel_reminder(made.id, provenance={"via": "cli"}, series=True)
        assert app.calendar.backend("caldav").find_todo(series.caldav_uid) is None  # type: ignore[attr-defined]
        assert app.calendar.reminders() == []
    finally:
        app.close()


def test_an_unreachable_calendar_saves_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    from loopback import free_port
    from steward.errors import ConnectorError

    use_caldav(monkeypatch, f"http://127.0.0.1:{free_port()}/me/cal/")
    app = app_at()
    try:
        with pytest.raises(ConnectorError, match="CalDAV server .* failed"):
            app.calendar.create_repeating("water the plants", "every monday at 9", provenance={"via": "cli"})
        assert app.calendar.reminders() == []
    finally:
        app.close()
