"""Every answer that names a window says what in it waits for a yes (appointments found in mail), each
with its proposal to Accept: on the demo home on a Saturday, the vet on Sunday morning."""

from __future__ import annotations

from typing import Any

from steward.app import App

NOW = "2026-12-05T10:00:00+00:00"  # Saturday 5 December 2026, London
DEMO_ZONE = "Europe/London"


def view_of(app: App, text: str) -> dict[str, Any]:
    trace = app.engine.turn(text, session=f"s-{text}", dry_run=True)
    view = (trace.data or {}).get("view")
    assert view, (trace.handled_by, trace.reply)
    return dict(view)


def test_what_is_owed_this_week_also_names_the_vet_waiting_on_sunday(demo: App) -> None:
    view = view_of(demo, "what do I owe this week?")
    assert view["kind"] == "dues"
    [vet] = view["waiting"]
    assert vet["title"].startswith("Pawsome Vets") and vet["when_text"] == "Sun 6 Dec, 09:15"
    assert isinstance(vet["proposal"], int)  # what the page's Accept sends


def test_a_longer_window_names_everything_waiting_in_it_soonest_first(demo: App) -> None:
    view = view_of(demo, "what do I owe this month?")
    names = [w["title"].split()[0] for w in view["waiting"]]
    assert names[0] == "Pawsome" and len(names) >= 3 and "Riverside" in " ".join(w["title"] for w in view["waiting"])


def test_mail_asked_about_this_week_says_what_waits_this_week(demo: App) -> None:
    view = view_of(demo, "any mail from Kaveri Bank this week?")
    assert view["kind"] == "mail"
    assert [w["when_text"] for w in view["waiting"]] == ["Sun 6 Dec, 09:15"]


def test_an_answer_without_a_window_adds_nothing(demo: App) -> None:
    assert "waiting" not in view_of(demo, "what do I owe?")


def test_a_booking_already_in_the_answer_is_not_said_twice(demo: App) -> None:
    view = view_of(demo, "what did I get from Pawsome Vets this week?")
    assert view["kind"] == "bookings" and not view.get("waiting")
