"""The IMAP adapter: a thin, read-only session over the stdlib `imaplib`.

Every folder is opened with EXAMINE (read-only) and every body fetch uses BODY.PEEK, so syncing or
reading never sets \\Seen. Messages are addressed by UID only, never by sequence number. Every failure
becomes a one-line `ConnectorError` that names the account; decisions about the answers live in
`imap_proto` (pure).
"""

from __future__ import annotations

import contextlib
import imaplib
import logging
import re
import socket
import ssl
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from steward.errors import ConnectorError
from steward.mail.accounts import Account
from steward.mail.imap_proto import (
    FetchItem,
    ProtocolError,
    encode_folder,
    parse_fetch,
    parse_search,
    parse_uidvalidity,
    uid_ranges,
)

log = logging.getLogger(__name__)

# Dovecot appends "(0.001 + 0.000 secs)." to its answers; it is noise in an error message
_TIMING = re.compile(r"\s*\(\d+\.\d+ \+ [^)]*secs\)\.?")
META_ITEMS = "(UID RFC822.SIZE INTERNALDATE BODYSTRUCTURE BODY.PEEK[HEADER])"


@dataclass(frozen=True)
class FolderInfo:
    """What EXAMINE says about a folder."""

    name: str
    uidvalidity: int
    exists: int


class AuthFailed(ConnectorError):
    """The server refused the login."""


class ImapSession:
    """One logged-in connection to an account's server. Use as a context manager."""

    def __init__(self, account: Account, password: str, timeout: float = 30.0) -> None:
        self.account = account
        self._password = password
        self._timeout = timeout
        self._conn: imaplib.IMAP4 | None = None
        self._folder: str | None = None

    # -- errors --------------------------------------------------------------------------------
    def _fail(self, doing: str, exc: BaseException) -> ConnectorError:
        reason = str(exc).strip() or type(exc).__name__
        if isinstance(exc, socket.timeout | TimeoutError):
            reason = f"timed out after {self._timeout:g} s"
        elif isinstance(exc, ConnectionRefusedError):
            reason = "connection refused"
        elif isinstance(exc, socket.gaierror):
            reason = f"unknown host {self.account.host!r}"
        elif isinstance(exc, imaplib.IMAP4.abort | EOFError | ConnectionResetError | BrokenPipeError):
            reason = "the server closed the connection"
        reason = reason.replace("\r", " ").replace("\n", " ")
        return ConnectorError(f"mail account {self.account.name}: {doing} {self.account.where} failed: {reason}")

    # -- lifecycle -----------------------------------------------------------------------------
    def _tls_context(self) -> ssl.SSLContext:
        """Verify the server as a browser would; `tls_ca_file` adds certificates to trust."""
        cafile = self.account.tls_ca_file or None
        try:
            return ssl.create_default_context(cafile=str(Path(cafile).expanduser()) if cafile else None)
        except (OSError, ssl.SSLError) as exc:
            raise ConnectorError(f"mail account {self.account.name}: cannot use tls_ca_file {cafile} ({exc})") from None

    def open(self) -> ImapSession:
        """Connect (TLS as configured) and log in."""
        account = self.account
        try:
            if account.tls == "ssl":
                conn: imaplib.IMAP4 = imaplib.IMAP4_SSL(
                    account.host, account.port, ssl_context=self._tls_context(), timeout=self._timeout
                )
            else:
                conn = imaplib.IMAP4(account.host, account.port, timeout=self._timeout)
                if account.tls == "starttls":
                    try:
                        conn.starttls(self._tls_context())
                    except BaseException:
                        with contextlib.suppress(OSError):
                            conn.shutdown()
                        raise
        except ssl.SSLCertVerificationError as exc:
            hint = "; for a self-signed certificate set tls_ca_file" if not account.tls_ca_file else ""
            raise ConnectorError(f"mail account {account.name}: the certificate of {account.where} is not trusted "
                                 f"({exc.verify_message}){hint}") from None
        except (OSError, imaplib.IMAP4.error, EOFError) as exc:
            raise self._fail("connecting to", exc) from None
        self._conn = conn
        try:
            conn.login(account.user, self._password)
        except imaplib.IMAP4.abort as exc:
            self.close()
            raise self._fail("logging in to", exc) from None
        except imaplib.IMAP4.error as exc:
            self.close()
            detail = str(exc).strip("b'\" ") or "authentication failed"
            raise AuthFailed(
                f"mail account {account.name}: {account.where} refused the login for {account.user} "
                f"({detail}); check the password (`steward mail accounts add {account.name}` to set it again)"
            ) from None
        except (OSError, EOFError) as exc:
            self.close()
            raise self._fail("logging in to", exc) from None
        return self

    def close(self) -> None:
        """Log out politely; a dead connection is just dropped."""
        conn, self._conn = self._conn, None
        if conn is None:
            return
        try:
            conn.logout()
        except (OSError, imaplib.IMAP4.error, EOFError):
            with contextlib.suppress(OSError):
                conn.shutdown()

    def __enter__(self) -> ImapSession:
        return self.open() if self._conn is None else self

    def __exit__(self, et: type[BaseException] | None, ev: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    @property
    def conn(self) -> imaplib.IMAP4:
        """The logged-in IMAP connection (opened on the first call)."""
        if self._conn is None:
            raise ConnectorError(f"mail account {self.account.name}: not connected")
        return self._conn

    def _call(self, doing: str, fn, *args):  # type: ignore[no-untyped-def]
        """Run one imaplib command, turning every failure into a ConnectorError naming the account."""
        try:
            typ, data = fn(*args)
        except (OSError, imaplib.IMAP4.error, EOFError, ProtocolError) as exc:
            raise self._fail(doing, exc) from None
        if typ != "OK":
            text = b" ".join(d for d in data if isinstance(d, bytes)).decode("utf-8", "replace")
            text = _TIMING.sub("", text).strip() or typ
            raise ConnectorError(f"mail account {self.account.name}: {doing} {self.account.where} failed: {text}")
        return data

    # -- folders -------------------------------------------------------------------------------
    def examine(self, folder: str) -> FolderInfo:
        """Open `folder` read-only; its UIDVALIDITY and message count."""
        data = self._call(f"opening folder {folder!r} on", self.conn.select, encode_folder(folder), True)
        exists = int(data[0]) if data and data[0] and data[0].isdigit() else 0
        # imaplib clears the untagged OKs before each command, so these are this EXAMINE's own
        oks = self.conn.untagged_responses.get("OK", [])
        uidvalidity = parse_uidvalidity([line for line in oks if isinstance(line, bytes)])
        if uidvalidity is None:
            data = self._call(f"reading folder {folder!r} on", self.conn.status, encode_folder(folder),
                              "(UIDVALIDITY)")
            uidvalidity = parse_uidvalidity([d for d in data if isinstance(d, bytes)])
        if uidvalidity is None:
            raise ConnectorError(f"mail account {self.account.name}: folder {folder!r} has no UIDVALIDITY")
        self._folder = folder
        return FolderInfo(folder, uidvalidity, exists)

    def all_uids(self) -> list[int]:
        """Every UID in the open folder (UID SEARCH ALL)."""
        data = self._call(f"listing {self._folder!r} on", self.conn.uid, "SEARCH", "ALL")
        return parse_search(data)

    def search_message_id(self, message_id: str) -> list[int]:
        """UIDs in the open folder whose Message-ID header is `message_id` (ASCII ids only)."""
        if not message_id.isascii() or any(c in message_id for c in '"\\\r\n'):
            return []
        data = self._call(f"searching {self._folder!r} on", self.conn.uid, "SEARCH", "HEADER", "Message-ID",
                          f'"<{message_id}>"')
        return parse_search(data)

    def fetch_meta(self, uids: Sequence[int]) -> list[FetchItem]:
        """Headers, BODYSTRUCTURE, size and INTERNALDATE of these UIDs (no body)."""
        if not uids:
            return []
        data = self._call(f"fetching from {self._folder!r} on", self.conn.uid, "FETCH", uid_ranges(uids),
                          META_ITEMS)
        return _parsed(self, data)

    def fetch_partial(self, uids: Sequence[int], section: str, length: int) -> dict[int, bytes]:
        """The first `length` bytes of body part `section` of each UID (BODY.PEEK, so \\Seen stays unset)."""
        if not uids:
            return {}
        key = f"BODY[{section}]<0>"
        data = self._call(f"fetching from {self._folder!r} on", self.conn.uid, "FETCH", uid_ranges(uids),
                          f"(UID BODY.PEEK[{section}]<0.{length}>)")
        out: dict[int, bytes] = {}
        for item in _parsed(self, data):
            value = item.get_bytes(key) or item.get_bytes(f"BODY[{section}]")
            out[item.uid] = value or b""
        return out

    def fetch_full(self, uid: int) -> bytes | None:
        """The whole message with this UID, or None when the folder no longer has it."""
        data = self._call(f"fetching from {self._folder!r} on", self.conn.uid, "FETCH", str(uid),
                          "(UID BODY.PEEK[])")
        for item in _parsed(self, data):
            if item.uid == uid:
                return item.get_bytes("BODY[]") or b""
        return None


def _parsed(session: ImapSession, data: list[Any]) -> list[FetchItem]:
    try:
        return parse_fetch(data)
    except ProtocolError as exc:
        raise session._fail("reading the answer of", exc) from None
