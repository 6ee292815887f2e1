"""Candidates from a model: it reads sender, subject and snippet lines with no identifiers and returns
appointments in four fields (provider, start, location, excerpt). It never names a message: a reply
that does (any field beyond the four) is refused, and the consumer finds the source by the excerpt.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError

from steward.appointments.model import Candidate
from steward.llm.messages import ChatModel, Message

log = logging.getLogger(__name__)

PROMPT = """You read lines from a person's inbox. Each line is one email: sender, subject and the start of its text.
List the personal appointments and reservations the lines CONFIRM (a doctor, dentist, salon, garage, restaurant
table, class, hotel, flight ...). Leave out cancellations, reschedules, requests not yet confirmed, waiting lists,
meeting invitations, deliveries and receipts.
For each, give exactly four fields:
- provider: who it is with, copied exactly as the line writes it
- start: the date and time as the line writes it (copy the words; do not compute a date)
- location: the address if the line gives one, else ""
- excerpt: the exact words of the line that confirm it, copied character for character (one sentence)
Never say which line or email it came from. Answer with JSON only: {"candidates": [...]}"""

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "candidates": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {k: {"type": "string"} for k in ("provider", "start", "location", "excerpt")},
                "required": ["provider", "start", "excerpt"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["candidates"],
}


class _Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    provider: str
    start: str
    excerpt: str
    location: str | None = None


def parse_reply(text: str) -> tuple[list[Candidate], int]:
    """(the candidates of a model reply, how many items it named a source for and were refused)."""
    body = text.strip()
    if body.startswith("```"):
        body = body.strip("`").removeprefix("json").strip()
    try:
        data = json.loads(body)
    except json.JSONDecodeError:
        log.debug("appointment model reply is not JSON")
        return [], 0
    items = data.get("candidates") if isinstance(data, dict) else data
    if not isinstance(items, list):
        return [], 0
    out: list[Candidate] = []
    refused = 0
    for raw in items:
        try:
            item = _Item.model_validate(raw)
        except ValidationError:
            refused += 1  # an id, a source, an index: the model did the join it must not do
            continue
        out.append(Candidate(provider=item.provider.strip(), start=item.start.strip(), excerpt=item.excerpt.strip(),
                             location=(item.location or "").strip() or None, origin="model"))
    return out, refused


def ask_model(model: ChatModel, lines: Sequence[str]) -> tuple[list[Candidate], int]:
    """Ask `model` for the appointments the lines confirm (ConnectorError when it cannot be asked)."""
    listing = "\n".join(f"- {line}" for line in lines)
    reply = model.chat([Message("system", PROMPT), Message("user", listing)], format=SCHEMA)
    return parse_reply(reply.text)
