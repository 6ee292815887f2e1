"""`steward backup PATH`, `steward restore PATH` and `steward doctor`."""

from __future__ import annotations

import argparse
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Literal, NamedTuple

from steward.cli.context import Commands, Ctx
from steward.errors import StewardError

Level = Literal["ok", "warn", "fail"]
# below this much free space in the data folder a sync or an import may fail half way
LOW_DISK_BYTES = 200 * 1024 * 1024


class Check(NamedTuple):
    """One line of `steward doctor`: what was checked, how it went, and what to do."""

    name: str
    level: Level
    detail: str


def register(commands: Commands) -> None:
    """Add `backup`, `restore` and `doctor` to the command line."""
    p = commands.add("backup", "copy the store to PATH (consistent while `steward serve` runs)", cmd_backup)
    p.add_argument("path", help="the backup file to create")
    p = commands.add("restore", "replace the store with the backup at PATH (the current one is kept beside it)",
                     cmd_restore)
    p.add_argument("path", help="a file written by `steward backup`")
    p = commands.add("doctor", "check config, zone, home, store, secrets, keyring, models, calendars, disk and mail marks",
                     cmd_doctor)
    p.add_argument("--fix", action="store_true",
                   help="take the group's and others' access off every folder and file in the home")


def cmd_backup(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward backup PATH`: a consistent copy of the store."""
    from steward.store.backup import backup

    if not str(args.path).strip():
        raise StewardError("backup: name the file to write, e.g. steward backup ~/steward-backup.db")
    result = backup(ctx.app.db, Path(args.path))
    ctx.emit(result, f"backed up the store to {result.path} ({result.bytes:,} bytes, "
                     f"{result.migrations} migrations)")
    return 0


def cmd_restore(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward restore PATH`: replace the store with a backup (the current one is kept beside it)."""
    from steward.store.backup import restore

    if not str(args.path).strip():
        raise StewardError("restore: name the backup file, e.g. steward restore ~/steward-backup.db")
    result = restore(Path(args.path), ctx.paths.db_file, ctx.clock.now())
    kept = f"; the store it replaced is kept at {result.kept}" if result.kept else ""
    ctx.emit(result, f"restored {args.path} into {result.path} ({result.migrations} migrations){kept}")
    return 0


def cmd_doctor(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward doctor [--fix]`: check config, zone, home, store, secrets, keyring, models, calendars, disk and mail marks."""
    if args.fix:
        from steward.paths import loose_paths, tighten

        found = loose_paths(ctx.paths)
        failed = tighten(found)
        ctx.notice(f"fixed the modes of {len(found) - len(failed)} path(s) in the home"
                   + (f"; could not change {', '.join(map(str, failed[:3]))}" if failed else ""))
    checks = run_checks(ctx)
    marks = {"ok": "ok  ", "warn": "warn", "fail": "FAIL"}
    ctx.emit({"checks": checks, "ok": all(c.level != "fail" for c in checks)},
             lambda: "\n".join(f"{marks[c.level]}  {c.name}: {c.detail}" for c in checks))
    return 1 if any(c.level == "fail" for c in checks) else 0


def run_checks(ctx: Ctx) -> list[Check]:
    """Every check, in order; one failing never stops the next."""
    steps: list[tuple[str, Callable[[Ctx], Check]]] = [
        ("config", _config), ("zone", _zone), ("home", _home), ("store", _store), ("secrets", _secrets),
        ("keyring", _keyring), ("models", _models), ("calendars", _calendars), ("disk", _disk),
        ("mail", _marks),
    ]
    out = []
    for name, step in steps:
        try:
            out.append(step(ctx))
        except StewardError as exc:
            out.append(Check(name, "fail", str(exc)))
    return out


def _marks(ctx: Ctx) -> Check:
    from steward.mail.marks import stale_count

    if not ctx.paths.db_file.exists():
        return Check("mail", "ok", "no mail yet")
    stale = stale_count(ctx.app.db, ctx.app.mail_classifier)
    if stale:
        return Check("mail", "warn", f"{stale:,} message(s) were marked by older rules; `steward mail recheck` "
                     "marks them again (the next import or sync does too)")
    return Check("mail", "ok", "the stored mail is marked by the current rules")


def _config(ctx: Ctx) -> Check:
    path = ctx.paths.config_file
    ctx.settings  # noqa: B018 - loading validates every value and names the bad one
    if not path.exists():
        return Check("config", "warn", f"no config file at {path} (defaults in use; `steward init` writes one)")
    return Check("config", "ok", f"{path} reads cleanly")


def _zone(ctx: Ctx) -> Check:
    clock = ctx.clock
    return Check("zone", "ok", f"{clock.zone} (now {clock.now():%Y-%m-%d %H:%M %z})")


def _home(ctx: Ctx) -> Check:
    from steward.paths import loose_paths

    found = loose_paths(ctx.paths)
    if not found:
        return Check("home", "ok", f"{ctx.paths.home_label} is readable by you alone")
    shown = "; ".join(map(str, found[:5])) + (f"; and {len(found) - 5} more" if len(found) > 5 else "")
    return Check("home", "fail", f"{len(found)} path(s) others can read: {shown} "
                                 "(run `steward doctor --fix`)")


def _store(ctx: Ctx) -> Check:
    from steward.store.backup import integrity

    db_file = ctx.paths.db_file
    if not db_file.exists():
        return Check("store", "warn", f"no store yet at {db_file} (`steward init` creates it)")
    problems = integrity(ctx.app.db)
    if problems:
        return Check("store", "fail", f"{db_file} fails the integrity check: {problems[0]}")
    return Check("store", "ok", f"{db_file} passes the integrity check ({db_file.stat().st_size:,} bytes)")


def _secret_files(ctx: Ctx) -> list[Path]:
    from steward.mail.accounts import parse_accounts

    files = [Path(a.password_file).expanduser()
             for a in parse_accounts(ctx.settings.get("mail.accounts")) if a.password_file]
    folder = ctx.paths.data_dir / "secrets"
    if folder.is_dir():
        files.extend(sorted(folder.glob("*.secret")))
    return files


def _secrets(ctx: Ctx) -> Check:
    files = _secret_files(ctx)
    if not files:
        return Check("secrets", "ok", "no secret files")
    loose = []
    for path in files:
        try:
            mode = path.stat().st_mode
        except OSError:
            loose.append(f"{path} (missing)")
            continue
        if mode & (stat.S_IRWXG | stat.S_IRWXO):
            loose.append(f"{path} (mode {stat.S_IMODE(mode):o}; run chmod 600, or `steward doctor --fix` in the home)")
    if loose:
        return Check("secrets", "fail", "; ".join(loose))
    return Check("secrets", "ok", f"{len(files)} secret file(s), each readable by you alone")


def _keyring(ctx: Ctx) -> Check:
    from steward.secrets import keyring_available

    if keyring_available():
        return Check("keyring", "ok", "an OS keyring is available for mail passwords")
    return Check("keyring", "warn", "no OS keyring; passwords go to 0600 files or environment variables")


def _models(ctx: Ctx) -> Check:
    from steward.llm.tiers import TierConfig

    tiers = TierConfig.from_settings(ctx.settings)
    if not tiers.configured:
        return Check("models", "ok", "no model configured (Steward answers what it can without one)")
    import httpx

    failed, reached = [], []
    for spec in tiers.tiers.values():
        url = (spec.base_url + "/api/tags" if spec.provider == "ollama"
               else _openai_root(spec.base_url) + "/models")
        try:
            response = httpx.get(url, timeout=min(5.0, tiers.timeout))
            response.raise_for_status()
            reached.append(f"{spec.tier} {spec.model}")
        except httpx.HTTPError as exc:
            failed.append(f"{spec.tier} at {spec.base_url}: {type(exc).__name__}")
    if failed:
        return Check("models", "fail", "cannot reach " + "; ".join(failed))
    return Check("models", "ok", "reached " + ", ".join(reached))


def _openai_root(base_url: str) -> str:
    from steward.llm.openai import api_base

    return api_base(base_url)


def _calendars(ctx: Ctx) -> Check:
    names = [n for n in ctx.settings.as_list("calendar.backends") if n in ("caldav", "google")]
    if not names:
        return Check("calendars", "ok", "the local calendar (no server to reach)")
    from datetime import timedelta

    said = []
    now = ctx.clock.now()
    for name in names:
        backend = ctx.app.calendar.backends.get(name)
        if backend is None:
            return Check("calendars", "fail", f"calendar.backends names {name} but it is not configured")
        reading = backend.read(now, now + timedelta(days=1))
        skipped = f" ({len(reading.unreadable)} event(s) it cannot read)" if reading.unreadable else ""
        if name == "caldav":
            said.append(f"CalDAV at {ctx.settings.as_str('calendar.caldav_url')} answers{skipped}")
            continue
        from steward.calendar.backends.google import GoogleBackend

        writes = ""
        if isinstance(backend, GoogleBackend) and ctx.settings.as_str("appointments.google_write_credentials"):
            backend.check_write()
            writes = "; its events-write credential is accepted"
        said.append(f"Google Calendar {ctx.settings.as_str('calendar.google_calendar_id')} answers{skipped}{writes}")
    return Check("calendars", "ok", "; ".join(said))


def _disk(ctx: Ctx) -> Check:
    folder = ctx.paths.data_dir
    probe = folder if folder.exists() else folder.parent
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    free = shutil.disk_usage(probe).free
    text = f"{free / 2**30:.1f} GiB free under {probe}"
    return Check("disk", "fail" if free < LOW_DISK_BYTES else "ok", text)
