"""Model-first reminder text (flag `reminder_llm`): what a reminder is for, summarised by the model.

ADR-0112 §1–3: "can you remind me tomorrow at 10 am for a AI training ?" was saved as "Can you for a AI
training ?" when the subject was whatever regex left. With a model on the task tier, the reminder's
text is the model's short summary ("Attend AI training"); the model answering NONE means the request
does not say what it is for, and the answerer asks. Without a model, when the flag is off, when the
model cannot be reached, or when its summary shares no word with what the user said, the engine's
deterministic subject is used. The date and time never come from the model.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from steward.llm.messages import ChatModel, Message

SUBJECT_SCHEMA = {
    "type": "object",
    "properties": {"subject": {"type": "string"}},
    "required": ["subject"],
}
PROMPT = (
    "You write the text of a reminder from the user's request: what the reminder is for, as a short "
    "phrase of 2 to 6 words that starts with a verb, e.g. \"Attend AI training\", \"Pick up kids from "
    "school\", \"Pay the electricity bill\". Leave out the date, the time and words like \"remind me\". "
    "If the request does not say what the reminder is for (\"remind me about it at 9\"), the subject is "
    "NONE. Answer with JSON: {\"subject\": \"...\"}."
)
MAX_CHARS = 80
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


@dataclass(frozen=True)
class Subject:
    """What the model made of a request: `text` ("" when it said NONE)."""

    text: str

    @property
    def missing(self) -> bool:
        """Whether no subject was found."""
        return not self.text


def parse_reply(reply: str) -> Subject | None:
    """The model's answer as a Subject; None when it is not usable (too long, several lines, empty JSON)."""
    raw = reply.strip()
    try:
        data = json.loads(raw)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict):
        value = data.get("subject")
        if not isinstance(value, str):
            return None
        raw = value
    elif isinstance(data, str):
        raw = data
    elif data is not None:
        return None
    text = " ".join(raw.split()).strip(" \"'`.!,;:")
    if text.upper() in {"NONE", "NULL", "N/A", ""}:
        return Subject("")
    if len(text) > MAX_CHARS or "\n" in raw.strip():
        return None
    return Subject(text[:1].upper() + text[1:])


def grounded(subject: str, request: str) -> bool:
    """Whether the summary keeps something the user said: a shared word of 4+ letters (by its first 4)."""
    said = {w[:4] for w in _WORD.findall(request.lower()) if len(w) >= 4}
    return any(w[:4] in said for w in _WORD.findall(subject.lower()) if len(w) >= 4)


def summarise_reminder(model: ChatModel, request: str) -> Subject | None:
    """Ask `model` what the reminder in `request` is for (ConnectorError when it cannot be asked)."""
    reply = model.chat([Message("system", PROMPT), Message("user", request)], format=SUBJECT_SCHEMA)
    return parse_reply(reply.text)
