"""The text of a message's PDF statements, read with `pypdf` from bytes fetched live (never stored)."""

from __future__ import annotations

import email
import email.policy
import io
import logging
from dataclasses import dataclass

log = logging.getLogger(__name__)

MAX_PAGES = 6
MAX_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class PdfText:
    """The text of one PDF attachment, or why it could not be read."""

    name: str
    text: str
    error: str = ""


def pdf_texts(raw: bytes) -> list[PdfText]:
    """The text of every PDF attached to the message `raw` (the first pages of each)."""
    msg = email.message_from_bytes(raw, policy=email.policy.compat32)
    out = []
    for part in msg.walk():
        if part.is_multipart():
            continue
        name = part.get_filename() or ""
        if part.get_content_type() != "application/pdf" and not name.lower().endswith(".pdf"):
            continue
        data = part.get_payload(decode=True)
        if not isinstance(data, bytes) or not data:
            out.append(PdfText(name, "", "the PDF is empty"))
            continue
        out.append(read_pdf(data, name))
    return out


def read_pdf(data: bytes, name: str = "") -> PdfText:
    """The text of one PDF; an unreadable or encrypted PDF gives its reason instead."""
    if len(data) > MAX_BYTES:
        return PdfText(name, "", "the PDF is larger than 20 MB")
    from pypdf import PdfReader
    from pypdf.errors import PyPdfError

    try:
        reader = PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            return PdfText(name, "", "the PDF is password-protected")
        pages = [page.extract_text() or "" for page in reader.pages[:MAX_PAGES]]
    except (PyPdfError, ValueError, KeyError, TypeError, OSError) as exc:
        log.debug("cannot read PDF %s: %s", name, exc)
        return PdfText(name, "", f"the PDF cannot be read ({type(exc).__name__})")
    return PdfText(name, "\n".join(pages))
