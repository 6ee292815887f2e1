"""`steward when TEXT` and `steward when -`: what Steward understands a date/time phrase to mean.

`steward when TEXT` reads the whole text as a date/time phrase, or failing that finds one inside it,
and shows the moment locally and in UTC with its grain and span. `steward when -` reads one case a
line from standard input (plain text, or JSON `{"text": ..., "now": ..., "prefer": ..., "tz": ...}`
with its own reference time) and prints one JSON result a line, with a `null` resolution when nothing
was found, so a whole corpus is checked in one process.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import UTC
from typing import TYPE_CHECKING, Any

from steward.cli.context import Commands, Ctx, stdin_lines

if TYPE_CHECKING:
    from steward.clock import Clock
    from steward.dates import DateOptions, Resolution


_PREFERENCES = ("future", "past", "current")  # steward.dates.PREFERENCES (not imported: --help stays light)


def register(commands: Commands) -> None:
    """Add `when` to the command line."""
    p = commands.add("when", "show what a date/time phrase means on your clock ('-' reads one case a line)",
                     cmd_when)
    p.add_argument("text", nargs="+", metavar="TEXT", help="the phrase, e.g. 'tomorrow at 5 pm'; '-' for stdin")
    p.add_argument("--prefer", choices=_PREFERENCES, default="future",
                   help="read an open phrase ('friday', '5 pm') as the next one (default), the last one, "
                        "or the one in the current week/day/year (current)")
    p.add_argument("--whole", action="store_true",
                   help="only accept the text as a whole phrase; do not look for one inside a sentence")


def _lookup(text: str, clock: Clock, prefer: str, options: DateOptions, whole_only: bool) -> Resolution | None:
    from steward.dates import find, resolve

    found = resolve(text, clock, prefer, options)
    if found is None and not whole_only:
        found = find(text, clock, prefer, options)
    return found


def _shape(text: str, found: Resolution | None, clock: Clock, prefer: str) -> dict[str, Any]:
    """DESIGN.md's `when` shape (`text`, `start`, `end`, `grain`, `span`) plus the resolution itself."""

    now = clock.now()
    out: dict[str, Any] = {"text": text, "start": None, "end": None, "grain": None, "span": None,
                           "now": now.isoformat(), "zone": clock.zone_name, "prefer": prefer}
    if found is None:
        out["resolution"] = None
        return out
    res = found.to_json()
    res["start_utc"] = found.start.astimezone(UTC).isoformat()
    res["end_utc"] = found.end.astimezone(UTC).isoformat() if found.end else None
    out.update(start=res["start"], end=res["end"], grain=found.grain, span=list(found.span),
               phrase=found.text, resolution=res)
    return out


def _missing_hint() -> str:
    """Why a holiday name gave no date, when a calendar library is not installed."""
    from steward.dates import missing_calendars

    absent = missing_calendars()
    if not absent:
        return ""
    return f" (dates on lunar calendars need {', '.join(absent)}: pip install 'steward[holidays]')"


def said(moment: Any, has_time: bool, clock: Clock) -> str:
    """A moment as the person writes it (`locale`): `Tue 15 Sep, 17:00`, `Tue, Sep 15, 5:00 PM`, a day alone
    when no time was named; the year only outside this one."""
    fmt = clock.formats
    local = clock.local(moment)
    other_year = local.year != clock.today().year
    return fmt.moment(local, year=other_year) if has_time else fmt.day(local.date(), year=other_year)


def _human(text: str, found: Resolution, clock: Clock) -> str:

    def show(moment: Any) -> str:
        return moment.strftime("%a %Y-%m-%d %H:%M:%S %z")

    lines = [
        f"{text!r}",
        f"  means  {said(found.start, found.has_time, clock)}  ({clock.zone_label})",
        f"  local  {show(found.start)}  ({clock.zone_name})",
        f"  UTC    {found.start.astimezone(UTC).strftime('%a %Y-%m-%d %H:%M:%S')} UTC",
    ]
    if found.end is not None:
        lines.append(f"  until  {show(found.end)}  (exclusive)")
    kinds = [k for k, on in (("date", found.has_date), ("time", found.has_time)) if on]
    lines.append(f"  grain  {found.grain}  (names a {' and a '.join(kinds) or 'moment'})")
    lines.append(f"  span   {found.span[0]}-{found.span[1]}  {found.text!r}")
    if len(found.parts) > 1:
        lines.append("  parts  " + ", ".join(f"{b}-{e}" for b, e in found.parts))
    lines.append(f"  now    {show(clock.now())}")
    return "\n".join(lines)


def cmd_when(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward when PHRASE`: what a date/time phrase means on the user's clock."""
    from steward.dates import DateOptions

    options = DateOptions.from_settings(ctx.settings, ctx.clock.zone_name)
    if args.text == ["-"]:
        return _stream(ctx, args, options)
    text = " ".join(args.text)
    clock = ctx.clock
    found = _lookup(text, clock, args.prefer, options, args.whole)
    repeat = _repeat(text, clock, options, ctx.settings.as_int("reminders.default_hour"))
    if found is None and repeat is None:
        if ctx.json:
            ctx.emit(_shape(text, None, clock, args.prefer), "")
        ctx.notice(f"steward: no date or time found in {text!r}{_missing_hint()}")
        return 1
    shape = _shape(text, found, clock, args.prefer)
    if repeat is not None:
        upcoming = repeat.next(clock.now(), 3)
        shape.update(rule=repeat.rule, repeats=repeat.describe(), next=[t.isoformat() for t in upcoming])
        if found is None:
            shape.update(start=repeat.start.isoformat(), span=list(repeat.span), phrase=repeat.text)

    def human() -> str:
        lines = [_human(text, found, clock)] if found is not None else [f"{text!r}"]
        if repeat is not None:
            lines.append(f"  repeats  {repeat.describe()}  (RRULE {repeat.rule})")
            lines.extend(f"  next     {said(t, True, clock)}  ({t.strftime('%Y-%m-%d %H:%M %z')})" for t in upcoming)
        return "\n".join(lines)

    ctx.emit(shape, human)
    return 0


def _repeat(text: str, clock: Clock, options: DateOptions, default_hour: int) -> Any:
    """The repeat said in the text ("every monday at 9"), a steward.dates Recurrence, or None."""
    from steward.dates import find_recurrence

    return find_recurrence(text, clock, options, default_hour)


def _stream(ctx: Ctx, args: argparse.Namespace, options: DateOptions) -> int:
    """One case a line in, one JSON line out; a bad line gets an `error` line and the rest go on."""
    from steward.clock import make_clock, parse_instant
    from steward.errors import StewardError

    zone_setting = ctx.settings.as_str("timezone")
    failures = 0
    for number, raw in stdin_lines():
        line = "" if raw is None else raw.rstrip("\r\n")
        if raw is not None and not line.strip():
            continue
        text = line
        try:
            if raw is None:
                raise ValueError("not UTF-8 text")
            clock = ctx.clock
            prefer = args.prefer
            if line.lstrip().startswith("{"):
                try:
                    case = json.loads(line)
                except json.JSONDecodeError as exc:
                    raise ValueError(f"not valid JSON ({exc.msg} at column {exc.colno})") from None
                if not isinstance(case, dict) or not isinstance(case.get("text"), str):
                    raise ValueError('a JSON case needs a "text" string')
                text = case["text"]
                prefer = case.get("prefer") or prefer
                if prefer not in _PREFERENCES:
                    raise ValueError(f'"prefer" must be one of {", ".join(_PREFERENCES)}, not {prefer!r}')
                for key in ("now", "tz"):
                    if case.get(key) is not None and not isinstance(case[key], str):
                        raise ValueError(f'"{key}" must be a string, not {json.dumps(case[key])}')
                if case.get("now") or case.get("tz"):
                    now = case.get("now") or getattr(args, "now", None)
                    try:
                        pinned = parse_instant(now) if isinstance(now, str) else None
                    except StewardError:
                        raise ValueError(f'"now": {now!r} is not an ISO-8601 date-time with an offset') from None
                    clock = make_clock(zone_setting, pinned, case.get("tz") or getattr(args, "tz", None))
            found = _lookup(text, clock, prefer, options, args.whole)
            out = _shape(text, found, clock, prefer)
        except (ValueError, StewardError) as exc:
            failures += 1
            message = exc.message if isinstance(exc, StewardError) else str(exc)
            out = {"text": text, "line": number, "error": message, "resolution": None}
            print(f"steward: line {number}: {message}", file=sys.stderr)
        print(json.dumps(out, ensure_ascii=False), file=ctx.stdout, flush=False)
    ctx.stdout.flush()
    return 1 if failures else 0
