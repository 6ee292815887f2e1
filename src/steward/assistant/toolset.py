"""Every tool the agent loop offers, gathered from each area's tool module, and the reader's answerers.

The tool modules (`tools.py` for mail and the calendar, `reminder_tools.py`, `dues_tools.py`, …)
import `ToolContext` from `tools.py`; this module imports them all, so none of them imports another.
A new area's tools are added to `all_tools` here; a new answerer of the reader is a tool by being in
`answerers.yaml`. The loop, the cards, the MCP server (stdio and `/mcp`) and the page all take this list.
"""

from __future__ import annotations

from collections.abc import Callable

from steward.assistant.answerer_tools import answerer_tools, answerers_on
from steward.assistant.appointment_tools import appointment_tools
from steward.assistant.brief_tools import brief_tools
from steward.assistant.dues_tools import dues_tools
from steward.assistant.reminder_tools import reminder_tools
from steward.assistant.session_tools import session_tools
from steward.assistant.toolkit import Tool
from steward.assistant.tools import calendar_tools, mail_tools


def all_tools(is_on: Callable[[str], bool] = lambda _flag: True) -> list[Tool]:
    """Every tool the loop offers: the areas' tools, then one per answerer whose flag is on (`is_on(name)`)."""
    return [*mail_tools(), *calendar_tools(), *reminder_tools(), *session_tools(), *brief_tools(), *dues_tools(),
            *appointment_tools(), *answerer_tools(answerers_on(is_on))]
