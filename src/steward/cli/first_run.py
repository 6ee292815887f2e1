"""`steward setup`: the first-run dialogue (time zone, mail, a model, notifications).

Each question has a flag with the same answer, so a script can run `steward setup --yes --timezone
Europe/London --mail-folder ~/Mail --no-model`; with `--yes`, or once standard input has ended,
every question not answered by a flag takes its default (the detected zone, no mail, the
first model found, the console). Running it again changes only what the new answers change: the
settings are edited in place in config.toml (comments and other settings kept), an account or a
folder already added is not added twice.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from steward.cli.context import Commands, Ctx
from steward.errors import ConfigError, UsageError
from steward.settings import set_config_values

DEFAULT_PROBES = ("ollama http://127.0.0.1:11434", "openai http://127.0.0.1:8080")
SINKS = ("console", "desktop", "ntfy", "webhook", "email")


def register(commands: Commands) -> None:
    """Add `setup` to the command line."""
    p = commands.add("setup", "first-run dialogue: time zone, a mail account or folder, a model, notifications, Google Calendar",
                     cmd_setup)
    p.add_argument("--yes", "-y", action="store_true", help="ask nothing: take the default of every question")
    p.add_argument("--timezone", metavar="ZONE", help="the IANA zone of your clock (default: the system's)")
    mail = p.add_mutually_exclusive_group()
    mail.add_argument("--mail-folder", metavar="PATH", help="a Maildir, mbox or folder of .eml files to import")
    mail.add_argument("--imap-host", metavar="HOST", help="an IMAP server to sync (with --imap-user)")
    mail.add_argument("--no-mail", action="store_true", help="add no mail now")
    p.add_argument("--imap-user", metavar="USER", help="the IMAP login name")
    p.add_argument("--imap-port", type=int, metavar="PORT", help="default 993 (143 with --imap-tls none/starttls)")
    p.add_argument("--imap-tls", choices=("ssl", "starttls", "none"), default="ssl")
    p.add_argument("--password-env", metavar="VAR", help="read the IMAP password from $VAR at sync time")
    model = p.add_mutually_exclusive_group()
    model.add_argument("--model", metavar="SPEC", help="'PROVIDER BASE_URL MODEL', e.g. 'ollama "
                                                       "http://127.0.0.1:11434 qwen2.5:7b-instruct'")
    model.add_argument("--no-model", action="store_true", help="no model: Steward answers what it can without one")
    p.add_argument("--probe", action="append", metavar="'PROVIDER URL'",
                   help="where to look for model servers (default: Ollama on 11434, an OpenAI-compatible server "
                        "on 8080)")
    p.add_argument("--notify", choices=SINKS, help="where reminders and the morning brief are sent")
    p.add_argument("--notify-url", metavar="URL", help="the ntfy topic or webhook URL (with --notify ntfy|webhook)")
    p.add_argument("--email-to", metavar="ADDRESS", help="the address (with --notify email)")
    from steward.cli.google_setup import add_arguments

    add_arguments(p)


# -- what the machine tells -------------------------------------------------------------------------


def detect_zone(environ: Mapping[str, str] | None = None) -> str:
    """The system's IANA zone: $TZ, /etc/timezone, the /etc/localtime link, else UTC."""
    env = os.environ if environ is None else environ
    from zoneinfo import available_timezones

    known = available_timezones()
    tz = env.get("TZ", "").lstrip(":")
    if tz in known:
        return tz
    try:
        named = Path("/etc/timezone").read_text(encoding="utf-8").strip()
        if named in known:
            return named
    except OSError:
        pass
    try:
        target = os.readlink("/etc/localtime")
        zone = target.split("zoneinfo/", 1)[-1]
        if zone in known:
            return zone
    except OSError:
        pass
    return "UTC"


class FoundModel(NamedTuple):
    """A model a probed server lists."""

    provider: str
    base_url: str
    name: str

    @property
    def spec(self) -> str:
        """The `llm.tierN` value for it."""
        return f"{self.provider} {self.base_url} {self.name}"


def probe_models(probes: Sequence[str], timeout: float = 1.5) -> tuple[list[FoundModel], list[str]]:
    """The models each server lists, and a line for each server that did not answer."""
    import httpx

    found, missing = [], []
    for probe in probes:
        provider, _, url = probe.partition(" ")
        provider, url = provider.strip().lower(), url.strip().rstrip("/")
        if provider not in ("ollama", "openai") or not url.startswith(("http://", "https://")):
            raise UsageError(f"--probe {probe!r}: expected 'ollama URL' or 'openai URL'")
        try:
            if provider == "ollama":
                data = httpx.get(url + "/api/tags", timeout=timeout).raise_for_status().json()
                names = [str(m.get("name") or m.get("model")) for m in data.get("models", [])]
            else:
                from steward.llm.openai import api_base

                data = httpx.get(api_base(url) + "/models", timeout=timeout).raise_for_status().json()
                names = [str(m.get("id")) for m in data.get("data", [])]
        except (httpx.HTTPError, ValueError, AttributeError) as exc:
            missing.append(f"no {provider} server at {url} ({type(exc).__name__})")
            continue
        found += [FoundModel(provider, url, name) for name in names if name and name != "None"]
    return found, missing


# -- the dialogue ----------------------------------------------------------------------------------


class Dialogue:
    """Questions on stderr, answers from standard input; with `ask` off every question takes its default."""

    def __init__(self, ask: bool, read: Callable[[str], str] = input) -> None:
        self.ask = ask
        self.read = read

    def question(self, text: str, default: str) -> str:
        """The answer to `text`, or `default` when not asking or answered with an empty line."""
        if not self.ask:
            return default
        print(f"{text} [{default}]: ", end="", file=sys.stderr, flush=True)
        try:
            answer = self.read("").strip()
        except EOFError:
            return default
        return answer or default

    def choice(self, text: str, options: Sequence[str], default: int = 0) -> int:
        """The index of the option chosen (by number or by its first word)."""
        if not self.ask:
            return default
        for i, option in enumerate(options, start=1):
            print(f"  {i}) {option}", file=sys.stderr)
        while True:
            answer = self.question(text, str(default + 1))
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            words = [o.split()[0].lower() for o in options]
            if answer.lower() in words:
                return words.index(answer.lower())
            print(f"  answer 1-{len(options)}", file=sys.stderr)


def cmd_setup(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward setup`: the first-run dialogue (zone, mail, model, notifications)."""
    from zoneinfo import available_timezones

    from steward.cli import main

    def steward(argv: list[str]) -> int:
        # a step's own report is a notice here: stdout stays this command's one answer
        with contextlib.redirect_stdout(sys.stderr):
            return main(argv)

    # answers come from standard input (a terminal, or lines a script pipes in); at its end, the defaults
    interactive = not args.yes
    talk = Dialogue(interactive)
    ctx.make_config_dir()
    config = ctx.paths.config_file
    home = ["--home", str(ctx.paths.config_dir)]
    done: list[str] = []
    values: dict[str, Any] = {}

    zone = args.timezone or talk.question("Your time zone", ctx.settings.as_str("timezone") or detect_zone())
    if zone not in available_timezones():
        raise UsageError(f"setup: {zone!r} is not an IANA time zone (e.g. Europe/London, Asia/Kolkata)")
    values["timezone"] = zone
    done.append(f"time zone {zone}")

    folder, imap = args.mail_folder, args.imap_host
    if not (folder or imap or args.no_mail) and interactive:
        kind = talk.choice("Your mail", ["skip for now", "a folder to import (Maildir, mbox, .eml)",
                                         "an IMAP account", "Gmail"])
        if kind == 1:
            folder = talk.question("The folder or mbox file", "~/Mail")
        elif kind == 2:
            imap = talk.question("IMAP server", "imap.example.com")
            args.imap_user = args.imap_user or talk.question("Login name", os.environ.get("USER", ""))
        elif kind == 3:
            done.append("Gmail: run `steward mail accounts add NAME --kind gmail --user ADDRESS --client-file "
                        "client.json` (it opens Google's consent page)")

    if folder and not Path(folder).expanduser().exists():
        raise UsageError(f"setup: {Path(folder).expanduser()} does not exist")
    if imap and not args.imap_user:
        raise UsageError("setup: --imap-host needs --imap-user")
    model = _choose_model(args, talk, done)
    if model is not None:
        values["llm.tier1"] = model
        values["llm.tier2"] = model

    sink = args.notify or SINKS[talk.choice("Where reminders and the morning brief reach you",
                                            ["console (the terminal running steward serve)", "desktop",
                                             "ntfy", "webhook", "email"])]
    values["notify.sinks"] = [sink]
    if sink in ("ntfy", "webhook"):
        url = args.notify_url or talk.question(f"The {sink} URL", ctx.settings.as_str("notify.webhook_url"))
        if not url.startswith(("http://", "https://")):
            raise UsageError(f"setup: --notify {sink} needs --notify-url http(s)://...")
        values["notify.webhook_url"] = url
    elif sink == "email":
        to = args.email_to or talk.question("Send to", ctx.settings.as_str("notify.email_to"))
        if "@" not in to:
            raise UsageError("setup: --notify email needs --email-to ADDRESS")
        values["notify.email_to"] = to
    done.append(f"notifications to {sink}")
    from steward.cli.google_setup import connect

    connect(ctx, args, talk, values, done)

    text = config.read_text(encoding="utf-8") if config.exists() else (
        "# Steward settings; `steward config show` lists every one with its help.\n")
    config.write_text(set_config_values(text, values), encoding="utf-8")
    ctx.app.db  # noqa: B018 - opening the store creates and migrates it

    if folder:
        path = Path(folder).expanduser()
        if steward([*home, "mail", "import", str(path)]) != 0:
            return 1
        done.append(f"mail imported from {path}")
    if imap:
        done.append(_add_imap(ctx, args, imap, talk, steward, home))

    ctx.emit({"config": str(config), "settings": values, "done": done}, lambda: _summary(config, done, model))
    return 0


def _choose_model(args: argparse.Namespace, talk: Dialogue, done: list[str]) -> str | None:
    if args.no_model:
        done.append("no model (Steward answers what it can without one)")
        return None
    if args.model:
        from steward.llm.tiers import parse_tier

        parse_tier("tier2", args.model)  # a ConfigError naming what is wrong
        done.append(f"model {args.model}")
        return str(args.model)
    found, missing = probe_models(args.probe or DEFAULT_PROBES)
    if not found:
        done.append("no model found (" + "; ".join(missing) + "); start Ollama or llama.cpp's server and run "
                    "`steward setup` again")
        return None
    options = [f"{m.name} ({m.provider} at {m.base_url})" for m in found] + ["no model"]
    pick = talk.choice("The model Steward uses", options)
    if pick == len(found):
        done.append("no model")
        return None
    done.append(f"model {found[pick].name} at {found[pick].base_url}")
    return found[pick].spec


def _add_imap(ctx: Ctx, args: argparse.Namespace, host: str, talk: Dialogue,
              steward: Callable[[list[str]], int], home: list[str]) -> str:
    from steward.mail.accounts import parse_accounts

    user = args.imap_user or ""
    if not user:
        raise UsageError("setup: --imap-host needs --imap-user")
    known = parse_accounts(ctx.settings.get("mail.accounts"))
    if any(a.host == host and a.user == user for a in known):
        return f"IMAP account {user} at {host} (already added)"
    name = "mail" if not any(a.name == "mail" for a in known) else f"mail{len(known) + 1}"
    cmd = [*home, "mail", "accounts", "add", name, "--host", host, "--user", user, "--tls", args.imap_tls]
    if args.imap_port:
        cmd += ["--port", str(args.imap_port)]
    if args.password_env:
        cmd += ["--password-env", args.password_env]
    elif talk.ask:
        import getpass
        import io

        password = getpass.getpass(f"Password for {user} at {host}: ")
        cmd.append("--password-stdin")
        stdin, sys.stdin = sys.stdin, io.StringIO(password + "\n")
        try:
            code = steward(cmd)
        finally:
            sys.stdin = stdin
        if code != 0:
            raise ConfigError(f"setup: the IMAP account {user} at {host} was not added (see above)")
        return f"IMAP account {name}: {user} at {host}"
    else:
        raise UsageError("setup: with --yes an IMAP account needs --password-env VAR")
    if steward(cmd) != 0:
        raise ConfigError(f"setup: the IMAP account {user} at {host} was not added (see above)")
    return f"IMAP account {name}: {user} at {host}"


def _summary(config: Path, done: list[str], model: str | None) -> str:
    lines = [f"Steward is set up ({config}):", *(f"  - {line}" for line in done), "", "Try first:"]
    lines.append('  steward chat "what do I owe?"')
    lines.append('  steward chat "remind me tomorrow at 9 to call the bank"')
    lines.append("  steward brief")
    lines.append("  steward serve        # the page at http://127.0.0.1:8765")
    if model is None:
        lines.append("With a model (Ollama or any OpenAI-compatible server) chat also answers open questions.")
    return "\n".join(lines)
