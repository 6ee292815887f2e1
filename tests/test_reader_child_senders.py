"""A child's school said by whose it is ("has Leo's school emailed me?", "anything from the kids' school?",
"did Maya's teacher write?") is the sender of that kind whose mail names the child: a school writing under its
own name, or a sign-up service writing for it; never a grandmother's note that mentions the kids' school, a
shop's "back to school" promotion, nor another child's school. The mail here is written for these tests."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mail_files import eml

NOW = "2027-03-10T08:00:00-07:00"


@pytest.fixture
def ask(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[str], str]:
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/Phoenix")
    mail = tmp_path / "mail"
    # Leo's school writes through a sign-up service; the child is named in the body, past the first lines
    eml(mail, "s1", "no-reply@signupsheet.example", "You signed up for Spring Parent-Teacher Conferences",
        "Hi Sam,\n\nThanks for signing up! Here is your slot:\n\nSpring Parent-Teacher Conferences - Ms. Ruiz, "
        "1st Grade\nSaguaro Elementary, Room 4\nMarch 18, 2027, 3:30 PM - 3:45 PM\n\n" + "Details. " * 60
        + "\nStudent: Leo Park", "2027-03-02T19:00:00-07:00", "SignUpSheet")
    # Maya's school writes under its own name
    eml(mail, "m1", "office@mesaverdemiddle.example", "Field trip permission slip",
        "Dear families of 6th grade, Maya Park's class goes to the science museum on March 20. Please sign the "
        "permission slip.\n\nMesa Verde Middle School", "2027-03-05T10:00:00-07:00", "Mesa Verde Middle School")
    # Noah's teacher writes from their own address and signs with the school's name
    eml(mail, "t1", "j.alvarez@sgusd.example", "Noah's reading log", "Hi Sam,\n\nNoah has read every night this "
        "week, well done to him. Please sign his log on Friday.\n\nThanks,\nMr. Alvarez\n2nd Grade, Saguaro "
        "Elementary", "2027-03-08T15:00:00-07:00", "Jorge Alvarez")
    # what says "school" but is no school's mail
    eml(mail, "g1", "grandma.park@example.org", "Sunday", "Bring a picture of the kids' school photos, and Leo's "
        "drawing!\n\nLove, Grandma", "2027-03-06T18:00:00-07:00", "Eun-ji Park")
    eml(mail, "p1", "deals@sunmart.example", "Back to school savings", "Backpacks, lunch boxes and more. "
        "Unsubscribe any time.", "2027-03-04T06:00:00-07:00", "SunMart Deals")
    for n in range(3):  # enough other mail that the person's address is plainly theirs
        eml(mail, f"x{n}", "hello@readmore.example", f"New arrivals {n}", "New titles are in.",
            f"2027-02-2{n}T10:00:00-07:00", "ReadMore Books")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0

    def say(text: str) -> str:
        out = cli("--now", NOW, "--json", "chat", "--session", f"s-{text}", text)
        assert out.code == 0, out.err
        return str(out.json()["reply"])

    return say


def test_a_childs_school_is_the_sender_whose_mail_names_the_child(ask: Callable[[str], str]) -> None:
    reply = ask("has Leo's school emailed me anything?")
    assert "Parent-Teacher Conferences" in reply
    assert "Field trip" not in reply and "Sunday" not in reply and "Back to school" not in reply


def test_another_childs_school_writing_under_its_own_name(ask: Callable[[str], str]) -> None:
    reply = ask("any mail from Maya's school?")
    assert "Field trip permission slip" in reply
    assert "Parent-Teacher" not in reply


def test_the_kids_school_is_every_school_that_writes_never_a_note_or_a_promotion(ask: Callable[[str], str]) -> None:
    reply = ask("anything from the kids' school?")
    assert "Parent-Teacher Conferences" in reply and "Field trip permission slip" in reply
    assert "Sunday" not in reply and "Back to school" not in reply


def test_a_childs_teacher_said_so_is_looked_up_the_same_way(ask: Callable[[str], str]) -> None:
    assert "Field trip permission slip" in ask("did Maya's teacher write?")


def test_a_teacher_writing_from_their_own_address_is_the_school_their_signature_names(
        ask: Callable[[str], str]) -> None:
    reply = ask("did Noah's school email me?")
    assert "Noah's reading log" in reply and "Jorge Alvarez" in reply
    assert "Field trip" not in reply and "Sunday" not in reply and "Parent-Teacher" not in reply


def test_a_childs_teacher_is_the_teachers_own_mail_never_the_school_offices(cli: Any, tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/Phoenix")
    mail = tmp_path / "mail"
    # the school office's fees notice names the child; so does the teacher's own note, signed with her role
    eml(mail, "f1", "bursar@pinecrestacademy.example", "Term fees for Ava Lopez", "Dear parent,\n\nThe spring term "
        "fees for Ava Lopez are $640.00, due by March 31.\n\nBursar, Pinecrest Academy",
        "2027-03-03T09:00:00-07:00", "Pinecrest Academy")
    eml(mail, "t2", "k.osei@pinecrestacademy.example", "Ava's science project", "Hi,\n\nAva's volcano was the star "
        "of the class today! Please send in a shoebox for the next project.\n\nKwame Osei\nYear 3 Teacher\nPinecrest "
        "Academy", "2027-03-09T15:00:00-07:00", "Kwame Osei")
    for n in range(3):  # enough other mail that the person's address is plainly theirs
        eml(mail, f"y{n}", "hello@readmore.example", f"New arrivals {n}", "New titles are in.",
            f"2027-02-2{n}T10:00:00-07:00", "ReadMore Books")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    out = cli("--now", NOW, "--json", "chat", "--session", "s-teacher", "did Ava's teacher write?")
    assert out.code == 0, out.err
    reply = str(out.json()["reply"])
    assert "Ava's science project" in reply and "Term fees" not in reply, reply
