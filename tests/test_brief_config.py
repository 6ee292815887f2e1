"""The brief is configured by saying so: every phrasing of the project's set makes its change, the brief
shown right after shows it, every change is in the audit log and can be undone."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import brief_config as phrase_set  # noqa: E402
from steward.app import App  # noqa: E402
from steward.store import audit  # noqa: E402
from steward.vocab import load_vocab  # noqa: E402
from steward.vocab.language import is_action_request  # noqa: E402

ADR_0103 = "Can you update my daily briefing to add the outstanding dues"


@pytest.fixture(scope="module")
def shared_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[App]:
    app = phrase_set.app_in(tmp_path_factory.mktemp("brief-phrases"))
    yield app
    app.close()


@pytest.fixture
def app(steward_home: Path) -> Iterator[App]:
    built = phrase_set.app_in(steward_home)
    yield built
    built.close()


def test_the_phrase_set_is_large_and_varied() -> None:
    cases = phrase_set.CASES
    assert len(cases) >= 40
    kinds = {c.kind for c in cases}
    assert {"add", "remove", "move", "options", "show", "undo", "reset"} <= kinds
    assert sum("polite" in c.tags for c in cases) >= 5 and sum("terse" in c.tags for c in cases) >= 5
    assert sum("dues-word" in c.tags for c in cases) >= 10


@pytest.mark.parametrize("case", phrase_set.CASES, ids=[c.text[:60] for c in phrase_set.CASES])
def test_each_phrasing_makes_its_change_and_show_my_brief_shows_it(case: phrase_set.Case, shared_app: App) -> None:
    assert phrase_set.run_case(case, shared_app, f"t-{phrase_set.CASES.index(case)}") == []


def test_adr_0103_sentence_configures_the_brief_never_lists_dues(app: App) -> None:
    names = [i.name for i in app.intercepts]
    assert names[0] == "brief_config"  # before every read intercept, the dues one included
    assert names.index("brief_config") < names.index("reader")
    trace = app.engine.turn(ADR_0103, session="s")
    assert trace.handled_by == "brief_config"
    assert [w.kind for w in trace.writes] == ["brief_prefs"]
    shown = app.engine.turn("show my brief", session="s")
    assert [s["slot"] for s in shown.data["sections"]][0] == "dues"
    # with the intercept off, the sentence still goes to `action`, never to the finance reads
    assert app.engine.route(ADR_0103).intent == "action"


def test_reads_decline_a_config_turn() -> None:
    vocab = load_vocab()
    for text in ("only show insurance and rent dues for the next 7 days in my brief", ADR_0103,
                 "remove newsletters from my briefing", "what's in my brief?"):
        assert is_action_request(text, vocab), text
    assert not is_action_request("show my brief", vocab)


def test_every_change_is_audited_and_undo_walks_back_one_step_at_a_time(app: App) -> None:
    engine = app.engine
    engine.turn("remove the dues section from my brief", session="s")
    engine.turn("put the inbox first in my brief", session="s")
    slots = [s["slot"] for s in engine.turn("show my brief", session="s").data["sections"]]
    assert slots[0] == "inbox" and "dues" not in slots
    engine.turn("undo that change to my brief", session="s")
    slots = [s["slot"] for s in engine.turn("show my brief", session="s").data["sections"]]
    assert slots[0] == "schedule" and "dues" not in slots
    engine.turn("undo the last change to my brief", session="s")
    slots = [s["slot"] for s in engine.turn("show my brief", session="s").data["sections"]]
    assert slots == list(phrase_set.DEFAULT)
    nothing = engine.turn("undo that change to my brief", session="s")
    assert nothing.reply == "There is nothing to undo in your brief" and not nothing.writes
    kinds = [e["kind"] for e in audit.entries(app.db) if e["kind"].startswith("brief.")]
    assert kinds == ["brief.config.remove", "brief.config.move", "brief.config.undo", "brief.config.undo"]
    first = next(e for e in audit.entries(app.db) if e["kind"] == "brief.config.remove")
    assert first["provenance"]["via"] == "turn" and first["detail"]["after"]["removed"] == ["dues"]


def test_a_change_that_changes_nothing_says_so_and_writes_nothing(app: App) -> None:
    trace = app.engine.turn("put my schedule first", session="s")
    assert "already" in trace.reply and not trace.writes
    assert not app.brief.prefs_file.path.exists()


def test_a_dry_run_says_what_it_would_do_and_writes_nothing(app: App) -> None:
    trace = app.engine.turn("remove the dues section from my brief", session="s", dry_run=True)
    assert trace.reply.startswith("I would change your brief") and trace.writes
    assert not app.brief.prefs_file.path.exists()


def test_a_broken_prefs_file_is_one_clear_error(app: App, cli) -> None:
    path = app.brief.prefs_file.path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json")
    r = cli("brief")
    assert r.code == 1 and r.err.count("\n") == 1
    assert "not valid JSON" in r.err and "delete it to get the full brief back" in r.err


def test_the_prefs_file_keeps_only_what_the_user_said(app: App) -> None:
    app.engine.turn("only show insurance and rent dues for the next 7 days in my brief", session="s")
    saved = json.loads(app.brief.prefs_file.path.read_text())
    assert saved["prefs"] == {"order": [], "removed": [],
                              "options": {"dues": {"window_days": 7, "categories": ["insurance", "rent"]}}}
    assert len(saved["history"]) == 1


def test_two_writers_at_once_lose_no_change(steward_home: Path) -> None:
    import threading

    from steward.brief.config import ConfigRequest, OptionChange

    apps = [phrase_set.app_in(steward_home) for _ in range(2)]
    errors: list[BaseException] = []

    def write(app: App, days: range) -> None:
        try:
            for n in days:
                app.brief.configure(ConfigRequest("options", "dues", None, (OptionChange("window_days", "set", n),)),
                                    provenance={"via": "api"})
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=write, args=(apps[0], range(1, 11))),
               threading.Thread(target=write, args=(apps[1], range(11, 21)))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    saved = json.loads(apps[0].brief.prefs_file.path.read_text())
    assert len(saved["history"]) == 20
    from steward.store import connect

    conn = connect(steward_home / "steward.db")
    assert len([e for e in audit.entries(conn) if e["kind"] == "brief.config.options"]) == 20
    conn.close()


def test_a_reminder_about_the_brief_is_a_reminder(app: App) -> None:
    trace = app.engine.turn("remind me tomorrow at 9 to add the dues to my brief", session="s")
    assert trace.handled_by == "reminder_creation" and [w.kind for w in trace.writes] == ["reminder"]
    assert not app.brief.prefs_file.path.exists()
