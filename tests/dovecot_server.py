"""A real Dovecot IMAP server for the tests and `bench/sync.py`, started from a self-contained config.

Nothing here touches the system's Dovecot service or /etc/dovecot: the config, the runtime dirs, the
log and the mail all live in one temporary directory, and the server listens on a free port on
127.0.0.1 with plaintext login (no TLS) and a `passwd-file` of users.

Dovecot refuses to serve mail owned by uid 0, so when the tests run as root the mail belongs to
`nobody` (uid/gid 65534) through a static userdb; as another user it belongs to that user.
"""

from __future__ import annotations

import contextlib
import imaplib
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, make_msgid
from pathlib import Path
from typing import Any

DOVECOT = shutil.which("dovecot") or ("/usr/sbin/dovecot" if os.path.exists("/usr/sbin/dovecot") else None)
DOVEADM = shutil.which("doveadm") or ("/usr/bin/doveadm" if os.path.exists("/usr/bin/doveadm") else None)


_DELIVERIES = itertools.count()


def _die_with_parent() -> None:
    """In the child before exec: ask Linux to send SIGTERM when the parent dies (elsewhere: nothing)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def free_port() -> int:
    """A TCP port on 127.0.0.1 nothing listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _identity() -> tuple[int, int, str, str]:
    """(uid, gid, internal user, login user) the server runs its processes as."""
    if os.geteuid() == 0:
        internal = "dovecot" if _user_exists("dovecot") else "nobody"
        login = "dovenull" if _user_exists("dovenull") else "nobody"
        return 65534, 65534, internal, login
    me = pwd.getpwuid(os.geteuid()).pw_name
    return os.geteuid(), os.getegid(), me, me


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


class Dovecot:
    """One running Dovecot; `users` maps user name to password."""

    def __init__(self, users: dict[str, str] | None = None, root: Path | None = None, tls: bool = False) -> None:
        if DOVECOT is None:
            raise RuntimeError("dovecot is not installed (Debian package dovecot-imapd)")
        self.users = dict(users or {"alice": "secret-pw"})
        # not under pytest's tmp_path: that is 0700 root-only and the mail processes run as nobody
        self.root = root or Path(tempfile.mkdtemp(prefix="steward-dovecot-"))
        self.port = free_port()
        self.host = "127.0.0.1"
        # with tls: STARTTLS on `port` and implicit TLS on `tls_port`, with a self-signed certificate
        # for 127.0.0.1 in `cert` (the file a client must trust)
        self.tls = tls
        self.tls_port = free_port() if tls else 0
        self.cert = self.root / "tls" / "cert.pem"
        self.uid, self.gid, self._internal, self._login = _identity()
        self.conf = self.root / "dovecot.conf"
        self.log = self.root / "dovecot.log"
        self.mail_root = self.root / "mail"
        self._proc: subprocess.Popen[bytes] | None = None

    # -- lifecycle -----------------------------------------------------------------------------
    def write_config(self) -> None:
        """Write the config, the passwd-file and the runtime dirs."""
        os.chmod(self.root, 0o755)
        for sub in ("run", "state"):
            (self.root / sub).mkdir(exist_ok=True)
        self.mail_root.mkdir(exist_ok=True)
        os.chown(self.mail_root, self.uid, self.gid)
        passwd = self.root / "passwd"
        passwd.write_text("".join(f"{u}:{{PLAIN}}{p}::::::\n" for u, p in self.users.items()))
        os.chmod(passwd, 0o644)
        ssl_lines = "ssl = no"
        imaps = "  inet_listener imaps {\n    port = 0\n  }"
        if self.tls:
            key = self.root / "tls" / "key.pem"
            if not self.cert.exists():
                self.cert.parent.mkdir(exist_ok=True)
                subprocess.run(
                    ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1",
                     "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out", str(self.cert)],
                    check=True, capture_output=True,
                )
            ssl_lines = f"ssl = yes\nssl_cert = <{self.cert}\nssl_key = <{key}"
            imaps = f"  inet_listener imaps {{\n    address = 127.0.0.1\n    port = {self.tls_port}\n    ssl = yes\n  }}"
        self.conf.write_text(f"""\
protocols = imap
listen = 127.0.0.1
base_dir = {self.root}/run
state_dir = {self.root}/state
log_path = {self.log}
info_log_path = {self.log}
{ssl_lines}
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = {self._internal}
default_login_user = {self._login}
first_valid_uid = {self.uid}
last_valid_uid = 0
mail_location = maildir:{self.mail_root}/%u/Maildir
mail_fsync = never
maildir_very_dirty_syncs = yes
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {passwd}
}}
userdb {{
  driver = static
  args = uid={self.uid} gid={self.gid} home={self.mail_root}/%u
}}
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {self.port}
  }}
{imaps}
}}
service stats {{
  unix_listener stats-reader {{
    mode = 0666
  }}
  unix_listener stats-writer {{
    mode = 0666
  }}
}}
""")

    def start(self, timeout: float = 15.0) -> None:
        """Start in the foreground (`dovecot -F`) and wait until it answers on its port."""
        self.write_config()
        self._proc = subprocess.Popen(
            [str(DOVECOT), "-F", "-c", str(self.conf)],
            stdout=subprocess.DEVNULL, stderr=open(self.root / "stderr.log", "ab"),  # noqa: SIM115
            start_new_session=True,
            # a test run that is killed must not leave a server behind: the kernel stops it with its parent
            # (the death signal follows the starting thread, so only when started from the main thread)
            preexec_fn=_die_with_parent if threading.current_thread() is threading.main_thread() else None,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._proc.poll() is not None:
                raise RuntimeError(f"dovecot exited with {self._proc.returncode}:\n{self.logs()}")
            try:
                with socket.create_connection((self.host, self.port), timeout=0.5) as sock:
                    if sock.recv(64).startswith(b"* OK"):
                        return
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"dovecot did not answer on port {self.port}:\n{self.logs()}")

    def stop(self) -> None:
        """Stop the server (and every child it started)."""
        proc, self._proc = self._proc, None
        if proc is None or proc.poll() is not None:
            return
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)

    @property
    def running(self) -> bool:
        return self._proc is not None and self._proc.poll() is None

    def cleanup(self) -> None:
        """Stop and remove the temporary directory."""
        self.stop()
        shutil.rmtree(self.root, ignore_errors=True)

    def logs(self) -> str:
        parts = []
        for name in ("dovecot.log", "stderr.log"):
            path = self.root / name
            if path.exists():
                parts.append(path.read_text(errors="replace")[-4000:])
        return "\n".join(parts)

    # -- talking to it as the user ---------------------------------------------------------
    def client(self, user: str = "alice") -> imaplib.IMAP4:
        """A logged-in stdlib IMAP client (the caller logs out)."""
        conn = imaplib.IMAP4(self.host, self.port, timeout=30)
        conn.login(user, self.users[user])
        return conn

    def reset_user(self, user: str = "alice") -> None:
        """Remove every folder and message of `user` (the server keeps running)."""
        home = self.mail_root / user
        if home.exists():
            shutil.rmtree(home)

    def append(self, raw: bytes | list[bytes], folder: str = "INBOX", user: str = "alice",
               flags: str = "") -> list[int]:
        """APPEND messages over IMAP; returns their UIDs (from APPENDUID)."""
        items = [raw] if isinstance(raw, bytes) else raw
        uids: list[int] = []
        conn = self.client(user)
        try:
            if folder != "INBOX":
                conn.create(_quote(folder))
            for item in items:
                typ, data = conn.append(_quote(folder), flags or None, None, item)
                assert typ == "OK", data
                code = conn.untagged_responses.get("APPENDUID") or []
                text = (data[0] or b"").decode()
                if "APPENDUID" in text:
                    uids.append(int(text.split("APPENDUID", 1)[1].split()[1].rstrip("]")))
                elif code:
                    uids.append(int(code[-1].split()[1]))
        finally:
            conn.logout()
        return uids

    def expunge(self, uids: list[int], folder: str = "INBOX", user: str = "alice") -> None:
        """Delete messages by UID, as another mail client would."""
        conn = self.client(user)
        try:
            conn.select(_quote(folder))
            conn.uid("STORE", ",".join(map(str, uids)), "+FLAGS.SILENT", r"(\Deleted)")
            conn.expunge()
        finally:
            conn.logout()

    def flags(self, uid: int, folder: str = "INBOX", user: str = "alice") -> str:
        """The flags of one message, e.g. to prove a sync did not set \\Seen."""
        conn = self.client(user)
        try:
            conn.select(_quote(folder), readonly=True)
            typ, data = conn.uid("FETCH", str(uid), "(FLAGS)")
            return (data[0] or b"").decode() if typ == "OK" and data and data[0] else ""
        finally:
            conn.logout()

    def uidvalidity(self, folder: str = "INBOX", user: str = "alice") -> int:
        conn = self.client(user)
        try:
            typ, data = conn.status(_quote(folder), "(UIDVALIDITY)")
            text = data[0].decode()
            return int(text.split("UIDVALIDITY", 1)[1].strip(" )"))
        finally:
            conn.logout()

    def change_uidvalidity(self, folder: str = "INBOX", user: str = "alice") -> int:
        """Give `folder` a new UIDVALIDITY (and so new UIDs), as a server rebuild does; returns it.

        The server is stopped, the folder's index and UID list are removed, and the server restarts:
        Dovecot then assigns a fresh UIDVALIDITY and renumbers every message from 1.
        """
        old = self.uidvalidity(folder, user)
        self.stop()
        box = self.mail_root / user / "Maildir"
        if folder != "INBOX":
            box = box / ("." + folder)
        for path in box.glob("dovecot*"):
            if path.is_file():
                path.unlink()
        # Dovecot derives a new UIDVALIDITY from the clock; make sure it cannot repeat the old one
        time.sleep(1.1)
        self.start()
        new = self.uidvalidity(folder, user)
        assert new != old, (old, new)
        return new

    def write_maildir(self, messages: list[bytes], user: str = "alice") -> None:
        """Drop messages straight into the user's INBOX Maildir (fast; for the 10k benchmark)."""
        box = self.mail_root / user / "Maildir"
        for sub in ("cur", "new", "tmp"):
            (box / sub).mkdir(parents=True, exist_ok=True)
        stamp = int(time.time())
        for raw in messages:
            (box / "cur" / f"{stamp}.M{next(_DELIVERIES)}P{os.getpid()}.steward:2,").write_bytes(raw)
        for path in [self.mail_root / user, *(self.mail_root / user).rglob("*")]:
            os.chown(path, self.uid, self.gid)


class CuttingProxy:
    """A TCP proxy to the server that drops each connection after `cut_after` bytes from the server.

    It stands for a network or a server that fails in the middle of a fetch.
    """

    def __init__(self, target: tuple[str, int], cut_after: int) -> None:
        self.target = target
        self.cut_after = cut_after
        self._listener = socket.socket()
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind(("127.0.0.1", 0))
        self._listener.listen(8)
        self.port = int(self._listener.getsockname()[1])
        self.cuts = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        self._listener.settimeout(0.2)
        while not self._stop.is_set():
            try:
                client, _ = self._listener.accept()
            except (TimeoutError, OSError):
                continue
            upstream = socket.create_connection(self.target)
            threading.Thread(target=self._pump, args=(client, upstream, None), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, self.cut_after), daemon=True).start()

    def _pump(self, src: socket.socket, dst: socket.socket, limit: int | None) -> None:
        sent = 0
        try:
            while True:
                data = src.recv(65536)
                if not data:
                    break
                if limit is not None and sent + len(data) >= limit:
                    dst.sendall(data[: max(0, limit - sent)])
                    self.cuts += 1
                    break
                dst.sendall(data)
                sent += len(data)
        except OSError:
            pass
        for sock in (src, dst):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
            sock.close()

    def close(self) -> None:
        self._stop.set()
        self._thread.join(timeout=2)
        self._listener.close()


def _quote(folder: str) -> str:
    from steward.mail.imap_proto import encode_folder

    return encode_folder(folder)


def configure(home: Path, server: Any, *, name: str = "home", folders: tuple[str, ...] = ("INBOX",),
              port: int | None = None, user: str = "alice", extra: str = "") -> None:
    """Write config.toml with one IMAP account whose password comes from $IMAP_TEST_PW."""
    home.mkdir(parents=True, exist_ok=True)
    folder_list = ", ".join(f'"{f}"' for f in folders)
    (home / "config.toml").write_text(
        f'{extra}\n[[mail.accounts]]\nname = "{name}"\nkind = "imap"\nhost = "127.0.0.1"\n'
        f'port = {port or server.port}\ntls = "none"\nuser = "{user}"\nfolders = [{folder_list}]\n'
        f'password_env = "IMAP_TEST_PW"\n'
    )


def make_message(n: int, *, subject: str | None = None, sender: str = "Shop <shop@example.com>",
                 body: str | None = None, message_id: str | None = None,
                 when: datetime | None = None, html: bool = False, pdf: bool = False) -> bytes:
    """A small RFC 5322 message numbered `n` (deterministic unless a field is given)."""
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = "Alice <alice@example.com>"
    msg["Subject"] = subject if subject is not None else f"Order {n} has shipped"
    msg["Date"] = format_datetime(when or datetime(2026, 1, 1, 9, 0, tzinfo=UTC).replace(minute=n % 60))
    msg["Message-ID"] = message_id or f"<order-{n}@example.com>"
    text = body if body is not None else f"Your order number {n} is on its way. Track it online."
    if html:
        msg.set_content(text)
        msg.add_alternative(f"<html><body><p>{text}</p></body></html>", subtype="html")
    else:
        msg.set_content(text)
    if pdf:
        msg.add_attachment(b"%PDF-1.4 fake", maintype="application", subtype="pdf", filename=f"invoice-{n}.pdf")
    return bytes(msg)


__all__ = ["Dovecot", "make_message", "free_port", "make_msgid"]
