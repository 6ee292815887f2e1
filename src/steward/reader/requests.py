"""Requests whose words ask for a whole answer: what is owed, the cards the mail shows, a day's
calendar, mail counted by sender, the brief.

A question that names nothing ("what do I owe this week?", "what's my schedule tomorrow?", "how many
emails did I get from HDFC this month?", "brief me") is read here by the words people use for such a
request (the vocabulary's `dues_questions`, `owing_frames`, `schedule_words`, `analysis_frames`,
`brief_requests` ...), and becomes a frame whose `wants` says which whole answer it asks for; the
domain's answerer gives it. Pure: the vocabulary, `steward.dates` on the person's clock and, for an
owing question whose words also belong elsewhere ("do I owe Sam a reply?"), the router's word.

- `digest` (money): a dues noun with an owing frame, a phrase that asks what is owed by itself ("any
  pending payments?"), or two owing frames ("bills ... due"); a pronoun is not enough. A question whose
  words are money's alone is taken as it is; otherwise a confident semantic route outside money declines.
- `accounts` (money): an account noun with an account frame ("which cards do I have?"), no mail word,
  no owing question (no router veto: the router labels "list my bank accounts" communication).
- `days` (schedule): a schedule word in a question or after a verb of showing.
- `senders` (mail): a mail word with an analysis frame ("how many", "which", "list all"), no mail state
  (the store keeps no read state, so "how many unread emails" is not answerable here).
- `brief` (brief): a brief request ("show my brief", "morning summary"), or a brief section named in a
  question or after a verb of showing, about today.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from steward.clock import Clock
from steward.errors import StewardError
from steward.reader.frame import Frame, Window
from steward.reader.rolling import week_ahead
from steward.vocab import Vocab, contains_phrase, find_phrase, match_at, words
from steward.vocab.language import config_object_at, is_action_request, is_question

if TYPE_CHECKING:
    from steward.dates import Resolution

log = logging.getLogger(__name__)

# the domain of each whole answer
DOMAIN = {"digest": "money", "accounts": "money", "days": "schedule", "senders": "mail", "brief": "brief"}
_OVERDUE = (("overdue",), ("past", "due"), ("late",))


def owing_question(norms: list[str], vocab: Vocab) -> bool:
    """A dues noun with an owing frame, a phrase that asks what is owed, or two owing frames ("bills ... due")."""
    if contains_phrase(norms, vocab.dues_questions):
        return True
    frames = {norms[i] for i in range(len(norms)) if (norms[i],) in vocab.owing_frames}
    if contains_phrase(norms, vocab.dues_nouns) and frames:
        return True
    return len(frames) >= 2


def categories_in(text: str) -> tuple[str, ...]:
    """The kinds of due a question names ("insurance and rent" -> insurance, rent)."""
    from steward.finance.vocab import category_words

    norms = words(text)
    found = []
    for kind, phrases in category_words().items():
        if contains_phrase(norms, [tuple(p.split()) for p in phrases]) and kind not in found:
            found.append(kind)
    return tuple(found)


class Requests:
    """The recognisers of whole-answer requests, in the order they are tried."""

    def __init__(self, vocab: Vocab, date_options: Any = None,
                 classify: Callable[[str], Any] | None = None, keywords: Callable[[str], Any] | None = None) -> None:
        self.vocab = vocab
        self.date_options = date_options
        self.classify = classify  # the router (semantic, else keywords): its word on an owing question
        self.keywords = keywords  # the router's keywords alone

    def find_when(self, text: str, clock: Clock, prefer: str = "future") -> Resolution | None:
        """The first date or time the text says (steward.dates on the person's clock)."""
        from steward import dates

        return dates.find(text, clock, prefer=prefer, options=self.date_options)

    def brief(self, text: str, clock: Clock) -> Frame | None:
        """ "show my brief", "morning summary": the brief of today (another day is that day's schedule)."""
        norms = words(text)
        asked = contains_phrase(norms, self.vocab.brief_requests)
        if not asked:
            opens = bool(match_at(norms, 0, self.vocab.show_verbs)) or is_question(text, self.vocab)
            asked = config_object_at(norms, self.vocab) is not None and opens
        if not asked:
            return None
        when = self.find_when(text, clock)
        if when is not None and when.start.astimezone(clock.zone).date() != clock.today():
            # "brief me on Friday", "brief me on the 12th": the brief is today's; another day's is its schedule
            return _frame(text, "days", when) if asked and when.grain == "day" else None
        return _frame(text, "brief", when)

    def days(self, text: str, clock: Clock) -> Frame | None:
        """ "what's my schedule tomorrow?": the day (or the days of "this week") asked about, else today."""
        from steward.reader.read import says_a_kept_list
        from steward.reader.words import load_words

        norms = words(text)
        if not contains_phrase(norms, self.vocab.schedule_words):
            return None
        if says_a_kept_list(norms, load_words(), to_do_is_ours=True):
            return None  # "what's on my shopping list today?": a list Steward does not keep, not the schedule
        if not (is_question(text, self.vocab) or match_at(norms, 0, self.vocab.show_verbs)):
            return None
        when = self.find_when(text, clock)
        frame = _frame(text, "days", when)
        if frame.window is not None and (ahead := week_ahead(frame.window.said, frame.window.grain, frame.window.end,
                                                             clock)) is not None:
            # ("got much booked this week?" asked on the week's last day: the days ahead from today)
            frame = replace(frame, window=Window(*ahead, "day"))
        return frame

    def senders(self, text: str, clock: Clock) -> Frame | None:
        """ "how many emails did I get from X", "which banks emailed me": every match, grouped by sender."""
        norms = words(text)
        if not contains_phrase(norms, self.vocab.mail_words) or not contains_phrase(norms, self.vocab.analysis_frames):
            return None
        if contains_phrase(norms, self.vocab.mail_states):
            return None
        return _frame(text, "senders", None)

    def accounts(self, text: str, clock: Clock) -> Frame | None:
        """ "which cards do I have?": the cards and accounts the mail shows."""
        norms = words(text)
        if not contains_phrase(norms, self.vocab.account_nouns) or not contains_phrase(norms, self.vocab.account_frames):
            return None
        if contains_phrase(norms, self.vocab.mail_words) or owing_question(norms, self.vocab):
            return None
        return _frame(text, "accounts", None)

    def digest(self, text: str, clock: Clock) -> Frame | None:
        """ "what do I owe this week?": the dues in the window asked (from today), the kinds named, overdue."""
        norms = words(text)
        if not owing_question(norms, self.vocab):
            return None
        from steward.reader.words import load_words

        rw = load_words()
        if contains_phrase(norms, rw.flags.get("payments", ())) and not contains_phrase(norms, rw.still_to_pay):
            return None  # "the last card payment I made": a payment made, not what is owed
        if any(contains_phrase(norms, phrases) for phrases in rw.loan_kinds.values()):
            return None  # "what's left to pay on my van loan?": one loan, asked of by what it is for
        if contains_phrase(norms, self.vocab.mail_words) and contains_phrase(norms, self.vocab.analysis_frames):
            return None  # "how many emails about my card bill": mail counted
        if self._router_says_elsewhere(text):
            return None
        if contains_phrase(norms, rw.flags.get("manual", ())):
            return None  # "which bills do I pay myself?": the bills not taken by themselves, the money answerer's
        if any(contains_phrase(norms, [p]) for p in rw.not_kinds):
            return None  # "what does our tax guy charge?": a kind's word said of something else (their fee)
        flags = frozenset({"overdue"}) if find_phrase(norms, _OVERDUE) is not None else frozenset()
        frame = _frame(text, "digest", self.find_when(text, clock))
        return replace(frame, kinds=categories_in(text), flags=flags)

    def first(self, text: str, clock: Clock, between: Callable[[], bool] | None = None) -> Frame | None:
        """The first request the text makes, in order: the brief, [`between`: another reader's claim, which
        stops the search], the day's calendar, mail by sender, the accounts, what is owed. None for an action."""
        if is_action_request(text, self.vocab):
            return None
        found = self.brief(text, clock)
        if found is not None:
            return found
        if between is not None and between():
            return None
        for recognise in (self.days, self.senders, self.accounts, self.digest):
            found = recognise(text, clock)
            if found is not None:
                return found
        return None

    def _router_says_elsewhere(self, text: str) -> bool:
        """A confident semantic route outside money; a question whose words are money's alone is not asked."""
        if self.classify is None or self._words_settle(text):
            return False
        try:
            route = self.classify(text)
        except StewardError as exc:
            log.debug("requests: the router failed (%s); the vocabulary decides", exc)
            return False
        return bool(route.source == "semantic" and route.intent != "finance")

    def _words_settle(self, text: str) -> bool:
        """A question whose every domain word is money's ("what do I owe this month?"): meaning adds nothing.

        Measured on the questions of bench/data and the SLURP development set, the semantic veto declined
        such a question only wrongly (a bill "due before the weekend" read as the calendar); it still
        decides a turn whose words also belong elsewhere ("do I owe Sam a reply?") or that asks nothing
        ("I owe my sister a phone call").
        """
        if self.keywords is None or not is_question(text, self.vocab):
            return False
        route = self.keywords(text)
        return bool(route.intent == "finance" and route.confidence >= 1.0)


def _frame(text: str, wants: str, when: Resolution | None) -> Frame:
    window = None
    if when is not None and when.start is not None:
        # an instant keeps end == start (a window of no length: "all" to the digest, one day to the schedule)
        window = Window(when.start, when.end if when.end is not None else when.start, when.text, when.grain)
    return Frame(text=text, domain=DOMAIN[wants], ask="show", window=window, wants=wants)


def by_request_alone(frame: Frame) -> bool:
    """Whether a frame was read by a request's words alone (the reader read the question as another
    domain's, or as none): its whole answer is given as it is."""
    return bool(frame.wants) and not frame.scores
