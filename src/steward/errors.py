"""Steward's one error tree.

    StewardError                 base; never raised directly
    ├── UserError                the user can act on the message; CLI exit 1, HTTP 400
    │   ├── NotFound             an id or path that does not exist; HTTP 404
    │   ├── PastMoment           a write for a moment that has already passed
    │   ├── Duplicate            an exact duplicate of something already written; HTTP 409
    │   ├── Conflict             what was asked about is no longer open (a later turn replaced it); HTTP 409
    │   ├── SourceGone           the source of a message (file, server) cannot be reached any more
    │   └── ConfigError          a setting has a value Steward cannot use
    ├── ConnectorError           a server (IMAP, CalDAV, LLM, SMTP) failed; CLI exit 1, HTTP 502
    ├── Busy                     the server holds as many turns as it takes; HTTP 429 with Retry-After
    └── UsageError               the command line itself is wrong; CLI exit 2, HTTP 422

Every message is one line a person can act on. The edges (cli, web) map classes to exit codes and
HTTP statuses; nothing in the core catches a StewardError just to hide it.
"""

from __future__ import annotations


class StewardError(Exception):
    """Base of every error Steward raises on purpose."""

    exit_code = 1
    http_status = 500

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UserError(StewardError):
    """Something the user asked for cannot be done; the message says why."""

    http_status = 400


class NotFound(UserError):
    """The thing asked for does not exist (HTTP 404)."""

    http_status = 404


class PastMoment(UserError):
    """A write for a moment that has already passed."""


class Duplicate(UserError):
    """The same thing already exists; nothing was written (HTTP 409)."""

    http_status = 409


class Conflict(UserError):
    """The answer names a question that is no longer open; nothing was written (HTTP 409)."""

    http_status = 409


class SourceGone(UserError):
    """The source a stored message points at no longer has it (HTTP 410)."""

    http_status = 410


class ConfigError(UserError):
    """A setting, config file or vocabulary file Steward cannot use."""

    pass


class ConnectorError(StewardError):
    """A server Steward talks to failed or refused."""

    http_status = 502


class Busy(StewardError):
    """The server already holds as many turns as it takes; try again after `retry_after` seconds (HTTP 429)."""

    http_status = 429

    def __init__(self, message: str, retry_after: int = 5) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class UsageError(StewardError):
    """The command line itself is wrong (exit code 2)."""

    exit_code = 2
    http_status = 422
