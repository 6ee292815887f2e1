"""The composition root: `build_app` wires settings, the clock, the store and the services.

There are no module-level singletons; every service is built here, once per App, on first use, so a
light command (`steward when`) never opens the database or loads a model.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from steward.clock import Clock
from steward.paths import Paths
from steward.settings import Settings

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (light commands read these)
if TYPE_CHECKING:
    from datetime import datetime
    from pathlib import Path
    from typing import Any

    from steward.appointments.service import AppointmentsService
    from steward.assistant.consent import HeldWrites
    from steward.assistant.governance import Governance
    from steward.assistant.intercepts import Intercept
    from steward.assistant.loop import Loop
    from steward.assistant.router import Router
    from steward.assistant.tools import ToolContext
    from steward.assistant.trace import Outcome, Turn
    from steward.assistant.turn import Engine
    from steward.brief.service import BriefService
    from steward.calendar.reminders.text import Subject
    from steward.calendar.service import CalendarService, Schedule
    from steward.dates import DateOptions
    from steward.embed import Embedder
    from steward.embed.queries import QueryCache
    from steward.finance.registry import Registry
    from steward.finance.service import DuesService
    from steward.hooks.bus import HookBus
    from steward.hooks.session_names import SessionNames
    from steward.llm.messages import ChatModel
    from steward.llm.tiers import TierConfig
    from steward.mail.categories import Classifier
    from steward.mail.heartbeat import SyncHeartbeat
    from steward.mail.live import MailSync
    from steward.reader import Answerers, Reader
    from steward.reader.answer import WriteSteps
    from steward.reader.lists import SlotCache
    from steward.reader.meaning import ByMeaning
    from steward.reader.requests import Requests
    from steward.reader.writes import WriteReader
    from steward.search.hybrid import MailSearch
    from steward.search.mailbox import Mailbox
    from steward.search.vectors import VectorIndex
    from steward.vocab import Vocab


@dataclass
class App:
    """Steward's parts for one home, each built on first use (see the module docstring)."""

    settings: Settings
    clock: Clock
    paths: Paths
    _closers: list[sqlite3.Connection] = field(default_factory=list)
    # `steward serve` hands every worker's App the same index (one copy of the vectors per process)
    shared_vectors: VectorIndex | None = None
    # ... and the same embedder (one copy of the model's sessions) and cache of query vectors
    shared_embedder: Embedder | None = None
    shared_queries: QueryCache | None = None

    @cached_property
    def db(self) -> sqlite3.Connection:
        """The store's connection, opened (and migrated) on first use."""
        from steward.store import connect

        conn = connect(self.paths.db_name)
        self._closers.append(conn)
        return conn

    @cached_property
    def date_options(self) -> DateOptions:
        """How dates in the person's words read (3/9 as their locale's or zone's country writes it, the
        hours of 'morning' ...): one value for the reader, reminders, event talk and appointments alike."""
        from steward.dates import DateOptions

        return DateOptions.from_settings(self.settings, self.clock.zone_name)

    @cached_property
    def calendar(self) -> CalendarService:
        """The one write path for reminders and events, over the configured calendar backends."""
        from steward.calendar.backends import build_backends
        from steward.calendar.service import CalendarService

        return CalendarService(
            self.db,
            self.clock,
            build_backends(self.settings, self.db, self.clock.zone, self.clock.now),
            write_to=self.settings.as_str("calendar.write_to") or "local",
            default_hour=self.settings.as_int("reminders.default_hour"),
            event_minutes=self.settings.as_int("calendar.event_minutes"),
            date_options=lambda: self.date_options,
        )

    @cached_property
    def appointments(self) -> AppointmentsService:
        """Appointment and reservation mail made into calendar events on proved evidence."""
        from steward.appointments.service import AppointmentsService

        def ask_model() -> Any:
            spec = self.tiers.spec_for("task")
            if not self.settings.as_bool("appointments_llm") or spec is None:
                return None
            from steward.appointments.llm import ask_model as ask

            model = self.tiers.model(spec)
            return lambda lines: ask(model, lines)

        return AppointmentsService(
            self.db, self.clock, lambda: self.calendar,
            self._fetch_appointment_mail,
            mode=self.settings.as_str("appointments.mode"),
            window_days=self.settings.as_int("appointments.window_days"),
            travel_window_days=self.settings.as_int("appointments.travel_window_days"),
            minutes=self.settings.as_int("calendar.event_minutes"),
            model=ask_model,
            calendar_name=self.settings.as_str("appointments.calendar") or None,
            date_options=self.date_options,
        )

    @cached_property
    def dues(self) -> DuesService:
        """Money owed: dues read from bill mail (bodies fetched live), the digest, accounts, mark paid."""
        from steward.finance.service import DuesService

        def task_model() -> ChatModel | None:  # asked on the first bill the patterns cannot read
            spec = self.tiers.spec_for("task")
            return self.tiers.model(spec) if spec is not None else None

        return DuesService(
            lambda: self.db, self.clock, lambda: self.finance_registry,
            fetch=self._fetch_bill,
            model=task_model if self.settings.as_bool("dues_llm") else None,
            user_day_first=self.settings.day_first(self.clock.zone_name),
            notify_days_before=self.settings.as_int("finance.notify_days_before"),
        )

    def day_schedule(self, when: str | None) -> Schedule:
        """The reminders and events of the day `when` names, with the invitations waiting for an answer
        on it (`steward schedule`, `GET /schedule`)."""
        calendar = self.calendar
        schedule = calendar.schedule(calendar.day_of(when))
        if self.settings.as_str("appointments.mode") == "off":
            return schedule  # nothing is read from mail, so no invitation either
        return calendar.with_invitations(schedule)

    def _fetch_appointment_mail(self, rowid: int) -> bytes:
        """A message's bytes read again from its source, for the appointments (the mail reader is loaded
        by the first message read, not by listing the appointments already found)."""
        from steward.appointments.source import live_fetcher

        return live_fetcher(lambda: self.db, lambda: self.mail_imap_fetcher)(rowid)

    def _fetch_bill(self, conn: sqlite3.Connection, rowid: int) -> bytes:
        """A message's bytes fetched live for reading a bill (the sources `mail read` uses)."""
        from steward.finance.bodies import fetch_message

        return fetch_message(conn, rowid, self.mail_imap_fetcher)

    @cached_property
    def finance_registry(self) -> Registry:
        """The institutions Steward knows by their mail: the bundled registry and the user's entries."""
        from steward.finance.registry import build_registry

        return build_registry(self.settings.as_list("finance.institutions"),
                              str(self.settings.config_file or "config.toml"))

    @cached_property
    def mail_classifier(self) -> Classifier:
        """Mail categories; a sender imitating a known institution (or failing its checks) is phishing."""
        from steward.mail.categories import default_classifier
        from steward.mail.senders import Brand

        return default_classifier().with_brands(
            tuple(Brand(i.name, tuple(i.domains)) for i in self.finance_registry.institutions))

    @cached_property
    def brief(self) -> BriefService:
        """The daily brief: the prefs (DATA_DIR/brief/prefs.json), its sections, the morning routine."""
        from datetime import timedelta

        from steward.brief.morning import parse_time
        from steward.brief.service import BriefService
        from steward.brief.sources import AppointmentsFromService, DuesFromService, mail_health_lines
        from steward.notify.sinks import build_sinks

        return BriefService(
            db=lambda: self.db, clock=self.clock, prefs_path=self.paths.data_dir / "brief" / "prefs.json",
            schedule=lambda day: self.calendar.schedule(day),
            dues=DuesFromService(lambda: self.dues),
            appointments=AppointmentsFromService(lambda: self.appointments),
            # no live account: nothing to ask the mail sync (and nothing of it to load)
            mail_health=lambda: mail_health_lines(self.mail_sync.status()) if self.settings.get("mail.accounts") else [],
            sinks=lambda: build_sinks(self.settings),
            morning_time=parse_time(morning) if (morning := self.settings.as_str("brief.morning_time")) else None,
            retry_waits=[int(w) for w in self.settings.as_list("notify.retry_seconds")],
            lease=timedelta(seconds=self.settings.as_int("scheduler.lease_seconds")),
        )

    # -- the conversation engine ------------------------------------------------------------------

    @cached_property
    def vocab(self) -> Vocab:
        """The assistant's vocabulary (vocab/vocab.yaml)."""
        from steward.vocab import load_vocab

        return load_vocab()

    @cached_property
    def router(self) -> Router:
        """The intent router: semantic (exemplars) with the keyword fallback."""
        from steward.assistant.router import Router, load_router_data

        semantic = self.settings.as_bool("semantic_router")
        # the exemplar vectors live beside the model graph (embed.cache_dir, else DATA_DIR/models), named
        # without pathlib: a turn its words answer never reads them
        cache = self.settings.as_str("embed.cache_dir")
        cache_dir = os.path.expanduser(cache) if cache else os.path.join(self.paths.data_folder, "models")
        return Router(load_router_data(), threshold=self.settings.as_float("router.threshold"),
                      embedder=(lambda: self.embedder) if semantic else None,
                      cache_dir=cache_dir if semantic else None)

    @cached_property
    def hooks(self) -> HookBus:
        """The hook bus: the session-name hooks (unless off), then the configured command hooks."""
        from steward.hooks.bus import HookBus

        names = self.session_names
        return HookBus.from_settings(self.settings, builtin=names.hooks() if names else None,
                                     on_log=names.record if names else None)

    @property
    def turn_hooks(self) -> HookBus:
        """The hook bus for the turn pipeline: built only when a turn's event may run a hook (with no
        command hook configured, a chat turn's UserPromptSubmit runs none)."""
        from steward.hooks.idle import IdleFirst

        configured = any(self.settings.get(name) for name in (
            "hooks.session_start", "hooks.user_prompt_submit", "hooks.pre_tool_use", "hooks.post_tool_use",
            "hooks.stop"))
        return IdleFirst(lambda: self.hooks, configured, self.paths.db_name)  # type: ignore[return-value]

    @cached_property
    def session_names(self) -> SessionNames | None:
        """Session titles and the bounded display reminders; None when the `session_names` flag is off."""
        if not self.settings.as_bool("session_names"):
            return None
        from steward.hooks.session_names import SessionNames

        return SessionNames(lambda: self.db, self.clock)

    @cached_property
    def loop(self) -> Loop | None:
        """The agent loop over the configured model tiers; None (no tier configured) answers offline."""
        if not self.tiers.configured:
            return None
        from steward.assistant.loop import AgentLoop
        from steward.assistant.toolset import all_tools

        # the reader's answerers are tools too: one registry answers with a model and without
        return AgentLoop(
            self.tool_context, self.clock, self.tiers, self.governance, all_tools(self.settings.as_bool),
            max_steps=self.settings.as_int("llm.max_steps"),
            context_chars=self.settings.as_int("llm.context_chars"),
            escalation_judge=self.settings.as_bool("llm.escalation_judge"),
            hooks=self.hooks,
        )

    def tool_context(self) -> ToolContext:
        """The services the loop's tools use (a new domain adds its service here and in ToolContext)."""
        from steward.assistant.tools import ToolContext

        return ToolContext(calendar=self.calendar, mail=self.mailbox, clock=self.clock, sessions=self.session_names,
                           brief=self.brief, dues=self.dues, appointments=self.appointments, reader=self.reader,
                           answerers=self.answerers)

    @cached_property
    def reminder_summariser(self) -> Callable[[str], Subject | None] | None:
        """Model-first reminder text: the task tier's model summarises what a reminder is for.

        None when the `reminder_llm` flag is off or no model tier is configured (deterministic subjects).
        The client is built on the first reminder, so a turn without one never loads httpx.
        """
        spec = self.tiers.spec_for("task")
        if not self.settings.as_bool("reminder_llm") or spec is None:
            return None
        from steward.calendar.reminders.text import summarise_reminder

        tiers = self.tiers
        built: list[Any] = []

        def summarise(text: str) -> Subject | None:
            if not built:
                built.append(tiers.model(spec))
            return summarise_reminder(built[0], text)

        return summarise

    @cached_property
    def governance(self) -> Governance:
        """Held writes: what the model proposed, waiting for the user's yes."""
        from steward.assistant.governance import Governance

        return Governance(self.db, self.clock, expire_minutes=self.settings.as_int("assistant.continuation_minutes"))

    def card_answers(self, turn: Turn) -> Outcome:
        """A card's yes or no to held writes (the page, the CLI, an MCP client): no model needed."""
        from steward.assistant.loop import CardAnswers
        from steward.assistant.toolset import all_tools

        return CardAnswers(self.tool_context, self.clock, self.governance, all_tools(self.settings.as_bool)).answer(turn)

    @cached_property
    def held_writes(self) -> HeldWrites:
        """The held-write service every door answers a card through (web, CLI, MCP)."""
        from steward.assistant.consent import HeldWrites

        return HeldWrites(lambda: self.db, lambda: self.engine, lambda: self.governance)

    @cached_property
    def intercepts(self) -> list[Intercept]:
        """The intercepts in the order they are tried; a flag `<name>_intercept` = 0 leaves one out.

        Each is built when a turn first reaches it (`intercepts.lazy`); one with a word gate is passed by,
        unbuilt, by a turn that says none of its words. The reader is built at once: every turn reaches it
        but the few an earlier intercept claims, and what it read of a turn goes with every answer."""
        from steward.assistant.intercepts.lazy import LazyIntercept, event_gate, manage_gate, reminder_gate
        from steward.assistant.intercepts.reader import ReaderAnswers

        reading = ReaderAnswers(lambda: self.reader, lambda: self.answerers, self.clock, lambda: self.requests,
                                waiting=lambda start, end: self.appointments.between(start, end), db=lambda: self.db,
                                appointments=lambda: self.appointments, mailbox=lambda: self.mailbox)

        def brief_config() -> Intercept:
            from steward.assistant.intercepts.brief import BriefConfig

            return BriefConfig(self.vocab, lambda: self.brief)

        def event_changes() -> Intercept:
            from steward.assistant.intercepts.writes import WriteAnswers

            return WriteAnswers("event_changes", lambda t, c, v: self.write_reader.read(t, c, v),
                                lambda: self.answerers, self.clock, forget=reading.forget, answers_no=True)

        def manage_reminders() -> Intercept:
            from steward.assistant.intercepts.writes import WriteAnswers

            return WriteAnswers("reminder_management", lambda t, c, v: self.write_reader.read_reminder(t, c, v),
                                lambda: self.answerers, self.clock, forget=reading.forget)

        def new_reminders() -> Intercept:
            from steward.assistant.intercepts.writes import WriteAnswers

            return WriteAnswers("reminder_creation", lambda t, c, v: self.write_reader.read_new_reminder(t, c, v),
                                lambda: self.answerers, self.clock)

        def small_talk() -> Intercept:
            from steward.assistant.intercepts.small_talk import SmallTalk, capabilities
            from steward.assistant.offline import help_topics, shipped_suggestions

            def help_text() -> str:
                on = {i.name for i in self.intercepts} | {a.name for a in self.answerers.answerers}
                data = shipped_suggestions().with_examples(self.answerers.examples_by_domain(), "reader")
                return capabilities(help_topics(data, on))

            return SmallTalk(help_text)

        def in_english(text: str) -> str:
            # a request with another language's function words mixed in ("paki-remind ako bukas ng 6pm"),
            # read by the calendar's grammar as it would read it in English
            from steward.reader.mixed_in import in_english as said_in_english

            return said_in_english(text, self.reader.words)

        built: list[Intercept] = [
            # first: a brief change names sections ("dues", "reminders") the others would answer
            LazyIntercept("brief_config", False, brief_config),
            # event writes read into write frames and answered by the registry's event_changes answerer;
            # before the reminders: it claims only turns that name no reminder and find an event (or "it" after one)
            LazyIntercept("event_changes", False, event_changes, gate=event_gate, answers_no=True, said=in_english),
            LazyIntercept("reminder_management", False, manage_reminders, gate=manage_gate, said=in_english),
            LazyIntercept("reminder_creation", False, new_reminders, gate=lambda: reminder_gate(self.vocab),
                          said=in_english),
            # questions in anyone's words, read once and answered by the registry's answerers
            # (bookings too, and the "yes" that adds one found in mail)
            reading,
            # last: a turn said wholly in greetings, thanks or goodbyes ("thanks, good night")
            LazyIntercept("small_talk", True, small_talk, said=in_english),
        ]
        # a stage that is a door to the reader's write answerers is on with its answerer (`reader.<name>`)
        doors = ("event_changes", "reminder_management", "reminder_creation")
        return [i for i in built if self.settings.as_bool(f"reader.{i.name}" if i.name in doors
                                                          else f"{i.name}_intercept")]

    @cached_property
    def write_reader(self) -> WriteReader:
        """Writes said in words (an event added, moved, cancelled ...) read into write frames."""
        from steward.reader.writes import WriteReader

        return WriteReader(self.vocab, self.date_options, default_hour=self.settings.as_int("reminders.default_hour"))

    @cached_property
    def requests(self) -> Requests:
        """The words that ask for a domain's whole answer (what is owed, a day's calendar, mail by sender ...)."""
        from steward.reader.requests import Requests

        return Requests(self.vocab, self.date_options, classify=self.router.classify,
                        keywords=self.router.keywords)

    @cached_property
    def slot_lists(self) -> SlotCache:
        """The names in the person's own store (issuers, cards, providers, senders ...), rebuilt on change."""
        from steward.reader.lists import SlotCache
        from steward.reader.words import load_words

        return SlotCache(lambda: self.db, load_words())

    @cached_property
    def reader(self) -> Reader:
        """The reader: a question -> Frame(domain, ask, filters, window) over the slot lists."""
        from steward.reader import Reader

        return Reader(self.vocab, self.slot_lists.lists, date_options=self.date_options,
                      meaning=self.reader_meaning)

    @cached_property
    def reader_meaning(self) -> ByMeaning | None:
        """Names matched by meaning (the sentence model loads on the first name words and spelling miss);
        None when the `reader.meaning` flag is off."""
        if not self.settings.as_bool("reader.meaning"):
            return None
        from steward.reader.meaning import ByMeaning

        def embedder() -> Embedder | None:
            from steward.embed.minilm import model_installed

            return self.embedder if model_installed() else None

        return ByMeaning(embedder, self.settings.as_float("reader.meaning_threshold"))

    @cached_property
    def answerers(self) -> Answerers:
        """The answerer registry: each domain answers frames through its one service, in the order and with
        the examples of assistant/answerers.yaml, each while its flag `reader.<name>` is on."""
        from steward.assistant.answerer_tools import answerers_on
        from steward.reader import Answerers
        from steward.reader.answer import NEW_REMINDER_ASKS, REMINDER_ASKS, write_answerer
        from steward.reader.answerers.appointments import appointments_answerer, thing_answers
        from steward.reader.answerers.brief import brief_answerer
        from steward.reader.answerers.clock import clock_answerer
        from steward.reader.answerers.dues import accounts_answerer, dues_answerer
        from steward.reader.answerers.inbox import inbox_answerer
        from steward.reader.answerers.mail import mail_answerer
        from steward.reader.answerers.money import money_answerer
        from steward.reader.answerers.schedule import schedule_answerer
        from steward.reader.answerers.travel import travel_answerer
        from steward.reader.words import load_words

        options = self.date_options

        def event_changes() -> WriteSteps:
            from steward.reader.answerers.event_changes import EventChanges

            return EventChanges(self.vocab, self.clock, lambda: self.calendar, lambda: self.db, options)

        def new_reminders() -> WriteSteps:
            from steward.reader.answerers.new_reminders import NewReminders

            def before(session: str) -> Mapping[str, Any] | None:
                from steward.store.assistant import recent_turns

                last = recent_turns(self.db, session, 1)
                return last[-1].trace if last else None

            def things(start: datetime, end: datetime) -> list[tuple[str, datetime]]:
                booked = [(i.title or i.provider, i.start) for i in self.appointments.between(start, end)
                          if i.start is not None]
                return booked + [(e.title, e.start) for e in self.calendar.events_between(start, end)]

            def told(start: datetime, end: datetime) -> list[tuple[str, datetime]]:
                from datetime import timedelta

                from steward.reader.answerers.new_reminders import days_mail_gives

                # the days the last weeks' mail says things fall due on ("Your MOT is due", its day in its text)
                return days_mail_gives(self.mailbox.previews_since(self.clock.now() - timedelta(days=60), 400),
                                       self.clock, start, end)

            return NewReminders(self.vocab, self.clock, lambda: self.calendar, options, self.reminder_summariser,
                                before=before, things=things, told=told)

        def reminder_changes() -> WriteSteps:
            from steward.reader.answerers.reminder_changes import ManageReminders

            return ManageReminders(self.vocab, self.clock, lambda: self.calendar, lambda: self.db,
                                   date_options=options, similarity=lambda: self.text_similarity,
                                   snooze_minutes=self.settings.as_int("reminders.snooze_minutes"))

        built = [
            dues_answerer(lambda: self.dues, lambda start, end: self.appointments.between(start, end)),
            accounts_answerer(lambda: self.dues),
            inbox_answerer(lambda: self.mailbox, self.vocab, self.date_options),
            money_answerer(lambda: self.dues, load_words(), self.slot_lists.lists, lambda: self.mailbox),
            travel_answerer(lambda: self.appointments, load_words(), lambda: self.calendar, lambda: self.mailbox,
                            lists=self.slot_lists.lists),
            appointments_answerer(lambda: self.appointments, lambda: self.calendar, load_words(),
                                  self.slot_lists.lists, lambda: self.mailbox),
            schedule_answerer(lambda: self.calendar, lambda: self.appointments, lambda: self.dues,
                              self.slot_lists.lists, lambda: self.mailbox,
                              thing_answers(lambda: self.appointments, lambda: self.calendar, load_words(),
                                            self.slot_lists.lists, lambda: self.mailbox)),
            mail_answerer(lambda: self.mailbox, self.slot_lists.lists,
                          lambda topic, limit: self.mail_search.search(topic, mode="semantic", limit=limit)),
            brief_answerer(lambda: self.brief),
            clock_answerer(),
            write_answerer("event_changes", "schedule", event_changes),
            write_answerer("reminder_creation", "reminders", new_reminders, asks=NEW_REMINDER_ASKS),
            write_answerer("reminder_management", "reminders", reminder_changes, asks=REMINDER_ASKS),
        ]
        by_name = {a.name: a for a in built}
        return Answerers([replace(by_name[e.name], examples=e.examples) for e in answerers_on(self.settings.as_bool)])

    @cached_property
    def text_similarity(self) -> Callable[[str, Sequence[str]], Sequence[float]] | None:
        """Cosine similarity of a text to others by the sentence embedder (which reminder "the gardening
        one" means); None when the `reminder_meaning` flag is off or the model is not installed."""
        from steward.embed.minilm import model_installed

        if not self.settings.as_bool("reminder_meaning") or not model_installed():
            return None

        def similarity(query: str, texts: Sequence[str]) -> Sequence[float]:
            vectors = self.embedder.embed([query, *texts])
            return [float(vectors[0] @ row) for row in vectors[1:]]

        return similarity

    @property
    def _models_dir(self) -> Path:
        """Where the sentence model and the exemplar vectors live (embed.cache_dir, else DATA_DIR/models)."""
        from pathlib import Path

        cache = self.settings.as_str("embed.cache_dir")
        return Path(cache).expanduser() if cache else self.paths.data_dir / "models"

    @cached_property
    def tiers(self) -> TierConfig:
        """The configured model tiers and the intent -> tier map (llm.* settings)."""
        from steward.llm.tiers import TierConfig

        return TierConfig.from_settings(self.settings)

    def tier_for(self, intent: str) -> str | None:
        """The configured model tier that answers `intent`, or None when no model is configured."""
        spec = self.tiers.spec_for(intent)
        return spec.tier if spec is not None else None

    @cached_property
    def engine(self) -> Engine:
        """The turn pipeline."""
        from steward.assistant.turn import Engine

        return Engine(
            db=lambda: self.db,
            clock=self.clock,
            vocab=self.vocab,
            classify=self.router.classify,
            intercepts=self.intercepts,
            hooks=self.turn_hooks,
            tier_for=self.tier_for,
            loop=self.loop,
            cards=self.card_answers,
            continuation_minutes=self.settings.as_int("assistant.continuation_minutes"),
            max_chars=self.settings.as_int("assistant.max_turn_chars"),
            history_turns=self.settings.as_int("assistant.history_turns"),
            examples=lambda: self.answerers.examples_by_domain(),
            answerers=lambda: [a.name for a in self.answerers.answerers],
            last_resort=self.last_resort,
        )

    @cached_property
    def last_resort(self) -> list[Intercept]:
        """What answers a turn no model takes and nothing else answered, in order (each behind its flag
        `<name>_intercept`): a request outside Steward's data, told so by its kind, then a question about
        what a mail says, answered with the mail to open."""
        from steward.assistant.intercepts.lazy import LazyIntercept
        from steward.assistant.mail_content import MailContent
        from steward.assistant.outside import Outside

        def in_english(text: str) -> str:
            # the topic in English ("is the pub quiz on 2moro?" looks for the pub quiz, not for "2moro")
            from steward.reader.mixed_in import in_english as said_in_english

            return said_in_english(text, self.reader.words)

        built: list[Intercept] = [
            Outside(self.vocab),
            LazyIntercept("mail_content", True, lambda: MailContent(lambda: self.mailbox, self.vocab, self.clock),
                          said=in_english)]
        return [i for i in built if self.settings.as_bool(f"{i.name}_intercept")]

    @cached_property
    def mail_on_batch(self) -> Callable[[sqlite3.Connection, list[tuple[int, str]]], None] | None:
        """Called inside each mail-ingest transaction with (message id, text to embed) of new messages:
        their vectors commit with the message rows. None when semantic search is off."""
        if not self.settings.as_bool("semantic_search"):
            return None
        from steward.embed.minilm import model_installed

        if not model_installed():
            # mail still lands (and is found by its words); `steward mail index` adds vectors later
            import logging

            logging.getLogger(__name__).warning("new mail gets no vectors: the embedding model is not installed "
                        "(sh scripts/install-extras.sh .venv/bin, then `steward mail index`)")
            return None
        from steward.search.semantic import index_hook

        return index_hook(lambda: self.embedder)

    @cached_property
    def mail_search(self) -> MailSearch:
        """Mail search (hybrid, lexical, semantic); its vector index stays warm for the App's life."""
        from steward.search.hybrid import MailSearch
        from steward.store import connect_reader

        return MailSearch(self.db, self.clock, lambda: self.embedder, queries=self.query_cache,
                          semantic=self.settings.as_bool("semantic_search"),
                          rrf_k=self.settings.as_int("search.rrf_k"),
                          min_similarity=self.settings.as_float("search.min_similarity"),
                          semantic_weight=self.settings.as_float("search.semantic_weight"),
                          index=lambda: self.shared_vectors if self.shared_vectors is not None
                          else self.vector_index(background=False),
                          reader=lambda: connect_reader(self.paths.db_file))

    def vector_index(self, *, background: bool) -> VectorIndex:
        """A new in-memory index of the message vectors; with `background`, it builds its partition in a
        thread when the store grows past `search.approximate_above` (a server), else it reads a saved one."""
        from steward.search.vectors import VectorIndex

        return VectorIndex(self.embedder.dim, approximate_above=self.settings.as_int("search.approximate_above"),
                           path=self.paths.db_file.with_name(self.paths.db_file.name + ".partition.npz"),
                           background=background)

    @cached_property
    def mailbox(self) -> Mailbox:
        """The stored mail as the assistant reads it: search, analyze, one message with its live body."""
        from steward.search.mailbox import Mailbox

        return Mailbox(lambda: self.db, self.clock, analyze_limit=self.settings.as_int("mail.analyze_limit"),
                       fetch=lambda pointer: self.mail_sync.fetch_body(pointer),
                       brands=self.mail_classifier.brands)

    @cached_property
    def mail_imap_fetcher(self) -> Callable[[Any], bytes] | None:
        """Fetches a message's bytes from IMAP for `mail read` (an ImapSource -> RFC 822 bytes)."""
        return self.mail_sync.fetch_body

    @cached_property
    def mail_sync(self) -> MailSync:
        """Live mail accounts: sync, status, and bodies fetched live."""
        from steward.mail.live import MailSync

        return MailSync(self.db, self.settings, self.clock, self.paths.data_dir, on_batch=self.mail_on_batch,
                        classifier=self.mail_classifier)

    def mail_heartbeat(self) -> SyncHeartbeat | None:
        """A heartbeat syncing every account each `mail.sync_every` (None when that is 0), for `serve`.

        Each sync opens its own connection, so `tick(now)` may run in a worker thread.
        """
        from steward.mail.live import build_heartbeat

        return build_heartbeat(self.settings, self.clock, self.paths.db_file, self.paths.data_dir,
                               on_batch=self.mail_on_batch, classifier=self.mail_classifier)

    @cached_property
    def query_cache(self) -> QueryCache:
        """The vectors of recent search queries (`search.query_cache` of them; shared in a server)."""
        if self.shared_queries is not None:
            return self.shared_queries
        from steward.embed.queries import QueryCache

        return QueryCache(self.settings.as_int("search.query_cache"))

    @cached_property
    def embedder(self) -> Embedder:
        """The sentence embedder (all-MiniLM-L6-v2); it loads its model on the first `embed` call."""
        if self.shared_embedder is not None:
            return self.shared_embedder
        from steward.embed.minilm import MiniLMEmbedder

        return MiniLMEmbedder(
            self._models_dir,
            threads=self.settings.as_int("embed.threads"),
            batch_size=self.settings.as_int("embed.batch_size"),
            max_tokens=self.settings.as_int("embed.max_tokens"),
            int8=self.settings.as_bool("embed.int8"),
        )

    def close(self) -> None:
        """Stop idle worker threads and close every connection the App opened."""
        # idle worker threads of search and the embedder end here rather than at interpreter exit
        for service in ("mail_search", "embedder"):
            if service == "embedder" and self.shared_embedder is not None:
                continue  # the server's, closed by the App that made it
            built = self.__dict__.get(service)
            if built is not None and hasattr(built, "close"):
                built.close()
        for conn in self._closers:
            conn.close()
        self._closers.clear()


def build_app(settings: Settings, clock: Clock, paths: Paths, *, shared_vectors: VectorIndex | None = None,
              shared_embedder: Embedder | None = None, shared_queries: QueryCache | None = None) -> App:
    """Wire one App. Services are cached properties built on first use; `shared_vectors`,
    `shared_embedder` and `shared_queries` are a server process's vector index, embedding model and
    cache of query vectors, which every worker's App uses instead of building its own."""
    return App(settings=settings, clock=clock, paths=paths, shared_vectors=shared_vectors,
               shared_embedder=shared_embedder, shared_queries=shared_queries)
