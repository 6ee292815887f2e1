"""TLS to a real Dovecot with a self-signed certificate: implicit TLS and STARTTLS, verified."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from dovecot_server import DOVECOT, Dovecot, make_message
from steward.errors import ConnectorError
from steward.mail.accounts import Account
from steward.mail.imap import ImapSession

pytestmark = pytest.mark.server


@pytest.fixture(scope="module")
def tls_server() -> Iterator[Any]:
    if DOVECOT is None:
        pytest.skip("dovecot is not installed (scripts/system-deps.sh installs dovecot-imapd as root)")
    server = Dovecot({"alice": "secret-pw"}, tls=True)
    server.start()
    server.append([make_message(1, subject="Sent over TLS")])
    yield server
    server.cleanup()


def _account(server: Any, tls: str, port: int, ca: str = "") -> Account:
    return Account("secure", "imap", "127.0.0.1", port, tls, "alice", tls_ca_file=ca)  # type: ignore[arg-type]


@pytest.mark.parametrize("mode", ["ssl", "starttls"])
def test_both_tls_modes_work_when_the_certificate_is_trusted(tls_server: Any, mode: str) -> None:
    port = tls_server.tls_port if mode == "ssl" else tls_server.port
    with ImapSession(_account(tls_server, mode, port, str(tls_server.cert)), "secret-pw") as session:
        session.examine("INBOX")
        [item] = session.fetch_meta(session.all_uids())
        assert b"Sent over TLS" in (item.get_bytes("BODY[HEADER]") or b"")


@pytest.mark.parametrize("mode", ["ssl", "starttls"])
def test_an_untrusted_certificate_is_refused_in_one_line(tls_server: Any, mode: str) -> None:
    port = tls_server.tls_port if mode == "ssl" else tls_server.port
    with pytest.raises(ConnectorError) as err:
        ImapSession(_account(tls_server, mode, port), "secret-pw", timeout=10).open()
    message = str(err.value)
    assert message.startswith(f"mail account secure: the certificate of 127.0.0.1:{port} is not trusted (")
    assert message.endswith("for a self-signed certificate set tls_ca_file") and "\n" not in message


def test_a_missing_ca_file_is_one_line(tls_server: Any, tmp_path: Any) -> None:
    with pytest.raises(ConnectorError, match="mail account secure: cannot use tls_ca_file"):
        ImapSession(_account(tls_server, "ssl", tls_server.tls_port, str(tmp_path / "none.pem")), "pw").open()


def test_sync_over_starttls_end_to_end(tls_server: Any, cli: Any, steward_home: Any, monkeypatch: Any) -> None:
    monkeypatch.setenv("IMAP_TEST_PW", "secret-pw")
    steward_home.mkdir(parents=True, exist_ok=True)
    (steward_home / "config.toml").write_text(
        f'[[mail.accounts]]\nname = "secure"\nhost = "127.0.0.1"\nport = {tls_server.port}\ntls = "starttls"\n'
        f'user = "alice"\npassword_env = "IMAP_TEST_PW"\ntls_ca_file = "{tls_server.cert}"\n')
    r = cli("mail", "sync", "--json", "--no-progress")
    assert r.code == 0, r.err
    assert r.json()[0]["added"] == 1


def test_accounts_add_records_the_ca_file_and_checks_the_login_over_tls(tls_server: Any, cli: Any,
                                                                        steward_home: Any) -> None:
    r = cli("mail", "accounts", "add", "secure", "--host", "127.0.0.1", "--port", str(tls_server.tls_port),
            "--user", "alice", "--tls-ca-file", str(tls_server.cert), "--password-stdin", stdin="secret-pw\n")
    assert r.code == 0, r.err
    assert f'tls_ca_file = "{tls_server.cert}"' in (steward_home / "config.toml").read_text()
