"""Marks kept current: a mail is classified as it is imported, so when the rules change, stored mail is re-marked.

The rules' version is a digest of the rule files Steward ships (the vocabularies and the modules that read
them) and of the brands the person's institutions add; the store records the version its marks follow.
When they differ, `recheck` redoes the marks from what is stored (sender, name, recipients, subject,
snippet, attachment names): it runs before the next import or sync, and on `steward mail recheck`. It never
runs when a home opens, so no command pays for it but those that bring mail in.

What is stored is less than what an import reads (the headers, the links, the text past the snippet), so:
a mail the new rules mark from what is stored is marked; a marked mail they no longer mark from what is
stored is cleared only when its source, re-read, says so (a file, a Maildir, an mbox; a server's mail is
not fetched for this), and stays marked otherwise; `sources=True` re-reads every local source.
"""

from __future__ import annotations

import dataclasses
import hashlib
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from steward.mail.categories import Classifier
from steward.mail.correspondents import classify_batch, stored_correspondent
from steward.mail.lure_score import MailContext
from steward.store.mail_marks import (
    StoredMark,
    any_message,
    marks_version,
    message_count,
    set_categories,
    set_marks_version,
    stored_marks,
)

PHISHING = "phishing_suspect"

# the files whose content decides a mail's category (beside this module)
RULE_FILES = ("categories.py", "categories.yaml", "senders.py", "lures.py", "lures.yaml", "lure_score.py",
              "lure_score.yaml", "lure_brands.py", "lure_headers.py", "correspondents.py")


def rules_version(classifier: Classifier) -> str:
    """A digest of the shipped rules and of the brands `classifier` checks senders against."""
    digest = hashlib.sha256()
    here = Path(__file__).parent
    for name in RULE_FILES:
        try:
            content = (here / name).read_bytes()
        except OSError:  # an install that ships compiled modules alone: its version stands for them
            from steward import __version__

            content = __version__.encode()
        digest.update(name.encode() + b"\x00" + content + b"\x00")
    for brand in sorted((b.name, tuple(sorted(b.domains))) for b in classifier.brands):
        digest.update(repr(brand).encode())
    return digest.hexdigest()[:16]


@dataclass(frozen=True)
class RecheckReport:
    """What one re-check changed."""

    checked: int = 0
    marked: int = 0  # newly marked as phishing
    cleared: int = 0  # marks the rules, reading the source again, no longer give
    kept: int = 0  # marks kept because only the source could clear them and it could not be read
    recategorised: int = 0  # other categories changed (a bill now a statement)
    version: str = ""

    def to_json(self) -> dict[str, object]:
        """The report as `--json` prints it."""
        return {"checked": self.checked, "marked": self.marked, "cleared": self.cleared, "kept": self.kept,
                "recategorised": self.recategorised, "version": self.version}


def is_current(conn: sqlite3.Connection, classifier: Classifier) -> bool:
    """Whether the stored marks follow the current rules (an empty store's always do)."""
    return marks_version(conn) == rules_version(classifier) or not any_message(conn)


def ensure_current(conn: sqlite3.Connection, classifier: Classifier) -> RecheckReport | None:
    """Before mail comes in: re-mark the stored mail when the rules changed (None when nothing was due)."""
    version = rules_version(classifier)
    if marks_version(conn) == version:
        return None
    if not any_message(conn):
        set_marks_version(conn, version, _now())
        return None
    return recheck(conn, classifier)


def recheck(conn: sqlite3.Connection, classifier: Classifier, *, sources: bool = False) -> RecheckReport:
    """Re-mark every stored message with the current rules and stamp their version."""
    version = rules_version(classifier)
    checked = marked = cleared = kept = recategorised = 0
    changes: list[tuple[int, str]] = []
    for batch in stored_marks(conn):
        for row in batch:
            checked += 1
            new = _from_source(conn, row, classifier) if sources else None
            if new is None:
                new = _from_store(conn, row, classifier)
                if new != PHISHING and row.category == PHISHING:
                    # the mark may rest on what only the import read: the source alone can clear it
                    again = None if sources else _from_source(conn, row, classifier)
                    new = again or PHISHING
                    kept += again is None
            if new == row.category:
                continue
            changes.append((row.id, new))
            marked += new == PHISHING
            cleared += row.category == PHISHING
            recategorised += PHISHING not in (new, row.category)
    set_categories(conn, changes, version, _now())
    return RecheckReport(checked, marked, cleared, kept, recategorised, version)


def _from_store(conn: sqlite3.Connection, row: StoredMark, classifier: Classifier) -> str:
    context = MailContext(head=row.snippet, recipients=row.recipients, attachments=row.attachments)
    category = classifier.classify(row.sender, row.sender_name, row.subject, row.snippet, context=context)
    if category == PHISHING and stored_correspondent(conn, row.sender, row.received_at):
        context = dataclasses.replace(context, correspondent=True)
        category = classifier.classify(row.sender, row.sender_name, row.subject, row.snippet, context=context)
    return category


def _from_source(conn: sqlite3.Connection, row: StoredMark, classifier: Classifier) -> str | None:
    """The category of a message read again from a local source; None when none can give it."""
    from steward.errors import SourceGone
    from steward.mail.parse import ParseError, parse_message
    from steward.mail.reader import fetch_live
    from steward.store.messages import get_message

    message = get_message(conn, row.id)
    if message is None:
        return None
    try:
        raw, _ = fetch_live(conn, message)  # no server connection: a server's mail is not fetched here
        return classify_batch(conn, classifier, [parse_message(raw)])[0]
    except (SourceGone, ParseError):
        return None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def stale_count(conn: sqlite3.Connection, classifier: Classifier) -> int:
    """How many stored messages were marked by older rules (0 when the marks are current)."""
    if is_current(conn, classifier):
        return 0
    return message_count(conn)

