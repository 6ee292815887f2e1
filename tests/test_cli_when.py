"""`steward when`: what a user sees when checking what Steward understood."""

from __future__ import annotations

import json


def test_when_shows_local_and_utc_grain_and_span(cli) -> None:
    r = cli("--now", "2026-09-14T23:53:00+05:30", "when", "tomorrow", "at", "5", "pm")
    assert r.code == 0, r.err
    assert "Tue 2026-09-15 17:00:00 +0530" in r.out
    assert "Tue 2026-09-15 11:30:00 UTC" in r.out
    assert "grain  hour" in r.out and "0-16" in r.out


def test_when_json_has_the_design_shape(cli) -> None:
    r = cli("--json", "--now", "2026-09-14T23:53:00+05:30", "when", "remind me tomorrow at 10 am to call")
    assert r.code == 0, r.err
    data = r.json()
    assert {"text", "start", "end", "grain", "span"} <= set(data)
    assert data["start"] == "2026-09-15T10:00:00+05:30"
    assert data["span"] == [10, 27] and data["phrase"] == "tomorrow at 10 am"
    assert data["resolution"]["start_utc"] == "2026-09-15T04:30:00+00:00"


def test_when_without_a_date_says_so(cli) -> None:
    r = cli("when", "laughing out loud")
    assert r.code == 1
    assert "no date or time found" in r.err
    r = cli("--json", "when", "laughing out loud")
    assert r.code == 1 and r.json()["resolution"] is None and r.json()["start"] is None


def test_when_reads_the_timezone_setting(cli, monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/New_York")
    r = cli("--json", "--now", "2026-09-15T03:53:00+00:00", "when", "tomorrow at 5 pm")
    assert r.json()["start"] == "2026-09-15T17:00:00-04:00"  # it is still the 14th in New York


def test_when_stream_reads_one_case_a_line(cli) -> None:
    cases = "\n".join([
        "tomorrow at 5 pm",
        json.dumps({"text": "tomorrow at 5 pm", "now": "2026-03-07T23:59:00-05:00", "tz": "America/New_York"}),
        json.dumps({"text": "friday", "now": "2026-09-14T10:00:00+00:00", "prefer": "past"}),
        "laughing out loud",
        "",
    ])
    r = cli("--now", "2026-09-14T23:53:00+05:30", "when", "-", stdin=cases)
    assert r.code == 0, r.err
    lines = r.json_lines()
    assert [line["start"] for line in lines] == [
        "2026-09-15T17:00:00+05:30", "2026-03-08T17:00:00-04:00", "2026-09-11T00:00:00+00:00", None]
    assert lines[3]["resolution"] is None


def test_when_prefer_current_reads_the_week_under_way(cli) -> None:
    r = cli("--json", "--now", "2026-09-20T15:30:00+00:00", "when", "--prefer", "current", "friday")
    assert r.code == 0, r.err
    assert r.json()["start"] == "2026-09-18T00:00:00+00:00"
    cases = json.dumps({"text": "14:05", "now": "2026-09-20T15:30:00+00:00", "prefer": "current"}) + "\n" + \
        json.dumps({"text": "14:05", "prefer": "sideways"}) + "\n"
    r = cli("when", "-", stdin=cases)
    lines = r.json_lines()
    assert lines[0]["start"] == "2026-09-20T14:05:00+00:00"
    assert "current" in lines[1]["error"] and r.code == 1


def test_when_stream_reports_bad_lines_and_keeps_going(cli) -> None:
    cases = '{"text": "noon", "now": "yesterday"}\n{not json\n{"text": 5}\nnoon\n'
    r = cli("--now", "2026-09-14T08:00:00+00:00", "when", "-", stdin=cases)
    assert r.code == 1
    lines = r.json_lines()
    assert len(lines) == 4
    assert "now" in lines[0]["error"] and "JSON" in lines[1]["error"] and "text" in lines[2]["error"]
    assert lines[3]["start"] == "2026-09-14T12:00:00+00:00"
    assert r.err.count("steward: line") == 3


# what would make `steward when` slow to start: the embedding runtime, the web stack, network clients
HEAVY = ("numpy", "onnxruntime", "tokenizers", "fastapi", "starlette", "uvicorn", "pydantic", "httpx",
         "caldav", "icalendar", "steward.embed", "steward.mail", "steward.llm")


def test_when_starts_without_loading_the_heavy_parts(cli_process) -> None:
    # its start-up time itself is measured by bench/startup.py; here, what keeps it short on any machine
    done = cli_process("when", "noon", env={"PYTHONPROFILEIMPORTTIME": "1"})
    assert done.returncode == 0 and "12:00:00" in done.stdout
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert "steward.dates" in imported  # the import log was read
    loaded = sorted(m for m in imported if any(m == h or m.startswith(h + ".") for h in HEAVY))
    assert not loaded, f"steward when imports {loaded}"


def test_when_reads_the_end_of_day_hour_setting(cli, monkeypatch) -> None:
    r = cli("--json", "--now", "2026-11-30T10:00:00+00:00", "when", "COB", "tomorrow")
    assert r.code == 0 and r.json()["start"] == "2026-12-01T17:00:00+00:00"
    monkeypatch.setenv("STEWARD_DATES_END_OF_DAY_HOUR", "18")
    r = cli("--json", "--now", "2026-11-30T10:00:00+00:00", "when", "COB", "tomorrow")
    assert r.json()["start"] == "2026-12-01T18:00:00+00:00"
    assert (r.json()["grain"], r.json()["span"]) == ("hour", [0, 12])


def test_an_hour_setting_out_of_range_is_one_clear_line(cli, monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_DATES_END_OF_DAY_HOUR", "25")
    r = cli("when", "COB", "tomorrow")
    assert r.code == 1
    assert r.err.strip() == "steward: setting dates.end_of_day_hour is 25: an hour must be 0 to 23"
