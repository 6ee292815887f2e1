"""appointments: "when is my next dentist appointment?", "do I have any appointments next week?".

A read, answered from the calendar's events and the appointments found in mail that wait for a yes.
The span is the day or days the turn names (`steward.dates`), else the next 60 days. A kind the turn
names ("dentist", "haircut") narrows it to events and proposals whose title or provider shows it
(appointments/vocab.yaml `kinds`). When exactly one proposal is shown, Steward asks whether to add it;
"yes" accepts it through the appointment service (proved again from its message), "no" turns it down.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property
from typing import TYPE_CHECKING, Any

from steward.assistant.intercepts.base import Match
from steward.assistant.intercepts.reminder import find_when, turn_clock
from steward.assistant.trace import OpenQuestion, Outcome, Turn, Write
from steward.clock import Clock
from steward.errors import ConnectorError, UserError
from steward.vocab import Vocab
from steward.vocab.language import is_question

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.assistant.governance import ConsentWords
    from steward.calendar.service import CalendarService

NAME = "appointments"
AHEAD = timedelta(days=60)
_ASKS_ABOUT = re.compile(r"\b(appointments?|appts?|reservations?|bookings?|booked)\b", re.I)
_APPOINTMENT_TITLE = re.compile(r"\b(appointment|reservation|booking|visit|consultation|check-?up|flight|train)\b",
                                re.I)


@dataclass(frozen=True)
class Shown:
    """One line of the answer: an event on a calendar or a proposal from mail."""

    start: datetime
    title: str
    location: str | None
    proposal: int | None = None
    change: str | None = None  # a cancellation or move of an event Steward made, waiting for a yes


def _words(text: str) -> set[str]:
    return set(re.findall(r"[\w-]+", text.casefold()))


class AppointmentQuery:
    """The appointments intercept."""

    name = NAME
    reads_only = True
    answers_no = True  # "no" to "Shall I add it?" turns the proposal down

    def __init__(self, vocab: Vocab, clock: Clock, appointments: Callable[[], AppointmentsService],
                 calendar: Callable[[], CalendarService], date_options: Any = None) -> None:
        self.vocab = vocab
        self.clock = clock
        self._appointments = appointments
        self._calendar = calendar
        self.date_options = date_options

    @cached_property
    def kinds(self) -> dict[str, tuple[str, ...]]:
        """The kinds of appointment and their words, read when a turn first asks about appointments."""
        from steward.appointments.kinds import load_kinds

        return load_kinds()

    @cached_property
    def consent(self) -> ConsentWords:
        """The words of a yes and a no (consent.yaml), read when a proposal is first answered."""
        from steward.assistant.governance import load_consent_words

        return load_consent_words()

    def match(self, turn: Turn) -> Match | None:
        """A Match when the turn asks about appointments, with the day asked about and the kinds named."""
        text = turn.text
        if not _ASKS_ABOUT.search(text) or not is_question(text, self.vocab):
            return None
        said = _words(text)
        kinds = sorted(k for k in self.kinds if k in said or f"{k}s" in said or said & set(self.kinds[k]))
        return Match(NAME, {"when": find_when(text, turn_clock(self.clock, turn), self.date_options),
                            "kinds": kinds})

    def _span(self, turn: Turn, when: Any) -> tuple[datetime, datetime]:
        now = turn.now.astimezone(self.clock.zone)
        if when is None:
            return now, now + AHEAD
        start = max(when.start, now) if when.end is None or when.end > now else when.start
        end = when.end if when.end is not None else when.start + timedelta(days=1)
        return start, max(end, start + timedelta(minutes=1))

    def _fits(self, title: str, kinds: list[str]) -> bool:
        if not kinds:
            return bool(_APPOINTMENT_TITLE.search(title))
        have = _words(title)
        return any(have & set(self.kinds[k]) for k in kinds)

    def _found(self, start: datetime, end: datetime, kinds: list[str]) -> tuple[list[Shown], list[str]]:
        calendar = self._calendar()
        shown: list[Shown] = []
        unavailable = []
        for name in calendar.backends:
            try:
                reading = calendar.backend(name).read(start, end)
            except ConnectorError as exc:
                unavailable.append(f"({name} could not be read: {exc.message})")
                continue
            for event in reading.events:
                made = event.id.startswith("steward-appt-")
                if (made and not kinds) or self._fits(event.title, kinds):
                    local = event.start.astimezone(self.clock.zone)
                    shown.append(Shown(local, event.title, event.location))
        on_calendar = {(s.start, s.title.casefold()) for s in shown}
        for item in self._appointments().between(start, end):
            if item.status != "proposed" or item.start is None or item.id is None:
                continue
            title = item.title or item.provider
            if item.change is not None:
                if not kinds or self._fits(f"{title} {item.provider}", kinds):
                    shown.append(Shown(item.start, title, item.location, item.id, item.change))
                continue
            if (item.start, title.casefold()) in on_calendar or not (not kinds or self._fits(
                    f"{title} {item.provider}", kinds)):
                continue
            shown.append(Shown(item.start, title, item.location, item.id))
        shown.sort(key=lambda s: (s.start, s.title))
        return shown, unavailable

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """List the appointments in the span asked about (the next days by default), and offer a proposed one."""
        start, end = self._span(turn, match.slots.get("when"))
        kinds = list(match.slots.get("kinds") or [])
        shown, unavailable = self._found(start, end, kinds)
        fmt = self.clock.formats
        what = f"{' or '.join(kinds)} appointment" if kinds else "appointment"
        span = (f"in the next {AHEAD.days} days" if match.slots.get("when") is None
                else f"from {fmt.day(start.date())} to {fmt.day((end - timedelta(seconds=1)).date())}")
        data = {"items": [{"start": s.start.isoformat(), "title": s.title, "location": s.location,
                           "proposal": s.proposal} for s in shown]}
        if not shown:
            return Outcome(reply="\n".join([f"I found no {what} {span}.", *unavailable]), data=data)
        lines = []
        for s in shown:
            where = f" ({s.location})" if s.location else ""
            note = f" — found in your mail, not on your calendar yet (#{s.proposal})" if s.proposal else ""
            if s.change is not None:
                note = f" — your mail says {s.change} (#{s.proposal})"
            lines.append(f"- {fmt.moment(s.start, year=True)} {s.title}{where}{note}")
        waiting = [s for s in shown if s.proposal is not None]
        ask = None
        if len(waiting) == 1:
            one = waiting[0]
            question = f"Shall I add {one.title} on {fmt.when(one.start, year=False)} to your calendar?"
            if one.change is not None and one.change.startswith("cancelled"):
                question = f"Shall I remove {one.title} from your calendar?"
            elif one.change is not None:
                question = f"Shall I move {one.title} to {fmt.when(one.start, year=False)}?"
            lines.append(question)
            ask = OpenQuestion(NAME, question, {"proposal": waiting[0].proposal})
        head = f"Your {what}s {span}:" if len(shown) > 1 else f"Your {what} {span}:"
        return Outcome(reply="\n".join([head, *lines, *unavailable]), ask=ask, data=data)

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Add or turn down the proposed appointment on a yes or no; None when the turn is neither."""
        from steward.assistant.governance import read_answer

        proposal = question.payload.get("proposal")
        answer = read_answer(turn.text, self.consent)
        if answer is None or not isinstance(proposal, int):
            return None
        service = self._appointments()
        if answer == "no":
            if turn.dry_run:
                return Outcome(reply="I would leave your calendar as it is.")
            try:
                turned = service.reject(proposal, provenance={"via": "turn", "session": turn.session,
                                                               "turn": turn.id, "command": "chat"})
            except UserError as exc:
                return Outcome(reply=f"Nothing to turn down: {exc.message}")
            if turned.change is not None:
                return Outcome(reply="All right, I left your calendar as it is and won't suggest that change again.")
            return Outcome(reply="All right, I left it off your calendar and won't suggest it again.")
        if turn.dry_run:
            return Outcome(reply=f"I would add appointment #{proposal} to your calendar.")
        try:
            item = service.accept(proposal, provenance={"via": "turn", "session": turn.session, "turn": turn.id,
                                                        "command": "chat"})
        except UserError as exc:
            return Outcome(reply=f"I did not add it: {exc.message}")
        if item.status != "created":
            return Outcome(reply=f"I did not add it ({item.status}: {item.reason}).")
        assert item.start is not None
        if item.change is not None:
            cancelled = item.change.startswith("cancelled")
            fields = {"id": item.event_id, "title": item.title, "start": item.start.isoformat(),
                      "end": item.end.isoformat() if item.end else None, "change": "deleted" if cancelled else "moved"}
            reply = (f"Removed {item.title} from your calendar." if cancelled
                     else f"Moved {item.title} to {self.clock.formats.when(item.start, year=False)}.")
            return Outcome(reply=reply, writes=(Write("event", item.event_id, fields),))
        fields = {"id": item.event_id, "title": item.title, "start": item.start.isoformat(),
                  "end": item.end.isoformat() if item.end else None, "location": item.location}
        return Outcome(reply=f"Added {item.title} on {self.clock.formats.when(item.start, year=False)} to your calendar.",
                       writes=(Write("event", item.event_id, fields),))
