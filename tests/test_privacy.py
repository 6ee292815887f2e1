"""A whole session with debug logging leaves no body, password or unmasked account number behind.

The session runs as real processes with `-v` (debug logging on stderr): the demo mailbox imported,
mail synced from a real Dovecot with a password, searched, analysed and read, chat turns with and
without a model (the scripted server, which asks to read an email), reminders and the schedule.
Then every file the home holds (the store, its WAL, logs) and every line of stderr is searched for
what must never be kept: text that is only in a message's body, the IMAP password, and full card
and account numbers. What `mail read` prints on stdout is the body the user asked to see: it is the
one output not searched.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from serve_helpers import build_demo_home
from steward.sample.mailbox import CARDS, SAVINGS_ACCOUNT

NOW = "2026-09-14T10:00:00+05:30"
PASSWORD = "secret-pw"  # alice's password on the test Dovecot
# the end of the sample mailbox's footer: always past the ~200 characters a snippet keeps
BODY_ONLY = "visit your settings page"
IMAP_BODY_ONLY = "a line only the IMAP body holds"


def _forbidden() -> list[str]:
    numbers = [SAVINGS_ACCOUNT]
    for card in CARDS:
        numbers += [card.full, card.full.replace(" ", "")]
    return [BODY_ONLY, IMAP_BODY_ONLY, PASSWORD, *numbers]


def _leaks(blob: bytes, where: str) -> list[str]:
    text = blob.decode("utf-8", errors="replace")
    return [f"{needle!r} in {where}" for needle in _forbidden() if needle in text or needle.encode() in blob]


@pytest.mark.slow
@pytest.mark.server
def test_a_debug_session_keeps_no_body_password_or_account_number(cli_process, dovecot, tier2_model,
                                                                  tmp_path: Path) -> None:
    from dovecot_server import make_message
    from steward.llm.testing import call, say

    home = build_demo_home(tmp_path / "home", NOW)
    dovecot.append([make_message(1, subject="Your order has shipped")
                    .replace(b"\r\n\r\n", f"\r\n\r\n{'x ' * 150}\r\n{IMAP_BODY_ONLY}\r\n".encode(), 1)])
    env = {"IMAP_TEST_PW": PASSWORD, "STEWARD_HOME": str(home)}
    base = ("-v", "--now", NOW)
    stderr: list[tuple[str, str]] = []

    def run(*args: str, keep_stdout: bool = True) -> str:
        done = cli_process(*base, *args, env=env)
        assert done.returncode in (0, 1), (args, done.stderr[-2000:])
        stderr.append((" ".join(args), done.stderr))
        if keep_stdout:
            stderr.append((" ".join(args) + " (stdout)", done.stdout))
        return done.stdout

    run("mail", "accounts", "add", "home", "--host", "127.0.0.1", "--port", str(dovecot.port), "--tls", "none",
        "--user", "alice", "--password-env", "IMAP_TEST_PW")
    run("mail", "sync", "--no-progress")
    run("mail", "search", "statement")
    run("mail", "search", "order shipped")
    run("mail", "analyze", "statement")
    import json

    hits = json.loads(run("--json", "mail", "search", "Meridian Rewards statement"))["hits"]
    shipped = json.loads(run("--json", "mail", "search", "order shipped"))["hits"]
    shipped = [h for h in shipped if h["sender"] == "shop@example.com"]
    assert shipped, "the IMAP message was not synced"
    read_ids = [str(h["id"]) for h in hits[:3] + shipped[:1]]
    for message_id in read_ids:
        body = run("mail", "read", message_id, keep_stdout=False)
        assert body.strip()
    run("chat", "what do I owe?")
    run("chat", "remind me tomorrow at 9 to pay the Meridian card")
    run("schedule", "tomorrow")
    tier2_model.enqueue(call("read_email", id=int(read_ids[0])), say("It is your Meridian statement."))
    run("chat", "tell me what my latest Meridian statement says in detail, and summarise it")
    run("--json", "chat", "what did that email say about the minimum due? explain it")

    # the model did read the body: it went to the model, and (below) nowhere else
    assert any(BODY_ONLY in json.dumps(r.messages) for r in tier2_model.requests)
    leaks = [leak for label, text in stderr for leak in _leaks(text.encode(), label)]
    debug_lines = sum(len(text.splitlines()) for _, text in stderr)
    assert debug_lines > 50  # debug logging was on: the search below had something to search
    # the sample Maildir is the user's own mailbox (the source Steward reads), not something Steward keeps
    files = [p for p in home.rglob("*") if p.is_file() and not {"models", "sample-mail"} & set(p.parts)]
    assert any(p.name == "steward.db" for p in files)
    for path in files:
        leaks += _leaks(path.read_bytes(), str(path.relative_to(home)))
    assert leaks == []


def test_snippets_mask_the_full_card_number_the_body_holds(cli, tmp_path: Path) -> None:
    home = build_demo_home(tmp_path / "home", NOW)
    r = cli("--home", str(home), "--json", "mail", "search", "Meridian Rewards statement")
    assert r.code == 0, r.err
    snippets = " ".join(h["snippet"] for h in r.json()["hits"])
    meridian = next(c for c in CARDS if c.bank == "Meridian Bank")
    assert meridian.full not in snippets
    assert re.search(r"X{4}|\*{4}|•{4}", snippets) or meridian.last4 in snippets
