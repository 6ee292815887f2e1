"""Messages/second for a first `steward mail sync` of 10k messages from a local Dovecot.

    .venv/bin/python bench/sync.py [--messages 10000] [--batch 200]

In the same run, on the same server and mailbox:
- steward: the first sync (headers + BODYSTRUCTURE + the first 2 KB of one text part per message,
  parsed and stored with FTS), then a no-change re-sync and a re-sync with 100 new messages;
- full fetch: what a sync that downloads every whole message costs (imaplib BODY.PEEK[] in batches of
  the same size, each message parsed by Steward's parser, nothing stored): the floor a body-fetching
  client starts from;
- mbsync (Debian `isync`), where installed: a first sync of the same folder into a local Maildir.
Bytes from the server are read from Dovecot's own log (`out=` of each session). Needs Dovecot
(Debian dovecot-imapd) and root or a user Dovecot accepts.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage
from email.utils import format_datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

from dovecot_server import DOVECOT, Dovecot  # noqa: E402

SENDERS = [("HDFC Bank", "alerts@hdfcbank.example"), ("Amazon", "ship-confirm@amazon.example"),
           ("City Dental", "appointments@citydental.example"), ("Priya", "priya@gmail.example"),
           ("The Weekly", "newsletter@weekly.example"), ("Chase", "no-reply@chase.example"),
           ("Uber Receipts", "receipts@uber.example"), ("GitHub", "noreply@github.example")]
WORDS = ["statement", "payment", "due", "amount", "balance", "order", "shipped", "delivery", "appointment", "confirmed", "reminder", "receipt", "invoice", "account", "card", "autopay", "meeting", "schedule", "update", "weekly", "news", "report", "summary"]


def corpus(n: int, seed: int = 7) -> list[bytes]:
    """n deterministic messages: plain, HTML alternatives, PDF attachments; 1-40 KB each."""
    rng = random.Random(seed)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    out = []
    for i in range(n):
        name, addr = SENDERS[i % len(SENDERS)]
        msg = EmailMessage()
        msg["From"] = f"{name} <{addr}>"
        msg["To"] = "Alice <alice@example.com>"
        msg["Subject"] = " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 8))).capitalize() + f" #{i}"
        msg["Date"] = format_datetime(start + timedelta(minutes=13 * i))
        msg["Message-ID"] = f"<bench-{i}@steward.example>"
        paragraphs = [" ".join(rng.choice(WORDS) for _ in range(rng.randint(40, 120))) for _ in range(rng.randint(2, 30))]
        text = "\n\n".join(paragraphs)
        msg.set_content(text)
        if i % 3 == 0:
            msg.add_alternative("<html><head><style>p{margin:0}</style></head><body>"
                                + "".join(f"<p>{p}</p>" for p in paragraphs) + "</body></html>", subtype="html")
        if i % 10 == 0:
            msg.add_attachment(rng.randbytes(rng.randint(5_000, 30_000)), maintype="application", subtype="pdf",
                               filename=f"statement-{i}.pdf")
        out.append(bytes(msg))
    return out


def served_bytes(log: Path, since: int) -> int:
    """Bytes Dovecot sent in the sessions logged after offset `since`."""
    text = log.read_bytes()[since:].decode(errors="replace")
    return sum(int(m) for m in re.findall(r"Disconnected: .*? out=(\d+)", text))


def log_size(log: Path) -> int:
    return log.stat().st_size if log.exists() else 0


def steward_sync(server: Dovecot, home: Path, batch: int, semantic: bool) -> dict[str, float]:
    from steward.app import build_app
    from steward.clock import make_clock
    from steward.paths import resolve_paths
    from steward.settings import load

    os.environ["BENCH_IMAP_PW"] = server.users["alice"]
    home.mkdir(parents=True, exist_ok=True)
    (home / "config.toml").write_text(
        f'semantic_search = {"true" if semantic else "false"}\n'
        f'[mail]\nsync_batch = {batch}\n\n[[mail.accounts]]\nname = "bench"\nhost = "{server.host}"\n'
        f'port = {server.port}\ntls = "none"\nuser = "alice"\npassword_env = "BENCH_IMAP_PW"\n')
    paths = resolve_paths(str(home))
    app = build_app(load(paths.config_file), make_clock("UTC"), paths)
    app.db  # noqa: B018 - the store is created before the clock starts
    mark = log_size(server.log)
    t0 = time.perf_counter()
    [first] = app.mail_sync.sync()
    first_s = time.perf_counter() - t0
    assert first.ok, first.error
    time.sleep(0.2)  # let Dovecot write the session's log line
    first_bytes = served_bytes(server.log, mark)
    t0 = time.perf_counter()
    [again] = app.mail_sync.sync()
    noop_s = time.perf_counter() - t0
    server.append([m.replace(b"bench-", b"bench-new-" + (b"s" if semantic else b"l")) for m in corpus(100, seed=99)])
    t0 = time.perf_counter()
    [more] = app.mail_sync.sync()
    incr_s = time.perf_counter() - t0
    assert more.report is not None and more.report.added == 100, more
    assert first.report is not None
    app.close()
    return {"added": first.report.added, "first_s": first_s, "first_bytes": first_bytes, "noop_s": noop_s,
            "incr_s": incr_s}


def full_fetch(server: Dovecot, batch: int) -> dict[str, float]:
    from steward.mail.imap_proto import parse_fetch
    from steward.mail.parse import parse_message

    mark = log_size(server.log)
    t0 = time.perf_counter()
    conn = server.client()
    conn.select("INBOX", readonly=True)
    uids = [int(x) for x in conn.uid("SEARCH", "ALL")[1][0].split()]
    parsed = 0
    for start in range(0, len(uids), batch):
        chunk = uids[start:start + batch]
        typ, data = conn.uid("FETCH", f"{chunk[0]}:{chunk[-1]}", "(UID BODY.PEEK[])")
        for item in parse_fetch(data):
            parse_message(item.get_bytes("BODY[]") or b"")
            parsed += 1
    conn.logout()
    seconds = time.perf_counter() - t0
    time.sleep(0.2)
    return {"messages": parsed, "seconds": seconds, "bytes": served_bytes(server.log, mark)}


def mbsync(server: Dovecot, work: Path) -> dict[str, float] | None:
    binary = shutil.which("mbsync")
    if binary is None:
        return None
    local = work / "mbsync-maildir"
    local.mkdir()
    rc = work / "mbsyncrc"
    rc.write_text(f"""IMAPAccount bench
Host {server.host}
Port {server.port}
User alice
Pass {server.users['alice']}
SSLType None
AuthMechs LOGIN

IMAPStore remote
Account bench

MaildirStore local
Path {local}/
Inbox {local}/INBOX

Channel bench
Far :remote:
Near :local:
Patterns INBOX
Create Near
Sync Pull
SyncState *
""")
    mark = log_size(server.log)
    t0 = time.perf_counter()
    proc = subprocess.run([binary, "-c", str(rc), "-q", "bench"], capture_output=True, text=True)
    seconds = time.perf_counter() - t0
    if proc.returncode != 0:
        print(f"mbsync failed: {proc.stderr.strip()[:300]}", file=sys.stderr)
        return None
    time.sleep(0.2)
    count = sum(1 for _ in (local / "INBOX" / "cur").iterdir()) + sum(1 for _ in (local / "INBOX" / "new").iterdir())
    return {"messages": count, "seconds": seconds, "bytes": served_bytes(server.log, mark)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--messages", type=int, default=10_000)
    ap.add_argument("--batch", type=int, default=200)
    args = ap.parse_args()
    if DOVECOT is None:
        print("bench/sync.py: dovecot is not installed (Debian dovecot-imapd); skipped")
        return 0
    work = Path(tempfile.mkdtemp(prefix="steward-bench-sync-"))
    server = Dovecot({"alice": "bench-pw"})
    server.start()
    try:
        messages = corpus(args.messages)
        size = sum(len(m) for m in messages)
        server.write_maildir(messages)
        conn = server.client()  # let Dovecot index the folder once, as a live server already has
        conn.select("INBOX", readonly=True)
        conn.uid("FETCH", "1:*", "(UID BODYSTRUCTURE)")
        conn.logout()
        print(f"mailbox: {args.messages} messages, {size / 1e6:.1f} MB, batch {args.batch}")
        for semantic in (False, True):
            s = steward_sync(server, work / ("home-semantic" if semantic else "home-lexical"), args.batch, semantic)
            rate = s["added"] / s["first_s"]
            label = "with the semantic index (embeds each message)" if semantic else "lexical only"
            print(f"steward first sync, {label}: {s['added']:.0f} msgs in {s['first_s']:.2f} s = {rate:,.0f} msgs/s; "
                  f"{s['first_bytes'] / 1e6:.1f} MB from the server ({s['first_bytes'] / max(s['added'], 1):,.0f} B/msg)")
            print(f"  re-sync, nothing new: {s['noop_s'] * 1000:.0f} ms; with 100 new: {s['incr_s'] * 1000:.0f} ms")
            if not semantic:
                lexical_rate = rate
        f = full_fetch(server, args.batch)
        print(f"full fetch + parse (no store): {f['messages']:.0f} msgs in {f['seconds']:.2f} s = "
              f"{f['messages'] / f['seconds']:,.0f} msgs/s; {f['bytes'] / 1e6:.1f} MB from the server")
        m = mbsync(server, work)
        if m is None:
            print("mbsync: not installed (Debian isync); skipped")
        else:
            print(f"mbsync first sync to Maildir: {m['messages']:.0f} msgs in {m['seconds']:.2f} s = "
                  f"{m['messages'] / m['seconds']:,.0f} msgs/s; {m['bytes'] / 1e6:.1f} MB from the server")
            print(f"ratio steward (lexical only) / mbsync: {lexical_rate / (m['messages'] / m['seconds']):.2f}x")
    finally:
        server.cleanup()
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
