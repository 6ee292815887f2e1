"""The vocabulary file: each list loads, and each says what the deterministic half reads."""

from pathlib import Path

import pytest

from steward.errors import ConfigError
from steward.vocab import load_vocab, match_at, tokenize, words
from steward.vocab.language import is_action_request, is_question, query_grounded

V = load_vocab()


def test_every_list_loads_as_phrases() -> None:
    assert ("remind", "me") in V.reminder_triggers
    assert ("could", "you", "please") in V.polite_wrappers
    assert ("on",) in V.leading_connectors  # YAML must not read "on" as true
    assert ("premium",) in V.owing_frames
    assert ("credit", "card") in V.dues_nouns
    assert ("add", "a", "to-do") in V.todo_triggers
    assert "dues" in V.section_names and ("money", "owed") in V.section_names["dues"]
    # longest first, so the longest phrase wins at a position
    lengths = [len(p) for p in V.polite_wrappers]
    assert lengths == sorted(lengths, reverse=True)


def test_a_broken_vocab_file_is_one_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "vocab.yaml"
    bad.write_text("mutate_verbs: [add]\npolite_wrappers: [on, off]\n")
    with pytest.raises(ConfigError, match="polite_wrappers must be a list of phrases"):
        load_vocab(bad)
    bad.write_text("mutate_verbs: [add\n")
    with pytest.raises(ConfigError, match="not valid YAML"):
        load_vocab(bad)


def test_tokens_keep_their_place_and_spelling() -> None:
    toks = tokenize("Remind me to call Mom’s clinic at 5 p.m.?")
    assert [t.text for t in toks][:6] == ["Remind", "me", "to", "call", "Mom’s", "clinic"]
    assert toks[4].norm == "mom's"
    assert words("add a to-do") == ["add", "a", "to-do"]


@pytest.mark.parametrize("text", [
    "add the dues section to my brief",
    "Can you update my daily briefing to add the outstanding dues",
    "remind me when I get this email",
    "create a notification when my card bill arrives",
    "could you please set my timezone to Asia/Kolkata",
    "please cancel the dentist reminder",
    "I want to remove the mail section",
    "can you ring the garage to move the service?",
    "what I need is to cancel the table",
])
def test_mutate_verbs_make_an_action_request(text: str) -> None:
    assert is_action_request(text, V)


@pytest.mark.parametrize("text", [
    "what's my schedule tomorrow?",
    "what do I owe?",
    "how many emails did I get from HDFC",
    "which banks emailed me this month",
    "list all emails about credit card",
    "show me the dues section",
    # how the person does it themselves, asked
    "what number should I ring to move the lesson?",
    "who do we email to cancel the table?",
])
def test_reads_are_not_action_requests(text: str) -> None:
    assert not is_action_request(text, V)


def test_questions_and_answers() -> None:
    assert is_question("what's my schedule tomorrow?", V)
    assert is_question("hey, do I have anything on friday", V)
    assert is_question("Python training?", V)
    assert not is_question("Python training", V)
    assert not is_question("to call the bank", V)


def test_query_grounded_needs_four_letters_for_a_prefix() -> None:
    # ADR-0112 §17: the user's "i" must not ground an invented topic
    assert not query_grounded("invoice", "can i see it")
    assert not query_grounded("insurance premium", "what did i get")
    assert query_grounded("insurance", "my insur renewal")
    assert query_grounded("hdfc", "how many mails from HDFC")
    assert query_grounded("payments", "any payment due?")
    assert not query_grounded("pay", "payments due")  # "pay" is only three letters
    assert not query_grounded("the email", "what is the email", V)  # stop words ground nothing


def test_the_inbox_question_words_are_data(tmp_path: Path) -> None:
    from steward.clock import make_clock
    from steward.reader.answerers.inbox import build_query

    clock = make_clock("UTC")
    assert ("on",) in V.sender_stops  # YAML must not read "on" as true
    assert build_query("how many emails from HDFC via netbanking", V, None, clock) == "from:HDFC* from:via* from:netbanking*"
    shipped = (Path(__file__).resolve().parent.parent / "src/steward/vocab/vocab.yaml").read_text()
    custom = tmp_path / "vocab.yaml"
    custom.write_text(shipped.replace("sender_stops: [about,", "sender_stops: [via, about,"))
    assert build_query("how many emails from HDFC via netbanking", load_vocab(custom), None, clock) == "from:HDFC* via netbanking"


def test_a_phrase_is_found_where_it_stands_whatever_the_list_looks_like() -> None:
    # the shipped lists are looked up by first word; the answer is the one a plain scan of the
    # longest-first list gives, at every position of every sentence (and past its end)
    sentences = ["hey could you please remind me tomorrow at 5 pm to call mom",
                 "ok so cancel my dentist reminder and set a reminder for friday",
                 "what do I owe on my credit card bill this month?",
                 "add the dues section to my morning brief please", ""]
    lists = [getattr(V, name) for name in V.__dataclass_fields__ if name not in ("section_names", "sender_kinds")]
    lists += [*V.section_names.values(), *V.sender_kinds.values()]
    for text in sentences:
        norms = words(text)
        for phrases in lists:
            plain = tuple(phrases)
            assert type(plain) is not type(phrases)
            for i in range(len(norms) + 2):
                assert match_at(norms, i, phrases) == match_at(norms, i, plain), (text, i)
    assert match_at(words("set a reminder for 5"), 0, V.reminder_triggers) == 3
    assert words("Remind me") == ["remind", "me"] and words("Remind me") is not words("Remind me")


def test_words_are_the_word_tokens_of_a_text() -> None:
    from steward.vocab import is_word, tokenize, words

    for text in ("Push the vet’s check-up to 5.30, please!", "don't  e-mail _me_ ¿qué?", "co.uk 3rd-party", "", " , "):
        assert words(text) == [t.norm for t in tokenize(text) if is_word(t)], text


@pytest.mark.parametrize(("said", "heard"), [
    ("hey siri, what's on tomorrow?", "what's on tomorrow?"),
    ("alexa what time is it in lagos", "what time is it in lagos"),
    ("okay google show me my mail", "show me my mail"),
    ("any bills due this week, cortana?", "any bills due this week?"),
])
def test_the_name_a_turn_is_said_to_is_no_part_of_what_is_asked(said: str, heard: str) -> None:
    from steward.vocab.language import without_address

    assert without_address(said, V) == heard


@pytest.mark.parametrize("said", ["alexa emailed me on monday", "any mail from siri?", "google sent a security alert",
                                  "hey alexa", "what did alexa say about the rota"])
def test_a_name_that_is_what_the_turn_is_about_stays(said: str) -> None:
    from steward.vocab.language import without_address

    assert without_address(said, V) == said
