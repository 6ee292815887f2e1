"""People named the way the person speaks of them: a mother who signs her mail "Mamá" is "mum", "mom" and
"my mother"; a brother who signs "Tavo" is "Tavo"; two who sign alike are asked about, never one picked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mail_files import eml
from steward.reader.lists import _signatures
from steward.reader.words import load_words

NOW = "2026-09-20T10:00:00-06:00"


@pytest.fixture
def home(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/Denver")
    mail = tmp_path / "mail"
    eml(mail, "m1", "rosa.quintero@example.org", "Domingo", "Hola mija, are you coming on Sunday? Besos, Mamá",
        "2026-09-14T09:00:00-06:00", "Rosa Quintero")
    eml(mail, "m2", "rosa.quintero@example.org", "Recipe", "Here is the tamales recipe you asked for. Mamá",
        "2026-09-17T09:00:00-06:00", "Rosa Quintero")
    eml(mail, "b1", "gustavo.q@example.org", "Game night", "Bring chips this time. Tavo",
        "2026-09-15T09:00:00-06:00", "Gustavo Quintero")
    eml(mail, "b2", "gustavo.q@example.org", "Ride", "I can drive us to the airport. Cheers, Tavo",
        "2026-09-18T09:00:00-06:00", "Gustavo Quintero")
    eml(mail, "b3", "gustavo.q@example.org", "Flat tyre", "Running late, the car has a flat. Tavo",
        "2026-09-20T06:50:00-06:00", "Gustavo Quintero")
    eml(mail, "w1", "news@hikingclub.example", "Trail report", "The north loop is open again. Trail Team",
        "2026-09-16T09:00:00-06:00", "Foothills Hiking Club")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0

    def say(text: str) -> str:
        out = cli("--now", NOW, "--json", "chat", "--session", f"f-{text}", text)
        assert out.code == 0, out.err
        return str(out.json()["reply"])

    return say


@pytest.mark.parametrize("asked", ["what did my mom send me?", "any mail from mum?", "has mamá written?",
                                   "how many emails have I had from my mother?"])
def test_a_mother_who_signs_with_a_word_for_mother_is_named_by_every_such_word(home: Any, asked: str) -> None:
    reply = home(asked)
    assert "Rosa Quintero" in reply and "Gustavo" not in reply and "Foothills" not in reply, reply


def test_a_name_a_person_signs_with_names_them(home: Any) -> None:
    reply = home("anything from Tavo?")
    assert "Gustavo Quintero" in reply and "Rosa" not in reply, reply


def test_a_signature_is_a_word_that_ends_mail_twice_or_after_a_sign_off() -> None:
    rw = load_words()
    ends = [("a@x.example", "see you soon. Love, Dee"), ("b@x.example", "the meeting is at Union"),
            ("c@x.example", "call me tonight. Mãe")]
    signed = _signatures(ends, rw)
    assert signed["a@x.example"] == ("Dee",) and signed["c@x.example"] == ("Mãe",)
    assert signed["b@x.example"] == ()  # a place ending one message is no signature


def test_a_part_of_the_day_asked_of_a_sender_is_a_window_of_hours(home: Any) -> None:
    morning = home("any mail from Gustavo this morning?")
    assert "Flat tyre" in morning and "Ride" not in morning, morning
    assert "Nothing from Rosa Quintero" in home("anything from Rosa this morning?")
