"""reader: questions in anyone's words, read into a frame and answered by the domain's answerer.

A thin adapter between the turn pipeline and `steward.reader`. A question is read once: into a frame
by the reader, and, when it names nothing, by the words of a request for a domain's whole answer (what
is owed, a day's calendar, mail counted by sender, the accounts, the brief: reader/requests.py); the
registry's answerer of the frame's domain answers it. An unsure frame (two domains with equal evidence,
no name to settle it) asks one short question, owned here; the answer picks the domain and the question
is answered. A question in the words of bookings ("do I have any appointments next week?") that the
reader is unsure of is the appointments answerer's; when an answer shows one booking waiting for a yes, the
reader asks whether to add it (or to make the change its mail asks), and the "yes" that answers that
question makes exactly the booking it named, through the appointment service (proved again from its mail).
"""

from __future__ import annotations

import re
import sqlite3
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from steward.assistant.intercepts.base import Match, turn_clock
from steward.assistant.intercepts.proposals import settle_proposal
from steward.assistant.trace import OpenQuestion, Outcome, Turn
from steward.clock import Clock
from steward.reader import Answer, Answerers, Frame, Reader, honesty
from steward.reader.answerers.schedule import more_than_days
from steward.reader.carry import around
from steward.reader.fragments import asks_anything_else, back_to
from steward.reader.frame import Named, SlotValue, Window, from_json
from steward.reader.how_long import asks_how_long, until_lines, with_how_long
from steward.reader.mixed_in import in_english
from steward.reader.pointing import (
    Pointed,
    item_view,
    one_shown,
    other_named,
    pointed,
    pointed_frame,
    points_there,
    says_the_other,
    the_other_listed,
)
from steward.reader.pointing import listed as listed_things
from steward.reader.pointing import reply as point_reply
from steward.reader.read import asked_plainly, follow_on, says_a_day_from_before, without_aside
from steward.reader.requests import Requests
from steward.reader.talk import asks_nothing
from steward.reader.views import waiting_items, with_waiting
from steward.reader.words import ReaderWords
from steward.vocab import Vocab, words
from steward.vocab.language import is_action_request, is_question

if TYPE_CHECKING:
    from steward.appointments.service import AppointmentsService
    from steward.records.assistant import StoredTurn
    from steward.search.mailbox import Mailbox

NAME = "reader"
_DOMAIN_LABELS = {"money": "money you owe", "appointments": "your appointments", "schedule": "your schedule",
                  "mail": "your mail", "brief": "your brief", "reminders": "your reminders",
                  "clock": "the date and time"}


SESSIONS_KEPT = 256
# turns said aside in a conversation (a thanks, a question only a model could answer): the frame before them
# still stands; a turn another intercept answered or that wrote something ends it
_ASIDE_TURNS = frozenset(("offline", "hook", "reader", "outside", "mail_content", "small_talk"))
# turns that set, move or cancel a reminder: the conversation's frame before them still stands
_REMINDER_TURNS = frozenset(("reminder_creation", "reminder_management"))
# turns that show nothing of the person's data (a thanks, a question Steward does not answer): what the answer
# before them listed is still what "the second one" points at
_SHOW_NOTHING = frozenset(("offline", "small_talk", "outside"))
# turns Steward could not answer (the offline refusal, a kind of question it holds nothing for)
_REFUSED_TURNS = frozenset(("offline", "outside"))
# a turn's data when its answer asked which thing was meant: what the next turn's "it" is, is not settled
_ASKED_WHICH = "asked_which"
_ASK_WHAT = "I couldn't answer what you asked just before, so I can't tell what you mean. Which thing is it?"
_ASK_WHICH = "I can't tell yet which one you mean. Which one is it?"
# a time said from the thing before ("after that", "before it")
_IT_ON = re.compile(r"\b(?:it|that|this|they)\s+(?:on|at|for|in)\b", re.I)  # "was it on monday?": of a thing
_ONE_THING = re.compile(r"\b(?:it|that|this)\b", re.I)  # "what address is that at?": the one thing shown
_THEN = re.compile(r"\b(?:then|at\s+that\s+time)\s*[?.!]*\s*$", re.I)  # "anything else on then?": a time said before
_SINCE_THEN = re.compile(r"\b(?:since|after)\s+(?:then|that|it)\b", re.I)  # the time of the thing before on
_RELATIVE_TO_BEFORE = re.compile(r"\b(after|before|since|until|till)\s+(?:that|it|this|then)\b", re.I)
# the domains whose answer each request's words ask for: a request of one domain keeps a question the reader
# read as another's only when the reader has no evidence of its own ("do I still owe anything on the
# insurance policy?" is not a schedule question, whatever its words)
_REQUESTED = {"money": ("digest", "accounts"), "appointments": (), "schedule": ("days",), "mail": ("senders",),
              "brief": ("brief",), "reminders": (), "clock": ()}


def _since_told(text: str, shown: Mapping[str, Any] | None, clock: Clock) -> Window | None:
    """The span after the message an answer told of, when the text asks "since then" or "after that" of it."""
    told_at = shown.get("told_at") if shown is not None and shown.get("kind") == "mail" else None
    if not told_at or not _SINCE_THEN.search(text):
        return None
    start = clock.local(datetime.fromisoformat(str(told_at))) + timedelta(seconds=1)
    return Window(start, clock.now(), f"since {clock.formats.day(start.date())} {clock.formats.time(start)}", "day")


def _own_evidence(frame: Frame) -> bool:
    """Whether the question's own words say its domain (a cue word or a name), not a day said alone."""
    return bool(frame.scores) and frame.scores[0][1] >= 1


def _own_span(frame: Frame, today: date) -> bool:
    """A span the digest's windows (from today: "this week", "this month") cannot say: one that starts
    later ("next week", "on the 8th") or ends at a day ("by the 15th", "before the 10th")."""
    w = frame.window
    return w is not None and (w.start.date() > today or w.said.split(" ", 1)[0].lower() in _UP_TO)


_UP_TO = frozenset(("by", "before", "until", "till", "til"))


def _general(frame: Frame, today: date) -> bool:
    """Whether a frame asks its domain's whole answer (nothing named: what is owed, a day, the brief), which
    a request's words may then say; a frame about a named thing, a booking, suspicious mail, money by a
    kind, a currency or a span of its own, is answered as read."""
    if frame.domain == "clock":
        return False  # the date or the time itself: no request's words say more
    if frame.domain == "appointments":
        # a question the reader is unsure of ("which bookings are coming?") is read in the words of bookings
        return not frame.sure
    if frame.domain == "mail":
        # the reader keeps suspicious mail, a sender said that is not there, the newest mail and a span of hours
        hours = frame.window is not None and frame.window.end - frame.window.start < timedelta(days=1)
        # (a sender named whole is the reader's: "check all emails from avalon mutual" is that sender's mail, never
        # every mail holding one of the question's words; how many came from them is still the inbox's count)
        return not ("suspicious" in frame.flags or any(u.what in ("sender", "kind of sender", "relation") for u in frame.unmatched)
                    or (frame.flags & {"recent", "bare"} and frame.window is None) or hours or _by_another_name(frame)
                    or (_a_sender_named_whole(frame) and frame.ask != "count"))
    if frame.domain == "money":
        return not (frame.values("issuer") or frame.values("account") or frame.bills or frame.unmatched
                    or frame.flags & {"autopay", "paid"} or _own_span(frame, today) or set(frame.kinds) - {"card"}
                    or frame.currencies)
    return True


def _a_sender_named_whole(frame: Frame) -> bool:
    """Whether the question names a sender by every word of their display name ("avalon mutual")."""
    from steward.reader.lists import name_words

    return any(v.slot == "sender" and len(name_words(v.value)) > 1 and set(name_words(v.value)) <= set(name_words(n.said))
               for n in frame.filters for v in n.values)


def _says_its_own(frame: Frame | None) -> bool:
    """Whether a question says a thing of its own (a name, a kind, a day), so it needs nothing before it to be
    about: "at what hour?" and "which street is that on?" say none (the clock's "now" is no day said)."""
    if frame is None:
        return False
    return bool(frame.names_something or frame.kinds or frame.bills or frame.things or frame.unmatched
                or frame.places or frame.currencies or (frame.window is not None and frame.domain != "clock"))


def _money_or_booking(frame: Frame) -> bool:
    """Whether a frame the reader is unsure of is tied between money and appointments over one name."""
    top = frame.scores[0][1] if frame.scores else 0
    tied = {d for d, s in frame.scores if s == top}
    return not frame.sure and {"money", "appointments"} <= tied and any(
        {"issuer", "account"} & {v.slot for v in n.values} and "provider" in {v.slot for v in n.values}
        for n in frame.filters)


def _by_another_name(frame: Frame) -> bool:
    """A sender named by a word their display name does not hold ("mum" for the mother who signs "Mamá"):
    only the reader's lists know who that is, a search of the words would find no one."""
    from steward.reader.lists import name_words

    return any(v.slot == "sender" and not set(name_words(n.said)) & set(name_words(v.value))
               for n in frame.filters for v in n.values)


# the domains whose answers show records any word of a question may name (a bill, a message): a word no record
# shows is a thing not found there (bookings and calendar entries answer by `honesty.unaccounted`)
_NAMED_THINGS_OF = frozenset(("money", "mail"))
# an answer that already says what it did not find, or what only suspicious mail asks for, is left as it is
_SAYS_WHAT_IT_MISSED = ("unmatched", "unaccounted", "missing", "accounted", "by_meaning", "suspicious")


# a thing by its place in a list ("the 4th one", "the second ones"), never a day of a month
# one thing of a list pointed at by the time it starts ("the 4:15 one", "the 6 pm appointment", "that 10am one")
_BY_ITS_TIME = re.compile(r"^\W*(?:and\s+|ok(?:ay)?,?\s+|so\s+)?(?:the|that|this)\s+(?P<h>\d{1,2})(?:[:.](?P<m>\d{2}))?\s*"
                          r"(?P<ap>[ap]\.?m\.?)?\s+(?:one|appointment|appt|booking|thing|entry|event)\b", re.I)
_A_PLACE_ONE = re.compile(r"\b(?:first|second|third|fourth|fifth|sixth|last|\d{1,2}(?:st|nd|rd|th))\s+ones?\b", re.I)

class ReaderAnswers:
    """The reader intercept: Frame -> the registry's answer -> Outcome (with the frame in its data)."""

    name = NAME
    reads_only = True

    answers_no = True  # "no" to "Shall I add it?" turns the booking down (any other question of its is dropped)

    def __init__(self, reader: Callable[[], Reader], answerers: Callable[[], Answerers], clock: Clock,
                 requests: Callable[[], Requests],
                 waiting: Callable[[datetime, datetime], Sequence[Any]] | None = None,
                 db: Callable[[], sqlite3.Connection] | None = None,
                 appointments: Callable[[], AppointmentsService] | None = None,
                 mailbox: Callable[[], Mailbox] | None = None) -> None:
        self._reader = reader
        self._requests = requests  # the words that ask for a domain's whole answer (reader/requests.py)
        self._db = db  # the store's turns: a conversation's last frame, read back by another process
        self._answerers = answerers
        self.clock = clock
        self._appointments = appointments  # the bookings found in mail, which a "yes" adds to the calendar
        self._mailbox = mailbox  # the stored mail a booking was read from: what it calls the booking
        self._waiting = waiting  # the appointments found in mail in a span (to say which wait for a yes)
        # each session's last frame, so "and what was the due date on that?" is read with the names said before it
        self._last: OrderedDict[str, tuple[str, Frame]] = OrderedDict()  # the turn's id, its frame
        # the frame read of each recent turn, so one left unanswered goes to the model with what was read
        self._read: OrderedDict[str, Frame] = OrderedDict()
        # each session's last answer's view, for a conversation whose turns are not recorded (a dry run)
        self._views: OrderedDict[str, Mapping[str, Any] | None] = OrderedDict()
        # whether each session's last answer asked which thing was meant (a dry run records no turns to say so)
        self._asked: OrderedDict[str, bool] = OrderedDict()
        # the last turns before the turn being read (its id, its session, those turns)
        self._recent_of: tuple[str, str, list[StoredTurn]] | None = None

    def forget(self, session: str) -> None:
        """Let the conversation's next question be read with what its last turn recorded (a write answered
        by another door records the thing it wrote), not with the frame kept here from before it."""
        self._last.pop(session, None)

    def _remember(self, session: str, frame: Frame, turn_id: str = "") -> None:
        self._last[session] = (turn_id, frame)
        self._last.move_to_end(session)
        while len(self._last) > SESSIONS_KEPT:
            self._last.popitem(last=False)

    def match(self, turn: Turn) -> Match | None:
        """A Match with the frame and its answer, when the reader should answer this turn."""
        clock = turn_clock(self.clock, turn)
        reader = self._reader()
        # "magkano ang bill ko sa Meralco po?": the words of another language mixed in, said in English
        turn = replace(turn, text=in_english(turn.text, reader.words))
        # "hiya! anything on this afternoon?": the question, read without the greeting said before it
        turn = replace(turn, text=without_aside(turn.text, reader.words))
        # "did you add the party to my calendar?", "is this week a bin week?": asked plainly
        turn = replace(turn, text=asked_plainly(turn.text) or turn.text)
        # "let's go back to the train, when does it get in?": the question, opened on the thing it goes back to
        turn = replace(turn, text=back_to(turn.text, reader.words))
        before, across = self._before(turn)
        if before is not None and (by_time := self._by_its_time(turn, before, reader, clock)) is not None:
            # "the 4:15 one, who's seeing me?" after a day's things: the rest asked of the one at that time
            turn, before = by_time
        fresh = frame = alone = reader.read(turn.text, clock)
        if across and before is not None and fresh is not None and fresh.window is not None and not (
                fresh.names_something or fresh.kinds or fresh.bills or fresh.things or fresh.unmatched):
            before = None  # "and on Sunday then?" after a reminder was set: that day, not the bill reminded of
        action = is_action_request(turn.text, reader.vocab)
        if fresh is not None and fresh.domain == "clock" and before is not None and \
                (before.names_something or before.kinds) and _IT_ON.search(turn.text):
            # "wasn't that on the 3rd?" after the physio: a day asked of the thing before, not of the calendar
            fresh = frame = None
        settled = None
        doubt = _doubt_of_nothing(turn.text, reader, clock) if not action else None
        if doubt is not None and self._refused_just_before(turn):
            # "I had it down for Tuesday?" after a question Steward could not answer: there is nothing it said to
            # correct, and the frame kept from before that question is another topic
            if isinstance(doubt, OpenQuestion):
                return Match(NAME, {"frame": before or fresh or Frame(turn.text, "schedule", "show"), "ask": doubt})
            if doubt is not None:
                fresh = frame = doubt  # "no, I meant the chiropractor": those words, asked on their own
                before = None
        if before is not None and not action:
            # "sorry, I meant the second account", "what time?": the question before, one slot of it changed
            settled = _corrected(turn.text, before, reader, clock) or _detail_asked(turn.text, before, fresh, reader)
            if isinstance(settled, OpenQuestion):
                return Match(NAME, {"frame": before, "ask": settled})
            if settled is not None and settled.ask != before.ask:
                # "what gate?" after two flights were listed: the one meant, never every one of them
                meant = _one_of_the_list(settled, before, self._shown(turn), reader.words, clock)
                if isinstance(meant, OpenQuestion):
                    return Match(NAME, {"frame": before, "ask": meant})
                settled = meant
            if settled is not None:
                fresh = frame = settled
            elif asks_anything_else(turn.text, reader.words):
                settled = _more_of(before)
                if isinstance(settled, OpenQuestion):
                    return Match(NAME, {"frame": before, "ask": settled})
                fresh = frame = settled
        shown = self._shown(turn) if not action else None
        if before is not None and not action and shown is not None and says_the_other(turn.text) \
                and not (fresh is not None and (fresh.names_something or fresh.window is not None)):
            # "and the other one?" after one booking was answered: another of its kind, or said that there is none
            other = self._other_booking(turn, before, shown, clock)
            if other is not None:
                return other
        if not action and (fresh is None or fresh.domain != "clock" or _A_PLACE_ONE.search(turn.text)):
            # ("how many days till the 4th one?" points at a thing listed: no day of the month)
            picked = pointed(turn.text, shown) or the_other_listed(turn.text, shown)
            if picked is not None and picked.place is None and picked.kind != "mail" and before is not None \
                    and (before.names_something or before.kinds) and not (shown or {}).get("listed"):
                # "where's that?" after the eye exam: the thing named, asked again by its frame (but a thing
                # pointed at in a list is that one, whatever else its name holds)
                picked = None
            if picked is not None and shown is not None and not picked.items and picked.asks == "where":
                # "and the address there?" after a day of several things: which one is asked, by their names
                which = _which_place(turn.text, shown, clock)
                if which is not None:
                    return Match(NAME, {"frame": before or Frame(turn.text, "appointments", "where"), "ask": which})
            if picked is not None and shown is not None:
                # "the third of those", "who wrote that?": one thing of the answer before, answered from it alone
                return Match(NAME, {"frame": before, "pointed": picked, "shown": shown})
        if before is not None and not action and shown is not None \
                and (_ONE_THING.search(turn.text) or points_there(turn.text)) \
                and not (fresh is not None and fresh.names_something) and not (before.filters or before.kinds):
            # "what address is that at?" after an answer that showed one thing: that thing, by its name
            kind, things = listed_things(shown)
            if len(things) == 1 and kind != "mail":  # (a message pointed at is answered from itself)
                one = Pointed(things, kind, "show", None, 1)
                before = pointed_frame(one, before, reader.lists(), turn.text) or before

        if before is not None and not action and shown is not None and before.domain == "mail" \
                and fresh is not None and fresh.domain == "money" and not fresh.names_something \
                and _ONE_THING.search(turn.text):
            # "how much do I pay to clear it?" after a courier's notice shown alone: the bill its sender sent
            kind, things = listed_things(shown)
            sender = " ".join(str(things[0].get("sender_name") or "").split()).casefold() \
                if len(things) == 1 and kind == "mail" else ""
            billed = tuple(v for v in reader.lists().of_slot("issuer") if sender and v.value.casefold() == sender)
            if billed:
                before = replace(before, domain="money", ask=fresh.ask, window=None, kinds=(), flags=frozenset(),
                                 things=(), unmatched=(), places=(), filters=(Named(billed[0].label, billed[:1],
                                                                                    "words"),))
        since_told = _since_told(turn.text, shown, clock)
        if fresh is not None and fresh.window is None and since_told is not None:
            # "has she written since then?" after what one message says: the mail that came after that one
            fresh = frame = replace(fresh, window=since_told)
        if fresh is not None and fresh.window is None and _THEN.search(turn.text):
            # "anything else on then?": the time the answer before gave (the day a message proposes), else asked
            gives = [i.get("gives") for i in listed_things(shown)[1] if i.get("gives")] if shown is not None else []
            if len(gives) == 1:
                start = clock.local(datetime.fromisoformat(str(gives[0])))
                said = f"on {clock.formats.day(start.date())} at {clock.formats.time(start)}"
                fresh = frame = replace(fresh, window=Window(start, start + timedelta(hours=1), said, "hour"))
                before = None
            elif before is None or before.window is None:
                return Match(NAME, {"frame": fresh, "ask": OpenQuestion(
                    NAME, "When do you mean: which day, or what time?", {"text": turn.text, "domains": []})})
        relative = _RELATIVE_TO_BEFORE.search(turn.text) if before is None and fresh is not None else None
        from_what = relative[1] if relative is not None else around(turn.text) if before is None else ""
        if from_what and fresh is not None and (relative is not None
                                                or not (fresh.names_something or fresh.window is not None)):
            # "am I free after that?", "anything straight after?" with nothing asked before it to be after: asked, never
            # today's answer
            return Match(NAME, {"frame": fresh, "ask": OpenQuestion(
                NAME, f"{from_what.capitalize()} what: which day, or what time?", {"text": turn.text, "domains": []})})
        if before is not None and before.window is None and shown is not None and not action \
                and says_a_day_from_before(turn.text, reader.words, fresh is not None and fresh.window is not None):
            # "what's on the day before?" after the train: a day said from the day of the thing just shown
            day = _day_of_the_thing(shown, clock)
            if day is None and len(listed_things(shown)[1]) > 1 and fresh is not None and fresh.window is not None:
                # "the day before" after things on several days: before which is asked, never yesterday
                return Match(NAME, {"frame": fresh, "ask": OpenQuestion(
                    NAME, "Which day do you mean, or which of those things?",
                    {"text": turn.text, "domains": []})})
            if day is not None:
                start = datetime.combine(day, datetime.min.time(), clock.zone)
                before = replace(before, window=Window(start, start + timedelta(days=1),
                                                       f"on {clock.formats.day(day)}", "day"))
        if before is not None and not action and shown is not None and around(turn.text) \
                and (before.window is None or before.window.grain == "day"):
            # "anything straight after?" after the 8:15 check-up: from the time of the one thing shown, on its day
            at = _time_of_the_thing(shown)
            if at is not None:
                before = replace(before, window=Window(at, at + timedelta(minutes=1), "then", "minute"))
        if before is not None and not action and (fresh is None or fresh.domain != "clock") and settled is None \
                and not asks_nothing(turn.text):
            # ("cheers, night" after a booking is talk, never one more word of it)
            frame = follow_on(turn.text, before, frame, reader.words, clock, reader.date_options)
            if frame is not None and frame.domain == "mail" and frame.window is None and since_told is not None:
                frame = replace(frame, window=since_told)  # "anything from her after that?": read only with the one before
            if frame is not None and frame is not fresh and frame.domain == "mail" and frame.window is not None \
                    and frame.window.start > clock.now():
                # mail has come, not to come: "what about tomorrow?" after a question about mail asks the day
                frame = replace(frame, domain="schedule", filters=(), unmatched=(), flags=frozenset(), kinds=(),
                                ask="list")
            if before.domain == "money" and (frame is None or frame.domain == "money") and \
                    says_the_other(turn.text):
                others = other_named(before, reader.lists())
                if others is None and (shown_one := one_shown(shown, reader.lists())) is not None:
                    # "nope, the other account" after one account answered for words that named none ("my mastercard"): that
                    # card is the one named, and the other is every other of its kind
                    before = replace(before, filters=(Named(shown_one[0].label, (shown_one[0],), "words"),), unmatched=())
                    others = shown_one[1]
                if others is None:
                    # "how about the other?" after a list of bills, none of them singled out: which is asked
                    listed = [f"{i.get('issuer', '')} {i.get('kind', '')}".strip()
                              for i in (shown or {}).get("items") or () if isinstance(i, Mapping)]
                    others = tuple(SlotValue("issuer", name, name, ()) for name in dict.fromkeys(listed)) or None
                    before = replace(before, filters=(), kinds=()) if others else before
                if others is not None:
                    return Match(NAME, {"frame": before, "others": others})
        listed_before = None
        if frame is not None and before is not None and frame is not fresh and frame.filters == before.filters \
                and shown is not None and isinstance(shown.get("listed"), Mapping):
            # a question about the thing pointed at: its answer keeps the list it was taken from ("the second one")
            listed_before = shown["listed"]
        if frame is not None and before is not None and frame is not alone and not _says_its_own(alone):
            # "at what hour?", "which street is that on?" after a question Steward could not answer, or after it asked which one
            # was meant: what "it" is was never settled, so it is asked, never taken from an older answer
            unsettled = self._unsettled_before(turn)
            if unsettled is not None:
                # (what the answer before listed is still what "the second one" picks)
                return Match(NAME, {"frame": before, "shown": shown, "ask": OpenQuestion(
                    NAME, unsettled, {"text": turn.text, "domains": []})})
        if frame is not None:
            # what the reader read is what the conversation's next turn is read with (not what a request's
            # words asked of this one)
            self._remember(turn.session, frame, turn.id)
            self._read[turn.id] = frame
            while len(self._read) > SESSIONS_KEPT:
                self._read.popitem(last=False)
        # a question read with the one before it is the reader's: the words of a request know no context
        to_appointments = ""
        if (frame is None and not reader.not_a_read(turn.text)) or (frame is fresh and frame is not None
                                                                    and _general(frame, clock.today())):
            claimed, to_appointments = self._claimed(turn, frame, clock)
            if to_appointments == "always":
                # bookings asked about in words the reader is unsure of: the appointments answerer's
                frame = bookings_frame(turn.text, frame, clock, reader.words, reader.date_options)
                to_appointments = ""
            frame = claimed or frame
        if frame is None:
            return None
        frame = honesty.said_whole(frame)
        tie = honesty.tied_name(frame, reader.words.generic | reader.words.common)
        held = self._the_one_holding(frame, tie, clock, reader.words) if tie is not None else None
        if held is not None:
            # "Kamsi's vaccine": of the two bookings that name her, the one that is a vaccine (and the next turn's "it")
            frame, tie = held, None
            self._remember(turn.session, frame, turn.id)
            self._read[turn.id] = frame
        if tie is not None:
            # a name that fits two things equally: asked about, never one of them picked
            named, choices = tie
            question = honesty.which_one([v.label for v in choices[:4]])
            payload = {"text": turn.text, "said": named.said, "domain": frame.domain,
                       "choices": [[v.slot, v.value, v.label] for v in choices[:4]]}
            return Match(NAME, {"frame": frame, "ask": OpenQuestion(NAME, question, payload)})
        # (a name both a bill and a booking are of, asked with no word of either, "when does the creche shut early",
        # is asked which: never the bill picked for the booking)
        answerable = frame.sure or (frame.names_something and not _money_or_booking(frame)) or bool(frame.wants)
        got = self._answerers().answer(frame, clock) if answerable else None
        if not answerable:
            tied = [d for d, s in frame.scores if s == frame.scores[0][1]][:2]
            question = f"Is that about {_DOMAIN_LABELS[tied[0]]} or {_DOMAIN_LABELS[tied[1]]}?"
            return Match(NAME, {"frame": frame, "ask": OpenQuestion(NAME, question, {"text": turn.text,
                                                                                     "domains": tied})})
        if got is None:
            return None
        if asks_how_long(turn.text):
            got = (got[0], with_how_long(turn.text, got[1], clock))  # "how long until my flight?": how far off it is
        if to_appointments and not more_than_days(frame, got[1]):
            # said in the words of bookings, and the calendar alone holds that day: its bookings, and an
            # offer to add the one waiting for a yes
            booked = self._answerers().answer(replace(frame, domain="appointments", sure=True), clock)
            got = booked or got
        if listed_before is not None and shown is not None:
            got = (got[0], _with_listed(got[1], shown))
        return Match(NAME, {"frame": frame, "answer": self._accounted(frame, got, clock, reader.words)})

    def _other_booking(self, turn: Turn, before: Frame, shown: Mapping[str, Any], clock: Clock) -> Match | None:
        """The answer to "the other one" after an answer that showed one booking of a kind asked of: the one other
        booking of that kind ahead, or which of several is meant, or that there is no other (never the same one
        again); None when the answer before showed no one booking asked of by its kind."""
        kind, items = listed_things(shown)
        if kind != "bookings" or len(items) != 1 or before.domain != "appointments" or not before.kinds \
                or before.writes or shown.get("listed"):
            return None
        every = replace(before, text=turn.text, ask="show", filters=(), unmatched=(), window=None, places=(),
                        flags=frozenset(), things=(), scores=(), sure=True, wants="")
        got = self._answerers().answer(every, clock)
        view = got[1].data.get("view") if got is not None else None
        if not isinstance(view, Mapping):
            return None
        one = items[0]
        _, all_of_kind = listed_things(view)
        others = [i for i in all_of_kind if (i.get("title"), i.get("start")) != (one.get("title"), one.get("start"))]
        said = " or ".join(before.kinds)
        if not others:
            line = point_reply(Pointed((one,), "bookings", "show", None, 1))
            return Match(NAME, {"frame": before, "answer": ("appointments", Answer(
                f"I hold no other {said} ahead, only this one:\n- {line}", {"view": dict(shown)}))})
        listing = {**view, "items": others}
        if len(others) == 1:
            return Match(NAME, {"frame": before, "pointed": Pointed((others[0],), "bookings", "show", None, 1),
                                "shown": listing})
        question = honesty.which_one([str(i.get("title") or i.get("provider") or "") for i in others[:4]])
        return Match(NAME, {"frame": before, "shown": listing, "ask": OpenQuestion(
            NAME, question, {"text": turn.text, "domains": []})})

    def _accounted(self, frame: Frame, got: tuple[str, Answer], clock: Clock, rw: ReaderWords) -> tuple[str, Answer]:
        """The answer when what it is about holds every thing the question names; else the bookings of the
        kind of place named, when the calendar's answer held none ("is the vet on my calendar?"); else what
        was looked for and not found, with the nearest things held (never the answer about them)."""
        by, answer = got
        missing = self._unheld(frame, answer, rw)
        if missing:
            # "how much was the rice cooker?" answered with every bill: what was looked for, and the mail that
            # says it, instead
            mailbox = self._mailbox() if self._mailbox is not None else None
            instead = honesty.said_instead(frame, missing, answer, mailbox, clock)
            if instead is not None:
                return by, instead
        if frame.domain == "money" and frame.ask == "how_much" and self._mailbox is not None:
            # "the lift levy alone, how much?": a part of a bill its line does not name, from the bill's mail
            things = honesty.named_things(frame, rw)
            lines, _ = honesty.shown_records(answer)
            part = honesty.part_of_a_bill(frame, honesty.unheld(things, lines, rw), answer, self._mailbox(), clock) \
                if things and lines else None
            if part is not None:
                return by, part
        kind = honesty.kind_not_held(frame, answer, rw)
        if kind:
            booked = self._answerers().answer(replace(frame, domain="appointments", kinds=(kind,), things=(),
                                                      sure=True), clock)
            if booked is not None and not honesty.unaccounted(replace(frame, domain="appointments", things=()),
                                                              booked[1], rw):
                return booked
        missing = honesty.unaccounted(frame, answer, rw, mail_words=self._mail_words(clock))
        if not missing:
            return got
        mailbox = self._mailbox() if self._mailbox is not None else None
        return by, honesty.not_held(frame, missing, answer, mailbox, clock)

    def _unheld(self, frame: Frame, answer: Answer, rw: ReaderWords) -> tuple[str, ...]:
        """The things a question about money or mail names (`honesty.named_things`) that nothing its answer
        shows holds: not the lines it lists, nor the subjects and snippets of the mail they were read from.
        () for an answer that already says what it did not find, or asks."""
        if frame.domain not in _NAMED_THINGS_OF or answer.question or frame.writes or \
                any(answer.data.get(k) for k in _SAYS_WHAT_IT_MISSED):
            return ()
        things = honesty.named_things(frame, rw)
        if not things:
            return ()
        lines, ids = honesty.shown_records(answer)
        if frame.unmatched and not lines and not ids:
            return ()  # "no sender called 'Marguerite Okafor'": the name not found is the answer
        texts = list(lines)
        if ids and self._mailbox is not None:
            for m in self._mailbox().stored(ids).values():
                texts.append(f"{m.sender_name or ''} {m.subject} {m.snippet}")
        return honesty.unheld(things, texts, rw)

    def _the_one_holding(self, frame: Frame, tie: tuple[Named, tuple[SlotValue, ...]], clock: Clock,
                         rw: ReaderWords) -> Frame | None:
        """The frame narrowed to the one thing of a tied name whose answer holds every other thing the question
        names ("Kamsi's vaccine" of a school's events and a clinic's booking that both name Kamsi: the clinic's);
        None when none or several do (the name is then asked about)."""
        if frame.domain not in ("appointments", "schedule"):
            return None
        named, choices = tie
        kept = []
        for v in choices:
            one = replace(frame, filters=tuple(replace(n, values=(v,)) if n is named else n for n in frame.filters))
            got = self._answerers().answer(one, clock)
            if got is None or got[1].question or any(got[1].data.get(k) for k in ("missing", "accounted",
                                                                                 "unaccounted")):
                continue
            if not honesty.unaccounted(one, got[1], rw, mail_words=self._mail_words(clock)):
                kept.append(one)
        return kept[0] if len(kept) == 1 else None

    def _mail_words(self, clock: Clock) -> honesty.MailWords | None:
        """The words of the mail each booking of an answer was read from (see `honesty.unaccounted`)."""
        if self._mailbox is None:
            return None
        from steward.reader.answerers.things import booking_words

        mailbox = self._mailbox
        return lambda ids: [s.words for s in booking_words(list(ids), mailbox, clock, lambda _: (), lambda m: m)]

    def _claimed(self, turn: Turn, frame: Frame | None, clock: Clock) -> tuple[Frame | None, str]:
        """(the frame a request's words read, or None when the reader's frame stands; whether the appointments
        intercept keeps the turn: "always", "" never, or "unless" the schedule's answer shows more than the
        calendar). A request (what is owed, a day's calendar, mail by sender, the accounts, the brief) keeps
        a question the reader read as its domain's whole answer, or read as nothing, or is unsure of."""
        claimed: list[bool] = []

        def appointments_claim() -> bool:
            claimed.append(asks_about_bookings(turn.text, self._reader().vocab))
            return claimed[0]

        request = self._requests().first(turn.text, clock, appointments_claim)
        if claimed and claimed[0]:
            if frame is None or frame.domain == "appointments" or not _own_evidence(frame) or not frame.sure:
                return None, "always"
            return None, "unless" if frame.domain == "schedule" else ""
        if request is None:
            return None, ""
        if frame is not None and request.wants == "digest" and frame.values("sender") and not (
                frame.values("issuer") or frame.values("account")):
            return None, ""  # "do I owe the builder anything?": about that sender alone, never the whole digest
        if frame is not None and request.wants not in _REQUESTED.get(frame.domain, ()) and _own_evidence(frame) \
                and frame.sure:
            return None, ""
        if frame is not None and frame.domain == "schedule" and request.wants == "days" \
                and (frame.sure or frame.names_something):
            # the schedule answerer keeps what the calendar alone does not show (appointments waiting in
            # mail, bills due) and "am I free ...?"; else it gives the days as the calendar has them
            return replace(frame, wants="days"), ""
        return request, ""

    def context(self, turn: Turn) -> str | None:
        """What the reader read of a turn it did not answer, for the model: the frame, in one line."""
        frame = self._read.get(turn.id)
        return None if frame is None else frame_context(frame)

    def reading(self, turn: Turn) -> dict[str, Any] | None:
        """The frame read of this turn (whoever answered it), for its trace: the next turn of the same
        conversation is read with it, in this process or another (a one-shot `steward chat`)."""
        frame = self._read.get(turn.id)
        return None if frame is None else frame.to_json()

    def _recent(self, turn: Turn, n: int) -> list[StoredTurn]:
        """The conversation's last `n` turns (at most 4) before `turn`, read from the store once for the turn: its
        reading asks several times, and each read turn's trace is decoded whole."""
        kept = self._recent_of
        if kept is None or kept[0] != turn.id or kept[1] != turn.session:
            from steward.store import assistant as turns

            assert self._db is not None
            kept = self._recent_of = (turn.id, turn.session, turns.recent_turns(self._db(), turn.session, 4))
        return kept[2][-n:]

    def _before(self, turn: Turn) -> tuple[Frame | None, bool]:
        """The conversation's last frame: kept here, else read back from its last turns in the store; and
        whether a reminder was set or changed since it."""
        kept_id, kept = self._last.get(turn.session, ("", None))
        if self._db is None:
            return kept, False
        recent = self._recent(turn, 4)
        if not recent:
            return kept, False  # a conversation that records no turns (a dry run)
        lists = self._reader().lists()

        def lookup(slot: str, value: str) -> SlotValue | None:
            return next((v for v in lists.of_slot(slot) if v.value == value), None)

        across = False
        for past in reversed(recent):
            if past.id == kept_id:
                return kept, across
            data = past.trace.get("data") or {}
            said = data.get("read") or data.get("frame") if isinstance(data, Mapping) else None
            if isinstance(said, Mapping):
                back = from_json(said, lookup)
                return (replace(back, wants="") if back is not None else None), across
            if past.handled_by in _REMINDER_TURNS:
                across = True  # "remind me to pay that on the 20th" said between: "and the insurance?" is still of bills
                continue
            if past.trace.get("writes") or past.handled_by not in _ASIDE_TURNS:
                return None, False  # something was done or answered since ("put lunch on friday"): that frame is gone
        return None, False

    def _refused_just_before(self, turn: Turn) -> bool:
        """Whether the conversation's last turn (a thanks said since aside) was one Steward could not answer."""
        if self._db is None:
            return False
        past = self._recent(turn, 3)
        while past and past[-1].handled_by == "small_talk":
            past = past[:-1]
        return bool(past) and past[-1].handled_by in _REFUSED_TURNS

    def _unsettled_before(self, turn: Turn) -> str | None:
        """The short question to ask when the conversation's last turn settled on no one thing a pointing
        question could be about: Steward could not answer it, or it asked which one was meant (a yes to add
        a booking settles on that booking); None when it answered."""
        past = []
        if self._db is not None:
            past = self._recent(turn, 3)
            while past and past[-1].handled_by == "small_talk":
                past = past[:-1]
        if not past:
            return _ASK_WHICH if self._asked.get(turn.session) else None
        if past[-1].handled_by in _REFUSED_TURNS:
            return _ASK_WHAT
        data = past[-1].trace.get("data")
        return _ASK_WHICH if isinstance(data, Mapping) and data.get(_ASKED_WHICH) else None

    def _keep_asked(self, session: str, asked: bool) -> None:
        self._asked[session] = asked
        self._asked.move_to_end(session)
        while len(self._asked) > SESSIONS_KEPT:
            self._asked.popitem(last=False)

    def _by_its_time(self, turn: Turn, before: Frame, reader: Reader, clock: Clock) -> tuple[Turn, Frame] | None:
        """A turn that points at one thing the answer before listed by the time it starts ("the 4:15 one, who's
        seeing me?", "and the 6pm one?") and asks something of it: the turn's question with that pointer left out,
        and the thing named as the frame before; None when no one thing listed starts at the time said."""
        said = _BY_ITS_TIME.search(turn.text)
        if said is None:
            return None
        kind, things = listed_things(self._shown(turn))
        if kind not in ("schedule", "bookings") or len(things) < 2:
            return None
        hour, minute = int(said["h"]), int(said["m"] or 0)
        half = (said["ap"] or "").lower().rstrip(".")
        if half.startswith("p") and hour < 12:
            hour += 12
        elif half.startswith("a") and hour == 12:
            hour = 0

        def starts(thing: Mapping[str, Any]) -> tuple[int, int] | None:
            try:
                at = datetime.fromisoformat(str(thing.get("start") or thing.get("at")))
            except ValueError:
                return None
            if not thing.get("time_text") or at.tzinfo is None:
                return None
            at = clock.local(at)
            return at.hour, at.minute

        hits = [t for t in things if starts(t) == (hour, minute)
                or not half and hour < 12 and starts(t) == (hour + 12, minute)]
        if len(hits) != 1:
            return None
        rest = (turn.text[:said.start()] + " " + turn.text[said.end():]).strip(" ,;:-")
        if not rest or not words(rest):
            return None  # "the 4:15 one?" alone: the list's own pointing answers it
        named = pointed_frame(Pointed((hits[0],), kind, "show", things.index(hits[0]), len(things)), before,
                              reader.lists(), rest)
        if named is None:
            return None
        return replace(turn, text=rest), named

    def _shown(self, turn: Turn) -> Mapping[str, Any] | None:
        """The view of the conversation's last answer (what it listed), from the store's last turn, or
        kept here for a conversation that records no turns (a dry run)."""
        if self._db is not None:
            past = self._recent(turn, 3)
            while len(past) > 1 and past[-1].handled_by in _SHOW_NOTHING and not past[-1].trace.get("writes"):
                past = past[:-1]  # "thanks" said between: the list before it still stands
            if past:
                data = past[-1].trace.get("data") or {}
                # an answer that drew nothing about a thing pointed at still points at it ("pointing")
                view = (data.get("view") or data.get("pointing")) if isinstance(data, Mapping) else None
                return view if isinstance(view, Mapping) else None
        return self._views.get(turn.session)

    def _keep_view(self, session: str, view: Any) -> None:
        self._views[session] = view if isinstance(view, Mapping) else None
        self._views.move_to_end(session)
        while len(self._views) > SESSIONS_KEPT:
            self._views.popitem(last=False)

    def _pointed(self, turn: Turn, match: Match) -> Outcome:
        """The answer about the thing pointed at in the answer before (its view: only that thing)."""
        frame: Frame | None = match.slots["frame"]
        picked, shown = match.slots["pointed"], match.slots["shown"]
        clock = turn_clock(self.clock, turn)
        said = None
        if picked.kind == "mail" and picked.asks == "about":
            said = self._booked_from(picked, clock) or _day_it_gives(picked, clock)
        if said is not None:
            picked = replace(picked, items=({**picked.items[0], "gives": said[0].isoformat()},))
        # (asked which of them: the list shown is still what "the second one" picks from)
        view = item_view(picked, shown) if picked.items else dict(shown)
        self._keep_view(turn.session, view)
        self._keep_asked(turn.session, not picked.items)  # "Which of the 5 do you mean?"
        data: dict[str, Any] = {"answerer": "pointing", "view": view}
        if not picked.items:
            data[_ASKED_WHICH] = True
        # the one thing pointed at is what the next turn asks about ("what is the least I can pay on it?")
        frame = pointed_frame(picked, frame, self._reader().lists(), turn.text) or frame
        if frame is not None:
            data["frame"] = frame.to_json()
        reply = point_reply(picked)
        if picked.asks == "until" and len(picked.items) == 1:
            # "how far is that from now?" after the thing was shown: how long until it, then the thing
            reply = "\n".join([*until_lines(picked.items, clock), reply])
        if said is not None:
            reply += f"\nThe day it gives: {said[1]}."
        if not picked.items:
            # "Which of the 5 do you mean?": a question back, open for its answer ("the second one")
            return Outcome(reply=reply, ask=OpenQuestion(NAME, reply, {"text": turn.text, "domains": []}), data=data)
        return Outcome(reply=reply, data=data)

    def _booked_from(self, picked: Any, clock: Clock) -> tuple[datetime, str] | None:
        """The time of the booking read from the one message pointed at (a Kita's invitation to a meeting),
        and how to say it; None when no booking with a time was read from it."""
        if self._appointments is None or len(picked.items) != 1:
            return None
        message = picked.items[0].get("id")
        booked = [i for i in self._appointments().recent(limit=200)
                  if message is not None and i.message_id == message and i.start is not None]
        if len(booked) != 1 or booked[0].start is None:
            return None
        start = clock.local(booked[0].start)
        said = f"{clock.formats.day(start.date())} at {clock.formats.time(start)}"
        if "cancel" in f"{booked[0].reason or ''} {booked[0].change or ''}".casefold():
            said += " (cancelled, as the message says)"
        return start, said

    def _others(self, turn: Turn, match: Match) -> Outcome:
        """ "and the other account?": the one other issuer of that kind answered as the question before was;
        several asked about by name; none said so."""
        before: Frame = match.slots["frame"]
        others: tuple[SlotValue, ...] = match.slots["others"]
        clock = turn_clock(self.clock, turn)
        kind = before.kinds[0] if len(before.kinds) == 1 else "one"
        if not before.filters and others:
            names = [v.label for v in others[:5]]
            question = f"Which one do you mean: {', '.join(names[:-1])} or {names[-1]}?" if len(names) > 1 else \
                f"Do you mean {names[0]}?"
            self._keep_asked(turn.session, True)
            return Outcome(reply=question, data={"frame": before.to_json(), "answerer": "money", _ASKED_WHICH: True})
        named = ", ".join(v.label for n in before.filters for v in n.values if v.slot in ("issuer", "account"))
        if not others:
            return Outcome(reply=f"You have no other {kind} in your mail than {named}.",
                           data={"frame": before.to_json(), "answerer": "money"})
        if len(others) > 1:
            names = [v.label for v in others[:5]]
            question = f"Which other {kind}: {', '.join(names[:-1])} or {names[-1]}?"
            self._keep_asked(turn.session, True)
            return Outcome(reply=question, data={"frame": before.to_json(), "answerer": "money", _ASKED_WHICH: True})
        frame = replace(before, text=turn.text, filters=(Named(others[0].label, (others[0],), "words"),),
                        unmatched=(), sure=True)
        self._remember(turn.session, frame, turn.id)
        self._keep_asked(turn.session, False)
        got = self._answerers().answer(frame, clock)
        if got is None:
            return Outcome(reply=f"The other {kind} is {others[0].label}.", data={"frame": frame.to_json()})
        by, answer = got
        self._keep_view(turn.session, answer.data.get("view"))
        return Outcome(reply=answer.reply, data={"frame": frame.to_json(), "answerer": by, **dict(answer.data)})

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """The answer, with the frame and the answerer in the trace's data."""
        if "pointed" in match.slots:
            return self._pointed(turn, match)
        if "others" in match.slots:
            return self._others(turn, match)
        frame: Frame = match.slots["frame"]
        ask: OpenQuestion | None = match.slots.get("ask")
        if ask is not None:
            self._keep_asked(turn.session, not frame.writes)
            data = {"frame": frame.to_json(), _ASKED_WHICH: not frame.writes}
            shown = match.slots.get("shown") or self._shown(turn)
            if shown is not None:
                # a question back shows nothing new: what the answer before listed is what "the second one" picks
                self._keep_view(turn.session, shown)
                data["view"] = shown
            return Outcome(reply=ask.question, ask=ask, data=data)
        by, answer = match.slots["answer"]
        outcome_ask = None
        if answer.question:
            outcome_ask = OpenQuestion(NAME, answer.question, {"text": turn.text, **answer.payload})
        # a read that ends on a question of which thing (not the offer to add the one booking it found)
        asked = outcome_ask is not None and not frame.writes and "proposal" not in answer.payload
        self._keep_asked(turn.session, asked)
        reply = answer.reply if not answer.question else f"{answer.reply}\n{answer.question}".strip()
        self._keep_view(turn.session, answer.data.get("view") or answer.data.get("pointing"))
        offer = _offer(answer.data.get("waiting"), turn_clock(self.clock, turn)) if not answer.question else None
        if offer is not None:
            # one booking waiting for a yes: the appointments answer's own question, so "yes" makes it
            outcome_ask = offer
            reply = f"{reply}\n{offer.question}"
        data = {"frame": frame.to_json(), "answerer": by, **self._also_waiting(answer.data, frame, turn)}
        if asked:
            data[_ASKED_WHICH] = True
        read = self._read.get(turn.id)
        if answer.data.get("elsewhere") and frame.ask == "is_there" and frame.window is not None \
                and (read is None or read is frame):
            # "is the dentist on Tuesday?" answered with the dentist on Thursday: the next turn ("who's doing it?")
            # is asked of that booking, on whatever day it is, never of the Tuesday it is not on (a thing picked by
            # its time, "the 11:30 one", that is not there was never found: the next turn is not about another)
            read = replace(frame, window=None)
            self._read[turn.id] = read
            self._remember(turn.session, read, turn.id)
        if read is not None and read is not frame:
            # a request's words answered ("how many emails did Priya send?" as mail by sender): what the reader
            # read, its names and days, is what the next turn is read with
            data["read"] = read.to_json()
        return Outcome(reply=reply, ask=outcome_ask, data=data)

    def _also_waiting(self, data: Mapping[str, Any], frame: Frame, turn: Turn) -> dict[str, Any]:
        """The answer's data, its view saying what waits for a yes in the window the question named."""
        view = data.get("view")
        if self._waiting is None or frame.window is None or not isinstance(view, Mapping):
            return dict(data)
        start = frame.window.start
        end = max(frame.window.end, start + timedelta(minutes=1))
        shown = [i.get("proposal") for i in view.get("items") or () if isinstance(i, Mapping)]
        return with_waiting(data, waiting_items(self._waiting(start, end), turn_clock(self.clock, turn), shown))

    def claims(self, turn: Turn, question: OpenQuestion) -> bool:
        """A yes or a no to "Shall I add it?" answers it, whatever else might read the words; so does one of the
        things "Which one: ...?" listed ("the second one", "the flight back")."""
        listed = question.payload.get("listed")
        if listed:
            return pick_choice(turn.text, [str(label) for _, label in listed]) is not None
        if "proposal" not in question.payload:
            return False
        from steward.assistant.governance import load_consent_words, read_answer

        return read_answer(turn.text, load_consent_words()) is not None

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """The domain (or the thing) the answer picks, and the first question answered with it; the booking
        a yes adds (or a no turns down); None when it picks none."""
        if "proposal" in question.payload:
            if self._appointments is None:
                return None
            return settle_proposal(turn, question, self._appointments(), turn_clock(self.clock, turn))
        if question.payload.get("choices"):
            return self._resume_choice(turn, question)
        if question.payload.get("listed"):
            return self._resume_listed(turn, question)
        domains = list(question.payload.get("domains") or [])
        said = set(words(turn.text))
        picked = [d for d in domains if d in said or said & set(words(_DOMAIN_LABELS[d]))
                  - {"your", "you", "money"}]
        if "money" in domains and said & {"money", "owe", "bill", "bills"}:
            picked = ["money"]
        if len(picked) != 1:
            return None
        clock = turn_clock(self.clock, turn)
        frame = self._reader().read(str(question.payload.get("text", "")), clock)
        if frame is None:
            return None
        asked = replace(frame, domain=picked[0], sure=True)
        got = self._answerers().answer(asked, clock)
        if got is None:
            return None
        by, answer = self._accounted(asked, got, clock, self._reader().words)
        return Outcome(reply=answer.reply, data={"frame": frame.to_json(), "answerer": by,
                                                 **self._also_waiting(answer.data, frame, turn)})

    def _resume_listed(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """ "Which one: the flight out or the flight back?" answered: the thing asked, of the one picked."""
        listed = [(str(at), str(label)) for at, label in question.payload.get("listed") or []]
        picked = pick_choice(turn.text, [label for _, label in listed])
        lists = self._reader().lists()

        def lookup(slot: str, value: str) -> SlotValue | None:
            return next((v for v in lists.of_slot(slot) if v.value == value), None)

        asked = from_json(question.payload.get("asked") or {}, lookup)
        if picked is None or asked is None:
            return None
        clock = turn_clock(self.clock, turn)
        start = clock.local(datetime.fromisoformat(listed[picked][0]))
        said = f"on {clock.formats.day(start.date())} at {clock.formats.time(start)}"
        frame = replace(asked, window=Window(start, start + timedelta(minutes=1), said, "minute"))
        self._remember(turn.session, frame, turn.id)
        got = self._answerers().answer(frame, clock)
        if got is None:
            return None
        by, answer = got
        return Outcome(reply=answer.reply, data={"frame": frame.to_json(), "answerer": by, **dict(answer.data)})

    def _resume_choice(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """ "Do you mean Bookish Brunswick or Brunswick Vet Clinic?" answered: the question asked about that one."""
        choices = [(str(c[0]), str(c[1]), str(c[2])) for c in question.payload.get("choices") or []]
        picked = pick_choice(turn.text, [label for _, _, label in choices])
        if picked is None:
            return None
        slot, value, _ = choices[picked]
        clock = turn_clock(self.clock, turn)
        reader = self._reader()
        frame = reader.read(str(question.payload.get("text", "")), clock)
        if frame is None:
            return None
        said = str(question.payload.get("said", ""))
        kept = []
        for named in frame.filters:
            if named.said == said:
                chosen = [v for v in named.values if v.slot == slot and v.value == value]
                named = replace(named, values=tuple(chosen))
            kept.append(named)
        frame = replace(frame, filters=tuple(kept), domain=str(question.payload.get("domain") or frame.domain),
                        sure=True)
        self._remember(turn.session, frame, turn.id)
        got = self._answerers().answer(frame, clock)
        if got is None:
            return None
        by, answer = self._accounted(frame, got, clock, reader.words)
        return Outcome(reply=answer.reply, data={"frame": frame.to_json(), "answerer": by, **dict(answer.data)})


def _corrected(text: str, before: Frame, reader: Reader, clock: Clock) -> Frame | OpenQuestion | None:
    """The question before asked again with what a correction says in its place ("no sorry, I meant the
    Lyrebird card", "I mean next week"): its ask, its flags and its day kept, the names (or the day) said now
    put in; a short question when what is said reads as nothing; None when the text corrects nothing."""
    from steward.reader.fragments import correction

    said = correction(text, reader.words)
    if said is None:
        return None
    part = reader.read(said, clock) or reader.read(f"what about {said}?", clock)
    if part is None or not (part.names_something or part.kinds or part.window or part.unmatched):
        return OpenQuestion(NAME, "What did you mean: which name, thing or day?",
                            {"text": text, "domains": []})
    if not (part.names_something or part.kinds or part.unmatched):
        return replace(before, text=text, window=part.window, scores=(), sure=True)
    domain = before.domain
    if part.domain != before.domain and part.sure and not _fits_domain(before.domain, part):
        domain = part.domain  # "no, I meant the dentist" after a bill: the dentist's booking, asked the same way
    # ("I meant the vet. What time is it?": a correction that asks its own question is asked that)
    own_ask = part.ask not in ("list", "show")
    return replace(before, text=text, domain=domain, filters=part.filters, unmatched=part.unmatched,
                   kinds=part.kinds, bills=part.bills, things=part.things, places=part.places,
                   window=part.window or before.window, currencies=part.currencies or before.currencies,
                   ask=part.ask if own_ask else before.ask, flags=part.flags if own_ask else before.flags,
                   scores=(), sure=True)


def _doubt_of_nothing(text: str, reader: Reader, clock: Clock) -> OpenQuestion | Frame | None:
    """A correction or a doubt ("I was sure it was Tuesday", "no, I meant Friday", "wasn't it on Friday?") said
    after a question that was not answered: there is no answer to correct, so a thing it names is asked about
    on its own (its frame), and a day or nothing gets one short question; None when the text corrects nothing."""
    from steward.reader.fragments import correction

    said = correction(text, reader.words)
    doubted = _DOUBTED.match(text) if said is None else None
    if doubted is not None:
        said = doubted["said"]
    if said is None:
        return None
    part = reader.read(said, clock) or reader.read(f"what about {said}?", clock)
    if part is not None and (part.names_something or part.kinds or part.unmatched):
        return replace(part, text=text, sure=True)
    return OpenQuestion(NAME, f"I couldn't answer what you asked just before, so there is nothing to check "
                              f"‘{said.strip(' ?.!')}’ against. Which thing do you mean?", {"text": text, "domains": []})


# "wasn't it on Friday?", "isn't that at 3?": a doubt about the thing before, by a pronoun
_DOUBTED = re.compile(r"^\W*(?:but\s+|so\s+|hang\s+on,?\s+)?(?:wasn'?t|isn'?t|wasn\u2019t|isn\u2019t)\s+(?:it|that|this)\s+"
                      r"(?P<said>.+?)\W*$", re.I)


def _more_of(before: Frame) -> Frame | OpenQuestion:
    """ "anything else?" after an answer: the whole day when one thing on it was asked of ("is the vet
    tomorrow?"), the same question when it named nothing (its whole answer again), else what more is asked."""
    if before.window is not None and (before.names_something or before.kinds or before.things):
        return replace(before, domain="schedule", ask="list", filters=(), unmatched=(), kinds=(), bills=(),
                       things=(), places=(), flags=frozenset(), scores=(), sure=True)
    if not (before.names_something or before.kinds or before.things or before.unmatched):
        return replace(before, scores=(), sure=True)
    return OpenQuestion(NAME, "Anything else about what? Which day, or what would you like to know?",
                        {"text": before.text, "domains": []})


def _fits_domain(domain: str, part: Frame) -> bool:
    """Whether the names a correction says are things of the domain asked about before."""
    slots = {v.slot for n in part.filters for v in n.values}
    own = {"money": {"issuer", "account"}, "appointments": {"provider"}, "mail": {"sender"},
           "reminders": {"reminder"}, "schedule": {"event", "provider"}}.get(domain, set())
    return bool(slots & own) or (not slots and part.domain == domain)


def _detail_asked(text: str, before: Frame, fresh: Frame | None, reader: Reader) -> Frame | None:
    """ "what time?", "the address?", "who with?" after a question about one thing: that thing's time, place
    or person (never the clock's time now); None when the words ask more, or nothing was named before."""
    from steward.reader.details import asked_detail
    from steward.reader.fragments import detail_ask

    # (a kind of event said before, "when's the regatta on?", is one thing too: the hour asked alone is its hour)
    thing = before.names_something or before.kinds or (before.things and before.domain in ("schedule", "appointments"))
    if not thing or (fresh is not None and fresh.domain != "clock" and (
            fresh.names_something or fresh.kinds or fresh.window)):
        return None
    ask = detail_ask(text, reader.words)
    if ask is None:
        return None
    # ("what gate?": a detail only the booking's mail gives, read from that mail)
    detail = frozenset({"detail"}) if asked_detail(text) else frozenset()
    return replace(before, text=text, ask=ask, flags=before.flags - _ASK_FLAGS | detail, scores=(), sure=True)


def _one_of_the_list(asked: Frame, before: Frame, shown: Mapping[str, Any] | None, rw: ReaderWords,
                     clock: Clock) -> Frame | OpenQuestion:
    """One thing asked alone ("what gate?", "the address?") of an answer that listed several bookings: of the
    next one when the question before said its thing as one ("when is my flight on Saturday?", answered
    with the flight out and the one back), else one short question which; the frame as asked when the
    answer before listed one thing or none."""
    kind, items = listed_things(shown)
    starts = []
    for item in items:
        try:
            starts.append((datetime.fromisoformat(str(item.get("start"))), str(item.get("title") or "")))
        except ValueError:
            return asked
    if kind != "bookings" or len(starts) < 2:
        return asked
    starts.sort()
    if _said_as_one(before.text, rw):
        start = clock.local(starts[0][0])
        said = f"on {clock.formats.day(start.date())} at {clock.formats.time(start)}"
        return replace(asked, window=Window(start, start + timedelta(minutes=1), said, "minute"))
    days = {clock.local(at).date() for at, _ in starts}
    names = [f"{title}, {'' if len(days) == 1 else clock.formats.day(clock.local(at).date()) + ' '}at "
             f"{clock.formats.time(clock.local(at))}" for at, title in starts[:4]]
    return OpenQuestion(NAME, f"Which one: {', '.join(names[:-1])} or {names[-1]}?",
                        {"text": asked.text, "domains": [], "asked": asked.to_json(),
                         "listed": [[at.isoformat(), name] for (at, _), name in zip(starts[:4], names, strict=True)]})


def _which_place(text: str, shown: Mapping[str, Any], clock: Clock) -> OpenQuestion | None:
    """ "Which one: A, at 09:00 or B, at 11:00?" for a place asked of several things listed (a day's entries,
    bookings), each named by its title and time; None when fewer than two of them are things with a place
    (a bill due, a reminder has none)."""
    kind, items = listed_things(shown)
    starts = []
    for item in items:
        if item.get("what") in ("due", "reminder"):
            continue
        try:
            starts.append((datetime.fromisoformat(str(item.get("start") or item.get("at"))),
                           str(item.get("title") or item.get("provider") or "")))
        except ValueError:
            continue
    if kind not in ("bookings", "schedule") or len(starts) < 2:
        return None
    starts.sort()
    days = {clock.local(at).date() for at, _ in starts}
    names = [f"{title}, {'' if len(days) == 1 else clock.formats.day(clock.local(at).date()) + ' '}at "
             f"{clock.formats.time(clock.local(at))}" for at, title in starts[:4]]
    asked = Frame(text, "appointments", "where", flags=frozenset({"where"}))
    return OpenQuestion(NAME, f"Which one: {', '.join(names[:-1])} or {names[-1]}?",
                        {"text": text, "domains": [], "asked": asked.to_json(),
                         "listed": [[at.isoformat(), name] for (at, _), name in zip(starts[:4], names, strict=True)]})


def _said_as_one(text: str, rw: ReaderWords) -> bool:
    """Whether a question says the thing it asks about as one ("my flight", "the appointment"), not as many."""
    said = [w.replace("\u2019", "'") for w in words(text)]
    # (a trip or a journey is several bookings at once: "the Lisbon trip" is the flights and the stay)
    kinds = {w for k, phrases in rw.provider_kinds.items() if k not in rw.kind_groups for p in phrases
             for w in p} | _BOOKING_NOUNS
    many = [w for w in said if w.endswith("s") and w[:-1] in kinds]
    one = [w for w in said if w in kinds and w not in many]
    return bool(one) and not many


_BOOKING_NOUNS = frozenset(("appointment", "booking", "reservation", "appt"))


_ASK_FLAGS = frozenset(("reference", "seat", "where", "free", "genuine", "earlier", "detail", "ends"))


def _day_of_the_thing(shown: Mapping[str, Any], clock: Clock) -> date | None:
    """The day of what the answer before showed, when it showed one day's things (a booking, a bill due),
    so "the day before" is said from it; None for mail (the day it came is no day of the thing) or days apart."""
    from steward.calendar.reminders.referents import day_of

    kind, items = listed_things(shown)
    return day_of(kind, items, clock.zone)


def _time_of_the_thing(shown: Mapping[str, Any]) -> datetime | None:
    """When the one thing the answer before showed starts (a booking, an entry of a day), with its time of day;
    None when it showed several things, or one with no time."""
    _, items = listed_things(shown)
    if len(items) != 1 or not items[0].get("time_text"):
        return None
    try:
        at = datetime.fromisoformat(str(items[0].get("start")))
    except ValueError:
        return None
    return at if at.tzinfo is not None else None


def _with_listed(answer: Any, shown: Mapping[str, Any]) -> Any:
    """An answer about the one thing pointed at (`shown`: it, and the list it was taken from) that keeps that
    list, so "the second one" after it is still the second of the list: in its own view when it shows one
    thing, else beside its data as what the conversation points at."""
    view = answer.data.get("view")
    if not isinstance(view, Mapping):
        return replace(answer, data={**answer.data, "pointing": dict(shown)})
    if view.get("listed") or len(listed_things(view)[1]) > 1:
        return answer
    return replace(answer, data={**answer.data, "view": {**view, "listed": shown["listed"]}})


def _day_it_gives(picked: Any, clock: Clock) -> tuple[datetime, str] | None:
    """The day (and time) the one message pointed at gives in its words ("Monday morning would suit me, maybe
    10:00?"), read on the clock of the moment it came, and how to say it; None when it gives none ahead."""
    from steward import dates

    if len(picked.items) != 1:
        return None
    one = picked.items[0]
    try:
        came = datetime.fromisoformat(str(one.get("received_at")))
    except ValueError:
        return None
    found = dates.find(str(one.get("snippet") or ""), clock.at(came), prefer="future")
    if found is None or found.start is None or found.start < came or found.grain not in ("day", "hour", "minute"):
        return None
    start = clock.local(found.start)
    said = clock.formats.day(start.date()) + ("" if found.grain == "day" else f" at {clock.formats.time(start)}")
    return start, said


def _offer(waiting: Any, clock: Clock) -> OpenQuestion | None:
    """The question that adds (or changes, as its mail says) the one booking an answer shows waiting for a
    yes, owned here: its "yes" makes that booking and nothing else; None unless exactly one waits."""
    if not isinstance(waiting, list) or len(waiting) != 1:
        return None
    one = waiting[0]
    title, change = str(one["title"]), one.get("change")
    start = clock.local(datetime.fromisoformat(str(one["start"])))
    when = f"{clock.formats.day(start.date())} at {clock.formats.time(start)}"
    question = f"Shall I add {title} on {when} to your calendar?"
    if change and str(change).startswith("cancelled"):
        question = f"Shall I remove {title} from your calendar?"
    elif change:
        question = f"Shall I move {title} to {when}?"
    return OpenQuestion(NAME, question, {"proposal": one["proposal"]})


# the words of a question about bookings, whatever else it says ("any reservations on friday?")
_ASKS_ABOUT = re.compile(r"\b(appointments?|appts?|reservations?|bookings?|booked)\b", re.I)


def asks_about_bookings(text: str, vocab: Vocab) -> bool:
    """Whether a question is said in the words of bookings ("do I have any appointments next week?")."""
    return bool(_ASKS_ABOUT.search(text)) and is_question(text, vocab)


def bookings_frame(text: str, frame: Frame | None, clock: Clock, rw: ReaderWords, options: Any) -> Frame:
    """The frame of a question about bookings the reader was unsure of (or read as nothing): the appointments'
    domain, the day it says and the kinds of place it names ("the dentist")."""
    if frame is not None:
        return replace(frame, domain="appointments", sure=True)
    from steward.reader.read import read_bookings

    return read_bookings(text, clock, rw, options)


_ORDINALS = ({"1", "one", "first", "former"}, {"2", "two", "second", "latter"}, {"3", "three", "third"},
             {"4", "four", "fourth"})


def pick_choice(text: str, labels: Sequence[str]) -> int | None:
    """Which of the labels an answer picks: by a word only that label has ("the vet one"), or by its place
    ("the first", "2"); None when it picks none or several."""
    said = set(words(text))
    label_words = [set(words(label)) for label in labels]
    own = [ws - set().union(*(o for j, o in enumerate(label_words) if j != i)) for i, ws in enumerate(label_words)]
    by_words = [i for i, ws in enumerate(own) if ws & said]
    if len(by_words) == 1:
        return by_words[0]
    if said & set().union(*_ORDINALS[1:]):
        said -= {"one"}  # "the second one": "one" is the thing, not the first of them
    by_place = [i for i, names in enumerate(_ORDINALS[:len(labels)]) if names & said]
    return by_place[0] if len(by_place) == 1 and not by_words else None


def frame_context(frame: Frame) -> str:
    """ "Steward read this question as: about money; asks how_much; names Kaveri Bank (issuer) ..." """
    parts = [f"about {frame.domain}", f"asks {frame.ask}"]
    for named in frame.filters:
        found = ", ".join(f"{v.label} ({v.slot})" for v in named.values[:4])
        parts.append(f"\u2018{named.said}\u2019 is {found} in the user's data")
    for u in frame.unmatched:
        nearest = f" (nearest: {', '.join(u.nearest)})" if u.nearest else ""
        parts.append(f"\u2018{u.said}\u2019 matches nothing in the user's data{nearest}")
    if frame.window is not None:
        parts.append(f"window \u2018{frame.window.said}\u2019 = {frame.window.start.isoformat()} to "
                     f"{frame.window.end.isoformat()}")
    if frame.kinds or frame.bills:
        parts.append("kinds " + ", ".join((*frame.kinds, *frame.bills)))
    if frame.flags:
        parts.append("flags " + ", ".join(sorted(frame.flags)))
    return ("Steward's reader read the user's question as: " + "; ".join(parts)
            + ". Its own answerers could not answer it: use the tools, and these names, to answer.")

