"""The time zone changed from the page: checked against the tz database, refused in one line when it is
not there, saved in config.toml, and followed at once by the page's day and every answer after it."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from steward.clock import check_zone, make_clock
from steward.errors import ConfigError
from steward.web.dial import ClockDial

NOW = "2026-12-05T10:00:00+00:00"  # Saturday 5 December 2026, 10:00 UTC


def test_a_new_zone_is_taken_at_once_by_the_day_and_the_next_answer(client: TestClient, steward_home: Path) -> None:
    before = client.get("/zone").json()
    assert before["label"] == "UTC" and before["today"] == "2026-12-05" and before["changeable"]
    # Kiritimati is 14 hours ahead: it is Sunday there
    r = client.put("/zone", json={"zone": "Kiritimati"})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["zone"] == "Pacific/Kiritimati" and after["label"] == "Kiritimati"
    assert after["today"] == "2026-12-06" and after["today_long"] == "Sunday, 6 December 2026"
    assert "Sunday, 6 December 2026" in client.get("/").text
    assert client.get("/health").json()["zone"] == "Pacific/Kiritimati"
    turn = client.post("/chat", json={"text": "remind me tomorrow at 10 am to call the plumber"}).json()
    assert turn["writes"][0]["fields"]["due"] == "2026-12-07T10:00:00+14:00"
    assert 'timezone = "Pacific/Kiritimati"' in (steward_home / "config.toml").read_text()


@pytest.mark.parametrize("typed", ["Mars/Base", "Europe/Londn", "", "   ", "x" * 65])
def test_a_zone_not_in_the_tz_database_is_refused_in_one_line_and_nothing_changes(
        client: TestClient, steward_home: Path, typed: str) -> None:
    r = client.put("/zone", json={"zone": typed})
    assert r.status_code in (400, 422)
    message = r.json()["message"]
    assert "\n" not in message and message
    assert client.get("/zone").json()["zone"] == "UTC"
    assert not (steward_home / "config.toml").exists() or "timezone" not in (steward_home / "config.toml").read_text()


def test_the_zones_to_pick_from_are_labelled_as_people_know_them(client: TestClient) -> None:
    zones = {z["zone"]: z["label"] for z in client.get("/zones").json()["zones"]}
    assert zones["Europe/London"] == "London" and zones["Asia/Kolkata"] == "Kolkata" and zones["UTC"] == "UTC"
    assert not any(k.startswith(("Etc/", "US/")) for k in zones)


def test_names_people_type_find_their_zone() -> None:
    assert check_zone("europe/london") == "Europe/London"
    assert check_zone("New York") == "America/New_York"
    assert check_zone("utc") == "UTC"
    with pytest.raises(ConfigError, match="unknown time zone 'Atlantis'"):
        check_zone("Atlantis")


def test_the_dial_follows_the_zone_saved_in_the_config_file(tmp_path: Path) -> None:
    config = tmp_path / "config.toml"
    config.write_text("# mine\n")
    dial = ClockDial(make_clock("UTC", NOW), config)
    config.write_text('# mine\ntimezone = "Asia/Kolkata"\n')  # another process of the server turned it
    assert dial.current().zone_name == "Asia/Kolkata"
    dial.turn("London")
    assert config.read_text() == '# mine\ntimezone = "Europe/London"\n'
    assert (config.stat().st_mode & 0o777) == 0o600


def test_a_zone_given_with_tz_is_not_changed_from_the_page(tmp_path: Path) -> None:
    dial = ClockDial(make_clock("UTC", NOW), tmp_path / "config.toml", fixed="the time zone was given with --tz")
    with pytest.raises(ConfigError, match="--tz"):
        dial.turn("Europe/London")
    assert dial.current().zone_name == "UTC"


@pytest.mark.server
@pytest.mark.slow
def test_every_process_of_a_server_takes_the_new_zone(steward_home: Path) -> None:
    """`serve.processes = 2`: the zone changed through one process is the zone of both (they follow the
    config file), for the next answer whichever process gives it."""
    from serve_helpers import serving

    with serving(steward_home, now=NOW, env={"STEWARD_SERVE_PROCESSES": "2"}) as s:
        with s.client() as http:
            assert http.put("/zone", json={"zone": "Asia/Kolkata"}).status_code == 200
        zones: dict[int, str] = {}
        for _ in range(200):  # a new connection each time, until both processes have answered
            with s.client() as fresh:
                health = fresh.get("/health").json()
            zones[int(health["process"])] = str(health["zone"])
            if len(zones) == 2:
                break
        assert len(zones) == 2 and set(zones.values()) == {"Asia/Kolkata"}, zones
