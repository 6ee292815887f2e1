"""Pure IMAP response handling: FETCH responses, BODYSTRUCTURE, and decoding a partial text part.

No sockets here. `imaplib` hands back a FETCH answer as a list of byte strings and
(prefix, literal) pairs; `parse_fetch` turns that into one `FetchItem` per message, and
`choose_text_part` reads a BODYSTRUCTURE to pick the part whose first bytes make the snippet, so a sync
fetches headers + about 2 KB of one part per message and never a whole body.
"""

from __future__ import annotations

import base64
import binascii
import quopri
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypeAlias

# A parsed IMAP value: an atom or string (bytes), NIL (None), or a parenthesised list.
Value: TypeAlias = bytes | None | list["Value"]

_LITERAL_TAIL = re.compile(rb"\{(\d+)\+?\}$")


class ProtocolError(ValueError):
    """The server's answer is not the IMAP we expect."""


class _Literal(bytes):
    """A literal's bytes, kept apart so they are never tokenised."""


def _segments(data: Sequence[bytes | tuple[bytes, bytes] | None]) -> list[bytes]:
    """Flatten imaplib's list into text segments and `_Literal` segments, in wire order."""
    out: list[bytes] = []
    for item in data:
        if item is None:
            continue
        if isinstance(item, tuple):
            head, literal = item[0], item[1]
            out.append(_LITERAL_TAIL.sub(b"", head))
            out.append(_Literal(literal))
        else:
            out.append(item)
    return out


# one token: whitespace (skipped), "(", ")", a quoted string, or an atom; an atom may carry "[...]"
# sections holding spaces and parentheses (BODY[HEADER.FIELDS (FROM TO)]) and a "<n>" origin
_TOKEN = re.compile(
    rb'[ \r\n\t]+|(\()|(\))|"((?:[^"\\]|\\.)*)"|([^ \r\n\t()"\[]*(?:\[[^\]]*\][^ \r\n\t()"\[]*)+|[^ \r\n\t()"\[]+)',
    re.S,
)
_UNESCAPE = re.compile(rb"\\(.)", re.S)


def _tokens(segments: list[bytes]) -> Iterator[bytes | None | str]:
    """Tokens: "(" and ")" as str, atoms / strings / literals as bytes, NIL as None."""
    for seg in segments:
        if isinstance(seg, _Literal):
            yield bytes(seg)
            continue
        pos, end = 0, len(seg)
        while pos < end:
            m = _TOKEN.match(seg, pos)
            if m is None:  # a stray '"' or '[': take it as a one-byte atom rather than loop forever
                yield seg[pos:pos + 1]
                pos += 1
                continue
            pos = m.end()
            if m.group(1) is not None:
                yield "("
            elif m.group(2) is not None:
                yield ")"
            elif m.group(3) is not None:
                quoted = m.group(3)
                yield _UNESCAPE.sub(rb"\1", quoted) if b"\\" in quoted else quoted
            elif m.group(4) is not None:
                atom = m.group(4)
                yield None if atom.upper() == b"NIL" else atom


def _parse_list(tokens: Iterator[bytes | None | str]) -> list[Value]:
    out: list[Value] = []
    for tok in tokens:
        if tok == "(":
            out.append(_parse_list(tokens))
        elif tok == ")":
            return out
        else:
            out.append(tok)  # type: ignore[arg-type]
    raise ProtocolError("unbalanced parentheses in a FETCH response")


@dataclass(frozen=True)
class FetchItem:
    """One message's FETCH answer: its UID and the data items by upper-case name."""

    seq: int
    uid: int
    items: dict[str, Value]

    def get_bytes(self, key: str) -> bytes | None:
        """The bytes of one FETCH data item (e.g. `BODY[HEADER]`), or None."""
        value = self.items.get(key)
        return value if isinstance(value, bytes) else None


def parse_fetch(data: Sequence[bytes | tuple[bytes, bytes] | None]) -> list[FetchItem]:
    """Parse the untagged FETCH responses imaplib collected; answers without a UID are skipped."""
    tokens = _tokens(_segments(data))
    out: list[FetchItem] = []
    for tok in tokens:
        if not isinstance(tok, bytes) or not tok.isdigit():
            raise ProtocolError(f"expected a message number in a FETCH response, got {tok!r}")
        if next(tokens, None) != "(":
            raise ProtocolError("expected '(' after the message number in a FETCH response")
        flat = _parse_list(tokens)
        items: dict[str, Value] = {}
        for i in range(0, len(flat) - 1, 2):
            key = flat[i]
            if isinstance(key, bytes):
                items[key.decode("ascii", "replace").upper()] = flat[i + 1]
        uid = items.get("UID")
        if isinstance(uid, bytes) and uid.isdigit():
            out.append(FetchItem(int(tok), int(uid), items))
    return out


# -- BODYSTRUCTURE ----------------------------------------------------------------------------


@dataclass(frozen=True)
class TextPart:
    """The part a snippet is made from: its section ("1", "1.2", ...), type and encoding."""

    section: str
    subtype: str  # "plain" or "html"
    charset: str
    encoding: str
    size: int


@dataclass(frozen=True)
class Structure:
    """What a BODYSTRUCTURE tells us without fetching the body."""

    text: TextPart | None
    attachments: tuple[str, ...]
    has_pdf: bool


def _s(value: Value) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else ""


def _params(value: Value) -> dict[str, str]:
    if not isinstance(value, list):
        return {}
    return {_s(value[i]).lower(): _s(value[i + 1]) for i in range(0, len(value) - 1, 2)}


def _decode_name(name: str) -> str:
    """Attachment names may be RFC 2047 encoded words."""
    if "=?" not in name:
        return name
    from email.header import decode_header, make_header

    try:
        return str(make_header(decode_header(name)))
    except (ValueError, LookupError, UnicodeDecodeError):
        return name


def _disposition(part: list[Value], start: int) -> tuple[str, dict[str, str]]:
    """Find the (disposition, params) pair among a single part's extension fields."""
    for value in part[start:]:
        if isinstance(value, list) and value and isinstance(value[0], bytes) and (
            len(value) == 2 and (value[1] is None or isinstance(value[1], list))
        ):
            return _s(value[0]).lower(), _params(value[1])
    return "", {}


def parse_structure(body: Value) -> Structure:
    """Read a BODYSTRUCTURE: the first readable text part (plain before html), attachments, PDFs."""
    plain: list[TextPart] = []
    html: list[TextPart] = []
    names: list[str] = []
    pdf = False

    def walk(node: Value, section: str) -> None:
        nonlocal pdf
        if not isinstance(node, list) or not node:
            return
        if isinstance(node[0], list):  # multipart: children, then the subtype
            children: list[Value] = []
            for child in node:
                if not isinstance(child, list):
                    break  # the subtype; what follows are the multipart's own extension fields
                children.append(child)
            for i, child in enumerate(children, 1):
                walk(child, f"{section}.{i}" if section else str(i))
            return
        if len(node) < 7:
            raise ProtocolError("a BODYSTRUCTURE part has too few fields")
        mtype, subtype = _s(node[0]).lower(), _s(node[1]).lower()
        params = _params(node[2])
        encoding = _s(node[5]).lower() or "7bit"
        size = int(node[6]) if isinstance(node[6], bytes) and node[6].isdigit() else 0
        here = section or "1"
        ext_start = 8 if mtype == "text" else 10 if (mtype, subtype) == ("message", "rfc822") else 7
        disposition, dparams = _disposition(node, ext_start)
        filename = _decode_name(dparams.get("filename") or params.get("name") or "")
        if filename or disposition == "attachment":
            if filename:
                names.append(filename)
            if subtype == "pdf" or filename.lower().endswith(".pdf"):
                pdf = True
            return
        if (mtype, subtype) == ("application", "pdf"):
            pdf = True
            return
        if mtype == "text" and subtype in ("plain", "html"):
            part = TextPart(here, subtype, params.get("charset", "us-ascii") or "us-ascii", encoding, size)
            (plain if subtype == "plain" else html).append(part)

    walk(body, "")
    chosen = plain[0] if plain else html[0] if html else None
    return Structure(chosen, tuple(names), pdf)


# -- decoding the first bytes of a part --------------------------------------------------------


def decode_partial(data: bytes, encoding: str, charset: str) -> str:
    """Decode the first bytes of a body part; a sequence cut at the end is dropped, not guessed."""
    encoding = encoding.lower()
    if encoding == "base64":
        compact = re.sub(rb"[^A-Za-z0-9+/=]", b"", data)
        compact = compact[: len(compact) // 4 * 4]
        try:
            raw = base64.b64decode(compact)
        except (binascii.Error, ValueError):
            raw = b""
    elif encoding == "quoted-printable":
        cut = data.rfind(b"=")
        if cut != -1 and cut >= len(data) - 2:  # a soft break or escape cut in half
            data = data[:cut]
        raw = quopri.decodestring(data)
    else:
        raw = data
    try:
        text = raw.decode(charset or "us-ascii", "replace")
    except LookupError:
        text = raw.decode("utf-8", "replace")
    return text.rstrip("\ufffd")


# -- small helpers for the other answers ------------------------------------------------------

_UIDVALIDITY = re.compile(rb"UIDVALIDITY (\d+)", re.I)


def parse_uidvalidity(lines: Sequence[bytes | None]) -> int | None:
    """The UIDVALIDITY from a SELECT's untagged OK or a STATUS answer."""
    for line in lines:
        if line:
            m = _UIDVALIDITY.search(line)
            if m:
                return int(m.group(1))
    return None


def parse_search(lines: Sequence[bytes | None]) -> list[int]:
    """The numbers of a (UID) SEARCH answer."""
    out: list[int] = []
    for line in lines:
        if line:
            out.extend(int(x) for x in line.split() if x.isdigit())
    return out


def uid_ranges(uids: Sequence[int]) -> str:
    """A compact IMAP sequence set: [1,2,3,7] -> "1:3,7"."""
    if not uids:
        raise ValueError("an empty UID set")
    ordered = sorted(set(uids))
    parts: list[str] = []
    start = prev = ordered[0]
    for uid in ordered[1:]:
        if uid == prev + 1:
            prev = uid
            continue
        parts.append(f"{start}:{prev}" if prev != start else str(start))
        start = prev = uid
    parts.append(f"{start}:{prev}" if prev != start else str(start))
    return ",".join(parts)


_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], 1)}


def parse_internaldate(value: Value) -> datetime | None:
    """INTERNALDATE "17-Jul-1996 02:44:25 -0700" as an aware datetime."""
    text = _s(value).strip()
    m = re.match(r"\s*(\d{1,2})-([A-Za-z]{3})-(\d{4}) (\d\d):(\d\d):(\d\d) ([+-]\d{4})", text)
    if not m or m.group(2).lower() not in _MONTHS:
        return None
    day, mon, year, hh, mm, ss, off = m.groups()
    try:
        return datetime.strptime(
            f"{year}-{_MONTHS[mon.lower()]:02d}-{int(day):02d} {hh}:{mm}:{ss} {off}", "%Y-%m-%d %H:%M:%S %z"
        )
    except ValueError:
        return None


def encode_folder(name: str) -> str:
    """A folder name as an IMAP astring: modified UTF-7 (RFC 3501 §5.1.3), quoted."""
    out: list[str] = []
    pending: list[str] = []

    def flush() -> None:
        if pending:
            raw = "".join(pending).encode("utf-16-be")
            out.append("&" + base64.b64encode(raw).decode("ascii").rstrip("=").replace("/", ",") + "-")
            pending.clear()

    for ch in name:
        if 0x20 <= ord(ch) <= 0x7E:
            flush()
            out.append("&-" if ch == "&" else ch)
        else:
            pending.append(ch)
    flush()
    text = "".join(out)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
