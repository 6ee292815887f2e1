"""The question sets with known answers (bench/data/answers_dev.yaml, answers_blind.yaml) keep their agreed
shape, and their answers still agree with the sample mailboxes they were read from: a change to a sample
generator that moves an amount, a date or a name fails here, not silently in a benchmark."""

from __future__ import annotations

from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
import yaml

from steward.mail.parse import parse_message, read_body
from steward.sample import generate as generate_demo
from steward.sample.second import generate as generate_second

DATA = Path(__file__).resolve().parent.parent / "bench" / "data"
SETS = {"answers_dev.yaml": "development", "answers_blind.yaml": "evaluation"}
ZONES = {"demo": "Asia/Kolkata", "second": "Australia/Melbourne"}
CAPABILITIES = {"money", "appointments", "schedule", "mail", "brief", "reminders"}
EXPECT_KEYS = {"amounts", "currencies", "dates", "times", "names", "count"}


def _load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((DATA / name).read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("name", SETS)
def test_the_set_keeps_the_agreed_shape(name: str) -> None:
    data = _load(name)
    assert list(data)[:4] == ["kind", "written_by", "homes", "cases"] and data["kind"] == SETS[name]
    assert set(data["homes"]) == {"demo", "second"}
    for home in data["homes"].values():
        assert datetime.fromisoformat(home["now"]).tzinfo is not None
    ids = [c["id"] for c in data["cases"]]
    assert len(ids) == len(set(ids))
    for case in data["cases"]:
        assert case["mailbox"] in data["homes"] and case["capability"] in CAPABILITIES, case["id"]
        assert case["turns"] and all(isinstance(t, str) and t.strip() for t in case["turns"]), case["id"]
        assert set(case["expect"]) <= EXPECT_KEYS, case["id"]
        assert set(case.get("forbid", {})) <= {"names"}, case["id"]
        assert isinstance(case["answerable"], bool), case["id"]
        if not case["answerable"]:
            assert case["expect"] == {}, case["id"]


def test_the_blind_set_repeats_no_development_question() -> None:
    def norm(text: str) -> str:
        return text.lower().strip(" ?!.")

    dev = {norm(t) for c in _load("answers_dev.yaml")["cases"] for t in c["turns"]}
    assert [t for c in _load("answers_blind.yaml")["cases"] for t in c["turns"] if norm(t) in dev] == []


@cache
def _mailbox(box: str, now: str) -> tuple[str, frozenset[str], frozenset[str]]:
    """The home's mail as text, the amounts its facts hold, and the dates its facts hold."""
    moment = datetime.fromisoformat(now).astimezone(ZoneInfo(ZONES[box]))
    mail = generate_demo(moment, seed=7) if box == "demo" else generate_second(moment, seed=7)
    text, amounts, dates = [], set(), set()
    for m in mail:
        parsed = parse_message(m.raw)
        text += [parsed.sender_name or "", parsed.subject, read_body(m.raw).text]
        for key, value in m.facts.items():
            if key in ("amount", "minimum"):
                amounts.add(value)
            elif key in ("due_date", "start", "was", "arrive", "return", "return_arrive"):
                dates.add(value[:10])
    return "\n".join(text), frozenset(amounts), frozenset(dates)


def _cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for name in SETS:
        data = _load(name)
        out += [(data["homes"][c["mailbox"]]["now"], c) for c in data["cases"]
                if c["answerable"] and c["capability"] not in ("reminders", "brief")]
    return out


@pytest.mark.parametrize(("now", "case"), _cases(), ids=lambda v: v["id"] if isinstance(v, dict) else "")
def test_the_expected_answer_is_in_the_mail(now: str, case: dict[str, Any]) -> None:
    text, amounts, dates = _mailbox(case["mailbox"], now)
    expect = case["expect"]
    for name in expect.get("names", []):
        assert name in text, f"{case['id']}: {name!r} is in none of the mail"
    # an amount is one a message states, or a total per currency (which no message states)
    total = len(expect.get("currencies", [])) > 1 or len(expect.get("amounts", [])) == 1 and not expect.get("names")
    for amount in expect.get("amounts", []):
        assert amount in amounts or total, f"{case['id']}: no message states {amount}"
    for day in expect.get("dates", []):
        assert day in dates, f"{case['id']}: no message is about {day}"
