"""The brief, by every word people use for it (summary, briefing, rundown, digest, catch-up, "anything
I should worry about"). Through `BriefService`."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer, Answerer
from steward.reader.frame import Frame

if TYPE_CHECKING:
    from steward.brief.service import BriefService

_PART_OF_DAY_ALONE = re.compile(r"(?:this\s+|the\s+)?(?:morning|afternoon|evening|night|tonight|midday|noon)")


def brief_answerer(brief: Callable[[], BriefService]) -> Answerer:
    """The brief answerer: today's brief (or the day asked about) as text."""

    def answer(frame: Frame, clock: Clock) -> Answer | None:
        from steward.brief.render import to_text

        if (frame.unknown or frame.unmatched) and frame.wants != "brief":
            return None  # "what do I need to know about the show": about something the brief does not hold

        moment = clock.now()
        # "morning rundown", "my evening brief": a part of the day said alone names which brief, not another day's
        if (frame.window is not None and frame.window.start.date() != clock.today()
                and not _PART_OF_DAY_ALONE.fullmatch(frame.window.said.strip().casefold())):
            moment = frame.window.start
        built = brief().build(moment)
        from steward.reader.views import brief_view

        data = built.to_json()
        return Answer(to_text(built), {**data, "brief": built.date.isoformat(), "view": brief_view(data, clock)})

    return Answerer("brief", "brief", answer)
