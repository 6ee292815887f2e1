"""Family words, resolved against the person's own mail: a grandmother who signs "— Ah Ma" or "阿嬷", a
father the person greets "Hi Dad,", a mother called "Mum" in her display name. A family word no one is known
by is said so, with the people it could be, never answered with the mail of someone a shorter word inside it
("Ma" in "Ah Ma") or a shared surname points at; a thing said as someone's ("Dad's 70th") is the day the
mail that says it gives; whether a place got back about a booking is that booking's status. In another home,
people are named the way the person speaks of them: a mother who signs her mail "Mamá" is "mum", "mom" and
"my mother"; a brother who signs "Tavo" is "Tavo"."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path
from typing import Any

import pytest

from mail_files import eml
from steward.reader import kin
from steward.reader.lists import _signatures
from steward.reader.match import name_tokens
from steward.reader.words import load_words

NOW = "2026-10-05T09:00:00+08:00"
SIGNERS_NOW = "2026-09-20T10:00:00-06:00"


def _asked_at(cli: Any, now: str, session: str) -> Callable[[str], str]:
    """What the person is told for a question asked at `now`, each question in a conversation of its own."""

    def say(text: str) -> str:
        out = cli("--now", now, "--json", "chat", "--session", f"{session}-{text}", text)
        assert out.code == 0, out.err
        return str(out.json()["reply"])

    return say


def _sent(folder: Path, name: str, to: str, subject: str, body: str, when: str) -> None:
    """A message the person sent (from the address all their other mail is sent to)."""
    msg = EmailMessage()
    msg["From"] = "Mei Ling <me@example.org>"
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = format_datetime(datetime.fromisoformat(when))
    msg["Message-ID"] = f"<{name}@tests.example>"
    msg.set_content(body)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.eml").write_bytes(bytes(msg))


@pytest.fixture
def home(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setenv("STEWARD_TIMEZONE", "Asia/Kuala_Lumpur")
    mail = tmp_path / "mail"
    # a grandmother who writes in Chinese and signs with the family's word for her
    eml(mail, "g1", "lim.swee.eng@example.org", "想你们", "星期天来吃饭吧。带孩子们一起来。\n\n阿嬷",
        "2026-10-01T09:00:00+08:00", "Lim Swee Eng")
    # a mother who signs "Love, Mum x", and who names the grandmother in passing (no evidence of who she is)
    eml(mail, "m1", "tan.bee.hoon@example.org", "Sunday", "Ah Ma was so happy to see the kids.\n\nLove, Mum x",
        "2026-09-28T18:00:00+08:00", "Tan Bee Hoon")
    # a father the person greets "Hi Dad," in mail she sent him, who signs with his first name
    eml(mail, "d1", "tan.kok.wah@example.org", "Car", "The car is fixed, you can collect it.\n\nKok Wah",
        "2026-09-30T08:00:00+08:00", "Tan Kok Wah")
    _sent(mail, "s1", "tan.kok.wah@example.org", "Re: Car", "Hi Dad, thanks! I'll come by on Saturday.",
          "2026-09-30T09:00:00+08:00")
    # a sister who writes about their father's birthday, and a cousin who shares the family name
    eml(mail, "b1", "tan.wei.ling@example.org", "Dad's 70th", "For Dad's 70th on 14 November let's book the "
        "restaurant early. Can you call them?\n\nWei", "2026-10-02T20:00:00+08:00", "Tan Wei Ling")
    eml(mail, "c1", "tan.jun.hao@example.org", "Badminton", "Court 3 on Thursday?\n\nJun Hao",
        "2026-10-03T20:00:00+08:00", "Tan Jun Hao")
    # two aunts who both sign as one
    eml(mail, "a1", "wong.siew.mei@example.org", "Mooncakes", "I dropped off mooncakes for the kids.\n\nLove, Aunty",
        "2026-09-29T12:00:00+08:00", "Wong Siew Mei")
    eml(mail, "a2", "lee.ai.ling@example.org", "Photos", "Here are the photos from the wedding. Hugs, Auntie",
        "2026-09-27T12:00:00+08:00", "Lee Ai Ling")
    # an uncle whose display name says so
    eml(mail, "u1", "bob.lim@example.org", "Durians", "The durians are in season, come over on Saturday.",
        "2026-09-26T12:00:00+08:00", "Uncle Bob")
    eml(mail, "n1", "news@hawkerdeals.example", "This week's deals", "Half-price kaya toast all week.",
        "2026-10-04T07:00:00+08:00", "Hawker Deals")
    for n in range(3):  # enough mail to the person that her address is plainly hers
        eml(mail, f"x{n}", "hello@bookshop.example", f"New arrivals {n}", "New titles are in.",
            f"2026-09-2{n}T10:00:00+08:00", "Chapter Books")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    return _asked_at(cli, NOW, "k")


@pytest.mark.parametrize("asked", ["What did Ah Ma write to me?", "anything from grandma?", "mail from 阿嬷",
                                   "has my granny emailed?"])
def test_a_grandmother_who_signs_in_her_own_script_is_named_by_every_word_for_her(home: Any, asked: str) -> None:
    reply = home(asked)
    assert "Lim Swee Eng" in reply and "Tan Bee Hoon" not in reply, reply


@pytest.mark.parametrize("asked", ["what did mum send me?", "any mail from my mother?", "has mom written?"])
def test_a_mother_who_signs_love_mum_is_named_by_every_word_for_mother(home: Any, asked: str) -> None:
    reply = home(asked)
    assert "Tan Bee Hoon" in reply and "Lim Swee Eng" not in reply, reply


def test_the_person_greeting_someone_hi_dad_makes_him_dad(home: Any) -> None:
    reply = home("did my dad email me?")
    assert "Tan Kok Wah" in reply and "Tan Wei Ling" not in reply and "Tan Jun Hao" not in reply, reply


def test_a_family_word_no_one_is_known_by_is_said_so_with_the_people_it_could_be(home: Any) -> None:
    reply = home("what did my brother send me?")
    # never a guess from the shared surname: the people who write in their own name are offered, and asked about
    assert "can't tell who" in reply and "Tan Jun Hao" in reply and reply.rstrip().endswith("?"), reply
    assert "Hawker Deals" not in reply and "Chapter Books" not in reply, reply


@pytest.mark.parametrize("asked", ["what did my brother say about the party?", "did I email my cousin?",
                                   "any mail from my mother-in-law?"])
def test_a_family_word_no_one_is_known_by_is_never_answered_about_the_rest_of_the_question(home: Any,
                                                                                            asked: str) -> None:
    reply = home(asked)
    assert "can't tell who" in reply and "Tan Bee Hoon" not in reply, reply


def test_a_display_name_that_opens_with_a_family_word_is_named_by_every_word_for_it(home: Any) -> None:
    reply = home("what did my uncle send?")
    assert "Uncle Bob" in reply and "can't tell" not in reply, reply


def test_a_family_word_two_senders_are_known_by_asks_which(home: Any) -> None:
    reply = home("any mail from my aunt?")
    assert "Wong Siew Mei" in reply and "Lee Ai Ling" in reply and reply.rstrip().endswith("?"), reply
    assert "Mooncakes" not in reply, reply


def test_a_thing_said_as_someones_is_the_day_the_mail_that_says_it_gives(home: Any) -> None:
    reply = home("when is Dad's 70th?")
    assert "14 Nov" in reply and "Tan Wei Ling" in reply, reply
    # said in other words for the same person and thing
    assert "14 Nov" in home("when's my father's birthday?")


def test_a_thing_of_someones_no_mail_says_is_said_so_never_their_mail_listed(home: Any) -> None:
    reply = home("when is Dad's retirement party?")
    assert "can't tell when" in reply and "Car" not in reply, reply


def test_family_words_sign_a_message_only_at_its_end_after_a_sentence_or_a_sign_off() -> None:
    rw = load_words()
    assert kin.signed_with("带孩子们一起来。 阿嬷", rw) == "grandmother"
    assert kin.signed_with("带孩子们一起来。阿嬷", rw) == "grandmother"
    assert kin.signed_with("see you then — Ah Ma", rw) == "grandmother"
    assert kin.signed_with("see you Sunday. Love, Mum xx", rw) == "mother"
    assert kin.signed_with("all fixed now. Lola", rw) == "grandmother"
    assert kin.signed_with("lots of love, your Oma", rw) == "grandmother"
    assert kin.signed_with("Besos, Papá", rw) == "father"
    # speaking to them, or of them, is no signature
    assert kin.signed_with("Thanks for dinner, Mum", rw) is None
    assert kin.signed_with("say hi to your mum", rw) is None
    assert kin.signed_with("Love you Dad", rw) is None


def test_a_greeting_names_whom_the_person_wrote_to() -> None:
    rw = load_words()
    assert kin.greeted_as("Hi Mum, see you Sunday", rw) == "mother"
    assert kin.greeted_as("Dear Ah Gong, happy birthday", rw) == "grandfather"
    assert kin.greeted_as("Hey Sam, running late", rw) is None


def test_a_family_word_in_a_question_is_read_whole() -> None:
    rw = load_words()
    low = name_tokens("What did Ah Ma write to me?")[0]
    assert kin.said_in(low, rw) == {2: (2, "grandmother")}  # "Ah Ma", never the "Ma" inside it


def test_a_day_ahead_asked_of_someone_is_a_day_their_mail_speaks_of_never_one_it_came_on(home: Any) -> None:
    reply = home("what did Wei say about 14 November?")
    assert "speaks of" in reply and "Dad's 70th" in reply, reply
    reply = home("is my dad expecting me on Friday?")
    assert "None of Tan Kok Wah's mail speaks of Friday" in reply and "car is fixed" in reply, reply


def test_the_family_as_a_group_is_every_sender_a_family_word_names(home: Any) -> None:
    reply = home("anything from the family?")
    for who in ("Lim Swee Eng", "Tan Bee Hoon", "Tan Kok Wah", "Uncle Bob"):
        assert who in reply, reply
    # a shared family name is no evidence: the cousin nobody calls so is not among them
    assert "Tan Jun Hao" not in reply and "Hawker Deals" not in reply, reply


def test_a_family_word_said_after_a_name_is_a_title_never_the_person_s_own_relation(home: Any) -> None:
    reply = home("anything from Suresh uncle?")  # no Suresh writes: never Uncle Bob's mail
    assert "Uncle Bob" not in reply and "Durians" not in reply, reply


# -- people named by how they sign: a mother who signs "Mamá", a brother who signs "Tavo" --------

@pytest.fixture
def signers(cli: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """A home in Denver whose mother signs "Mamá" and whose brother signs "Tavo"."""
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
    assert cli("--now", SIGNERS_NOW, "mail", "import", str(mail)).code == 0
    return _asked_at(cli, SIGNERS_NOW, "f")


@pytest.mark.parametrize("asked", ["what did my mom send me?", "any mail from mum?", "has mamá written?",
                                   "how many emails have I had from my mother?"])
def test_a_mother_who_signs_with_a_word_for_mother_is_named_by_every_such_word(signers: Any, asked: str) -> None:
    reply = signers(asked)
    assert "Rosa Quintero" in reply and "Gustavo" not in reply and "Foothills" not in reply, reply


def test_a_name_a_person_signs_with_names_them(signers: Any) -> None:
    reply = signers("anything from Tavo?")
    assert "Gustavo Quintero" in reply and "Rosa" not in reply, reply


def test_a_signature_is_a_word_that_ends_mail_twice_or_after_a_sign_off() -> None:
    rw = load_words()
    ends = [("a@x.example", "see you soon. Love, Dee"), ("b@x.example", "the meeting is at Union"),
            ("c@x.example", "call me tonight. Mãe")]
    signed = _signatures(ends, rw)
    assert signed["a@x.example"] == ("Dee",) and signed["c@x.example"] == ("Mãe",)
    assert signed["b@x.example"] == ()  # a place ending one message is no signature


def test_a_part_of_the_day_asked_of_a_sender_is_a_window_of_hours(signers: Any) -> None:
    morning = signers("any mail from Gustavo this morning?")
    assert "Flat tyre" in morning and "Ride" not in morning, morning
    assert "Nothing from Rosa Quintero" in signers("anything from Rosa this morning?")


def test_a_word_for_a_mother_that_ends_a_snippet_cut_short_is_no_signature(cli: Any, tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A long mail's stored start, cut mid-word ("... 16:30 - Ma" of "Madrid"), is not signed by a mother."""
    monkeypatch.setenv("STEWARD_TIMEZONE", "America/Denver")
    mail = tmp_path / "mail"
    head = "Your tour itinerary is confirmed. Day 1: Lisbon city walk, Day 2: Sintra palaces, Day 3: coach from "
    head += "Lisbon to Porto at 09:00 - Porto 13:10, Day 4: a free day, Day 5: the flight TP1012 Porto 14:00 - Ma"
    assert len(head) == 200
    eml(mail, "t1", "trips@iberiatours.example", "Your Iberia Tours itinerary", head + "drid 16:30. Enjoy!",
        "2026-09-12T09:00:00-06:00", "Iberia Tours")
    for n in range(3):  # long mail enough that the store's snippets are seen cut at their length
        eml(mail, f"n{n}", "news@hikingclub.example", f"Trail report {n}", "The north loop is open again. " * 12,
            f"2026-09-1{n}T09:00:00-06:00", "Foothills Hiking Club")
    eml(mail, "m1", "rosa.quintero@example.org", "Domingo", "Hola mija, are you coming on Sunday? Besos, Mamá",
        "2026-09-14T09:00:00-06:00", "Rosa Quintero")
    assert cli("--now", SIGNERS_NOW, "mail", "import", str(mail)).code == 0
    reply = _asked_at(cli, SIGNERS_NOW, "cut")("any mail from mum?")
    assert "Rosa Quintero" in reply and "Iberia" not in reply, reply


@pytest.fixture(scope="module")
def leeds(app_in_own_home: Callable[[str, str], Any]) -> Any:
    """Claire's home in Leeds: her mam signs "Mam x", her brother Gary sent his half of a present."""
    from chat_helpers import demo_home_at

    return demo_home_at(app_in_own_home, "Europe/London", "2027-10-20T07:50:00+01:00", "thirteenth")


def test_someone_said_as_whose_a_thing_is_is_no_second_sender(leeds: Any) -> None:
    from chat_helpers import last_turn

    _, reply = last_turn(leeds, "has Gary sent his share of Mam's tablet?")
    assert "87.50" in reply and "Maureen" not in reply, reply
    _, reply = last_turn(leeds, "has Gary sent his share of Mam's tablet?", "what did he say in it?")
    assert "Gary" in reply and "tablet" in reply, reply


def test_a_persons_note_that_the_store_keeps_cut_short_is_said_whole(leeds: Any) -> None:
    from chat_helpers import last_turn

    _, reply = last_turn(leeds, "what's Dean said today?")
    assert "torch" in reply, reply


def test_the_time_a_relatives_mail_tells_on_the_day_asked_is_given_never_one_it_asks(cli: Any, tmp_path: Path,
                                                                                      monkeypatch: pytest.MonkeyPatch
                                                                                      ) -> None:
    monkeypatch.setenv("STEWARD_TIMEZONE", "Asia/Kuala_Lumpur")
    mail = tmp_path / "mail"
    eml(mail, "r1", "ravi.menon@example.org", "coming down", "I get in tomorrow on the 10 o'clock train. What time "
        "is the lunch tomorrow?\n\nRavi", "2026-10-05T07:00:00+08:00", "Ravi Menon")
    for n in range(3):  # enough mail to the person that her address is plainly hers
        eml(mail, f"x{n}", "hello@bookshop.example", f"New arrivals {n}", "New titles are in.",
            f"2026-09-2{n}T10:00:00+08:00", "Chapter Books")
    assert cli("--now", NOW, "mail", "import", str(mail)).code == 0
    reply = _asked_at(cli, NOW, "t")("what time does Ravi arrive tomorrow?")
    assert "The time it gives: Tue 6 Oct at 10:00." in reply, reply
