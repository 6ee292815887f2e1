"""The days a school, a nursery or a daycare is closed, and the day it opens again, as its own mail says them: "which
days is the nursery shut this month?", "is there school on Friday?", "when do classes start again after the
break?". No booking is read from such mail (a closing is no event the person goes to), so the answer is the
sentence of the place's mail that says it, quoted, with its day; never a guess when no mail says one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import TYPE_CHECKING

from steward.clock import Clock
from steward.reader.answer import Answer
from steward.reader.answerers.common import day_text
from steward.reader.frame import Frame

if TYPE_CHECKING:
    from steward.search.mailbox import Mailbox

# a question of a place's closing ("closed", "shut", "no school", "is there school", "a day off school", "does he
# have school on Friday?", "got school tomorrow or not?")
CLOSING_ASKED = re.compile(r"\b(?:clos(?:ed|es|ure|ures)|close|shut|shuts|off\s+school|no\s+(?:school|nursery|"
                           r"daycare|day\s+care|creche|classes)|(?:(?:is|are)\s+there\s+(?:any\s+)?|\b(?:have|has|got)\s+(?:any\s+)?(?=\w+\s+"
                           r"(?:on|this|next|tomorrow|today|that)\b)|\bany\s+(?=\w+(?:\s+care)?\s+"
                           r"(?:on|this|next|tomorrow|today|that)\b|\w+\s*\??\s*$))(?:school|nursery|"
                           r"daycare|day\s+care|creche|classes)|open\s+(?:on|this|next|tomorrow|today|that))\b|"
                           r"\bopen\s*\??\s*$", re.I)
# and of its opening again ("reopen", "when do classes resume", "back to school", "start again")
OPENING_ASKED = re.compile(r"\b(?:re-?open(?:s|ing)?|resum(?:e|es|ing)|back\s+to\s+(?:school|nursery|daycare|class)|"
                           r"(?:start|starts|go|goes|going)\s+back|start(?:s)?\s+again|open(?:s)?\s+again)\b", re.I)
# what a place's mail says of its closing days ("will be closed", "we close early", "the Eid break", "no school")
_CLOSING_SAID = re.compile(r"\b(?:clos(?:ed|es|ing|ure|ures)|close|shut|holidays?|break|no\s+school|day\s+off|days\s+off|"
                           r"inset\s+days?|in-?service\s+days?|teacher\s+training)\b", re.I)
_OPENING_SAID = re.compile(r"\b(?:re-?open(?:s|ing)?|resum(?:e|es|ing)|back\s+(?:to\s+school|on|in)|"
                           r"(?:start|starts|begin|begins)\s+(?:back|again)|return(?:s)?\s+on)\b", re.I)
# two days that bound a span ("from Tuesday 9 March to Friday 12 March", "25-26 November", "until the 12th")
_SPAN = re.compile(r"\b(?:to|until|till|through|thru)\b|[-\u2013\u2014]", re.I)
_WEEKDAY_ALONE = re.compile(r"(?:on\s+)?(?:this\s+|next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\.?", re.I)
_SENTENCE_END = re.compile(r"(?<![A-Z][a-z]\.)(?<!\bMrs\.)(?<=[.!?])\s+")
LOOK_BACK = timedelta(days=60)
READ_AT_MOST = 40
SHOWN = 3
# the categories of mail that say nothing of the person's own places (a shop's "closed for the holidays")
# (a school's newsletter is where its closing days often are, and a school's note may be filed under any other kind:
# read, as the place's own mail; a lure or a shop's offer never is)
_NOT_THEIRS = frozenset(("promotions", "promotion", "marketing", "phishing_suspect"))


@dataclass(frozen=True)
class Said:
    """A sentence of a place's mail that says a closing or an opening, and the days it gives."""

    sender: str
    subject: str
    received: datetime
    sentence: str
    spans: tuple[tuple[date, date], ...]  # each day or span of days it says, first and last day

    @property
    def first(self) -> date:
        """The first day it says."""
        return min(a for a, _ in self.spans)

    def within(self, start: date, end: date) -> bool:
        """Whether a day it says (or a day of a span it says) is in [start, end]."""
        return any(a <= end and b >= start for a, b in self.spans)


# a place that closes early, or is closing, on a day: an event of that day at its hour ("the creche will close at 1pm on
# Friday"), which the bookings hold, never a day it is shut
_CLOSING_EARLY = re.compile(r"\b(?:early|closing|at\s+\d)", re.I)


def asks_of_closing(text: str) -> str | None:
    """ "opening" when a question asks when a place opens again, "closing" when it asks of its closing days, else
    None."""
    if _CLOSING_EARLY.search(text):
        return None
    if OPENING_ASKED.search(text):
        return "opening"
    return "closing" if CLOSING_ASKED.search(text) else None


def closing_answer(frame: Frame, box: Mailbox, clock: Clock, places: Sequence[str]) -> Answer | None:
    """The sentences of the place's own recent mail that say it is closed in the question's span (or, asked of its
    opening, the day it opens again), quoted with their days; None when no such mail says one."""
    asked = asks_of_closing(frame.text)
    if asked is None:
        return None
    said = _told(box, clock, places, opening=asked == "opening")
    today = clock.today()
    if asked == "opening":
        after = clock.local(frame.window.start).date() if frame.window is not None else today
        ahead = sorted((s for s in said if s.first >= max(after, today)), key=lambda s: s.first)
        if not ahead:
            return None
        lines = [_line(s, clock) for s in ahead[:1]]
        return Answer("\n".join([f"It opens again on {day_text(ahead[0].first, clock)}, as this mail says:", *lines]),
                      {"items": lines, "closing": asked})
    if frame.window is not None:
        start = clock.local(frame.window.start).date()
        end = (clock.local(frame.window.end) - timedelta(microseconds=1)).date()
        then = [s for s in said if s.within(start, end)]
        when = frame.window.said.removeprefix("on ")
        if not then:
            # (a day the sentence says in a way not read, "November 25 and 26", is never said open: what it says is
            # shown as it says it)
            ahead = [s for s in said if s.within(today, date.max)]
            if not ahead:
                return None
            lines = [_line(s, clock) for s in ahead[:SHOWN]]
            return Answer("\n".join([f"I can't tell from its mail that it is closed {when}. The closing days its mail "
                                     "gives:", *lines]), {"items": lines, "closing": asked})
        said = then
        head = f"Closed {when}, as this mail says:"
    else:
        said = [s for s in said if s.within(today, date.max)]
        head = "The days it is closed, as this mail says:"
    if not said:
        return None
    lines = [_line(s, clock) for s in said[:SHOWN]]
    return Answer("\n".join([head, *lines]), {"items": lines, "closing": asked})


def _line(s: Said, clock: Clock) -> str:
    return (f"- {day_text(clock.local(s.received).date(), clock)} {s.sender}: \u201c{s.subject}\u201d \u2014 "
            f"\u201c{s.sentence[:240]}\u201d")


def _told(box: Mailbox, clock: Clock, places: Sequence[str], *, opening: bool) -> list[Said]:
    """Each sentence of the recent mail of a place (its sender, subject or words say one of `places`) that says a
    closing (or an opening) and gives a day, newest mail first. Bodies are read, never kept."""
    from steward import dates
    from steward.errors import StewardError

    place = re.compile(r"\b(?:" + "|".join(re.escape(p) for p in places) + r")\b", re.I) if places else None
    wanted = _OPENING_SAID if opening else _CLOSING_SAID
    since = datetime.combine((clock.now() - LOOK_BACK).date(), time.min, clock.zone)
    out: list[Said] = []
    for m in box.previews_since(since, READ_AT_MOST, leaving_out=_NOT_THEIRS):
        if m.category in _NOT_THEIRS:
            continue
        try:
            body = " ".join(box.read(m.id, clock=clock).body.split())
        except StewardError:
            body = m.snippet
        who = m.sender_name or m.sender
        if place is not None and not place.search(f"{who} {m.sender} {m.subject} {body}"):
            continue
        at = clock.at(m.received_at)
        for sentence in _SENTENCE_END.split(body):
            if not wanted.search(sentence) or (not opening and _OPENING_SAID.search(sentence)
                                                and not _CLOSING_SAID.search(sentence)):
                continue
            found = [f for f in dates.find_all(sentence, at) if f.has_date and f.start is not None and not f.recurring]
            # (a weekday said beside the dates it is one of, "Thursday and Friday, November 25 and 26", is no day
            # of its own: read alone it would be this week's)
            dated = [f for f in found if not _WEEKDAY_ALONE.fullmatch(f.text.strip())] or found
            spans = sorted({(clock.local(f.start).date(),
                             clock.local(max(f.end or f.start, f.start + timedelta(days=1)) - timedelta(microseconds=1)).date())
                            for f in dated})
            if not spans:
                continue
            if len(spans) == 2 and _SPAN.search(sentence):
                spans = [(spans[0][0], max(spans[1][1], spans[0][1]))]  # "from the 9th to the 12th": every day between
            out.append(Said(who, m.subject, m.received_at, sentence.strip(), tuple(spans)))
    return out
