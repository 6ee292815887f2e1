"""The IMAP adapter against a real Dovecot: read-only, UID-addressed, one-line errors naming the account."""

from __future__ import annotations

import socket

import pytest

from dovecot_server import free_port, make_message
from steward.errors import ConnectorError
from steward.mail.accounts import Account
from steward.mail.imap import AuthFailed, ImapSession
from steward.mail.imap_proto import decode_partial, parse_structure

pytestmark = pytest.mark.server


def _account(server, **kw) -> Account:  # type: ignore[no-untyped-def]
    fields = {"name": "home", "kind": "imap", "host": server.host, "port": server.port, "tls": "none",
              "user": "alice"}
    fields.update(kw)
    return Account(**fields)  # type: ignore[arg-type]


def test_headers_and_the_start_of_the_text_part_are_fetched_without_setting_seen(dovecot) -> None:
    body = "Your statement is ready. Minimum due 1,200 on 5 March. " + "filler text " * 2000
    uids = dovecot.append([make_message(1, body=body, html=True, pdf=True), make_message(2)])
    with ImapSession(_account(dovecot), "secret-pw") as session:
        info = session.examine("INBOX")
        assert info.exists == 2 and info.uidvalidity == dovecot.uidvalidity()
        assert session.all_uids() == uids
        meta = session.fetch_meta(uids)
        assert [m.uid for m in meta] == uids
        assert b"Subject: Order 1 has shipped" in (meta[0].get_bytes("BODY[HEADER]") or b"")
        structure = parse_structure(meta[0].items["BODYSTRUCTURE"])
        assert structure.has_pdf and structure.attachments == ("invoice-1.pdf",)
        assert structure.text is not None and structure.text.section == "1.1"
        partial = session.fetch_partial([uids[0]], structure.text.section, 2048)
        assert len(partial[uids[0]]) == 2048  # only the first 2 KB of a ~24 KB part came over the wire
        assert decode_partial(partial[uids[0]], structure.text.encoding, structure.text.charset).startswith(
            "Your statement is ready.")
        full = session.fetch_full(uids[1])
        assert full is not None and b"Your order number 2 is on its way" in full
        assert session.fetch_full(999) is None
    for uid in uids:
        assert "\\Seen" not in dovecot.flags(uid)


def test_a_wrong_password_is_one_line_naming_the_account(dovecot) -> None:
    with pytest.raises(AuthFailed) as err:
        ImapSession(_account(dovecot), "wrong").open()
    message = str(err.value)
    assert message.startswith("mail account home: ") and "refused the login for alice" in message
    assert "\n" not in message


def test_an_unreachable_server_is_one_line_naming_the_account() -> None:
    port = free_port()  # nothing listens there
    with pytest.raises(ConnectorError) as err:
        ImapSession(Account("away", "imap", "127.0.0.1", port, "none", "alice"), "pw", timeout=5).open()
    assert str(err.value) == f"mail account away: connecting to 127.0.0.1:{port} failed: connection refused"


def test_a_server_that_never_answers_times_out() -> None:
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)
        port = silent.getsockname()[1]
        with pytest.raises(ConnectorError, match=r"mail account slow: connecting to .* timed out after 0.5 s"):
            ImapSession(Account("slow", "imap", "127.0.0.1", port, "none", "alice"), "pw", timeout=0.5).open()


def test_tls_to_a_plaintext_server_fails_cleanly(dovecot) -> None:
    with pytest.raises(ConnectorError) as err:
        ImapSession(_account(dovecot, tls="ssl"), "secret-pw", timeout=5).open()
    assert str(err.value).startswith("mail account home: connecting to ") and "\n" not in str(err.value)


def test_a_missing_folder_is_a_clear_error(dovecot) -> None:
    with ImapSession(_account(dovecot), "secret-pw") as session, pytest.raises(
            ConnectorError, match="mail account home: opening folder 'Nope' on .* failed"):
        session.examine("Nope")
