"""Every setting once: name, default, help.

Values come from, in rising priority: the default, `config.toml` in the home, the environment
(`STEWARD_` + the dotted name in upper case with dots as underscores, e.g. `mail.snippet_chars` ->
`STEWARD_MAIL_SNIPPET_CHARS`), then explicit overrides (command-line options). Feature flags are
settings without a dot, so `STEWARD_SEMANTIC_SEARCH=0` turns `semantic_search` off.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass

from steward.errors import ConfigError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without loading typing (a light command reads the settings)
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any


@dataclass(frozen=True)
class Setting:
    """One setting: its dotted name, default, help line and allowed range."""

    name: str
    default: Any
    help: str
    env_ok: bool = True  # lists of tables (accounts) are only read from the file
    # the range a number must be in (inclusive); a value outside it is a ConfigError naming the setting,
    # not a traceback (an hour of 25) or a silent spin (a timeout below 0) somewhere later
    low: float | None = None
    high: float | None = None


SETTINGS: tuple[Setting, ...] = (
    # the user's clock and dates
    Setting("timezone", "", "IANA zone of the user's clock; empty means the system zone"),
    Setting("locale", "en_GB", "how a day, a time and a sum are written (en_GB: Sat 5 Dec, 09:15, £1,234.50; "
            "en_US: Sat, Dec 5, 9:15 AM; en_IN: ₹1,00,001.90) on the page, in notifications, in reminder "
            "replies, `steward when` and `steward mail sync`"),
    Setting("dates.day_first", "auto",
            "how 3/9 reads: auto (as the country of `locale` writes it when that is set, else the country of "
            "your time zone: 3 September in most of the world, March 9 in the US), on (day first) or off "
            "(month first)"),
    # the dates.* hours have no range here: DateOptions.from_settings checks them, where they are read
    Setting("dates.morning_hour", 9, "hour meant by 'morning' with no time"),
    Setting("dates.afternoon_hour", 15, "hour meant by 'afternoon' with no time"),
    Setting("dates.evening_hour", 19, "hour meant by 'evening' / 'this evening' with no time"),
    Setting("dates.night_hour", 21, "hour meant by 'tonight' / 'night' with no time"),
    Setting("dates.end_of_day_hour", 17,
            "hour meant by 'end of day' / 'EOD' / 'close of business' / 'after work'"),
    Setting("reminders.default_hour", 9, "hour used when a reminder names a day but no time", low=0, high=23),
    # mail
    Setting("mail.snippet_chars", 200, "characters of readable text kept as a message's snippet",
            low=1, high=100000),
    Setting("mail.import_workers", 2, "processes that parse a large import while the main one stores (1 = none)"),
    Setting("mail.search_limit", 20, "hits returned by a search unless --limit says otherwise",
            low=1, high=10000),
    Setting("mail.analyze_limit", 1000, "most matches an analysis reads", low=1, high=1000000),
    Setting("mail.sync_every", "5m", "mail sync heartbeat interval in `serve` (e.g. 5m, 1h; 0 turns it off)"),
    Setting("mail.sync_batch", 200, "messages fetched per IMAP/Gmail round trip and stored per transaction",
            low=1, high=10000),
    Setting("mail.sync_timeout", 30.0, "seconds to wait for a mail server before the sync fails",
            low=0.1, high=86400),
    Setting("mail.gmail_api_url", "https://gmail.googleapis.com/",
            "root of the Gmail API (its discovery document's rootUrl); a proxy or a test server may stand in"),
    Setting("mail.accounts", [], "live mail accounts ([[mail.accounts]] tables: name, kind, host, ...)", env_ok=False),
    Setting("semantic_search", True, "flag: semantic recall in mail search (0 = lexical only)"),
    Setting("search.rrf_k", 60, "reciprocal-rank-fusion constant for hybrid search", low=0, high=1000000),
    Setting("search.min_similarity", 0.28,
            "cosine below which a message is no semantic match (gibberish finds nothing)",
            low=-1, high=1),
    Setting("search.semantic_weight", 0.5,
            "weight of semantic votes in hybrid search when every query word matched",
            low=0, high=100),
    Setting("search.query_cache", 256,
            "recent search queries whose vectors are kept, so a repeated query is not embedded again (0 = off)",
            low=0, high=1000000),
    Setting("search.approximate_above", 50000,
            "vectors above which semantic search probes a partition of them instead of scoring all (0 = always exact)",
            low=0, high=1000000000),
    # the embedding model
    Setting("embed.threads", 0, "batches embedded side by side, one core each; 0 = one per core",
            low=0, high=256),
    Setting("embed.batch_size", 32, "texts embedded per model call", low=1, high=100000),
    Setting("embed.max_tokens", 48, "a text is embedded from its first this-many tokens (3..256): sender, subject and the head of the snippet"),
    Setting("embed.int8", True, "texts over 16 tokens take the int8 graph (about 2.2x faster; 0 = float32 only)"),
    Setting("embed.cache_dir", "", "where the model graph built on first use is kept; empty = DATA_DIR/models"),
    # calendar and reminders
    Setting("calendar.backends", ["local"], "calendar backends to read and write (local, caldav, google)"),
    Setting("calendar.write_to", "local", "the backend new events are written to (local, caldav, google)"),
    Setting("calendar.caldav_url", "", "CalDAV calendar collection URL"),
    Setting("calendar.caldav_user", "", "CalDAV user name"),
    Setting("calendar.caldav_password_env", "", "environment variable holding the CalDAV password"),
    Setting("calendar.caldav_timeout", 10.0, "seconds to wait for the CalDAV server", low=0.1, high=86400),
    Setting("calendar.google_api_url", "https://www.googleapis.com/",
            "root of the Google Calendar API (its discovery document's rootUrl); a proxy, a workspace's endpoint "
            "or a test server may stand in"),
    Setting("calendar.google_credentials", "",
            "the Google Calendar read credential: a 0600 file in google-auth's authorized-user JSON form, or "
            "keyring:KEY (what `steward setup` writes)"),
    Setting("calendar.google_calendar_id", "primary", "the Google calendar read and written"),
    Setting("calendar.google_timeout", 30.0, "seconds to wait for Google Calendar", low=0.1, high=86400),
    Setting("google.retries", 4, "retries of a Google request refused for its rate (403 rateLimitExceeded, 429) "
            "or failed with a 5xx on a read", low=0, high=20),
    Setting("google.backoff", 1.0, "seconds the first retry after a Google rate limit waits at most; each "
            "retry doubles it (full jitter, at most 32 s)", low=0, high=60),
    Setting("calendar.event_minutes", 60, "length of an event given only a start time", low=1, high=527040),
    # notifications
    Setting("notify.sinks", ["console"], "where due reminders are sent: console, desktop, webhook, ntfy, email"),
    Setting("notify.desktop_command", "notify-send", "the command that shows a desktop notification"),
    Setting("notify.timeout", 10.0, "seconds a sink may take to deliver one notification",
            low=0.1, high=86400),
    Setting("notify.late_after", 120, "seconds after its due time a reminder is reported as late",
            low=0, high=1000000000),
    Setting("notify.retry_seconds", [60, 300, 900, 3600], "waits before retrying a sink that failed; then give up"),
    Setting("scheduler.interval", 15.0, "seconds between the scheduler's passes"),
    Setting("scheduler.lease_seconds", 600, "a claim older than this is taken over from a silent scheduler",
            low=1, high=1000000000),
    Setting("notify.webhook_url", "", "URL a webhook / ntfy notification is POSTed to"),
    Setting("notify.action_url", "",
            "address of `steward serve` as the phone sees it (https://host:8765): ntfy notifications then carry "
            "Snooze and Done buttons; empty = no buttons"),
    Setting("reminders.snooze_minutes", 10, "minutes a snooze waits when none are said", low=1, high=10080),
    Setting("notify.smtp_host", "127.0.0.1", "SMTP server for email notifications"),
    Setting("notify.smtp_port", 25, "SMTP port for email notifications", low=1, high=65535),
    Setting("notify.email_from", "steward@localhost", "sender of email notifications"),
    Setting("notify.email_to", "", "recipient of email notifications"),
    # the assistant
    Setting("assistant.continuation_minutes", 10, "minutes an open question waits for its answer",
            low=0, high=1000000),
    Setting("router.threshold", 0.4, "semantic router confidence below which the keyword fallback decides",
            low=0, high=1),
    Setting("semantic_router", True, "flag: route turns by MiniLM similarity to exemplars (0 = keywords only)"),
    Setting("assistant.max_turn_chars", 4000, "longest turn (in characters) the assistant takes",
            low=1, high=1000000),
    Setting("assistant.history_turns", 20, "earlier turns of the session handed to the model loop",
            low=0, high=10000),
    Setting("reminder_meaning", True,
            "flag: the reminder a person names is found by meaning too, not only by its words (0 = words only)"),
    Setting("reader_intercept", True,
            "flag: questions in anyone's words are read into a frame (names looked up in your own data) and "
            "answered by the domain's answerer without a model (0 = off: such questions go to the model)"),
    Setting("small_talk_intercept", True,
            "flag: a greeting, thanks, a goodbye, 'who are you?' or 'what can you do?' is answered in a line "
            "without a model (0 = off: such turns go to the model, or get the offline answer)"),
    Setting("outside_intercept", True,
            "flag: with no model, a request Steward holds no data for (the weather, the news, a joke, a call to "
            "make, a sum) is told so in one line with what it can do instead (0 = off: the offline answer)"),
    Setting("mail_content_intercept", True,
            "flag: with no model, a question about what a mail says ('when does my password expire?') is "
            "answered with the mail that holds it, to open (0 = off: the offline answer)"),
    Setting("reader.meaning", True,
            "flag: a name the reader finds neither by its words nor by its spelling is looked up by meaning with "
            "the sentence model ('my mother' is the sender Mum); 0 = words and spelling only"),
    Setting("reader.meaning_threshold", 0.65,
            "the cosine a name said must reach with a name in your data to be taken for it by meaning (below: "
            "said plainly as not found)", low=0, high=1),
    Setting("reader.dues", True, "flag: the reader answers 'what do I owe this week?', 'anything overdue?' "
            "with what is owed, by currency"),
    Setting("reader.accounts", True, "flag: the reader answers 'which cards do I have?' with the cards and "
            "accounts the mail shows"),
    Setting("reader.inbox", True,
            "flag: the reader answers 'how many / which / list all emails ...' by a full analysis, grouped by sender"),
    Setting("reader.money", True, "flag: the reader answers money questions (one issuer, one card, a kind, a window)"),
    Setting("reader.appointments", True, "flag: the reader answers appointment questions (a provider, a kind)"),
    Setting("reader.travel", True, "flag: the reader answers travel questions ('when does my flight leave?', "
            "'what time is check-in?') at the place's local time"),
    Setting("reader.schedule", True, "flag: the reader answers schedule questions ('what's coming up this week?')"),
    Setting("reader.mail", True, "flag: the reader answers mail questions by sender and 'anything suspicious?'"),
    Setting("reader.brief", True, "flag: the reader answers 'summary', 'rundown', 'anything to worry about?'"),
    Setting("reader.event_changes", True,
            "flag: 'add lunch with Priya on saturday at 1', 'move my dentist appointment to friday', "
            "'cancel tomorrow's physio' are read as writes and made without a model (0 = off)"),
    Setting("reader.reminder_creation", True,
            "flag: 'remind me tomorrow at 10 to ...', 'set an alarm for 6.15', 'wake me at half six' are read as new "
            "reminders and set without a model (0 = off)"),
    Setting("reader.reminder_management", True,
            "flag: 'what reminders do I have', 'cancel/move/snooze the ... reminder', 'done' are read as reminder "
            "requests and answered without a model (0 = off)"),
    Setting("reader.clock", True, "flag: the reader answers 'what time is it (in Tokyo)?', 'what day is the 14th?', "
            "'how many days until Christmas?' from your clock"),
    # the daily brief
    Setting("brief_config_intercept", True,
            "flag: 'add the dues section to my brief', 'put my schedule first' ... change the brief without a model"),
    Setting("brief.morning_time", "07:00",
            "when the morning brief is sent to the notification sinks, on the user's clock (HH:MM; empty = never)"),
    # hooks (Claude-Code-compatible command hooks: JSON on stdin, JSON or exit 2 back)
    # each entry: a command, or {matcher = "tool-name regex", command = "...", timeout = seconds} (docs/hooks.md)
    Setting("hooks.session_start", [], "hooks run on a session's first turn (matcher: startup)"),
    Setting("hooks.user_prompt_submit", [], "hooks run on every turn before it is handled"),
    Setting("hooks.pre_tool_use", [], "hooks run before the model loop calls a tool (matcher: the tool's name)"),
    Setting("hooks.post_tool_use", [], "hooks run after the model loop called a tool (matcher: the tool's name)"),
    Setting("hooks.stop", [], "hooks run when the model loop has its final answer; a block asks it to go on"),
    Setting("session_names", True,
            "flag: session titles, and bounded reminders to show a requested title (0 = off)"),
    Setting("hooks.timeout", 10.0, "seconds a hook command may take before it is skipped",
            low=0.1, high=86400),
    # models
    Setting("llm.tier1", "", "PROVIDER BASE_URL MODEL for light turns (e.g. 'ollama http://127.0.0.1:11434 qwen2.5:3b')"),
    Setting("llm.tier2", "", "PROVIDER BASE_URL MODEL for actions and tool use"),
    Setting("llm.tier3", "", "PROVIDER BASE_URL MODEL the escalation judge may move a run to"),
    Setting("llm.timeout", 60.0, "seconds to wait for a model reply", low=0.1, high=86400),
    Setting("llm.max_steps", 6, "tool-loop steps before the loop gives up", low=1, high=1000),
    Setting("llm.escalation_judge", False, "flag: let a judge move a struggling run to tier3"),
    Setting("llm.intent_tiers", [], "INTENT=TIER overrides of the intent->tier map (defaults: action, calendar, "
            "communication, finance, task=tier2; the rest tier1), e.g. 'general=tier2, *=tier1'"),
    Setting("llm.context_chars", 16000, "characters of prompt the loop sends; older history is trimmed first",
            low=100, high=100000000),
    Setting("llm.max_tokens", 1024, "most tokens one model reply may have (0 = the server's own limit)",
            low=0, high=10000000),
    Setting("llm.retries", 2, "retries when the model server cannot be reached (never on an error answer)",
            low=0, high=100),
    Setting("llm.api_key_env", "", "environment variable holding a bearer token for an OpenAI-compatible server"),
    Setting("reminder_llm", True, "flag: with a model on the task tier, a reminder's text is the model's summary"),
    # appointments read from mail
    Setting("appointments.mode", "ask",
            "what a proved appointment becomes: ask (a proposal you accept), auto (written at once) or off"),
    Setting("appointments.window_days", 14, "days of mail an appointment scan reads", low=1, high=366),
    Setting("appointments.travel_window_days", 120,
            "days of mail a scan reads for travel bookings (flights, trains, ferries, coaches), booked long "
            "before the trip; at most window_days reads none older", low=1, high=366),
    Setting("appointments.google_write_credentials", "",
            "the Google Calendar events-write credential the appointment consumer writes with (and chat writes, "
            "when no other is set): a 0600 file in authorized-user JSON form, or keyring:KEY"),
    Setting("appointments.calendar", "", "the calendar appointments are written to; empty = calendar.write_to"),
    Setting("appointments_llm", True,
            "flag: with a model on the task tier, it also reads sender/subject/snippet lines for appointments"),
    # money owed, read from bill and statement mail
    Setting("finance.institutions", [], "your own institutions ([[finance.institutions]] tables: name, domains, "
            "kind, currency, date_order, zone); a name or domain of a bundled one replaces it", env_ok=False),
    Setting("finance.notify_days_before", 3, "days before a due its notice is sent (once per due)",
            low=0, high=365),
    Setting("finance.since_days", 90, "days of mail `steward dues extract` and `serve` read for dues",
            low=1, high=36500),
    Setting("dues_llm", True, "flag: with a model on the task tier, it reads the bills patterns could not "
            "(every figure it gives must be in the text)"),
    # the server
    Setting("serve.host", "127.0.0.1", "address `serve` binds to"),
    Setting("serve.port", 8765, "port `serve` listens on", low=0, high=65535),
    Setting("serve.token", "",
            'the token every request needs: "" the home\'s own (made once, 0600, printed in the URL `serve` shows), '
            '"none" no token at all (loopback only: any program or person on this machine can then read your mail)'),
    Setting("serve.token_file", "", "a file holding the token to require instead of the home's"),
    Setting("serve.log_search_words", False,
            "the access log keeps what was searched for (`q=`); for debugging: search words say what the mail "
            "holds"),
    Setting("serve.model_turns", 2,
            "turns the model server is asked about at once; the others wait (their threads stand aside, so "
            "reads, searches and turns answered without a model never wait behind them)", low=1, high=64),
    Setting("serve.turns_per_session", 4,
            "turns one conversation may have under way at once (waiting or running); more are refused "
            "with 429 and Retry-After", low=1, high=100),
    Setting("serve.turns_queued", 32,
            "turns the server holds at once over every conversation (waiting or running); more are "
            "refused with 429 and Retry-After", low=1, high=1000),
    Setting("serve.workers", 2, "threads that run requests, each with its own store connection",
            low=1, high=64),
    Setting("serve.turn_workers", 1,
            "more threads that run only chat turns, so a turn never waits behind searches",
            low=0, high=64),
    Setting("serve.processes", 1,
            "server processes sharing the port, each with its own workers and its own copy of the vectors "
            "and the model (the first accepts every connection and gives it to the process holding the "
            "fewest, and runs the scheduled jobs)", low=1, high=16),
)

_BY_NAME = {s.name: s for s in SETTINGS}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_name(name: str) -> str:
    """`mail.snippet_chars` -> `STEWARD_MAIL_SNIPPET_CHARS`."""
    return "STEWARD_" + name.upper().replace(".", "_")


def _coerce(setting: Setting, value: Any, where: str) -> Any:
    """Turn a raw value (a string from the environment, or TOML) into the default's type."""
    default = setting.default
    try:
        if isinstance(default, bool):
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError(value)
        if isinstance(default, int | float):
            number = int(value) if isinstance(default, int) else float(value)
            return _in_range(setting, number, value, where)
        if isinstance(default, list):
            if isinstance(value, list):
                return value
            text = str(value).strip()
            if text.startswith("["):
                import json

                parsed = json.loads(text)
                if not isinstance(parsed, list):
                    raise ValueError(value)
                return parsed
            return [part.strip() for part in text.split(",") if part.strip()]
        return str(value)
    except (ValueError, TypeError):  # json's JSONDecodeError is a ValueError
        kind = type(default).__name__
        raise ConfigError(f"setting {setting.name} from {where}: {value!r} is not a valid {kind}") from None


def _in_range(setting: Setting, number: float, value: Any, where: str) -> float:
    low = -float("inf") if setting.low is None else setting.low
    high = float("inf") if setting.high is None else setting.high
    if not low <= number <= high:  # nan is in no range
        raise ConfigError(f"setting {setting.name} from {where}: {value!r} is out of range; "
                          f"use a number from {low:g} to {high:g}")
    return number


def _flatten(table: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in table.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and name not in _BY_NAME:
            out.update(_flatten(value, name + "."))
        else:
            out[name] = value
    return out


@dataclass(frozen=True)
class Settings:
    """Resolved settings and where each value came from."""

    values: Mapping[str, Any]
    sources: Mapping[str, str]
    config_file: str | Path | None = None  # as given: a name or a Path

    def __getitem__(self, name: str) -> Any:
        return self.values[name]

    def get(self, name: str) -> Any:
        """The value of a setting, as loaded."""
        return self.values[name]

    def as_str(self, name: str) -> str:
        """A setting's value as text."""
        return str(self.values[name])

    def as_int(self, name: str) -> int:
        """A setting's value as an integer."""
        return int(self.values[name])

    def as_float(self, name: str) -> float:
        """A setting's value as a number."""
        return float(self.values[name])

    def as_bool(self, name: str) -> bool:
        """A setting's value as a flag."""
        return bool(self.values[name])

    def as_list(self, name: str) -> list[Any]:
        """A setting's value as a list."""
        return list(self.values[name])

    def day_first(self, zone_name: str) -> bool:
        """Whether this home reads "3/9" as 3 September: `dates.day_first` when it is on or off; at auto,
        as the country of the `locale` setting writes it when that is set, else the country of the zone
        (`formats.reads_day_first`). A value other than those is a ConfigError that names the setting."""
        value = self.values["dates.day_first"]
        text = str(value).strip().lower()
        if text in ("auto", ""):
            from steward.formats import reads_day_first

            locale = "" if self.sources.get("locale", "default") == "default" else self.as_str("locale")
            return reads_day_first(zone_name, locale)
        if text in _TRUE or text in _FALSE:
            return text in _TRUE
        raise ConfigError(f"setting dates.day_first is {value!r}: use auto, on or off")

    def source(self, name: str) -> str:
        """Where a setting's value came from (default, config file or environment)."""
        return self.sources[name]

    def with_overrides(self, overrides: Mapping[str, Any], source: str = "command line") -> Settings:
        """A copy with explicit values (already typed or strings) on top."""
        values = dict(self.values)
        sources = dict(self.sources)
        for name, raw in overrides.items():
            setting = _require(name)
            values[setting.name] = _coerce(setting, raw, source)
            sources[setting.name] = source
        return Settings(values, sources, self.config_file)


# settings that took a new name: a config file or a command that still says the old one means the new
RENAMED = {
    "schedule_query_intercept": "reader.schedule",
    "inbox_analysis_intercept": "reader.inbox",
    "brief_intercept": "reader.brief",
    "dues_request_intercept": "reader.dues",
    "accounts_request_intercept": "reader.accounts",
    "appointments_intercept": "reader.appointments",
    "event_changes_intercept": "reader.event_changes",
    "reminder_management_intercept": "reader.reminder_management",
    "reminder_creation_intercept": "reader.reminder_creation",
}


def _require(name: str) -> Setting:
    try:
        return _BY_NAME[RENAMED.get(name, name)]
    except KeyError:
        raise ConfigError(f"unknown setting {name!r}; `steward config show` lists them") from None


def _read_toml(text: str) -> dict[str, Any]:
    """The table of a config file's text; a file of comments and blank lines alone is read without
    loading the TOML parser (a new home's file is one comment)."""
    if all(not line.strip() or (line.lstrip().startswith("#") and line.replace("\t", "").isprintable())
           for line in text.split("\n")):
        return {}
    import tomllib

    return tomllib.loads(text)


def load(
    config_file: str | Path | None = None,
    environ: Mapping[str, str] | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> Settings:
    """Resolve every setting from defaults, the config file, the environment and overrides."""
    environ = os.environ if environ is None else environ
    values: dict[str, Any] = {s.name: s.default for s in SETTINGS}
    sources: dict[str, str] = {s.name: "default" for s in SETTINGS}
    if config_file is not None and os.path.exists(config_file):
        try:
            with open(config_file, encoding="utf-8") as file:
                table = _read_toml(file.read())
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{config_file}: not valid TOML ({exc})") from None
        except ValueError as exc:  # tomllib's TOMLDecodeError
            raise ConfigError(f"{config_file}: not valid TOML ({exc})") from None
        except OSError as exc:  # a folder where the file should be, or a file Steward may not read
            raise ConfigError(f"{config_file}: cannot read the config file ({exc.strerror or exc})") from None
        for name, raw in _flatten(table).items():
            setting = _BY_NAME.get(RENAMED.get(name, name))
            if setting is None:
                raise ConfigError(f"{config_file}: unknown setting {name!r}")
            values[setting.name] = _coerce(setting, raw, str(config_file))
            sources[setting.name] = str(config_file)
    for old_name, new_name in RENAMED.items():
        # an environment that still says a renamed setting's old name means the new one (unless it says both)
        key, setting = env_name(old_name), _BY_NAME[new_name]
        if key in environ and env_name(new_name) not in environ and setting.env_ok:
            values[setting.name] = _coerce(setting, environ[key], f"${key}")
            sources[setting.name] = f"${key}"
    for setting in SETTINGS:
        if not setting.env_ok:
            continue
        key = env_name(setting.name)
        if key in environ:
            values[setting.name] = _coerce(setting, environ[key], f"${key}")
            sources[setting.name] = f"${key}"
    settings = Settings(values, sources, config_file)
    if overrides:
        settings = settings.with_overrides(overrides)
    return settings


# -- config.toml edited in place (`steward setup`, the page's time zone) ---------------------------

def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'


_HEADER = re.compile(r"^\s*\[([^\[\]]+)\]\s*(#.*)?$")


def set_config_values(text: str, values: Mapping[str, Any]) -> str:
    """`text` (a config.toml) with each dotted setting set to its value; every other line kept as it was."""
    lines = text.splitlines()
    for name, value in values.items():
        section, _, key = name.rpartition(".")
        line = f"{key} = {_toml_value(value)}"
        start, end = _section_bounds(lines, section)
        if start is None:
            if lines and lines[-1].strip():
                lines.append("")
            lines += [f"[{section}]", line]
            continue
        key_line = re.compile(rf"^\s*{re.escape(key)}\s*=")
        for i in range(start, end):
            if key_line.match(lines[i]):
                lines[i] = line
                break
        else:
            insert = end
            while insert > start and not lines[insert - 1].strip():
                insert -= 1
            lines.insert(insert, line)
    out = "\n".join(lines) + "\n"
    import tomllib

    try:
        tomllib.loads(out)
    except tomllib.TOMLDecodeError as exc:  # a hand-written line Steward could not place around
        raise ConfigError(f"config.toml could not be updated cleanly ({exc}); edit it by hand") from None
    return out


def _section_bounds(lines: list[str], section: str) -> tuple[int | None, int]:
    """(first line, end) of a table's own lines; the top level ends at the first table header."""
    if not section:
        end = next((i for i, line in enumerate(lines) if _HEADER.match(line) or line.strip().startswith("[[")),
                   len(lines))
        return 0, end
    for i, line in enumerate(lines):
        m = _HEADER.match(line)
        if m and m.group(1).strip() == section:
            end = next((j for j in range(i + 1, len(lines))
                        if _HEADER.match(lines[j]) or lines[j].strip().startswith("[[")), len(lines))
            return i + 1, end
    return None, len(lines)


def save_settings(config_file: Path, values: Mapping[str, Any]) -> None:
    """Set each dotted setting in `config_file` to its value (other lines kept), written whole or not at all."""
    _require_all(values)
    text = config_file.read_text(encoding="utf-8") if config_file.exists() else (
        "# Steward settings; `steward config show` lists every one with its help.\n")
    out = set_config_values(text, values)
    temporary = config_file.with_name(f".{config_file.name}.new")
    config_file.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(out)
    os.replace(temporary, config_file)


def _require_all(values: Mapping[str, Any]) -> None:
    for name, raw in values.items():
        _coerce(_require(name), raw, "the new value")
