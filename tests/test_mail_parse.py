"""Parsing one message: headers in any encoding, dates and their fallbacks, snippets, attachments."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from steward.mail.parse import ParseError, parse_message, read_body


def msg(headers: str, body: str = "Hello there.", *, raw_tail: bytes = b"") -> bytes:
    return (headers.strip("\n") + "\n\n" + body).encode("utf-8") + raw_tail


def test_plain_message_gives_sender_subject_date_zone_and_snippet() -> None:
    p = parse_message(msg("""
From: "Priya Sharma" <Priya.Sharma@Example.com>
To: Alex <alex@example.com>, bob@example.com
Cc: Carol <carol@example.com>
Subject: Dinner   on
 Saturday?
Date: Mon, 14 Sep 2026 23:53:00 +0530
Message-ID: <abc@example.com>
""", "Are you free?\n\nBring    the   book."))
    assert (p.sender, p.sender_name) == ("priya.sharma@example.com", "Priya Sharma")
    assert p.recipients == ("alex@example.com", "bob@example.com", "carol@example.com")
    assert p.subject == "Dinner on Saturday?"
    assert p.received_at == datetime(2026, 9, 14, 18, 23, tzinfo=UTC)
    assert p.zone == "+05:30"
    assert p.snippet == "Are you free? Bring the book."
    assert p.message_id == "abc@example.com" and p.dedup_key == "mid:abc@example.com"


def test_rfc2047_words_and_raw_8bit_headers_are_decoded() -> None:
    raw = msg("""
From: =?UTF-8?Q?Jos=C3=A9_=C3=81lvarez?= <jose@example.com>
Subject: =?ISO-8859-1?Q?Caf=E9?= =?UTF-8?B?4oK5IDEyMA==?=
Date: Tue, 1 Sep 2026 10:00:00 +0000
""")
    p = parse_message(raw)
    assert p.sender_name == "José Álvarez"
    assert p.subject == "Café₹ 120"
    latin1 = b"From: bob@example.com\nSubject: Gr\xfc\xdfe aus K\xf6ln\nDate: Tue, 1 Sep 2026 10:00:00 +0000\n\nhi"
    assert parse_message(latin1).subject == "Grüße aus Köln"
    utf8 = "From: bob@example.com\nSubject: Grüße ₹\nDate: Tue, 1 Sep 2026 10:00:00 +0000\n\nhi".encode()
    assert parse_message(utf8).subject == "Grüße ₹"


def test_a_folded_line_after_an_encoded_word_keeps_its_space() -> None:
    p = parse_message(msg("""
From: agence@example.fr
Subject: Votre dossier est =?utf-8?q?d=C3=A9sormais?=
 valide, =?utf-8?q?r=C3=A9f=C3=A9rence?=
 =?utf-8?q?_n=C2=B0?= 42
Date: Tue, 1 Sep 2026 10:00:00 +0000
"""))
    assert p.subject == "Votre dossier est désormais valide, référence n° 42"


def test_body_in_a_lying_charset_still_gives_a_snippet() -> None:
    raw = (b"From: a@example.com\nSubject: x\nDate: Tue, 1 Sep 2026 10:00:00 +0000\n"
           b"Content-Type: text/plain; charset=x-no-such-charset\n\nna\xc3\xafve caf\xc3\xa9")
    assert parse_message(raw).snippet == "naïve café"


def test_html_only_body_becomes_readable_text() -> None:
    raw = msg("""
From: news@example.com
Subject: Weekly
Date: Tue, 1 Sep 2026 10:00:00 +0000
Content-Type: text/html; charset=utf-8
""", "<html><head><style>p{color:red}</style><script>var x=1;</script></head>"
         "<body><h1>Top&nbsp;stories</h1><p>Rain &amp; wind</p><p>More</p></body></html>")
    assert parse_message(raw).snippet == "Top stories Rain & wind More"


def test_snippet_is_cut_and_card_numbers_are_masked() -> None:
    body = "Your card 4111 1111 1111 1234 was charged INR 1,250.00 on 2026-09-14. " + "x" * 500
    p = parse_message(msg("From: bank@example.com\nSubject: Card 4111111111111234\nDate: Tue, 1 Sep 2026 10:00:00 +0000",
                          body), snippet_chars=120)
    assert len(p.snippet) <= 120
    assert "4111" not in p.snippet and "XXXX1234" in p.snippet and "1,250.00" in p.snippet
    assert "2026-09-14" in p.snippet
    assert p.subject == "Card XXXX1234"


def test_date_falls_back_to_received_then_file_time() -> None:
    received = msg("""
Received: from mx.example.com by mail.example.com; Wed, 2 Sep 2026 08:15:00 -0400
From: a@example.com
Subject: no date
""")
    assert parse_message(received).received_at == datetime(2026, 9, 2, 12, 15, tzinfo=UTC)
    bare = msg("From: a@example.com\nSubject: nothing")
    mtime = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    assert parse_message(bare, fallback_time=mtime).received_at == mtime
    assert parse_message(msg("From: a@example.com\nDate: garbage")).received_at.tzinfo is not None


def test_attachments_and_pdf_are_noted_and_replies_keep_the_thread() -> None:
    raw = b"""From: bank@example.com
Subject: Statement
Date: Tue, 1 Sep 2026 10:00:00 +0000
Message-ID: <s2@example.com>
In-Reply-To: <s1@example.com>
References: <root@example.com> <s1@example.com>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b"

--b
Content-Type: text/plain

See attached.
> quoted old text
--b
Content-Type: application/octet-stream
Content-Disposition: attachment; filename="=?UTF-8?Q?st=C3=A4tement.PDF?="

JVBERi0=
--b--
"""
    p = parse_message(raw)
    assert p.has_pdf and p.attachments == ("stätement.PDF",)
    assert p.snippet == "See attached."
    assert p.thread_key == "root@example.com" and p.in_reply_to == "s1@example.com"


def test_without_message_id_the_key_is_a_stable_header_hash() -> None:
    raw = msg("From: a@example.com\nSubject: same\nDate: Tue, 1 Sep 2026 10:00:00 +0000")
    one, two = parse_message(raw), parse_message(raw)
    assert one.dedup_key.startswith("sha:") and one.dedup_key == two.dedup_key
    other = parse_message(msg("From: a@example.com\nSubject: different\nDate: Tue, 1 Sep 2026 10:00:00 +0000"))
    assert other.dedup_key != one.dedup_key


@pytest.mark.parametrize("raw, reason", [
    (b"", "empty"),
    (b"   \n\n", "empty"),
    (bytes(range(256)) * 8, "binary"),
    (b"just some text\nwith lines\n", "not a mail message"),
])
def test_what_is_not_a_message_is_refused_with_a_reason(raw: bytes, reason: str) -> None:
    with pytest.raises(ParseError, match=reason):
        parse_message(raw)


def test_read_body_gives_the_whole_text() -> None:
    body = "line one\n" + "filler\n" * 100 + "THE END"
    assert read_body(msg("From: a@example.com\nSubject: s", body)).text.endswith("THE END")
