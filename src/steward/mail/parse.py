"""Parse the bytes of one RFC 822 message into a `ParsedMessage` (metadata and snippet, no body).

Pure: no I/O. Tolerant of what real mail contains: RFC 2047 encoded words, raw 8-bit headers in
UTF-8 or Latin-1, unknown or lying charsets, HTML-only bodies, a missing Date. `ParseError` says why
a message cannot be taken; the ingest records that reason and goes on.

`read_body` is the one place a full body is decoded, for `steward mail read`; its result is shown,
never stored.
"""

from __future__ import annotations

import contextlib
import email
import email.message
import email.parser
import email.policy
import hashlib
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.header import decode_header
from email.utils import getaddresses, parseaddr, parsedate_to_datetime

from steward.clock import format_offset
from steward.mail.html import html_to_text
from steward.mail.mask import mask_numbers
from steward.records.mail import ParsedMessage, Transport

_WS = re.compile(r"\s+")
_SURROGATE = re.compile("[\udc80-\udcff]")
_FOLD = re.compile(r"\r?\n(?=[ \t])")
_MSGID = re.compile(r"<([^<>\s]+)>")
_KNOWN_HEADERS = ("from", "subject", "date", "message-id", "to", "received", "sender")
# past this many bytes of one text part only the head is decoded for the snippet
_SNIPPET_SCAN_BYTES = 256 * 1024
# characters of the text the lure checks read at import (never stored): a lure's pretext is often past
# the snippet, after a banner or a greeting
HEAD_CHARS = 1500


_HEADERS_ONLY = email.parser.BytesParser(policy=email.policy.compat32)
_PART_HEADERS = email.parser.Parser(policy=email.policy.compat32)
_MAX_DEPTH = 12


class ParseError(ValueError):
    """The bytes are not a message Steward can store; the text is the reason."""


def parse_message(raw: bytes, *, snippet_chars: int = 200, fallback_time: datetime | None = None) -> ParsedMessage:
    """Metadata and a snippet of one message. Raises ParseError with a one-line reason."""
    if not raw or not raw.strip():
        raise ParseError("empty message (0 bytes)")
    if b"\x00" in raw[:4096]:
        raise ParseError("binary data, not a mail message (NUL bytes in the headers)")
    # headers only: the parts are split by `_leaves`, because the stdlib's full parse compiles a regex per
    # MIME boundary (every multipart message has its own), which was most of the import time
    msg = _HEADERS_ONLY.parsebytes(_fix_obsolete_headers(raw), headersonly=True)
    present = {k.lower() for k in msg.keys()}  # noqa: SIM118 - Message is not a dict
    if not present.intersection(_KNOWN_HEADERS):
        raise ParseError("not a mail message: no From, Subject, Date or Message-ID header")

    sender_name, sender = _address(header_text(msg, "From") or header_text(msg, "Sender")
                                   or header_text(msg, "Return-Path"))
    recipients = _addresses(header_text(msg, "To"), header_text(msg, "Cc"))
    subject = _clean(header_text(msg, "Subject"))
    received_at, zone, date_source = _date(msg, fallback_time)
    message_id = _first_id(header_text(msg, "Message-ID"))
    in_reply_to = _first_id(header_text(msg, "In-Reply-To"))
    references = _MSGID.findall(header_text(msg, "References"))
    walked = _walk(msg)
    text, attachments, has_pdf, links = walked.text, walked.names, walked.has_pdf, walked.links
    cleaned = _clean(text)
    snippet = mask_numbers(cleaned[: max(0, snippet_chars)].rstrip())
    if message_id:
        dedup_key = "mid:" + message_id
    else:
        digest = hashlib.sha256()
        for name in ("From", "To", "Cc", "Date", "Subject"):
            digest.update(header_text(msg, name).encode("utf-8", "replace") + b"\x00")
        digest.update(snippet.encode("utf-8"))
        dedup_key = "sha:" + digest.hexdigest()
    thread_key = (references[0] if references else in_reply_to) or message_id or dedup_key
    return ParsedMessage(
        dedup_key=dedup_key,
        message_id=message_id,
        thread_key=thread_key,
        in_reply_to=in_reply_to,
        sender=sender,
        sender_name=sender_name,
        recipients=recipients,
        subject=mask_numbers(subject),
        snippet=snippet,
        received_at=received_at,
        zone=zone,
        has_pdf=has_pdf,
        attachments=tuple(attachments),
        date_source=date_source,
        auth_results=_top_auth_results(msg),
        reply_to=_address(header_text(msg, "Reply-To"))[1] if "reply-to" in present else "",
        links=links,
        head=cleaned[:HEAD_CHARS],
        link_hosts=walked.hosts,
        password_form=walked.password_form,
        transport=_transport(msg, present),
    )


_DKIM_D = re.compile(r"(?:^|;)\s*d\s*=\s*([A-Za-z0-9.-]+)")


def _transport(msg: email.message.Message, present: set[str]) -> Transport:
    """What the headers say of the way a message came (bounded: a hostile header cannot cost much)."""
    return_path = _address(header_text(msg, "Return-Path"))[1] if "return-path" in present else ""
    dkim = []
    for value in (msg.get_all("DKIM-Signature") or [])[:5]:
        found = _DKIM_D.search(_unfold(str(value))[:2000])
        if found:
            dkim.append(found.group(1).lower().strip("."))
    mailer = header_text(msg, "X-Mailer") or header_text(msg, "User-Agent")
    return Transport(relayed="received" in present, return_path=return_path,
                     dkim_domains=tuple(dkim), mailer=_clean(mailer)[:120],
                     listed="list-id" in present or "list-post" in present)


def _top_auth_results(msg: email.message.Message) -> str:
    """The topmost Authentication-Results header: the one the receiving server added (RFC 8601 §5).

    Headers further down may have been written by anyone on the way, the sender included.
    """
    values = msg.get_all("Authentication-Results") or []
    return _unfold(str(values[0]))[:2000] if values else ""


@dataclass(frozen=True)
class Body:
    """A message's readable body, decoded for display only."""

    text: str
    html: bool
    attachments: tuple[str, ...]


def read_body(raw: bytes) -> Body:
    """The whole readable text of a message (first text/plain, else text/html turned into text)."""
    msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    plain: str | None = None
    html: str | None = None
    names: list[str] = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        name = _filename(part)
        ctype = part.get_content_type()
        if name or part.get_content_disposition() == "attachment":
            names.append(name or ctype)
            continue
        if ctype == "text/plain" and plain is None:
            plain = _decode_part(part, None)
        elif ctype == "text/html" and html is None:
            html = _decode_part(part, None)
    if plain is not None and plain.strip():
        return Body(plain, False, tuple(names))
    if html is not None:
        return Body(html_to_text(html), True, tuple(names))
    return Body(plain or "", False, tuple(names))


_OBS_NAME = re.compile(rb"^([!-9;-~]+)[ \t]+:", re.M)


def _fix_obsolete_headers(raw: bytes) -> bytes:
    """RFC 5322's obsolete syntax allows space before a header's colon (`Subject  : hi`); the stdlib
    parser would read such a header block as body, so close the gap in the header block only."""
    first = raw[:80].split(b"\n", 1)[0]
    if not _OBS_NAME.match(first):
        return raw
    end = raw.find(b"\n\n")
    end = len(raw) if end < 0 else end
    return _OBS_NAME.sub(rb"\1:", raw[:end]) + raw[end:]


# --- headers ---------------------------------------------------------------------------------------


def header_text(msg: email.message.Message, name: str) -> str:
    """A header as text: RFC 2047 words decoded, raw 8-bit bytes read as UTF-8 (else Latin-1)."""
    value = msg.get(name)
    if value is None:
        return ""
    raw = value if isinstance(value, str) else str(value)
    if not isinstance(value, str):
        # compat32 hands back a Header for 8-bit values; its chunks carry the bytes
        return _decode_chunks(decode_header(value))
    if not raw.isascii() and _SURROGATE.search(raw):
        raw = _from_8bit(raw.encode("ascii", "surrogateescape"))
    if "=?" not in raw:
        return _unfold(raw)
    try:
        # unfolded first (the line break goes, the space after it stays): the stdlib decodes line by line
        # and drops a folded line's leading space, which glued the word after an encoded word onto it
        chunks = decode_header(_FOLD.sub("", raw))
    except (ValueError, LookupError, UnicodeError):
        return _unfold(raw)
    return _decode_chunks(chunks)


def _decode_chunks(chunks: list[tuple[bytes | str, str | None]]) -> str:
    out: list[str] = []
    for chunk, charset in chunks:
        if isinstance(chunk, str):
            out.append(chunk)
        else:
            out.append(_decode_bytes(chunk, charset))
    return _unfold("".join(out))


def _from_8bit(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def _decode_bytes(data: bytes, charset: str | None) -> str:
    if not charset or charset.lower() in ("unknown-8bit", "x-unknown", "8bit", "us-ascii", "ascii"):
        return _from_8bit(data)
    try:
        return data.decode(charset, "strict")
    except (LookupError, UnicodeDecodeError):
        # a lying or unknown charset: UTF-8 is the common truth, Latin-1 never fails
        return _from_8bit(data)


def _unfold(text: str) -> str:
    return text.replace("\r", "").replace("\n", "").strip() if ("\n" in text or "\r" in text) else text.strip()


def _clean(text: str) -> str:
    return _WS.sub(" ", text).strip()


# the common shapes, read without the stdlib's character-by-character address parser
_SIMPLE_ADDR = re.compile(r'^\s*(?:"([^"\\]*)"|([^"<>,;:@()\\]*?))\s*<([^<>\s,;:"()]+@[^<>\s,;:"()]+)>\s*$')
_BARE_ADDR = re.compile(r'^\s*<?([^<>\s,;:"()]+@[^<>\s,;:"()]+?)>?\s*$')


def _addresses(*values: str) -> tuple[str, ...]:
    """Every address in To/Cc-style headers, lower case."""
    out: list[str] = []
    for value in values:
        if not value:
            continue
        if '"' not in value and "(" not in value and ":" not in value:
            pieces = [_BARE_ADDR.match(v) or _SIMPLE_ADDR.match(v) for v in value.split(",")]
            if all(pieces):
                out.extend(m.group(m.lastindex or 1).lower() for m in pieces if m)
                continue
        out.extend(addr.lower() for _, addr in getaddresses([value]) if "@" in addr)
    return tuple(out)


def _address(value: str) -> tuple[str, str]:
    simple = _SIMPLE_ADDR.match(value) if "(" not in value else None
    if simple:
        name, addr = simple.group(1) if simple.group(1) is not None else simple.group(2) or "", simple.group(3)
    else:
        bare = _BARE_ADDR.match(value)
        name, addr = ("", bare.group(1)) if bare else parseaddr(value)
    addr = addr.strip().lower()
    if not addr and "@" in value:
        found = re.search(r"[\w.+'-]+@[\w.-]+", value)
        addr = found.group(0).lower() if found else ""
    name = _clean(name.strip().strip('"').strip("'"))
    return (name if name.lower() != addr else ""), addr


def _first_id(value: str) -> str:
    found = _MSGID.search(value)
    if found:
        return found.group(1)
    value = value.strip()
    return value if value and " " not in value else ""


def _date(msg: email.message.Message, fallback: datetime | None) -> tuple[datetime, str, str]:
    """(instant, zone it was written in, which gave it): Date, else Received, else the file time."""
    for source, candidate in (("date", header_text(msg, "Date")), ("received", _received_date(msg))):
        moment = _parse_date(candidate)
        if moment is not None:
            return moment.astimezone(UTC), _zone_of(moment), source
    if fallback is not None:
        return fallback.astimezone(UTC), "UTC", "file"
    return datetime(1970, 1, 1, tzinfo=UTC), "UTC", "none"


def _received_date(msg: email.message.Message) -> str:
    received = msg.get_all("Received") or []
    for value in received:
        text = str(value)
        if ";" in text:
            return text.rsplit(";", 1)[1]
    return ""


def _parse_date(text: str) -> datetime | None:
    text = text.strip()
    if not text:
        return None
    try:
        moment = parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if moment is None:
        return None
    if moment.tzinfo is None:  # "-0000": the zone is unknown, the instant is UTC
        moment = moment.replace(tzinfo=UTC)
    if not 1900 <= moment.year <= 2200:  # a year like 3609 is a broken header, not a date
        return None
    return moment


def _zone_of(moment: datetime) -> str:
    offset = moment.utcoffset() or timedelta(0)
    return "UTC" if offset == timedelta(0) else format_offset(offset)


# --- parts -----------------------------------------------------------------------------------------


# an anchor whose visible text (inside at most three wrapping tags) is a web address; every repeat is
# bounded so that a hostile page cannot make the match backtrack for long
_ANCHOR = re.compile(r"<a\s[^>]{0,500}?href\s*=\s*[\"']?\s*https?://([^/\"'\s>:?#]{1,255})[^>]{0,500}>\s{0,20}"
                     r"(?:<[^<>]{0,200}>\s{0,20}){0,3}"
                     r"(?:https?://)?((?:[a-z0-9-]{1,63}\.){1,8}[a-z]{2,24})(?:[/:?#][^<\s]{0,500})?\s{0,20}"
                     r"(?:<[^<>]{0,200}>\s{0,20}){0,3}</a>", re.I)


_ANCHOR_START = re.compile(r"<a\s", re.I)


def _shown_links(html: str) -> tuple[tuple[str, str], ...]:
    """(shown domain, target domain) of the links whose visible text is a web address (at most 20)."""
    if "<a" not in html and "<A" not in html:
        return ()
    out: list[tuple[str, str]] = []
    for tried, start in enumerate(_ANCHOR_START.finditer(html)):
        if tried >= 300 or len(out) >= 20:
            break  # a mail's first links say enough, and a page of thousands costs no more than that
        match = _ANCHOR.match(html, start.start())
        if match is not None:
            out.append((match.group(2).lower(), match.group(1).lower()))
    return tuple(out)


_HREF_HOST = re.compile(r"href\s*=\s*[\"']?\s*https?://(?:[^/\"'\s>@]{0,200}@)?([^/\"'\s>:?#]{1,255})", re.I)
_PASSWORD_FIELD = re.compile(r"<input\b[^>]{0,300}?type\s*=\s*[\"']?password", re.I)


def _hosts(html: str) -> tuple[str, ...]:
    """The hosts of the HTML's first links (at most 20, each once)."""
    out: list[str] = []
    for tried, match in enumerate(_HREF_HOST.finditer(html)):
        if tried >= 300 or len(out) >= 20:
            break
        host = match.group(1).lower().rstrip(".")
        if host not in out:
            out.append(host)
    return tuple(out)


@dataclass(frozen=True)
class _Walked:
    text: str  # readable text for the snippet
    names: list[str]  # attachment names
    has_pdf: bool
    links: tuple[tuple[str, str], ...]  # the HTML's shown links
    hosts: tuple[str, ...] = ()  # the hosts the HTML's links go to
    password_form: bool = False


def _walk(msg: email.message.Message) -> _Walked:
    """The readable text, attachment names and links of a message."""
    plain: str | None = None
    html: str | None = None
    names: list[str] = []
    has_pdf = False
    for part in _leaves(msg, 0):
        ctype = part.get_content_type()
        if ctype == "message/rfc822":
            name = _filename(part)
            if name:
                names.append(name)
            continue
        name = _filename(part)
        if ctype == "application/pdf" or name.lower().endswith(".pdf"):
            has_pdf = True
        if name or part.get_content_disposition() == "attachment":
            if name:
                names.append(name)
            continue
        if ctype == "text/plain" and plain is None:
            plain = _decode_part(part, _SNIPPET_SCAN_BYTES)
        elif ctype == "text/html" and html is None:
            html = _decode_part(part, _SNIPPET_SCAN_BYTES)
    links = _shown_links(html) if html is not None else ()
    hosts = _hosts(html) if html is not None and "href" in html.lower() else ()
    form = html is not None and _PASSWORD_FIELD.search(html) is not None
    if plain is not None and plain.strip():
        return _Walked(_drop_quotes(plain), names, has_pdf, links, hosts, form)
    if html is not None:
        return _Walked(html_to_text(html), names, has_pdf, links, hosts, form)
    return _Walked(plain or "", names, has_pdf, links, hosts, form)


def _leaves(part: email.message.Message, depth: int) -> Iterator[email.message.Message]:
    """The non-multipart parts of a message parsed headers-only, splitting multiparts by their boundary."""
    # the raw payload: get_payload() would decode 8-bit bytes (kept as surrogates) with `replace`
    payload = getattr(part, "_payload", None)
    maintype = part.get_content_maintype()
    if maintype == "multipart" and depth < _MAX_DEPTH:
        boundary = part.get_boundary()
        if boundary and isinstance(payload, str):
            for chunk in _split_multipart(payload, boundary):
                yield from _leaves(_PART_HEADERS.parsestr(chunk, headersonly=True), depth + 1)
            return
    yield part
    if part.get_content_type() == "message/rfc822" and depth < _MAX_DEPTH and isinstance(payload, str):
        # a forwarded message: its parts count too (its text when ours has none, its PDFs)
        yield from _leaves(_PART_HEADERS.parsestr(payload, headersonly=True), depth + 1)


def _split_multipart(payload: str, boundary: str) -> list[str]:
    """The bodies between `--boundary` lines (preamble and epilogue dropped)."""
    delimiter = "\n--" + boundary
    pieces = ("\n" + payload).split(delimiter)
    parts = []
    for piece in pieces[1:]:
        if piece.startswith("--"):
            break  # the closing delimiter; the rest is epilogue
        newline = piece.find("\n")
        if newline < 0:
            continue
        body = piece[newline + 1:]
        parts.append(body[:-1] if body.endswith("\r") else body)
    return parts


def _drop_quotes(text: str) -> str:
    """The text without quoted reply lines, which say nothing new."""
    if ">" not in text:
        return text
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


def _filename(part: email.message.Message) -> str:
    try:
        name = part.get_filename()
    except (ValueError, LookupError, UnicodeError, TypeError):
        return ""
    if not name:
        return ""
    if "=?" in name:
        with contextlib.suppress(ValueError, LookupError, UnicodeError):
            name = _decode_chunks(decode_header(name))
    return _clean(name)


def _decode_part(part: email.message.Message, limit: int | None) -> str:
    try:
        payload = part.get_payload(decode=True)
    except (ValueError, LookupError, UnicodeError, AssertionError):
        payload = None
    if payload is None:
        raw = part.get_payload()
        if not isinstance(raw, str):
            return ""
        payload = raw.encode("utf-8", "surrogateescape")
    if not isinstance(payload, bytes):
        return ""
    if limit is not None:
        payload = payload[:limit]
    charset = part.get_content_charset()
    return _decode_bytes(payload, charset).replace("\r\n", "\n")
