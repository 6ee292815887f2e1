"""One time of a repeating reminder moved or skipped over HTTP (`POST /reminders/{id}/move|skip`, what the
page's Today panel sends), through the same service as `steward reminders move|cancel` and chat: the time
shown is named by `at`, a later time is refused until it is the next, bad input is one line of JSON and
nothing changes, and each change has its audit line."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from serve_helpers import in_process

NOW = "2026-12-01T08:00:00-05:00"  # a Tuesday morning in New York
TODAY_6PM = "2026-12-01T18:00:00-05:00"
TOMORROW_6PM = "2026-12-02T18:00:00-05:00"


@pytest.fixture
def home(steward_home: Path, cli: Callable[..., Any], monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/New_York")
    ids = {}
    for when, text in (("every day at 6 pm", "feed the fish"), ("tomorrow at 5 pm", "call mum")):
        r = cli("--now", NOW, "--json", "remind", when, text)
        assert r.code == 0, r.err
        ids[text] = r.json()["id"]
    return ids


@pytest.fixture
def client(steward_home: Path, home: dict[str, int]) -> Iterator[TestClient]:
    with TestClient(in_process(steward_home, NOW), base_url="http://127.0.0.1:8765") as c:  # type: ignore[arg-type]
        yield c


def reminders_of(client: TestClient, when: str) -> list[tuple[str, str, str | None, bool]]:
    items = client.get("/schedule", params={"when": when}).json()["items"]
    return [(i["text"], i["at"][11:16], i.get("state"), bool(i.get("ahead"))) for i in items if i["kind"] == "reminder"]


def one_line(r: Any, status: int) -> str:
    assert r.status_code == status, r.text
    body = r.json()
    assert set(body) == {"error", "message"} and "\n" not in body["message"], body
    return str(body["message"])


def test_the_time_shown_is_moved_then_skipped_and_the_others_stay(client: TestClient, home: dict[str, int],
                                                                  steward_home: Path) -> None:
    fish = home["feed the fish"]
    assert reminders_of(client, "today") == [("feed the fish", "18:00", None, False)]
    assert reminders_of(client, "tomorrow") == [("call mum", "17:00", None, False), ("feed the fish", "18:00", None, True)]

    moved = client.post(f"/reminders/{fish}/move", json={"when": "7:30 pm", "at": TODAY_6PM})
    assert moved.status_code == 200, moved.text
    assert moved.json()["due"] == "2026-12-01T19:30:00-05:00"
    assert reminders_of(client, "today") == [("feed the fish", "19:30", "moved", False)]

    # the time shown is the one skipped: the one it has now (19:30), not the one it had
    skipped = client.post(f"/reminders/{fish}/skip", json={"at": "2026-12-01T19:30:00-05:00"})
    assert skipped.status_code == 200, skipped.text
    assert skipped.json()["status"] == "cancelled" and skipped.json()["next"] == TOMORROW_6PM
    assert reminders_of(client, "today") == [("feed the fish", "19:30", "skipped", False)]
    # tomorrow's is the next now: its own row, changeable
    assert reminders_of(client, "tomorrow") == [("call mum", "17:00", None, False), ("feed the fish", "18:00", None, False)]

    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load
    from steward.store import audit

    paths = resolve_paths(str(steward_home))
    app = build_app(load(paths.config_file), make_clock("America/New_York", NOW), paths)
    try:
        lines = [(e["kind"], e["provenance"]["command"]) for e in audit.entries(app.db)
                 if e["kind"] in ("reminder.move", "reminder.cancel")]
    finally:
        app.close()
    assert lines == [("reminder.move", f"POST /reminders/{fish}/move"), ("reminder.cancel", f"POST /reminders/{fish}/skip")]


def test_every_time_from_now_on(client: TestClient, home: dict[str, int]) -> None:
    fish = home["feed the fish"]
    r = client.post(f"/reminders/{fish}/move", json={"when": "8 pm", "series": True})
    assert r.status_code == 200, r.text
    assert reminders_of(client, "today") == [("feed the fish", "20:00", None, False)]
    assert [x[:2] for x in reminders_of(client, "friday")] == [("feed the fish", "20:00")]


@pytest.mark.parametrize(("which", "path", "body", "status", "piece"), [
    ("feed the fish", "skip", {"at": TOMORROW_6PM}, 400, "only the next time of 'feed the fish'"),
    ("feed the fish", "move", {"when": "9 pm", "at": TOMORROW_6PM}, 400, "only the next time"),
    ("feed the fish", "skip", {"at": "2026-12-01T17:00:00-05:00"}, 404, "is not at"),
    ("feed the fish", "move", {"when": "the day after the heat death"}, 400, ""),
    ("feed the fish", "move", {"when": "yesterday at 9 am"}, 400, "has already passed"),
    ("feed the fish", "move", {"when": "every tuesday"}, 400, "is a repeat, not one time"),
    ("feed the fish", "move", {"when": "   "}, 400, "say where to move it"),
    ("feed the fish", "move", {"when": "whenever the moon is blue", "series": True}, 400, "nothing was changed"),
    ("feed the fish", "move", {"when": "9 pm", "colour": "red"}, 422, ""),
    ("feed the fish", "move", {}, 422, ""),
    ("call mum", "skip", {}, 400, "does not repeat: cancel it instead"),
    ("call mum", "move", {"when": "9 pm", "series": True}, 400, "does not repeat"),
    (None, "skip", {}, 404, "no reminder #"),
    (None, "move", {"when": "9 pm"}, 404, "no reminder #"),
])
def test_bad_input_is_one_line_and_nothing_changes(client: TestClient, home: dict[str, int], which: str | None,
                                                   path: str, body: dict[str, Any], status: int, piece: str) -> None:
    before = client.get("/reminders", params={"all": True}).json()
    target = home[which] if which else 99999999999999999999999
    message = one_line(client.post(f"/reminders/{target}/{path}", json=body), status)
    assert piece in message
    assert client.get("/reminders", params={"all": True}).json() == before
