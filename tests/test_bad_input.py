"""Bad input on the command line: one line on stderr a person can act on, a failing exit code, nothing
saved — never a traceback, a usage block or a half-written state."""

from __future__ import annotations

import io
import json
import os
import sys
from pathlib import Path

import pytest

NOW = "--now=2026-09-14T10:00:00+00:00"
HUGE = "99999999999999999999999"  # past SQLite's INTEGER and Python's datetimes

# (arguments, the exit code, a piece of the one line on stderr)
BAD = [
    # argparse: the error in one line naming the command, not the usage block
    (("remind",), 2, "steward remind: the following arguments are required: WHEN, TEXT"),
    (("remind", "tomorrow"), 2, "required: TEXT"),
    (("reminders", "list", "extra"), 2, "steward reminders list: unrecognized arguments: extra"),
    (("--bogus",), 2, "unrecognized arguments: --bogus"),
    (("nosuch",), 2, "invalid choice: 'nosuch'"),
    (("mail",), 2, "steward mail: name a subcommand: import, search"),
    (("mail", "search", "--mode", "bogus", "x"), 2, "invalid choice: 'bogus'"),
    (("mail", "read", "abc"), 2, "invalid int value: 'abc'"),
    (("calendar", "add", "friday 3pm", "x", "--minutes", "abc"), 2, "--minutes"),
    (("mail", "accounts", "add", "work"), 2, "required: --user"),
    (("serve", "--port", "abc"), 2, "--port"),
    # ids and numbers too large for the store
    (("reminders", "cancel", HUGE), 1, f"no reminder #{HUGE}"),
    (("mail", "read", HUGE), 1, f"no message with id {HUGE}"),
    (("mail", "search", "x", "--limit", HUGE), 1, "--limit must be from 1 to 10,000"),
    (("mail", "search", "newer_than:99999999y"), 1, "newer_than:99999999y reaches back past the year 1"),
    (("mail", "search", "category:statment"), 1, "category:statment is not a category"),
    # moments at the edge of what a datetime holds
    ((NOW, "schedule", "9999-12-31"), 1, "runs from the year 2 to 9998"),
    ((NOW, "remind", "9999-12-31T23:59:59+00:00", "far"), 1, "out of range"),
    ((NOW, "calendar", "add", "9999-12-31 23:30", "late"), 1, "out of range"),
    ((NOW, "calendar", "add", "friday 3pm", "x", "--minutes", "99999999999"), 1, "ends past the year 9999"),
    ((NOW, "--tz", "+99:99", "schedule"), 1, "time zone offset '+99:99' is out of range"),  # was a ValueError
    ((NOW, "--tz", "+05:99", "schedule"), 1, "out of range; use -23:59 to +23:59"),  # was 06:39 silently
    (("--tz", "", "schedule"), 2, "--tz needs a zone name"),  # was the configured zone, silently
    (("--now", "0001-01-01T00:00:00+05:00", "schedule"), 2, "pin the clock between the years 2 and 9998"),
    (("--now", "9999-12-31T23:59:59-05:00", "schedule"), 2, "out of range"),
    # empty arguments that used to mean something else
    (("mail", "import", ""), 2, "an empty path was given"),
    (("mail", "import", "/dev/null"), 2, "not a file or folder"),
    (("route", ""), 2, "give the text to route"),
    # already right before this sweep; kept so they stay right
    (("--now", "garbage", "reminders", "list"), 2, "garbage"),
    (("--tz", "Mars/Base", "reminders", "list"), 1, "Mars/Base"),
    ((NOW, "remind", "garbage", "call"), 1, "can't tell when 'garbage' is"),
    ((NOW, "remind", "yesterday at 5pm", "call"), 1, "has already passed"),
    (("reminders", "cancel", "abc"), 2, "must be a number"),
    (("reminders", "cancel", "999"), 1, "no reminder #999"),
    ((NOW, "calendar", "import", "/nonexistent.ics"), 1, "/nonexistent.ics"),
    (("mail", "import", "/nonexistent"), 1, "no such file or folder"),
    (("mail", "search", "after:garbage"), 1, "is not a date"),
    (("mail", "sync", "--every", "0"), 2, "--every"),
    (("hook", "bogus event"), 1, "is not a hook event name"),  # 1: Claude Code reads exit 2 from a hook as a block
    (("serve", "--port", "99999"), 2, "a port is a number from 0 to 65535"),
]


@pytest.mark.parametrize(("args", "code", "message"), BAD, ids=[" ".join(a)[:60] for a, _, _ in BAD])
def test_bad_input_gets_one_line_and_its_exit_code(cli, args: tuple[str, ...], code: int, message: str) -> None:
    r = cli(*args)
    assert r.code == code, (r.code, r.err)
    assert len(r.err.strip().splitlines()) == 1, r.err
    assert "Traceback" not in r.err + r.out
    assert message in r.err


def test_refused_writes_save_nothing(cli) -> None:
    for args in [(NOW, "remind", "9999-12-31T23:59:59+00:00", "far"),
                 (NOW, "calendar", "add", "friday 3pm", "long", "--minutes", "99999999999"),
                 (NOW, "calendar", "add", "9999-12-31 23:30", "late")]:
        assert cli(*args).code == 1
    assert cli("--json", "reminders", "list", "--all").json() == []
    assert cli("--json", NOW, "schedule", "friday").json()["items"] == []
    # the store still takes a good write
    assert cli(NOW, "remind", "tomorrow at 5pm", "call the bank").code == 0


def test_an_empty_import_path_does_not_import_the_current_folder(cli, tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "notes.txt").write_text("not mail\n")
    monkeypatch.chdir(tmp_path)
    assert cli("mail", "import", "").code == 2
    assert cli("--json", "mail", "rejected").json() == []  # nothing was read, so nothing was rejected


def test_a_fifo_in_a_mail_folder_is_rejected_not_waited_on(cli_process, tmp_path: Path) -> None:
    folder = tmp_path / "mail"
    folder.mkdir()
    (folder / "one.eml").write_bytes(b"From: a@example.com\nSubject: hello\nMessage-ID: <1@x>\n\nbody\n")
    os.mkfifo(folder / "pipe")
    r = cli_process("--json", "mail", "import", str(folder), "--no-progress", timeout=60)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["added"] == 1 and data["rejected"] == 1
    assert data["rejections"][0]["reason"] == "not a regular file"


def _binary_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    """Standard input as a real byte stream (the `cli` fixture's `stdin=` is already text)."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_when_stream_reports_a_binary_line_and_goes_on(cli, monkeypatch) -> None:
    _binary_stdin(monkeypatch, b"tomorrow at 5 pm\n\xff\xfe\x00binary\nfriday\n")
    r = cli(NOW, "when", "-")
    assert r.code == 1
    lines = r.json_lines()
    assert len(lines) == 3
    assert lines[0]["start"] == "2026-09-15T17:00:00+00:00"
    assert lines[1]["line"] == 2 and "not UTF-8" in lines[1]["error"]
    assert lines[2]["start"].startswith("2026-09-18")
    assert r.err.strip() == "steward: line 2: not UTF-8 text"


def test_when_stream_refuses_a_zone_or_now_that_is_not_text(cli) -> None:
    r = cli(NOW, "when", "-", stdin='{"text": "friday", "tz": 5}\n{"text": "friday", "now": 5}\n')
    assert r.code == 1
    errors = [line["error"] for line in r.json_lines()]
    assert errors == ['"tz" must be a string, not 5', '"now" must be a string, not 5']
    assert "Traceback" not in r.err


def test_chat_lines_skip_a_binary_line_and_answer_the_rest(cli, monkeypatch) -> None:
    _binary_stdin(monkeypatch, b"\xff\xfe binary\nremind me tomorrow at 9 am to call the bank\n")
    r = cli(NOW, "chat", "-")
    assert r.code == 1
    first, second = r.json_lines()
    assert "not UTF-8" in first["error"]
    assert second["writes"][0]["fields"]["text"] == "call the bank"
    assert r.err.strip() == "steward: line 1: not UTF-8 text; skipped"


def test_chat_repl_from_a_pipe_skips_a_binary_line(cli, monkeypatch) -> None:
    _binary_stdin(monkeypatch, b"\xff\xfe\nremind me tomorrow at 9 am to call the bank\n")
    r = cli(NOW, "chat")
    assert r.code == 0
    assert "call the bank" in r.out
    assert r.err.strip() == "steward: line 1 is not UTF-8 text; skipped"


def test_route_and_hook_refuse_binary_input_in_one_line(cli, monkeypatch) -> None:
    _binary_stdin(monkeypatch, b"\xff\xfe\n")
    r = cli("route", "-")
    assert r.code == 1 and r.err.strip() == "steward: line 1: not UTF-8 text; skipped"
    _binary_stdin(monkeypatch, b"\xff\xfe")
    r = cli("hook", "UserPromptSubmit")
    assert r.code == 1 and r.err.strip() == "steward: hook input is not UTF-8 text (line 1)"


def test_a_binary_password_on_stdin_saves_no_account(cli, monkeypatch, steward_home: Path) -> None:
    _binary_stdin(monkeypatch, b"\xff\xfe\n")
    r = cli("mail", "accounts", "add", "work", "--host", "127.0.0.1", "--user", "me", "--password-stdin",
            "--no-check")
    assert r.code == 1
    assert r.err.strip() == "steward: the password on standard input is not UTF-8 text; nothing was saved"
    assert cli("--json", "mail", "accounts", "list").json() == []


@pytest.mark.parametrize("command", [("init",), ("reminders", "list"), (NOW, "remind", "tomorrow", "x")])
def test_a_home_that_is_a_file_is_one_line(cli, monkeypatch, tmp_path: Path, command: tuple[str, ...]) -> None:
    home = tmp_path / "home-file"
    home.write_text("I am a file\n")
    monkeypatch.setenv("STEWARD_HOME", str(home))
    r = cli(*command)
    assert r.code == 1
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    assert "a file is in the way" in r.err and "STEWARD_HOME" in r.err
    assert home.read_text() == "I am a file\n"


def test_a_store_that_is_not_sqlite_is_one_line_and_left_alone(cli, steward_home: Path) -> None:
    assert cli("init").code == 0
    db = next(steward_home.rglob("*.db"))
    db.unlink()
    for extra in steward_home.rglob("*.db-*"):
        extra.unlink()
    db.write_text("not a database\n")
    r = cli("reminders", "list")
    assert r.code == 1 and r.err.strip().startswith("steward: cannot open the store at")
    assert "file is not a database" in r.err
    assert db.read_text() == "not a database\n"


def test_a_config_path_that_is_a_folder_is_one_line(cli, steward_home: Path) -> None:
    assert cli("init").code == 0
    config = next(steward_home.rglob("config.toml"))
    config.unlink()
    config.mkdir()
    r = cli("schedule")
    assert r.code == 1
    assert r.err.strip() == f"steward: {config}: cannot read the config file (Is a directory)"


def test_an_ics_item_with_an_unreadable_or_far_date_is_skipped_and_the_rest_imported(cli, tmp_path: Path) -> None:
    ics = tmp_path / "mixed.ics"
    ics.write_bytes(
        b"BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"
        b"BEGIN:VEVENT\r\nUID:bad\r\nSUMMARY:garbled\r\nDTSTART:2026130T99\r\nEND:VEVENT\r\n"
        b"BEGIN:VEVENT\r\nUID:far\r\nSUMMARY:far away\r\nDTSTART:99991231T233000Z\r\nEND:VEVENT\r\n"
        b"BEGIN:VEVENT\r\nUID:good\r\nSUMMARY:dentist\r\nDTSTART:20260918T150000Z\r\nEND:VEVENT\r\n"
        b"END:VCALENDAR\r\n")
    r = cli("--json", NOW, "calendar", "import", str(ics))
    assert r.code == 0, r.err
    report = r.json()
    assert report["events"] == ["good"]
    assert report["skipped"] == [
        "garbled: '2026130T99' is not a date or a date-time",
        "far away: '9999-12-31T23:30:00+00:00' is out of range: Steward's calendar runs from the year 2 to 9998",
    ]
    assert [i["title"] for i in cli("--json", NOW, "schedule", "2026-09-18").json()["items"]] == ["dentist"]


def test_control_characters_never_reach_a_reminder(cli) -> None:
    r = cli("--json", NOW, "remind", "tomorrow at 5pm", "call\x00 the\x1b[31m bank\x07")
    assert r.code == 0, r.err
    assert r.json()["text"] == "call the[31m bank"
    r = cli(NOW, "remind", "tomorrow at 6pm", "\x00\x01\x02")
    assert r.code == 1 and r.err.strip() == "steward: a reminder needs some text: what is it about?"


@pytest.mark.parametrize("interval", ["0", "-3", "nan", "inf"])
def test_the_scheduler_refuses_an_interval_it_would_spin_or_hang_on(cli, interval: str) -> None:
    r = cli("scheduler", "run", f"--interval={interval}")
    assert r.code == 2
    assert r.err.strip().startswith("steward: --interval") and "above 0" in r.err


@pytest.mark.parametrize(("variable", "value", "args"), [
    ("STEWARD_REMINDERS_DEFAULT_HOUR", "25", (NOW, "remind", "tomorrow", "call the bank")),  # was a ValueError
    ("STEWARD_CALENDAR_EVENT_MINUTES", "99999999999", (NOW, "calendar", "add", "friday 3pm", "x")),  # OverflowError
    ("STEWARD_SEARCH_RRF_K", "-60", ("mail", "search", "x")),  # was a ValueError
    ("STEWARD_MAIL_ANALYZE_LIMIT", "99999999999999999999", ("mail", "analyze", "x")),  # OverflowError
    ("STEWARD_MAIL_ANALYZE_LIMIT", "-1", ("mail", "analyze", "x")),  # silently found nothing
    ("STEWARD_LLM_TIMEOUT", "-1", ("chat", "hello")),
    ("STEWARD_ROUTER_THRESHOLD", "nan", ("chat", "hello")),
    ("STEWARD_MAIL_SEARCH_LIMIT", "abc", ("mail", "search", "x")),  # a wrong type, refused before this sweep
])
def test_a_setting_out_of_range_is_one_line_naming_it(cli, monkeypatch, variable: str, value: str,
                                                      args: tuple[str, ...]) -> None:
    monkeypatch.setenv(variable, value)
    r = cli(*args)
    assert r.code == 1, r.err
    assert len(r.err.strip().splitlines()) == 1 and "Traceback" not in r.err
    assert f"from ${variable}: '{value}'" in r.err
    monkeypatch.delenv(variable)
    assert cli("--json", "reminders", "list", "--all").json() == []


def test_a_setting_out_of_range_in_the_config_file_says_the_range(cli, steward_home: Path) -> None:
    assert cli("init").code == 0
    config = next(steward_home.rglob("config.toml"))
    config.write_text("[reminders]\ndefault_hour = 24\n")
    r = cli("schedule")
    assert r.code == 1
    assert r.err.strip() == (f"steward: setting reminders.default_hour from {config}: 24 is out of range; "
                             "use a number from 0 to 23")


def test_reading_a_message_whose_file_became_a_fifo_says_it_is_gone(cli, cli_process, tmp_path: Path,
                                                                      monkeypatch) -> None:
    monkeypatch.setenv("STEWARD_SEMANTIC_SEARCH", "0")
    box = tmp_path / "box.mbox"
    box.write_bytes(b"From a@b Mon Jan 1 00:00:00 2024\nFrom: a@example.com\nSubject: one\nMessage-ID: <1@x>\n\nhi\n")
    assert cli("mail", "import", str(box), "--no-progress").code == 0
    box.unlink()
    os.mkfifo(box)
    r = cli_process("mail", "read", "1", timeout=60)  # the read used to wait on the FIFO forever
    assert r.returncode == 1
    assert r.stderr.strip() == f"steward: message 1: {box} is gone (moved or deleted); import the mbox again"


@pytest.mark.parametrize("text", ["what's my schedule on feb 30", "what do I have on the 32nd",
                                  "what's on my calendar on 9999-12-31"])
def test_a_schedule_question_about_a_day_that_cannot_be_read_does_not_answer_with_today(cli, text: str) -> None:
    trace = cli("--json", NOW, "chat", text).json()
    assert trace["handled_by"] == "reader"
    assert trace["reply"].startswith("I couldn't tell which day you mean")
    assert "14 Sep" not in trace["reply"]  # today, which was not asked about
    assert cli("--json", NOW, "chat", "what's my schedule on friday").json()["reply"] == (
        "Nothing on your schedule for Fri 18 Sept.")
