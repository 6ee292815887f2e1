"""A model's answer drawn as things: what its read tools returned (the schedule, mail, dues, bookings,
the brief) becomes the same view the reader's answers have, under the model's own words."""

from __future__ import annotations

from typing import Any

import pytest

from steward.assistant.tool_views import tools_view
from steward.assistant.trace import ToolCall
from steward.clock import make_clock
from steward.llm.testing import ScriptedModelServer, call, say

NOW = "2026-12-05T10:00:00+00:00"  # Saturday 5 December 2026, London

DUES = {"as_of": "2026-12-05", "window": "all", "categories": [], "currencies": [
    {"currency": "INR", "total_due": "100001.90", "overdue_total": "0.00", "items": [
        {"id": 3, "issuer": "Kaveri Bank", "kind": "card", "account": "XXXX4821", "amount": "100001.90", "minimum": None,
         "currency": "INR", "due_date": "2026-12-23", "overdue": False, "autopay": False, "status": "open",
         "source": {"message_id": 509, "excerpt": "Total amount due"}}]}]}
HITS = {"query": "Kaveri", "mode": "lexical", "hits": [
    {"id": 509, "sender": "statements@kaveribank.in", "sender_name": "Kaveri Bank", "subject": "Your statement is ready",
     "snippet": "...", "received_at": "2026-12-03T01:00:00+00:00", "category": "statement", "score": 5.0},
    {"id": 521, "sender": "x@lakesidedenta1.example", "sender_name": "Lakeside Dental", "subject": "Appointment confirmed",
     "snippet": "...", "received_at": "2026-12-04T09:00:00+00:00", "category": "phishing_suspect", "score": 1.0}]}


@pytest.mark.parametrize(("locale", "amount", "day"), [("en_IN", "₹1,00,001.90", "Wed, 23 Dec"),
                                                       ("en_US", "₹100,001.90", "Wed, Dec 23")])
def test_what_list_dues_returned_is_a_table_of_dues_in_the_persons_locale(locale: str, amount: str, day: str) -> None:
    view = tools_view((ToolCall("list_dues", {}, result=DUES),), make_clock("Europe/London", NOW, locale=locale))
    assert view is not None and view["kind"] == "dues" and view["of_tools"] is True
    [due] = view["items"]
    assert (due["issuer"], due["last4"], due["amount_text"], due["due_text"], due["status"]) == \
        ("Kaveri Bank", "4821", amount, day, "open")
    assert view["totals"][0]["total_text"] == amount


def test_the_cards_list_accounts_returned_are_the_accounts_table_with_numbers_masked() -> None:
    accounts = {"accounts": [
        {"issuer": "Kaveri Bank", "kind": "card", "account": "XXXX4821", "last_seen": "2026-12-03T01:00:00+00:00",
         "latest_due": {"id": 3, "amount": "5795.85", "currency": "INR", "due_date": "2026-12-23", "status": "open"}},
        {"issuer": "Meridian Bank", "kind": "bank", "account": "XXXX7890", "last_seen": "2026-11-20T09:00:00+00:00",
         "latest_due": None}]}
    view = tools_view((ToolCall("list_accounts", {}, result=accounts),), make_clock("Europe/London", NOW))
    assert view is not None and view["kind"] == "accounts" and view["of_tools"] is True
    kaveri, meridian = view["items"]
    assert (kaveri["last4_text"], kaveri["due"]["amount_text"], kaveri["due"]["due_text"], kaveri["due"]["status"]) \
        == ("\u2022\u2022\u2022\u2022 4821", "\u20b95,795.85", "Wed 23 Dec", "open")
    assert meridian["due"] is None and meridian["last_seen_text"] == "Fri 20 Nov"


def test_a_mail_search_is_a_list_of_messages_that_open_with_phishing_marked() -> None:
    view = tools_view((ToolCall("search_inbox", {"query": "Kaveri"}, result=HITS),), make_clock("Europe/London", NOW))
    assert view is not None and view["kind"] == "mail"
    assert [(m["id"], m["day_text"], m["suspicious"]) for m in view["items"]] == \
        [(509, "Thu 3 Dec", False), (521, "Fri 4 Dec", True)]


def test_the_last_tool_that_read_something_is_drawn_and_failures_and_held_writes_are_not() -> None:
    clock = make_clock("Europe/London", NOW)
    calls = (ToolCall("search_inbox", {}, result=HITS), ToolCall("list_dues", {}, result=DUES),
             ToolCall("read_email", {"id": 509}, result={"id": 509, "body": "…"}),
             ToolCall("list_schedule", {"day": "2026-12-06"}, result={"error": "model_computed_date"}),
             ToolCall("create_reminder", {"text": "x"}, held=True, result={"held_id": "h1"}))
    view = tools_view(calls, clock)
    assert view is not None and view["kind"] == "dues"
    assert tools_view(calls[2:], clock) is None


@pytest.fixture
def server(tier2_model: ScriptedModelServer, monkeypatch: pytest.MonkeyPatch) -> ScriptedModelServer:
    monkeypatch.setenv("STEWARD_TIMEZONE", "Europe/London")
    return tier2_model


def turn(cli: Any, text: str) -> dict[str, Any]:
    result = cli("chat", "--now", NOW, "--json", text)
    assert result.code == 0, result.err
    return dict(result.json())


def test_a_model_answer_that_read_the_schedule_carries_it_as_days(cli: Any, server: ScriptedModelServer) -> None:
    assert turn(cli, "remind me tomorrow at 10 am to call Sam")["handled_by"] == "reminder_creation"
    server.enqueue(call("list_schedule", day="tomorrow"), say("Just the one call tomorrow morning."))
    trace = turn(cli, "write me a short poem about my sunday")
    assert trace["handled_by"] == "loop" and trace["reply"] == "Just the one call tomorrow morning."
    view = trace["data"]["view"]
    assert view["kind"] == "schedule" and view["of_tools"] is True
    [day] = view["days"]
    assert day["day_text"] == "Sun 6 Dec"
    assert [(i["time_text"], i["title"], i["what"]) for i in day["items"]] == [("10:00", "call Sam", "reminder")]


def test_a_model_answer_without_a_read_tool_has_no_view(cli: Any, server: ScriptedModelServer) -> None:
    server.enqueue(say("Tomorrow is a Sunday."))
    trace = turn(cli, "write me a short poem about my sunday")
    assert trace["handled_by"] == "loop" and not (trace.get("data") or {}).get("view")


def test_mail_counted_by_sender_is_a_list_of_senders_with_their_days_and_a_search_each() -> None:
    analysis = {"query": "after:2026-12-01 before:2027-01-01", "total": 4, "broadened": False, "groups": [
        {"sender": "zoe@postbox.example", "sender_name": "Zoë Müller", "count": 3, "first": "2026-12-01T16:00:00+00:00",
         "last": "2026-12-04T15:01:46+00:00", "categories": ["personal"], "examples": ["Moving help"]},
        {"sender": "news@kitchen.example", "sender_name": "Kitchen Notes", "count": 1,
         "first": "2026-12-02T02:28:30+00:00", "last": "2026-12-02T02:28:30+00:00", "examples": ["Chutney"]}]}
    view = tools_view((ToolCall("analyze_inbox", {"query": "this month"}, result=analysis),),
                      make_clock("Europe/London", NOW, locale="en_US"))
    assert view is not None and view["kind"] == "senders" and view["window"] == "Tue, Dec 1 – Thu, Dec 31"
    assert [(g["sender_name"], g["count_text"], g["span_text"]) for g in view["groups"]] == \
        [("Zoë Müller", "3", "Tue, Dec 1 – Fri, Dec 4"), ("Kitchen Notes", "1", "Wed, Dec 2")]
    assert view["groups"][0]["search"] == "after:2026-12-01 before:2027-01-01 from:zoe@postbox.example"

