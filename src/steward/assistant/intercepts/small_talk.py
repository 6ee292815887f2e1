"""small_talk: the turns of a conversation that ask nothing of the person's data, answered briefly.

A greeting, thanks, a goodbye, "how are you?", "who are you?", "what can you do?", an "okay" or a
"sorry": a turn said wholly in the phrases of the reader's `small_talk.yaml` (with its filler words: read by
`steward.reader.talk`, where the reader asks it too) is answered in a line, each kind said in the order it
was said ("thanks, good night" thanks, then says good night). A turn with any other word in it is not small
talk ("hi, what's on today?" is the reader's). "What can you do?" is answered with what works now, topic by
topic (the same list as the offline help).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from steward.assistant.intercepts.base import Match
from steward.assistant.trace import OpenQuestion, Outcome, Turn
from steward.reader.talk import Kind, SmallTalkWords, shipped_words, small_talk

SMALL_TALK = "small_talk"
HELP = "help"  # the reply of a kind that is answered with what works now


def reply_to(said: Sequence[tuple[Kind, str]], help_text: Callable[[], str]) -> str:
    """The reply to small talk: each kind's line, in the order said; "okay" alone beside others is left out."""
    kinds = [k for k, _ in said]
    if len(kinds) > 1:
        kinds = [k for k in kinds if k.name != "ack"]
    if any(k.name == "night" for k in kinds):
        kinds = [k for k in kinds if k.name != "farewell"]  # "bye, good night": one goodbye
    lines = []
    for kind in kinds:
        words_said = next(w for k, w in said if k is kind)
        if kind.reply == HELP:
            lines.append(help_text())
        else:
            lines.append(kind.reply.replace("{said}", words_said[:1].upper() + words_said[1:]))
    return "\n".join(lines)


class SmallTalk:
    """The small_talk intercept."""

    name = SMALL_TALK
    reads_only = True

    def __init__(self, help_text: Callable[[], str], data: SmallTalkWords | None = None) -> None:
        self._help = help_text
        self.data = data or shipped_words()

    def match(self, turn: Turn) -> Match | None:
        """A Match when the whole turn is small talk."""
        said = small_talk(turn.text, self.data)
        return Match(SMALL_TALK, {"kinds": [k.name for k, _ in said], "said": said}) if said else None

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """A line for each kind said."""
        said = match.slots["said"]
        return Outcome(reply=reply_to(said, self._help), data={"small_talk": [k.name for k, _ in said]})

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Small talk asks nothing back."""
        return None


def capabilities(lines: Mapping[str, Sequence[str]]) -> str:
    """What works now, topic by topic ({label: phrases})."""
    listed = "\n".join(f"- {label}: {', '.join(f'{chr(34)}{p}{chr(34)}' for p in said)}"
                       for label, said in lines.items() if said)
    return f"I look after your mail, calendar, reminders, money owed and daily brief. You can say:\n{listed}"
