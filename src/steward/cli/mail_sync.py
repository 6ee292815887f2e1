"""`steward mail sync | status` and `steward mail accounts add | list | remove` (live mail accounts).

Mail accounts live under `steward mail accounts`: the top-level `steward accounts` is kept for the
cards and bank accounts the mail shows (DESIGN.md).
"""

from __future__ import annotations

import argparse
import getpass
import sys
from datetime import datetime
from typing import TYPE_CHECKING, Any

from steward.cli.context import Commands, Ctx

if TYPE_CHECKING:
    from steward.cli.progress import Progress
    from steward.formats import Formats
    from steward.mail.accounts import Account


def register(commands: Commands) -> None:
    """Add `mail sync | status` and `mail accounts add | list | remove` to the command line."""
    mail = commands.group("mail", "import, search, analyze and read your mail")
    p = mail.add("sync", "sync live mail accounts (IMAP, Gmail), incrementally", cmd_sync)
    p.add_argument("account", nargs="?", metavar="ACCOUNT", help="one account (default: all)")
    p.add_argument("--every", metavar="INTERVAL", help="keep syncing on a heartbeat (e.g. 5m), backing off on failure")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    mail.add("status", "each mail account's last sync, message count and last error", cmd_status)

    accounts = mail.group("accounts", "live mail accounts (IMAP, Gmail): add, list, remove")
    p = accounts.add("add", "add a mail account; the password goes to the OS keyring (else a 0600 file)", cmd_add)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--kind", choices=("imap", "gmail"), default="imap")
    p.add_argument("--host", default="", help="IMAP server host name")
    p.add_argument("--port", type=int, default=None, help="default: 993 with --tls ssl, else 143")
    p.add_argument("--tls", choices=("ssl", "starttls", "none"), default="ssl")
    p.add_argument("--tls-ca-file", metavar="PEM", default="",
                   help="certificates to trust (a server with a self-signed certificate)")
    p.add_argument("--user", required=True, help="login name (Gmail: the address)")
    p.add_argument("--folder", action="append", dest="folders", metavar="FOLDER",
                   help="a folder to sync (repeat for more; default INBOX)")
    p.add_argument("--label", action="append", dest="labels", metavar="LABEL", help="Gmail: a label id to sync")
    p.add_argument("--client-id", default="", help="Gmail: the OAuth client id the refresh token belongs to")
    p.add_argument("--client-file", metavar="PATH", default="",
                   help="Gmail: the OAuth client JSON from Google Cloud Console; runs the consent flow in your browser")
    source = p.add_mutually_exclusive_group()
    source.add_argument("--password-env", metavar="VAR", default="", help="read the password from $VAR at sync time")
    source.add_argument("--password-file", metavar="PATH", default="", help="read the password from a 0600 file")
    source.add_argument("--password-stdin", action="store_true", help="read the password from standard input")
    p.add_argument("--no-check", action="store_true", help="save without logging in first")
    accounts.add("list", "the configured mail accounts (never their passwords)", cmd_list)
    p = accounts.add("remove", "remove a mail account, its stored password and the mail only it held", cmd_remove)
    p.add_argument("name", metavar="NAME")
    p.add_argument("--keep-mail", action="store_true", help="keep the messages synced from it")


# -- sync ------------------------------------------------------------------------------------------


class _Bars:
    """One progress bar per folder, each finished before the next starts."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.current: Progress | None = None

    def __call__(self, account: Account, folder: str) -> Progress | None:
        from steward.cli.progress import Progress

        self.finish()
        if not self.enabled:
            return None
        self.current = Progress(f"syncing {account.name}/{folder}")
        return self.current

    def finish(self) -> None:
        if self.current is not None:
            self.current.finish()
            self.current = None


def _outcome_line(data: dict[str, Any], fmt: Formats) -> str:
    if data["error"]:
        return str(data["error"])
    parts = [f"{data['account']}: {fmt.number(data['added'])} new, {fmt.number(data['removed'])} removed"]
    if data.get("rejected"):
        parts.append(f", {fmt.number(data['rejected'])} rejected (`steward mail rejected` says why)")
    for folder in data.get("folders", []):
        if folder["resynced"]:
            parts.append(f"; {folder['folder']} was renumbered by the server (UIDVALIDITY changed) and resynced")
    return "".join(parts)


def cmd_sync(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail sync [ACCOUNT]`: sync live accounts once, or every --every."""
    names = [args.account] if args.account else None
    svc = ctx.app.mail_sync
    if args.every:
        return _sync_every(ctx, args, names)
    bars = _Bars(enabled=not args.no_progress and sys.stderr.isatty())
    try:
        outcomes = svc.sync(names, progress=bars)
    finally:
        bars.finish()
    data = [o.to_json() for o in outcomes]
    if ctx.json:
        ctx.emit(data, "")
    for item in data:
        if item["error"]:
            print(f"steward: {item['error']}", file=sys.stderr)
        elif not ctx.json:
            ctx.out(_outcome_line(item, ctx.clock.formats))
    return 0 if all(o.ok for o in outcomes) else 1


def _sync_every(ctx: Ctx, args: argparse.Namespace, names: list[str] | None) -> int:
    import threading
    from datetime import UTC

    from steward.mail.heartbeat import SyncHeartbeat, parse_interval, run_loop

    interval = parse_interval(args.every)
    if not interval:
        from steward.errors import UsageError

        raise UsageError("--every needs an interval above zero (e.g. 5m)")
    svc = ctx.app.mail_sync
    chosen = names or [a.name for a in svc.accounts()]
    if not chosen:
        svc.sync()  # raises the "no accounts configured" error
    for name in chosen:
        svc.account(name)  # an unknown name fails now, not on the first beat

    def run(name: str) -> Any:
        bars = _Bars(enabled=not args.no_progress and sys.stderr.isatty())
        try:
            return svc.sync_account(svc.account(name), progress=bars)
        finally:
            bars.finish()

    fmt = ctx.clock.formats

    def report(results: list[dict[str, object]]) -> None:
        for item in results:
            when = fmt.moment(ctx.clock.local(datetime.now(UTC)))
            if ctx.json:
                ctx.emit(item, "")
            elif item["error"]:
                nxt = item["next_at"]
                retry = fmt.time(ctx.clock.local(nxt)) if isinstance(nxt, datetime) else "later"
                print(f"{when} steward: {item['error']} (retrying at {retry})", file=sys.stderr)
            else:
                ctx.out(f"{when} {_outcome_line(item, fmt)}")
            sys.stdout.flush()

    heartbeat = SyncHeartbeat(lambda: chosen, run, interval)
    if not ctx.json:
        ctx.notice(f"syncing {', '.join(chosen)} every {args.every}; Ctrl-C stops")
    stop = threading.Event()
    try:
        run_loop(heartbeat, lambda: datetime.now(UTC), stop, on_tick=report)
    except KeyboardInterrupt:
        stop.set()
    return 0


# -- status ----------------------------------------------------------------------------------------


def cmd_status(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail status`: each account's last sync, message count and last error."""
    rows = ctx.app.mail_sync.status()
    # instants in the user's zone, as everywhere else Steward shows a time
    data = [{k: ctx.clock.local(v) if isinstance(v, datetime) else v for k, v in r.to_json().items()} for r in rows]

    fmt = ctx.clock.formats

    def when(moment: Any) -> str:
        """`Sat 5 Dec, 10:00` on the person's clock (the year only outside this one)."""
        if not isinstance(moment, datetime):
            return "never"
        local = ctx.clock.local(moment)
        return fmt.moment(local, year=local.year != ctx.clock.today().year)

    def text() -> str:
        if not rows:
            return "no mail accounts configured; add one with `steward mail accounts add NAME --host HOST --user USER`"
        lines = []
        for item in data:
            state = "ok" if not item["last_error"] else f"FAILING ({item['failures']} in a row)"
            lines.append(f"{item['account']}  {item['kind']} {item['where']}  {fmt.number(int(str(item['messages'])))} messages  "
                         f"last sync {when(item['last_sync'])}  {state}")
            if item["last_error"]:
                lines.append(f"    last error {when(item['last_error_at'])}: {item['last_error']}")
        return "\n".join(lines)

    ctx.emit(data, text)
    return 0


# -- accounts --------------------------------------------------------------------------------------


def _read_password(args: argparse.Namespace, label: str) -> str:
    if args.password_stdin or not sys.stdin.isatty():
        from steward.cli.context import stdin_lines

        number, line = next(stdin_lines(), (1, ""))
        if line is None:
            from steward.errors import UserError

            raise UserError("the password on standard input is not UTF-8 text; nothing was saved")
        value = line.rstrip("\r\n")
    else:
        value = getpass.getpass(f"{label}: ")
    if not value:
        from steward.errors import UserError

        raise UserError("no password given; nothing was saved")
    return value


def cmd_add(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail accounts add NAME`: add an account; its password goes to the keyring or a 0600 file."""
    from dataclasses import replace
    from pathlib import Path

    from steward.mail.accounts import add_account_text, parse_account
    from steward.mail.live import secret_ref
    from steward.secrets import check_private_file, delete_secret, read_secret, store_secret

    raw: dict[str, Any] = {"name": args.name, "kind": args.kind, "host": args.host, "tls": args.tls,
                           "user": args.user, "password_env": args.password_env,
                           "password_file": str(Path(args.password_file).expanduser().absolute())
                           if args.password_file else ""}
    if args.port is not None:
        raw["port"] = args.port
    if args.tls_ca_file:
        raw["tls_ca_file"] = str(Path(args.tls_ca_file).expanduser().absolute())
    if args.folders:
        raw["folders"] = args.folders
    if args.labels:
        raw["labels"] = args.labels
    if args.client_id:
        raw["client_id"] = args.client_id
    oauth_client = None
    if args.client_file:
        from steward.mail.gmail_oauth import read_client_file

        if args.kind != "gmail":
            from steward.errors import UsageError

            raise UsageError("--client-file is for Gmail accounts (--kind gmail)")
        oauth_client = read_client_file(Path(args.client_file).expanduser())
        raw["client_id"] = oauth_client.client_id
    account = parse_account(raw, "command line")
    config = ctx.paths.config_file
    text = config.read_text(encoding="utf-8") if config.exists() else ""
    add_account_text(text, account)  # refuses a duplicate name before anything is stored
    label = f"mail account {account.name}"
    secrets_dir = ctx.paths.data_dir / "secrets"
    stored_here = False
    if account.password_env:
        secret = read_secret(secret_ref(account), label) if not args.no_check else ""
    elif account.password_file:
        check_private_file(Path(account.password_file), label)
        secret = read_secret(secret_ref(account), label)
    else:
        if oauth_client is not None:
            from steward.mail.gmail_oauth import consent

            secret = consent(oauth_client, account=account.name, show=_show_consent_url, login_hint=account.user)
        else:
            what = "refresh token" if account.kind == "gmail" else "password"
            secret = _read_password(args, f"{what} for {account.user} ({account.name})")
        where = store_secret(f"mail:{account.name}", secret, secrets_dir)
        stored_here = True
        if not where.keyring:
            account = replace(account, password_file=where.file)
    if not args.no_check:
        try:
            _check_login(ctx, account, secret)
        except BaseException:
            if stored_here:
                delete_secret(secret_ref(account), secrets_dir)
            raise
    config.parent.mkdir(parents=True, exist_ok=True)
    new_text = add_account_text(config.read_text(encoding="utf-8") if config.exists() else "", account)
    tmp = config.with_suffix(".toml.tmp")
    tmp.write_text(new_text, encoding="utf-8")
    tmp.replace(config)
    secret_where = ("the OS keyring" if stored_here and not account.password_file else
                    account.password_file if account.password_file else f"${account.password_env}")
    if account.tls == "none" and account.host not in ("127.0.0.1", "localhost", "::1"):
        ctx.notice(f"warning: {label} sends its password unencrypted (tls = none)")
    ctx.emit({**account.to_json(), "secret_stored_in": secret_where, "checked": not args.no_check},
             f"added {label} ({account.user} at {account.where}); password in {secret_where}"
             f"{'' if args.no_check else '; login checked'}. Run `steward mail sync {account.name}`.")
    return 0


def _show_consent_url(url: str) -> None:
    import contextlib
    import webbrowser

    print(f"Open this address in your browser to give Steward read-only access to Gmail:\n  {url}",
          file=sys.stderr)
    with contextlib.suppress(webbrowser.Error):  # no browser here: the printed address is enough
        webbrowser.open(url)


def _check_login(ctx: Ctx, account: Account, secret: str) -> None:
    if account.kind == "gmail":
        from steward.mail.gmail import check_gmail

        check_gmail(account, secret, api_url=ctx.settings.as_str("mail.gmail_api_url"))
        return
    from steward.mail.imap import ImapSession

    with ImapSession(account, secret, timeout=20) as session:
        for folder in account.folders:
            session.examine(folder)  # a folder that does not exist is found now, not on the first sync


def cmd_list(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail accounts list`: the configured accounts (never their passwords)."""
    accounts = ctx.app.mail_sync.accounts()
    data = [a.to_json() for a in accounts]
    ctx.emit(data, lambda: "\n".join(
        f"{a['name']}  {a['kind']}  {a['user']} at {a['host']}:{a['port']} (tls {a['tls']})  "
        f"folders {', '.join(a['folders'])}  password: {a['secret']}" for a in data
    ) or "no mail accounts configured")
    return 0


def cmd_remove(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mail accounts remove NAME`: remove an account, its password and the mail only it held."""
    from steward.mail.accounts import find_account, remove_account_text
    from steward.mail.live import secret_ref
    from steward.secrets import delete_secret
    from steward.store import mail_sync as repo
    from steward.store import write_txn

    svc = ctx.app.mail_sync
    account = find_account(svc.accounts(), args.name)
    config = ctx.paths.config_file
    new_text = remove_account_text(config.read_text(encoding="utf-8"), account.name)
    tmp = config.with_suffix(".toml.tmp")
    tmp.write_text(new_text, encoding="utf-8")
    tmp.replace(config)
    delete_secret(secret_ref(account), ctx.paths.data_dir / "secrets")
    removed = 0
    if not args.keep_mail:
        removed = repo.forget_account_mail(ctx.app.db, account.name)
    with write_txn(ctx.app.db):
        repo.forget_account(ctx.app.db, account.name)
    ctx.emit({"removed": account.name, "messages_removed": removed},
             f"removed mail account {account.name}" + ("" if args.keep_mail else
                                                      f" and {removed} message(s) only it held"))
    return 0
