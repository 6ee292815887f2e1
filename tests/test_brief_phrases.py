"""The pure half of the brief: the manifest, the config phrase parser, the prefs overlay and the morning
instant — tested without a store, a clock or a model."""

from __future__ import annotations

from datetime import date, datetime, time
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from steward.brief.collect import COLLECTORS
from steward.brief.config import ConfigRequest, OptionChange, apply
from steward.brief.manifest import load_manifest
from steward.brief.morning import due_day, morning_instant, parse_time
from steward.brief.phrases import config_words, parse_config
from steward.brief.prefs import Position, Prefs
from steward.errors import ConfigError, UserError
from steward.vocab import load_vocab

M = load_manifest()
V = load_vocab()
W = config_words(V.config_objects, V.config_object_breakers)


def test_the_manifest_names_every_section_the_brief_can_collect() -> None:
    assert M.slots == ("schedule", "tomorrow", "dues", "inbox", "appointments", "mail_health")
    assert set(M.slots) == set(COLLECTORS)
    assert M.resolve("bills").slot == "dues" and M.resolve("what I owe").slot == "dues"
    assert M.resolve("money").slot == "dues" and M.resolve("mail sync").slot == "mail_health"
    assert M.resolve("weather") is None
    # the money domain's kinds are the dues categories
    from steward.records.finance import KINDS

    assert set(M.get("dues").options["categories"].values or {}) == set(KINDS)


def test_a_broken_manifest_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "sections.yaml"
    bad.write_text("sections:\n  - slot: dues\n    title: Dues\n    options:\n      window_days: {kind: weeks}\n")
    with pytest.raises(ConfigError, match="option window_days has kind 'weeks'"):
        load_manifest(bad)
    bad.write_text("sections: [\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_manifest(bad)


@pytest.mark.parametrize("text", [
    "send me a summary of the email from HDFC",   # "summary of": content, not the brief
    "remind me to check my brief tomorrow at 9",
    "put the meeting first on my schedule",      # no brief, and more than a bare move
    "what do I owe?",
    "show my brief",                             # a read: the brief intercept renders it
    "what does my day look like?",
    "remove newsletters from my inbox",          # the inbox itself, not the brief
    "brief me on the dues",
    "show me the dues digest",                   # a section's own digest is not the brief
    "what's in my dues summary?",
    "can you make my daily briefing shorter",    # no section named: the model's job
])
def test_what_is_not_a_brief_config_phrase(text: str) -> None:
    assert parse_config(text, M, W) is None


def test_the_phrases_the_issue_names() -> None:
    assert parse_config("add the dues section to my brief", M, W) == ConfigRequest("add", "dues")
    assert parse_config("remove newsletters from my briefing", M, W) == ConfigRequest(
        "options", "inbox", None, (OptionChange("hide", "include", ("newsletter",)),))
    assert parse_config("only show insurance and rent dues for the next 7 days in my brief", M, W) == ConfigRequest(
        "add", "dues", None, (OptionChange("window_days", "set", 7),
                              OptionChange("categories", "set", ("insurance", "rent"))))
    assert parse_config("put my schedule first", M, W) == ConfigRequest("move", "schedule", Position("first"))
    assert parse_config("what's in my brief?", M, W) == ConfigRequest("show")


def test_prefs_are_an_overlay_and_a_new_manifest_section_appears_unless_removed() -> None:
    prefs = Prefs(order=("inbox", "dues"), removed=("appointments",))
    assert prefs.slots(M) == ("inbox", "dues", "schedule", "tomorrow", "mail_health")
    assert Prefs().slots(M) == M.slots and Prefs().is_default
    moved = prefs.with_moved("mail_health", Position("before", ref="dues"), M)
    assert moved.slots(M)[:3] == ("inbox", "mail_health", "dues")
    with pytest.raises(UserError, match="appointments is not in the brief"):
        prefs.with_moved("dues", Position("after", ref="appointments"), M)


def test_category_options_keep_every_kind_meaning_every_kind() -> None:
    after, _ = apply(Prefs(), ConfigRequest("options", "dues", None, (OptionChange("categories", "include", ("card",)),)), M)
    assert after == Prefs()  # "add card dues" when every kind shows already changes nothing
    after, said = apply(Prefs(), ConfigRequest("options", "dues", None, (OptionChange("categories", "exclude", ("rent",)),)), M)
    assert "rent" not in after.options["dues"]["categories"] and "card" in after.options["dues"]["categories"]
    with pytest.raises(UserError, match="'groceries' is not one of"):
        apply(Prefs(), ConfigRequest("options", "dues", None, (OptionChange("categories", "set", ("groceries",)),)), M)


def test_the_morning_instant_is_wall_clock_time_across_dst() -> None:
    ny = ZoneInfo("America/New_York")
    assert morning_instant(date(2026, 10, 31), time(7), ny).isoformat() == "2026-10-31T07:00:00-04:00"
    assert morning_instant(date(2026, 11, 1), time(7), ny).isoformat() == "2026-11-01T07:00:00-05:00"
    # a time inside the spring gap is the first moment after it; a repeated autumn time its first occurrence
    assert morning_instant(date(2026, 3, 8), time(2, 30), ny).isoformat() == "2026-03-08T03:30:00-04:00"
    assert morning_instant(date(2026, 11, 1), time(1, 30), ny).isoformat() == "2026-11-01T01:30:00-04:00"
    assert due_day(datetime(2026, 11, 1, 6, 59, tzinfo=ny), time(7), ny) is None
    assert due_day(datetime(2026, 11, 1, 7, 0, tzinfo=ny), time(7), ny) == date(2026, 11, 1)
    assert parse_time("6:30") == time(6, 30) and parse_time("7") == time(7)
    with pytest.raises(ConfigError, match="brief.morning_time"):
        parse_time("25:00")
