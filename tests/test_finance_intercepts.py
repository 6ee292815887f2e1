"""What is owed and the accounts (ADR-0112 §10-13) through `steward chat`, on the sample mailbox: such a
request is read by the reader and answered by the dues and accounts answerers."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from steward.assistant.router import Route, Router, load_router_data
from steward.clock import make_clock
from steward.errors import ConnectorError
from steward.reader.requests import Requests, categories_in
from steward.sample import generate, write_mbox
from steward.vocab import load_vocab

NOW = "2026-09-14T23:53:00+05:30"
V = load_vocab()


@pytest.fixture
def mailbox(cli: Any, tmp_path: Path) -> None:
    mbox = write_mbox(generate(datetime.fromisoformat(NOW)), tmp_path / "sample.mbox")
    assert cli("--now", NOW, "mail", "import", str(mbox)).code == 0
    assert cli("--now", NOW, "dues", "extract", "--no-progress").code == 0


def ask(cli: Any, text: str) -> dict[str, Any]:
    out = cli("--now", NOW, "chat", "--json", text)
    assert out.code == 0, out.err
    return out.json()


def answered_by(trace: dict[str, Any]) -> str:
    """The reader's answerer that answered, else the intercept (or `offline`, `loop`)."""
    return str((trace.get("data") or {}).get("answerer") or trace["handled_by"])


def test_what_do_i_owe_lists_the_dues_by_currency(cli: Any, mailbox: None) -> None:
    trace = ask(cli, "what do I owe?")
    assert answered_by(trace) == "dues"
    direct = cli("--now", NOW, "--json", "dues").json()
    assert trace["data"]["currencies"] == direct["currencies"]
    assert [g["currency"] for g in direct["currencies"]] == ["EUR", "GBP", "INR", "USD"]
    for group, sign in zip(direct["currencies"], ["€", "£", "₹", "US$"], strict=True):
        assert f"{group['currency']}: {sign}" in trace["reply"]
    assert "XXXX4821" in trace["reply"] and "4375" not in trace["reply"]


def test_the_credit_card_accounts_question_lists_accounts_not_mail(cli: Any, mailbox: None) -> None:
    trace = ask(cli, "can you give me the list credit card accounts that I have so far?")
    assert answered_by(trace) == "accounts"
    accounts = {(a["issuer"], a["account"]) for a in trace["data"]["accounts"]}
    assert {("Kaveri Bank", "XXXX4821"), ("Meridian Bank", "XXXX7730"), ("Northwind Card Services", "XXXX1234"),
            ("Harbor Credit Union", "XXXX5566")} <= accounts
    assert "statement is ready" not in trace["reply"]  # no mail subjects
    assert "4147 2000" not in trace["reply"]
    # the page's table: each card by its issuer, kind and masked last four, with its next bill
    view = trace["data"]["view"]
    assert view["kind"] == "accounts" and len(view["items"]) == len(trace["data"]["accounts"])
    kaveri = next(i for i in view["items"] if i["account"] == "XXXX4821")
    assert (kaveri["issuer"], kaveri["kind"], kaveri["last4_text"]) == ("Kaveri Bank", "card", "\u2022\u2022\u2022\u2022 4821")
    assert kaveri["due"] is None or {"amount_text", "due_text", "status"} <= set(kaveri["due"])
    assert "4147 2000" not in str(view)


def test_add_the_dues_section_to_my_brief_is_not_a_dues_answer(cli: Any, mailbox: None) -> None:
    trace = ask(cli, "add the dues section to my brief")
    assert trace["handled_by"] == "brief_config" and answered_by(trace) not in ("dues", "accounts", "money")


@pytest.mark.parametrize("text", ["any pending payments?", "is my insurance premium overdue?",
                                  "how much is my credit card bill", "which bills are due this week?"])
def test_owing_questions_are_dues_questions(cli: Any, mailbox: None, text: str) -> None:
    trace = ask(cli, text)
    # the dues list, or the reader's money answerer over the same dues
    assert answered_by(trace) in ("dues", "money"), trace["reply"]


def test_a_window_and_categories_narrow_the_answer(cli: Any, mailbox: None) -> None:
    reply = ask(cli, "what do I owe in the next 10 days?")["reply"]
    # the overdue premium shows whatever the window; the rest falls due by the 24th
    assert "OVERDUE" in next(line for line in reply.splitlines() if "Avalon Mutual" in line)
    assert "Kaveri Bank" in reply and "Thameside Energy" in reply
    assert "Casa Verde" not in reply and "Meridian" not in reply  # due on 1 October
    reply = ask(cli, "what do I owe this month?")["reply"]  # the month ends on the 30th: the 1st is next month's
    assert "Kaveri Bank" in reply and "Casa Verde" not in reply and "Meridian" not in reply
    reply = ask(cli, "what insurance and rent is due?")["reply"]
    assert "Avalon Mutual" in reply and "Casa Verde" in reply and "OVERDUE" in reply
    assert "Kaveri" not in reply and "Thameside" not in reply
    assert "€1,150.00" in reply and "£312.50" in reply
    reply = ask(cli, "what's overdue?")["reply"]
    assert "Avalon Mutual" in reply and "Kaveri" not in reply and "Casa Verde" not in reply


def test_a_mail_question_about_a_kind_of_bill_is_answered_from_the_mail(cli: Any, mailbox: None) -> None:
    trace = ask(cli, "list all emails about credit card")
    assert answered_by(trace) == "mail"  # the mail about that topic, by sender, not what is owed
    assert "messages about" in trace["reply"] and "Kaveri Bank" in trace["reply"] and "OVERDUE" not in trace["reply"]


# -- the router's veto, pure -----------------------------------------------------------------------

CLOCK = make_clock("Asia/Kolkata", NOW)


class Owing:
    """The digest's words, with a router of the test's choosing."""

    def __init__(self, route: Any, keywords: Any = None) -> None:
        self.requests = Requests(V, classify=route, keywords=keywords)

    def match(self, turn: str) -> Any:
        return self.requests.digest(turn, CLOCK)


def turn(text: str) -> str:
    return text


def dues_with(route: Any) -> Owing:
    return Owing(route)


def test_a_bare_dues_noun_needs_an_owing_frame() -> None:
    intercept = dues_with(None)
    assert intercept.match(turn("tell me about my credit card")) is None
    assert intercept.match(turn("what's the balance on my credit card")) is not None
    assert intercept.match(turn("can you pay attention")) is None
    assert intercept.match(turn("mark the Chase bill as paid")) is None  # an action


def test_only_a_confident_semantic_route_outside_finance_vetoes() -> None:
    text = "what's the balance on my credit card"
    assert dues_with(lambda t: Route("communication", 0.81, "semantic")).match(turn(text)) is None
    assert dues_with(lambda t: Route("finance", 0.81, "semantic")).match(turn(text)) is not None
    assert dues_with(lambda t: Route("communication", 0.2, "keyword")).match(turn(text)) is not None

    def broken(t: str) -> Route:
        raise ConnectorError("the embedder is gone")

    assert dues_with(broken).match(turn(text)) is not None  # failing: the vocabulary decides


def test_a_question_whose_words_are_money_alone_is_answered_without_asking_the_meaning() -> None:
    """The sentence model is loaded only for a turn its words do not settle."""
    keywords = Router(load_router_data()).keywords
    asked: list[str] = []

    def elsewhere(text: str) -> Route:
        asked.append(text)
        return Route("communication", 0.9, "semantic")

    intercept = Owing(elsewhere, keywords)
    for text in ("what do I owe this month?", "what's due this week?", "any bills due before the 20th?"):
        assert intercept.match(turn(text)) is not None, text
    assert asked == []
    # words that belong elsewhere too, or a remark that asks nothing: the meaning decides, as before
    assert intercept.match(turn("do I owe Sam a reply to his email?")) is None
    assert intercept.match(turn("I owe my sister a phone call")) is None
    assert asked == ["do I owe Sam a reply to his email?", "I owe my sister a phone call"]


def test_accounts_request_has_no_veto_and_yields_owing_questions() -> None:
    requests = Requests(V)
    assert requests.accounts("list my bank accounts", CLOCK) is not None
    assert requests.accounts("which cards do I have", CLOCK) is not None
    assert requests.accounts("what do I owe on my cards", CLOCK) is None
    assert requests.accounts("list all emails about my cards", CLOCK) is None
    assert categories_in("what do I owe for insurance and rent") == ("insurance", "rent")
