"""Fuzzing the parsers that read what strangers wrote: 0 crashes, a clear error is fine.

Bounded in `make test` (FUZZ_EXAMPLES examples per target, 100 by default); `make fuzz` runs many more.
Each target states what "no crash" means for it: mail parsing raises nothing but its ParseError, the
query language and dates raise nothing but a one-line UserError, an .ics import reports bad items and
goes on, and the HTTP API answers a bad body with a 4xx JSON error, never a 500.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from serve_helpers import in_process
from steward.clock import Clock
from steward.errors import UserError

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
CLOCK = Clock(ZoneInfo("Europe/London"), pinned=datetime(2026, 9, 14, 10, 0, tzinfo=ZoneInfo("Europe/London")))

HEADER_NAMES = st.sampled_from(["From", "To", "Cc", "Subject", "Date", "Message-ID", "In-Reply-To", "References",
                                "Content-Type", "Content-Transfer-Encoding", "Content-Disposition", "MIME-Version",
                                "Authentication-Results", "X-Weird"])
HEADER_VALUES = st.one_of(
    st.text(max_size=80),
    st.sampled_from(['multipart/mixed; boundary="b"', "multipart/alternative; boundary=", "text/html; charset=xyz",
                     "text/plain; charset=utf-16", "base64", "quoted-printable", "x-uuencode", "=?utf-8?b?////?=",
                     "=?bogus?q?=ZZ?=", "<a@b>", "Mon, 32 Foo 99999 25:61:61 +9999", '"x" <>', "@@@", "attachment; filename*=''"]),
)
BODIES = st.one_of(st.binary(max_size=400), st.text(max_size=400).map(lambda t: t.encode("utf-8", "surrogatepass")),
                   st.sampled_from([b"--b\r\nContent-Type: text/plain\r\n\r\nhi\r\n--b--\r\n", b"--b\r\n\r\n--b",
                                    b"=\r\n=ZZ=3", b"begin 644 x\nM\nend\n", b"\x00\xff" * 40]))


@st.composite
def messages(draw: st.DrawFn) -> bytes:
    headers = draw(st.lists(st.tuples(HEADER_NAMES, HEADER_VALUES), max_size=10))
    head = "".join(f"{name}: {value}\r\n" for name, value in headers).encode("utf-8", "surrogatepass")
    return head + draw(st.sampled_from([b"\r\n", b"\n", b""])) + draw(BODIES)


@FUZZ
@given(raw=st.one_of(messages(), st.binary(max_size=600)))
def test_mail_parsing_never_crashes(raw: bytes) -> None:
    from steward.mail.parse import ParseError, parse_message, read_body

    try:
        parsed = parse_message(raw)
    except ParseError:
        return
    assert isinstance(parsed.subject, str) and isinstance(parsed.snippet, str)
    assert isinstance(read_body(raw).text, str)


QUERY_WORDS = st.sampled_from(["from:", "to:", "subject:", "category:", "before:", "after:", "since:", "has:pdf",
                               "-", '"', "OR", "AND", "(", ")", "*", "statement", "amazon", "2026-13-45", "yesterday",
                               ":", "category:statement", "after:last week", "\x00", "\u200b"])


@FUZZ
@given(query=st.one_of(st.text(max_size=60), st.lists(QUERY_WORDS, max_size=8).map(" ".join)))
def test_the_query_language_never_crashes(query: str) -> None:
    from steward.search.query import parse_query

    try:
        parse_query(query, CLOCK)
    except UserError as exc:
        assert "\n" not in str(exc)


DATE_WORDS = st.sampled_from(["tomorrow", "at", "5", "pm", "next", "friday", "the", "15th", "of", "may", "in", "2",
                              "hours", "every", "monday", "9999", "0", "31/02", "12:99", "noon", "-", "christmas",
                              "after", "before", "week", "ish", "eod", "1e9", "½", "٣", "\u200b", ".", "2026-02-30"])


@FUZZ
@given(text=st.one_of(st.text(max_size=60), st.lists(DATE_WORDS, max_size=10).map(" ".join)),
       prefer=st.sampled_from(["future", "past", "current"]))
def test_dates_never_crash(text: str, prefer: str) -> None:
    from steward.dates import find, find_all, resolve

    for fn in (resolve, find, find_all):
        fn(text, CLOCK, prefer)


VALID_ICS = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//fuzz//EN\r\nBEGIN:VEVENT\r\nUID:{uid}\r\nSUMMARY:{summary}\r\n"
    "DTSTART{param}:{start}\r\nDTEND:{end}\r\n{extra}END:VEVENT\r\nBEGIN:VTODO\r\nSUMMARY:t\r\nDUE:{start}\r\n"
    "END:VTODO\r\nEND:VCALENDAR\r\n"
)
ICS_VALUES = st.sampled_from(["20270101T100000Z", "20270101", "99991231T235959", "00000000T000000", "2027-01-01",
                              "garbage", "", "20270230T100000", "20270101T250000Z", "19000101T000000Z"])


@pytest.fixture(scope="module")
def calendar_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    from steward.app import build_app
    from steward.paths import resolve_paths
    from steward.settings import load

    paths = resolve_paths(str(tmp_path_factory.mktemp("fuzz-ics")))
    app = build_app(load(paths.config_file), CLOCK, paths)
    yield app
    app.close()


@FUZZ
@given(uid=st.text(max_size=20), summary=st.text(max_size=30), start=ICS_VALUES, end=ICS_VALUES,
       param=st.sampled_from(["", ";VALUE=DATE", ";TZID=Nowhere/City", ";TZID=Europe/London", ";X=\"", ";"]),
       extra=st.sampled_from(["", "RRULE:FREQ=WEEKLY\r\n", "RRULE:junk\r\n", "DURATION:PT1H\r\n", "DURATION:xx\r\n",
                              "LOCATION:\x00\r\n", " folded\r\n"]),
       noise=st.binary(max_size=40))
# a weekly event at the last second of the year 9999: its end is past the calendar (once a crash)
@example(uid="", summary="", start="99991231T235959", end="20270101T100000Z", param="",
         extra="RRULE:FREQ=WEEKLY\r\n", noise=b"")
def test_ics_import_reports_bad_items_and_goes_on(calendar_home: object, tmp_path_factory: pytest.TempPathFactory,
                                                  uid: str, summary: str, start: str, end: str, param: str,
                                                  extra: str, noise: bytes) -> None:
    from steward.calendar.transfer import import_ics

    text = VALID_ICS.format(uid=uid.replace("\r", "").replace("\n", ""), summary=summary.replace("\n", " "),
                            start=start, end=end, param=param, extra=extra)
    path = tmp_path_factory.getbasetemp() / "fuzz.ics"
    path.write_bytes(text.encode("utf-8", "surrogatepass") + noise)
    try:
        report = import_ics(calendar_home.calendar, path)  # type: ignore[attr-defined]
    except UserError as exc:
        assert "\n" not in str(exc)
        return
    assert all("\n" not in reason for reason in report.skipped)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
FIELDS = st.sampled_from(["text", "session", "answer", "yes", "when", "limit", "query", "mode", "all"])


@pytest.fixture(scope="module")
def api(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    home = tmp_path_factory.mktemp("fuzz-api") / "home"
    with TestClient(in_process(home, "2026-09-14T10:00:00+00:00"), base_url="http://127.0.0.1:8765") as c:  # type: ignore[arg-type]
        yield c


@FUZZ
@given(path=st.sampled_from(["/chat", "/pending/1", "/pending/abc", "/reminders", "/mail/search"]),
       body=st.one_of(st.dictionaries(FIELDS, JSON_VALUES, max_size=4).map(json.dumps), JSON_VALUES.map(json.dumps),
                      st.binary(max_size=60).map(lambda b: b.decode("latin-1"))))
def test_http_bodies_get_a_4xx_json_error_never_a_500(api: TestClient, path: str, body: str) -> None:
    r = api.post(path, content=body.encode("utf-8", "surrogatepass"), headers={"content-type": "application/json"})
    assert r.status_code < 500, r.text
    if r.status_code >= 400:
        assert "Traceback" not in r.text


@FUZZ
@given(params=st.dictionaries(st.sampled_from(["q", "limit", "mode", "when", "all", "id", "days"]),
                              st.text(max_size=20), max_size=3),
       path=st.sampled_from(["/mail/search", "/schedule", "/reminders", "/mail/analyze"]))
def test_http_query_strings_never_give_a_500(api: TestClient, path: str, params: dict[str, str]) -> None:
    r = api.get(path, params=params)
    assert r.status_code < 500, r.text



HOOK_FIELDS = st.sampled_from(["session_id", "transcript_path", "cwd", "hook_event_name", "tool_name", "tool_input",
                               "tool_use_id", "tool_response", "prompt", "stop_hook_active", "permission_mode", "x"])


@FUZZ
@given(event=st.sampled_from(["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"]),
       payload=st.dictionaries(HOOK_FIELDS, JSON_VALUES, max_size=6),
       output=st.one_of(st.text(max_size=60), st.dictionaries(st.sampled_from(
           ["decision", "reason", "continue", "stopReason", "systemMessage", "hookSpecificOutput", "y"]),
           JSON_VALUES, max_size=4).map(json.dumps)),
       code=st.sampled_from([0, 1, 2, 3, 137]))
def test_hook_payloads_and_hook_answers_never_crash(event: str, payload: dict, output: str, code: int) -> None:
    from steward.hooks.protocol import HookInput, ProtocolError, interpret

    try:
        HookInput.from_json(event, payload)
    except ProtocolError as exc:
        assert "\n" not in str(exc)
    try:
        interpret(code, output, "", event)
    except ProtocolError as exc:  # a failed hook: the bus reports it in one line and the turn goes on
        assert "\n" not in str(exc)


@settings(max_examples=max(10, EXAMPLES // 10), deadline=None)
@given(raw=st.one_of(st.binary(max_size=200), st.dictionaries(HOOK_FIELDS, JSON_VALUES, max_size=5).map(
    lambda d: json.dumps(d).encode())))
def test_steward_hook_answers_any_stdin_in_one_line_or_json(raw: bytes) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "steward", "hook", "PostToolUse"], input=raw, capture_output=True,
                          timeout=60)
    assert done.returncode in (0, 1), done.stderr
    assert b"Traceback" not in done.stderr
    if done.returncode == 1:
        assert len(done.stderr.strip().splitlines()) == 1
