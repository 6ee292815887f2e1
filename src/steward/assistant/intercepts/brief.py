"""brief_config and brief: the daily brief, configured and shown by saying so, without a model.

* `brief_config` (not a read): "add the dues section to my brief", "remove newsletters from my
  briefing", "only show insurance and rent dues for the next 7 days in my brief", "put my schedule
  first", "what's in my brief?", "undo that change to my brief". `brief.phrases.parse_config` reads
  the turn and `BriefService.configure` applies it — no model, no relevance shortlist (ADR-0103
  postscript: a 7B model called `configure_brief` 25% of the time, a 35B model 0%, and a judge
  accepted the confident "done"; the deterministic intercept did it 5 of 5). It is tried before every
  read intercept, so a dues word in the turn never gets a dues list.
* `brief` (a read: it declines actions): "show my brief", "what does my day look like?", "morning
  summary" — the brief of today, rendered with the prefs chat wrote.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from steward.assistant.intercepts.base import Match
from steward.assistant.intercepts.reminder import find_when, turn_clock
from steward.assistant.trace import OpenQuestion, Outcome, Turn, Write
from steward.clock import Clock
from steward.errors import UserError
from steward.vocab import Vocab, contains_phrase, find_phrase, match_at, words
from steward.vocab.language import config_object_at, is_question

if TYPE_CHECKING:
    from steward.brief.phrases import ConfigWords
    from steward.brief.service import BriefService

CONFIG = "brief_config"
SHOW = "brief"


class BriefConfig:
    """The brief_config intercept."""

    name = CONFIG
    reads_only = False

    def __init__(self, vocab: Vocab, brief: Callable[[], BriefService]) -> None:
        self.vocab = vocab
        self._brief = brief
        self._words: ConfigWords | None = None

    def _config_words(self) -> ConfigWords:
        if self._words is None:
            from steward.brief.phrases import config_words

            self._words = config_words(self.vocab.config_objects, self.vocab.config_object_breakers)
        return self._words

    def match(self, turn: Turn) -> Match | None:
        """A Match carrying the config request when the turn changes the brief's sections or options."""
        norms = words(turn.text)
        if config_object_at(norms, self.vocab) is None and not match_at(norms, 0, self.vocab.mutate_verbs) \
                and not contains_phrase(norms, self.vocab.polite_wrappers):
            return None  # cheap: neither the brief nor a bare "put X first" (the brief's phrases not even loaded)
        from steward.brief.phrases import parse_config
        reminder = find_phrase(norms, self.vocab.reminder_triggers)
        found = config_object_at(norms, self.vocab)
        if reminder is not None and (found is None or reminder[0] < found[0]):
            return None  # "remind me tomorrow to add the dues to my brief" asks for a reminder
        request = parse_config(turn.text, self._brief().manifest, self._config_words())
        return Match(CONFIG, {"request": request}) if request is not None else None

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """Apply the change to the brief's prefs (nothing written on a dry run) and say what changed."""
        request = match.slots["request"]
        provenance = {"via": "turn", "session": turn.session, "turn": turn.id, "command": "chat"}
        try:
            result = self._brief().configure(request, provenance=provenance, dry_run=turn.dry_run)
        except UserError as exc:
            return Outcome(reply=exc.message[:1].upper() + exc.message[1:], data={"error": exc.message})
        reply = result.message
        if turn.dry_run and result.changed:
            reply = f"I would change your brief: {reply}"
        writes = (Write("brief_prefs", "brief", result.to_json()),) if result.changed else ()
        if result.changed and request.op != "undo":
            reply += " Say \"undo that change to my brief\" to take it back."
        return Outcome(reply=reply, writes=writes, data=result.to_json())

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Always None: a brief change asks nothing back."""
        return None  # asks nothing back


class BriefShow:
    """The brief intercept: today's brief, rendered with the user's prefs."""

    name = SHOW
    reads_only = True

    def __init__(self, vocab: Vocab, clock: Clock, brief: Callable[[], BriefService], date_options: Any = None) -> None:
        self.vocab = vocab
        self.clock = clock
        self._brief = brief
        self.date_options = date_options

    def match(self, turn: Turn) -> Match | None:
        """A Match when the turn asks to see the brief, with the day asked about."""
        norms = words(turn.text)
        asked = contains_phrase(norms, self.vocab.brief_requests)
        if not asked:
            found = config_object_at(norms, self.vocab)
            opens = bool(match_at(norms, 0, self.vocab.show_verbs)) or is_question(turn.text, self.vocab)
            asked = found is not None and opens
        if not asked:
            return None
        clock = turn_clock(self.clock, turn)
        when = find_when(turn.text, clock, self.date_options)
        if when is not None and when.start.astimezone(clock.zone).date() != clock.today():
            return None  # "what does my day look like on friday": the schedule of that day
        return Match(SHOW, {})

    def handle(self, turn: Turn, match: Match) -> Outcome:
        """Build the brief for the turn's time and reply with it as text."""
        from steward.brief.render import to_text

        brief = self._brief().build(turn.now)
        from steward.reader.views import brief_view

        data = brief.to_json()
        return Outcome(reply=to_text(brief), data={**data, "view": brief_view(data, turn_clock(self.clock, turn))})

    def resume(self, turn: Turn, question: OpenQuestion) -> Outcome | None:
        """Always None: showing the brief asks nothing back."""
        return None
