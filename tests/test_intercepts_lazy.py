"""Intercepts built when a turn reaches them: each entry of the registry is its class, and a word gate is
shut only to turns its intercept's parser reads as nothing (so a turn passed by is one it would not
have claimed). The gate is checked on every sentence of the development sets and on fresh ones."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from steward.assistant.intercepts.lazy import LazyIntercept, WordGate, event_gate, manage_gate, reminder_gate
from steward.calendar.event_talk import load_event_words, parse_add, parse_change
from steward.calendar.reminders.requests import load_manage_words, parse_request
from steward.clock import make_clock
from steward.vocab import Phrases, load_vocab, words

TESTS = Path(__file__).resolve().parent
CLOCK = make_clock("Europe/London", "2026-12-05T10:00:00+00:00")

# fresh sentences for each way a reminder change is said (a move, a cancel, a snooze, done, a listing,
# "it" after one), and questions that are none of them
FRESH = [
    "push the passport renewal one to next week", "bin the reminder about the boiler", "move it to 4",
    "which reminders have i got for the weekend", "snooze that for ten minutes", "mark the passport one done",
    "i've done it", "scrap the 6 pm one", "anything left on my list of reminders",
    "how much is my water bill", "what have i got on next tuesday", "did the landlord write back",
    "cancel", "please get rid of the yoga reminder", "never mind the 6 pm one", "",
]

# fresh sentences for each shape an event change is said in, and questions that are none of them
FRESH_EVENTS = [
    "add a haircut on thursday at 2", "could you pencil in squash with Tomasz next monday 7pm",
    "shift the vet to the 19th", "bring the budget review forward a day", "pull the retro back half an hour",
    "shorten the planning session to 20 minutes", "drop the pottery class on the 11th",
    "no pottery class this thursday", "there's no choir on the 2nd", "i can't make the run on saturday",
    "the book club is moving to 8 pm from the 9th", "the run is at 7 instead on sunday",
    "the choir finishes on the 18th", "the last pottery class is on the 20th", "from friday the standup is at 9:30",
    "swimming will be at 6 going forward", "take the run on the 2nd off my calendar",
    "stop the weekly retro after january", "just this once push the run to 8", "make every run 7 am",
    "swap the retro to mondays", "pause the choir until february", "the run is off on sunday",
    "all future retros → 10am", "retro → tuesdays", "the retro: stop after may",
    "the recital goes on until 6", "the pottery class isn't happening on the 12th", "the quiz night is no longer happening",
    "sorry, 4pm not 3", "no, 9:30", "oops i meant 5", "sorry, tmrw", "no squash on the 14th",
    "what time is the dentist", "is the choir on friday", "how much is the water bill this month",
    "what do I owe this month?", "what's on my calendar tomorrow",
    *(IDLE := ["what's happening this sunday?", "what about the weekend after?", "no, the savings account",
               "sorry, I meant the vet", "until what hour is the pharmacy open?", "talk me through the gas bill",
               "is anything happening tonight?"]),
]


def _development_sentences() -> list[str]:
    spec = importlib.util.spec_from_file_location("eval_sets", TESTS / "test_eval_sets.py")
    assert spec is not None and spec.loader is not None
    sets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sets)
    out: list[str] = []
    for name, entry in sets.declared().items():
        if entry.get("kind") == "development" and name.endswith((".yaml", ".json")) and "labelled" not in name:
            out += [s for s in sets.set_sentences(name, entry) if len(s) < 300]
    return out


@pytest.fixture(scope="module")
def sentences() -> list[str]:
    found = _development_sentences() + FRESH
    assert len(found) > 500  # the development sets are read (their names and places are bench/data/sets.yaml)
    return found


def test_a_turn_the_reminder_gate_is_shut_to_is_no_reminder_change(sentences: list[str]) -> None:
    gate, manage, vocab = manage_gate(), load_manage_words(), load_vocab()
    assert all(type(p) is Phrases for p in (*manage.verbs.values(), manage.list_phrases, manage.nouns))
    shut = 0
    for text in sentences:
        if gate.open_to(words(text), text):
            continue
        shut += 1
        assert parse_request(text, manage, vocab, CLOCK) is None, text
    assert shut > len(sentences) // 3


def test_the_gate_is_built_from_the_words_the_parser_reads() -> None:
    manage = load_manage_words()
    for phrase in (*manage.list_phrases, *manage.nouns, *(p for v in manage.verbs.values() for p in v)):
        assert manage_gate().open_to(list(phrase)), phrase
    assert not WordGate(phrases=[("put", "off")]).open_to(["put", "it", "off"])
    assert WordGate(firsts={"move"}).open_to(["please", "move", "it"])


def test_each_entry_of_the_registry_is_its_intercept(app_on) -> None:  # type: ignore[no-untyped-def]
    app = app_on("Europe/London", "2026-12-05T10:00:00+00:00")
    for entry in app.intercepts:
        if not isinstance(entry, LazyIntercept):
            continue
        built = entry.built
        assert (entry.name, entry.reads_only, entry.answers_no) == \
            (built.name, built.reads_only, bool(getattr(built, "answers_no", False)))
        assert not hasattr(built, "context") and not hasattr(built, "reading"), \
            f"{entry.name} tells the model what it read: build it at once, as the reader is"


def test_a_money_question_builds_no_reminder_change(app_on) -> None:  # type: ignore[no-untyped-def]
    app = app_on("Europe/London", "2026-12-05T10:00:00+00:00")
    trace = app.engine.turn("what do I owe this month?", dry_run=True)
    assert trace.handled_by == "reader"
    lazy = {i.name: i for i in app.intercepts if isinstance(i, LazyIntercept)}
    assert lazy["reminder_management"]._built is None
    assert lazy["event_changes"]._built is None
    assert lazy["reminder_creation"]._built is None
    listed = app.engine.turn("which reminders do I have?", dry_run=True)
    assert lazy["reminder_management"]._built is not None and listed.handled_by == "reminder_management"


def test_a_turn_the_event_gate_is_shut_to_is_no_event_change(sentences: list[str]) -> None:
    gate, event_words, manage, vocab = event_gate(), load_event_words(), load_manage_words(), load_vocab()
    shut = 0
    for text in [*sentences, *FRESH_EVENTS]:
        if gate.open_to(words(text), text):
            continue
        shut += 1
        assert parse_add(text, event_words, vocab, CLOCK) is None, text
        assert parse_change(text, event_words, manage, vocab, CLOCK) is None, text
    assert shut > len(sentences) // 4


def test_each_fresh_event_change_is_read_and_passes_the_gate() -> None:
    gate, event_words, manage, vocab = event_gate(), load_event_words(), load_manage_words(), load_vocab()
    changes = FRESH_EVENTS[:FRESH_EVENTS.index("what time is the dentist")]
    for text in changes:
        read = parse_add(text, event_words, vocab, CLOCK) or parse_change(text, event_words, manage, vocab, CLOCK)
        assert read is not None, text
        assert gate.open_to(words(text), text), text
    for text in FRESH_EVENTS[len(changes):]:
        assert parse_add(text, event_words, vocab, CLOCK) is None, text
        assert parse_change(text, event_words, manage, vocab, CLOCK) is None, text


def test_a_change_word_said_where_no_change_is_leaves_the_gate_shut() -> None:
    # "happening" with no no before it, a correction's word with no time, a series' bound with no day after it
    gate = event_gate()
    for text in IDLE:
        assert not gate.open_to(words(text), text), text


def test_a_turn_the_new_reminder_gate_is_shut_to_says_no_trigger(sentences: list[str]) -> None:
    from steward.vocab import match_at

    vocab = load_vocab()
    gate = reminder_gate(vocab)
    for phrase in (*vocab.reminder_triggers, *vocab.todo_triggers):
        assert gate.open_to(list(phrase)), phrase
    shut = 0
    for text in [*sentences, "remind me to call the vet at 4", "put bins out on my to-do list for 7 pm"]:
        norms = words(text)
        said = any(match_at(norms, i, lists) for lists in (vocab.reminder_triggers, vocab.todo_triggers)
                   for i in range(len(norms)))
        assert gate.open_to(norms) == said, text
        shut += not said
    assert shut > len(sentences) // 2
