"""brief_config: the daily brief, configured by saying so, without a model.

* `brief_config` (not a read): "add the dues section to my brief", "remove newsletters from my
  briefing", "only show insurance and rent dues for the next 7 days in my brief", "put my schedule
  first", "what's in my brief?", "undo that change to my brief". `brief.phrases.parse_config` reads
  the turn and `BriefService.configure` applies it — no model, no relevance shortlist (ADR-0103
  postscript: a 7B model called `configure_brief` 25% of the time, a 35B model 0%, and a judge
  accepted the confident "done"; the deterministic intercept did it 5 of 5). It is tried before every
  read, so a dues word in the turn never gets a dues list. (The brief is shown by the reader's brief
  answerer: "show my brief", "morning summary".)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from steward.assistant.intercepts.base import Match
from steward.assistant.trace import OpenQuestion, Outcome, Turn, Write
from steward.errors import UserError
from steward.vocab import Vocab, contains_phrase, find_phrase, match_at, words
from steward.vocab.language import config_object_at

if TYPE_CHECKING:
    from steward.brief.phrases import ConfigWords
    from steward.brief.service import BriefService

CONFIG = "brief_config"


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
