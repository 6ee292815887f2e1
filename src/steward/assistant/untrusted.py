"""Mail is data, not instructions: how text from mail reaches a model, and what it may suggest.

Every tool result that quotes mail (search hits, analyze examples, a body read live, dues and
appointments with their excerpts, the brief) is put between `<mail-content>` tags that the prompt's
rules name as other people's words. Text inside cannot close the fence early (a `</mail-content>` in an
email is defanged) and characters that hide text from a person but not from a model (zero-width and
direction overrides) are removed. When a held write's arguments repeat words the model read in mail
rather than words the user typed, `MailQuotes.suggested_by` names the sender, and the consent question
says so ("suggested by an email from …"). Pure: no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

OPEN = '<mail-content source="{tool}">'
CLOSE = "</mail-content>"
_TAG = re.compile(r"<\s*(/?)\s*mail-content", re.IGNORECASE)
# zero-width spaces and joiners, word joiner, BOM, soft hyphen, bidirectional embeddings and overrides
_HIDDEN = re.compile("[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]")
_WORD = re.compile(r"[a-z0-9]{3,}")


def clean(text: str) -> str:
    """`text` without characters that hide words from a person, and unable to close the fence."""
    return _TAG.sub(lambda m: "‹" + m.group(1) + "mail-content", _HIDDEN.sub("", text))


def fence(tool: str, content: str) -> str:
    """A tool result that quotes mail, fenced and labelled as other people's words."""
    return f"{OPEN.format(tool=tool)}\n{clean(content)}\n{CLOSE}"


def _quoted(result: Any, sender: str = "") -> Iterable[tuple[str, str]]:
    """(sender, text) for every piece of mail text in a tool result, however it is nested."""
    if isinstance(result, Mapping):
        who = str(result.get("sender") or result.get("issuer") or result.get("provider") or sender)
        texts = [str(v) for k, v in result.items() if isinstance(v, str) and k not in ("id", "received_at")]
        if texts:
            yield who, " ".join(texts)
        for value in result.values():
            if isinstance(value, Mapping | list | tuple):
                yield from _quoted(value, who)
    elif isinstance(result, list | tuple):
        for item in result:
            yield from _quoted(item, sender)


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


@dataclass
class MailQuotes:
    """The mail text one run has shown the model, by sender."""

    seen: list[tuple[str, set[str]]] = field(default_factory=list)

    def add(self, result: Any) -> None:
        """Remember the mail text in one tool result."""
        for sender, text in _quoted(result):
            words = _words(clean(text))  # the words as the model reads them: hidden characters gone
            if words:
                self.seen.append((sender, words))

    def suggested_by(self, args: Mapping[str, Any], user_texts: Iterable[str]) -> str | None:
        """The sender whose mail a write's arguments repeat, when the user's own words do not hold them.

        An argument counts when most of its words (three letters or more) are in one email the model
        read and not in anything the user typed this session."""
        if not self.seen:
            return None
        typed = set().union(*(_words(t) for t in user_texts)) if user_texts else set()
        for value in args.values():
            if not isinstance(value, str):
                continue
            words = _words(value) - typed
            if not words:
                continue
            for sender, quoted in self.seen:
                if len(words & quoted) >= max(1, (len(_words(value)) + 1) // 2):
                    return sender or "an email"
        return None
