"""A detail only a booking's mail holds ("what's the wifi password at the apartment?", "the key-safe code for
the cabin?"): quoted from that mail's own words, never made up.

A stay's wifi, a door's or a gate's code is no part of what Steward reads from a booking. The answer is the
mail each booking was read from: the sentence of it that gives the detail (from what the store keeps of
the mail, else from its body fetched live, nothing kept), or, when no sentence does, the mail itself
(sender, day, subject) to open. Through `Mailbox`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from steward.clock import Clock
from steward.errors import StewardError
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text, moment_text

if TYPE_CHECKING:
    from datetime import datetime

    from steward.search.mailbox import Mailbox

SHOWN = 5
# a detail as a question asks it, and as a mail gives it: each kind with the words that say it in the mail
_WIFI = re.compile(r"\b(?:wi-?fi|wlan|wireless|internet|network)\b", re.I)
_DETAILS = (("wifi", _WIFI, re.compile(r"\b(?:wi-?fi|wlan|wireless|internet|network|ssid)\b[^.!?\n]{0,40}?"
                                       r"(?:password|passcode|passwort|key|code|login|:)", re.I)),
            ("code", re.compile(r"\b(?:code|pin|key\s*safe|keysafe|lock\s*box|key\s*box|keypad)\b", re.I),
             re.compile(r"\b(?:door|gate|entry|access|building|entrance|front\s+door|key\s*safe|keysafe|lock\s*box|"
                        r"key\s*box|keypad|alarm|check-?in)\b[^.!?\n]{0,30}?(?:code|pin|combination)\b|"
                        r"\b(?:code|pin)\s+(?:for|to|of)\s+the\s+(?:door|gate|entrance|building|key\s*safe|lock\s*box)",
                        re.I)))
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


class Held(Protocol):
    """A booking as the answer needs it: its title, its start and the mail it was read from."""

    @property
    def title(self) -> str:
        """What the booking is called."""
    @property
    def start(self) -> datetime:
        """When it starts."""
    @property
    def message_id(self) -> int | None:
        """The mail it was read from."""


def asked_detail(text: str) -> str:
    """The kind of detail a question asks ("wifi", "code"), or ""."""
    return next((name for name, asked, _ in _DETAILS if asked.search(text)), "")


def detail_in(text: str, kind: str) -> str:
    """The sentence of a mail's text that gives a detail of that kind, or ""."""
    said = next(pattern for name, _, pattern in _DETAILS if name == kind)
    for sentence in _SENTENCE.split(text):
        if said.search(sentence):
            return " ".join(sentence.split())[:200]
    return ""


def details_answer(held: Sequence[Held], what: str, kind: str, mailbox: Mailbox, clock: Clock) -> Answer:
    """Each booking's detail, in its mail's own words, or its mail to open when no sentence of it gives one."""
    lines: list[str] = []
    found = 0
    stored = mailbox.stored([b.message_id for b in held[:SHOWN] if b.message_id is not None])
    for b in held[:SHOWN]:
        kept = stored.get(b.message_id) if b.message_id is not None else None
        if kept is None:
            lines.append(f"- {moment_text(b.start, clock)} {b.title}: no mail of it is kept")
            continue
        said = detail_in(f"{kept.subject}. {kept.snippet}", kind)
        if not said:
            try:
                shown = mailbox.read(kept.id, clock=clock)
                said = detail_in(shown.body, kind)
            except StewardError:
                said = ""  # the source is gone or unreachable: the mail is pointed at instead
        mail = (f"{day_text(clock.local(kept.received_at).date(), clock)}, {kept.sender_name or kept.sender}: "
                f"\u201c{kept.subject}\u201d [#{kept.id}]")
        if said:
            found += 1
            lines.append(f"- {moment_text(b.start, clock)} {b.title}: its mail says \u201c{said}\u201d ({mail})")
        else:
            lines.append(f"- {moment_text(b.start, clock)} {b.title}: its mail ({mail}) says none in what I can read; "
                         f"open it (`steward mail read {kept.id}`)")
    head = (f"What the mail of {what} says:" if found else
            f"I can't find it in the mail of {what}; the mail to open:")
    return Answer("\n".join([head, *lines]), {"appointments": lines})
