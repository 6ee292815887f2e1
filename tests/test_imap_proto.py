"""IMAP answers parsed without a server: FETCH literals, BODYSTRUCTURE part choice, partial decoding."""

from __future__ import annotations

import base64
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from steward.mail.imap_proto import (
    ProtocolError,
    decode_partial,
    encode_folder,
    parse_fetch,
    parse_internaldate,
    parse_search,
    parse_structure,
    parse_uidvalidity,
    uid_ranges,
)


def _one(line: bytes) -> list:
    """The BODYSTRUCTURE value of a one-message FETCH answer."""
    return parse_fetch([b"1 (UID 9 BODYSTRUCTURE " + line + b")"])[0].items["BODYSTRUCTURE"]  # type: ignore[return-value]


def test_fetch_answers_with_literals_split_by_imaplib_are_put_back_together() -> None:
    data = [
        (b'1 (UID 5 RFC822.SIZE 300 BODY[HEADER] {24}', b"Subject: a (b) \"c\"\r\n\r\n"),
        (b" BODY[1]<0> {5}", b"hello"),
        b")",
        b'2 (UID 7 FLAGS (\\Seen) INTERNALDATE "01-Feb-2026 10:00:00 +0530")',
    ]
    items = parse_fetch(data)
    assert [i.uid for i in items] == [5, 7]
    assert items[0].get_bytes("BODY[HEADER]") == b"Subject: a (b) \"c\"\r\n\r\n"
    assert items[0].get_bytes("BODY[1]<0>") == b"hello"
    assert items[1].items["FLAGS"] == [b"\\Seen"]
    assert parse_internaldate(items[1].items["INTERNALDATE"]) == datetime(
        2026, 2, 1, 10, 0, tzinfo=timezone(timedelta(hours=5, minutes=30)))


def test_an_unsolicited_fetch_without_uid_is_skipped_and_garbage_is_refused() -> None:
    assert parse_fetch([b"3 (FLAGS (\\Seen))", b"4 (UID 8 FLAGS ())"])[0].uid == 8
    with pytest.raises(ProtocolError):
        parse_fetch([b"1 (UID 2 FLAGS (\\Seen)"])
    with pytest.raises(ProtocolError):
        parse_fetch([b"hello world"])


def test_body_section_names_with_spaces_stay_one_key() -> None:
    item = parse_fetch([(b"1 (UID 3 BODY[HEADER.FIELDS (FROM SUBJECT)] {9}", b"From: x\r\n"), b")"])[0]
    assert item.get_bytes("BODY[HEADER.FIELDS (FROM SUBJECT)]") == b"From: x\r\n"


def test_plain_text_is_chosen_before_html_and_attachments_are_listed() -> None:
    structure = parse_structure(_one(
        b'((("text" "plain" ("charset" "iso-8859-1") NIL NIL "quoted-printable" 53 1 NIL NIL NIL NIL)'
        b'("text" "html" ("charset" "utf-8") NIL NIL "base64" 89 2 NIL NIL NIL NIL) "alternative"'
        b' ("boundary" "b2") NIL NIL NIL)'
        b'("application" "pdf" ("name" "x.pdf") NIL NIL "base64" 22 NIL ("attachment" ("filename" "Statement.pdf"))'
        b' NIL NIL)'
        b'("text" "plain" ("charset" "utf-8") NIL NIL "7bit" 10 1 NIL ("attachment" ("filename" "notes.txt")) NIL NIL)'
        b' "mixed" ("boundary" "b1") NIL NIL NIL)'
    ))
    assert structure.text is not None
    assert (structure.text.section, structure.text.subtype, structure.text.charset, structure.text.encoding) == (
        "1.1", "plain", "iso-8859-1", "quoted-printable")
    assert structure.attachments == ("Statement.pdf", "notes.txt")
    assert structure.has_pdf


def test_an_html_only_message_uses_its_html_part_and_a_single_part_is_section_1() -> None:
    html_only = parse_structure(_one(
        b'(("text" "html" ("charset" "utf-8") NIL NIL "7bit" 500 10 NIL NIL NIL NIL)'
        b'("image" "png" NIL "<logo>" NIL "base64" 900 NIL ("inline" NIL) NIL NIL) "related" NIL NIL NIL NIL)'
    ))
    assert html_only.text is not None and (html_only.text.section, html_only.text.subtype) == ("1", "html")
    assert not html_only.has_pdf and html_only.attachments == ()
    single = parse_structure(_one(b'("TEXT" "PLAIN" ("CHARSET" "UTF-8") NIL NIL "BASE64" 40 1 NIL NIL NIL NIL)'))
    assert single.text is not None and (single.text.section, single.text.encoding, single.text.charset) == (
        "1", "base64", "UTF-8")


def test_a_message_with_only_an_attachment_has_no_text_part() -> None:
    structure = parse_structure(_one(
        b'("application" "pdf" ("name" "=?utf-8?q?R=C3=A9sum=C3=A9.pdf?=") NIL NIL "base64" 22 NIL NIL NIL NIL)'))
    assert structure.text is None
    assert structure.attachments == ("Résumé.pdf",)
    assert structure.has_pdf


def test_partial_base64_and_quoted_printable_decode_up_to_the_cut() -> None:
    text = "Zahlung fällig am 5. März — bitte überweisen. " * 20
    encoded = base64.encodebytes(text.encode("utf-8"))
    cut = decode_partial(encoded[:203], "base64", "utf-8")
    assert text.startswith(cut) and len(cut) > 100
    qp = b"Caf=C3=A9 au lait, total =E2=82=AC 4.50 and more text that goes on=\r\n and on"
    assert decode_partial(qp[:24], "quoted-printable", "utf-8") == "Café au lait, total"
    # an escape cut in half, and a UTF-8 sequence cut after its first byte, are both dropped
    assert decode_partial(qp[:27], "quoted-printable", "utf-8") == "Café au lait, total "
    assert decode_partial(qp[:28], "quoted-printable", "utf-8") == "Café au lait, total "
    assert decode_partial(qp, "quoted-printable", "utf-8").startswith("Café au lait, total € 4.50 and more")
    assert decode_partial("héllo".encode("latin-1"), "8bit", "iso-8859-1") == "héllo"
    assert decode_partial(b"plain", "7bit", "x-unknown-charset") == "plain"
    # a UTF-8 character cut in half at the end is dropped, not shown as garbage
    assert decode_partial("abcé".encode()[:-1], "8bit", "utf-8") == "abc"


def test_uid_sets_search_answers_and_uidvalidity() -> None:
    assert uid_ranges([7, 1, 2, 3, 9, 10]) == "1:3,7,9:10"
    assert uid_ranges([4]) == "4"
    assert parse_search([b"1 5 9", b"12"]) == [1, 5, 9, 12]
    assert parse_search([b""]) == []
    assert parse_uidvalidity([b"[UNSEEN 1] First unseen.", b"[UIDVALIDITY 1796020568] UIDs valid"]) == 1796020568
    assert parse_uidvalidity([b'"INBOX" (UIDVALIDITY 42)']) == 42


def test_folder_names_are_quoted_modified_utf7() -> None:
    assert encode_folder("INBOX") == '"INBOX"'
    assert encode_folder("Entwürfe") == '"Entw&APw-rfe"'
    assert encode_folder("Tom & Jerry") == '"Tom &- Jerry"'
    assert encode_folder('My "Box"') == '"My \\"Box\\""'
    assert encode_folder("日本語") == '"&ZeVnLIqe-"'


def test_internaldate_without_a_valid_month_is_none() -> None:
    assert parse_internaldate(b"31-Foo-2026 10:00:00 +0000") is None
    assert parse_internaldate(b" 1-Jan-2026 00:00:00 +0000") == datetime(2026, 1, 1, tzinfo=UTC)


# -- a property: whatever a server sends in FETCH syntax comes back as sent ------------------------


_atoms = st.from_regex(rb"\A[A-Za-z0-9.\\$%&*+\-/:;<=>?@^_`|~]{1,12}\Z").filter(lambda a: a.upper() != b"NIL")
_strings = st.binary(max_size=30).filter(lambda b: b"\r" not in b and b"\n" not in b and b"\x00" not in b)
_literals = st.binary(max_size=40)


def _values(depth: int = 3) -> st.SearchStrategy:
    leaf = st.one_of(_atoms.map(lambda a: ("atom", a)), _strings.map(lambda s: ("str", s)),
                     _literals.map(lambda b: ("lit", b)), st.just(("nil", None)))
    if depth == 0:
        return leaf
    return st.one_of(leaf, st.lists(_values(depth - 1), max_size=4).map(lambda v: ("list", v)))


def _wire(value: tuple, out: list) -> None:
    """Serialise as a server would, splitting at literals the way imaplib does."""
    kind, data = value
    if kind == "atom":
        out[-1] += data
    elif kind == "nil":
        out[-1] += b"NIL"
    elif kind == "str":
        out[-1] += b'"' + data.replace(b"\\", b"\\\\").replace(b'"', b'\\"') + b'"'
    elif kind == "lit":
        out[-1] += b"{%d}" % len(data)
        out.append((out.pop(), data))
        out.append(b"")
    else:
        out[-1] += b"("
        for i, item in enumerate(data):
            if i:
                out[-1] += b" "
            _wire(item, out)
        out[-1] += b")"


def _expected(value: tuple):  # type: ignore[no-untyped-def]
    kind, data = value
    if kind == "list":
        return [_expected(v) for v in data]
    return data


@settings(max_examples=150, deadline=None)
@given(st.lists(_values(), min_size=1, max_size=4))
def test_any_fetch_value_parses_back_to_what_was_sent(values: list) -> None:
    out: list = [b"7 (UID 42"]
    for i, value in enumerate(values):
        out[-1] += b" X%d " % i
        _wire(value, out)
    out[-1] += b")"
    # imaplib hands over (head-with-{n}, literal) tuples and plain byte strings
    data = []
    for piece in out:
        if isinstance(piece, tuple) or piece:
            data.append(piece)
    [item] = parse_fetch(data)
    assert item.uid == 42 and item.seq == 7
    for i, value in enumerate(values):
        assert item.items[f"X{i}"] == _expected(value)
