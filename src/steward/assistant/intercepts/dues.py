"""dues_request ("what do I owe?", "any pending payments?", "is my insurance premium overdue") and
accounts_request ("list my credit card accounts", "which cards do I have").

Both are reads: they decline a turn that asks for an action ("add the dues section to my brief").
dues_request (ADR-0112 §10-12): a dues noun counts only with an owing frame ("credit card" + "bill",
"balance", "due" ...), or a phrase that asks what is owed by itself ("owe", "pending payments"); a
pronoun is not enough. Once the words match, a question whose words belong to money alone (the router's
keywords find finance and nothing else) is answered: the sentence model is not asked, or loaded, for a
turn its words settle. Otherwise (a remark, "do I owe Sam a reply?") the router is asked: a confident
semantic route outside finance declines the turn; an unsure, keyword, failing or absent router leaves
the words to decide.
The window ("this week", "this month", "next 10 days") comes from `steward.dates` on the user's clock,
the categories ("insurance and rent") from the finance vocabulary. accounts_request has no router
veto (§13: the router labels "list my bank accounts" communication).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from steward.assistant.intercepts.base import Match
from steward.assistant.intercepts.reminder import find_when, turn_clock
from steward.assistant.router import Route
from steward.assistant.trace import OpenQuestion, Outcome, Turn
from steward.clock import Clock
from steward.errors import StewardError
from steward.vocab import Vocab, contains_phrase, find_phrase, words
from steward.vocab.language import is_action_request, is_question

if TYPE_CHECKING:
    from steward.finance.service import DuesService

log = logging.getLogger(__name__)

DUES = "dues_request"
ACCOUNTS = "accounts_request"
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
    from steward.finance.vocab import finance_vocab

    norms = words(text)
    found = []
    for kind, phrases in finance_vocab().category_words.items():
        if contains_phrase(norms, [tuple(p.split()) for p in phrases]) and kind not in found:
            found.append(kind)
    return tuple(found)


class DuesRequest:
    """The dues_request intercept: the digest, answered without a model."""

    name = DUES
    reads_only = True

    def __init__(self, vocab: Vocab, clock: Clock, dues: Callable[[], DuesService],
                 classify: Callable[[str], Route] | None = None, date_options: Any = None,
                 waiting: Callable[[datetime, datetime], Sequence[Any]] | None = None,
                 keywords: Callable[[str], Route] | None = None) -> None:
        self.vocab = vocab
        self.clock = clock
        self._dues = dues
        self.classify = classify
        self.keywords = keywords
        self.date_options = date_options
        self._waiting = waiting  # the appointments found in mail in a span (to say which wait for a yes)

    def match(self, turn: Turn) -> Match | None:
        """A Match when the turn asks what is owed, with the window, categories and whether only overdue."""
        norms = words(turn.text)
        if is_action_request(turn.text, self.vocab) or not owing_question(norms, self.vocab):
            return None
        if contains_phrase(norms, self.vocab.mail_words) and contains_phrase(norms, self.vocab.analysis_frames):
            return None  # "how many emails about my card bill": an inbox analysis
        if self._router_says_elsewhere(turn.text):
            return None
        clock = turn_clock(self.clock, turn)
        when = find_when(turn.text, clock, self.date_options, prefer="future")
        window = "all"
        if when is not None and when.end is not None:
            last = (when.end.astimezone(clock.zone).date() - clock.today()).days
            window = f"{max(last, 0)}d"
        overdue = find_phrase(norms, _OVERDUE) is not None
        return Match(DUES, {"window": window, "categories": categories_in(turn.text), "overdue": overdue})

    def _router_says_elsewhere(self, text: str) -> bool:
        """A confident semantic route outside finance (ADR-0112 §12); the words decide otherwise."""
        if self.classify is None or self._words_settle(text):
            return False
        try:
            route = self.classify(text)
        except StewardError as exc:
            log.debug("dues_request: the router failed (%s); the vocabulary decides", exc)
            return False
        return route.source == "semantic" and route.intent != "finance"

    def _words_settle(self, text: str) -> bool:
        """A question whose every domain word is money's ("what do I owe this month?"): meaning adds nothing.

        Measured on the questions of bench/data and the SLURP development set, the semantic veto declined
        such a question only wrongly ("what's due before the weekend?" read as the calendar); it still
        decides a turn whose words also belong elsewhere ("do I owe Sam a reply?") or that asks nothing
        ("I owe my sister a phone call").
        """
        if self.keywords is None or not is_question(text, self.vocab):
            return False
        route = self.keywords(text)
        return route.intent == "finance" and route.confidence >= 1.0

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """Reply with what is owed in the window asked, by currency, overdue flagged."""
        from steward.finance.digest import digest, render

        service = self._dues()
        today = turn_clock(self.clock, turn).today()
        result = service.digest(window=str(match.slots["window"]), categories=match.slots["categories"],
                                as_of=today)
        if match.slots.get("overdue"):
            due = [i.due for i in result.items if i.overdue]
            result = digest(due, as_of=today, window=result.window, categories=result.categories)
        if result.empty:
            reply = render(result, fmt=self.clock.formats)
            if match.slots.get("overdue"):
                reply = "Nothing is overdue in the bills Steward has read."
        else:
            reply = "What you owe, by currency (never added across currencies):\n" + render(result, fmt=self.clock.formats)
        from steward.reader.views import digest_span, digest_window, dues_view, waiting_items, with_waiting

        clock = turn_clock(self.clock, turn)
        window = digest_window(result.window, today, clock)
        view = dues_view("What you owe", [i.due for i in result.items], [i.due.id for i in result.items if i.overdue],
                         clock, window)
        also = self._week_end(result, today, match, clock)
        if also:
            reply += "\n" + also
            view["also"] = also
        data = {**result.to_json(), "view": view}
        span = digest_span(result.window, today, clock)
        if span is not None and self._waiting is not None:
            data = with_waiting(data, waiting_items(self._waiting(*span), clock))
        return Outcome(reply=reply, data=data)

    def _week_end(self, result: Any, today: Any, match: Match, clock: Clock) -> str | None:
        """Near the week's end "this week" is a day or two: say so, and what the next seven days add."""
        days = str(result.window)
        if match.slots.get("overdue") or not days.endswith("d") or not days[:-1].isdigit() or int(days[:-1]) >= 7:
            return None
        seen = {i.due.id for i in result.items}
        week = self._dues().digest(window="7d", categories=match.slots["categories"], as_of=today)
        more = [i.due for i in week.items if i.due.id not in seen]
        if not more:
            return None
        fmt = clock.formats
        return (f"This week has {days[:-1]} day{'s' if days[:-1] != '1' else ''} left; the next seven days also hold: "
                + "; ".join(f"{d.issuer} {fmt.money(d.amount, d.currency)} due {fmt.day(d.due_date)}" for d in more) + ".")

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Always None: a dues question asks nothing back."""
        return None


class AccountsRequest:
    """The accounts_request intercept: the cards and accounts the mail shows (no router veto)."""

    name = ACCOUNTS
    reads_only = True

    def __init__(self, vocab: Vocab, dues: Callable[[], DuesService], clock: Clock | None = None) -> None:
        self.vocab = vocab
        self.clock = clock or Clock(UTC)
        self._dues = dues

    def match(self, turn: Turn) -> Match | None:
        """A Match when the turn asks which cards or accounts the mail shows."""
        norms = words(turn.text)
        if is_action_request(turn.text, self.vocab):
            return None
        if not contains_phrase(norms, self.vocab.account_nouns) or not contains_phrase(norms, self.vocab.account_frames):
            return None
        if contains_phrase(norms, self.vocab.mail_words) or owing_question(norms, self.vocab):
            return None  # "list all emails about my cards" / "what do I owe on my cards" are not this
        return Match(ACCOUNTS)

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """List the cards and accounts seen in mail (last four digits only) with their latest due."""
        from steward.finance.digest import money_text
        from steward.reader.views import accounts_view

        accounts = self._dues().accounts()
        head = f"The cards and accounts your mail shows ({len(accounts)})"
        data = {"accounts": [a.to_json() for a in accounts], "view": accounts_view(head, accounts, self.clock)}
        if not accounts:
            return Outcome(reply="I have not seen any cards or accounts in your mail yet.",
                           data={"accounts": []})
        lines = [f"{head}:"]
        fmt = self.clock.formats
        for a in accounts:
            line = f"- {a.issuer} {a.kind} XXXX{a.account} (last seen {fmt.day(a.last_seen, year=True)})"
            if a.latest_due is not None:
                d = a.latest_due
                line += (f"; latest due {money_text(d.amount, d.currency, fmt)} on {fmt.day(d.due_date, year=True)}"
                         f" ({d.status})")
            lines.append(line)
        return Outcome(reply="\n".join(lines), data=data)

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Always None: an accounts question asks nothing back."""
        return None
