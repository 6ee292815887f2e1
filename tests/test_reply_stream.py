"""What of a model's streamed text may be shown before the round ends (assistant/stream.py)."""

from __future__ import annotations

from steward.assistant.governance import claims_write, load_consent_words
from steward.assistant.stream import CLAIM_TAIL, DeltaGate

WORDS = load_consent_words()


def gate() -> DeltaGate:
    return DeltaGate(lambda text: claims_write(text, WORDS))


def feed_all(g: DeltaGate, text: str, size: int = 5) -> list[str]:
    return [p for p in (g.feed(text[i:i + size]) for i in range(0, len(text), size)) if p]


def test_words_are_released_as_they_come_and_the_rest_at_the_end() -> None:
    text = ("Three banks send you statements: Kaveri Bank early in the month, Meridian Bank in the "
            "second week and Harbor Credit Union near the end of it.")
    g = gate()
    pieces = feed_all(g, "  " + text)
    assert len(pieces) > 3 and not pieces[0].startswith(" ")
    assert all(not p.endswith(" ") for p in pieces)  # a cut never leaves a trailing space
    rest = g.finish(text)
    assert rest and "".join(pieces) + rest == text
    assert len(rest) >= CLAIM_TAIL - 10  # the tail waits for the end


def test_a_claim_of_a_write_is_caught_before_any_of_it_is_shown() -> None:
    text = ("Sure thing, happy to help with that one today and with anything else you need this week. "
            "I've set a reminder for 5 pm. " + "More words. " * 10)
    g = gate()
    shown = "".join(feed_all(g, text, size=3))
    assert "I've" not in shown and shown.startswith("Sure thing")
    assert g.finish(text) is None  # what was shown is withdrawn


def test_a_tool_call_printed_as_text_is_held() -> None:
    before = "Let me look that up in your mail before I answer you properly."
    text = before + '\n```json\n{"name": "search_inbox", "arguments": {"query": "Sam"}}\n```' + " " * 60
    g = gate()
    shown = "".join(feed_all(g, text))
    assert "{" not in shown and "`" not in shown and before.startswith(shown)


def test_a_short_answer_comes_whole_at_the_end() -> None:
    g = gate()
    assert feed_all(g, "It is sunny today.") == []
    assert g.finish("It is sunny today.") == "It is sunny today."
    assert not gate().finish("Done.") and gate().finish("Done.") is None
