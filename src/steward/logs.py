"""Log lines that tell the truth: whatever a client or a mail sent is escaped before it is written.

A request path, a header or an error message can carry a newline (which would start a line that looks
like Steward's own), a terminal escape (which would redraw the reader's screen), a NUL or a character
that reverses the text around it. `SafeFormatter` writes every such character as a visible escape
(`\\n`, `\\x1b`, `\\u202e`), and a traceback's lines each begin with `  | `, so no line of the log
that does not begin with a time and a level was written as a record of its own.
"""

from __future__ import annotations

import logging
import re
import sys

# C0 and C1 controls, DEL, the Unicode line and paragraph separators, and the bidirectional overrides
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
DATE_FORMAT = "%H:%M:%S"


def _visible(match: re.Match[str]) -> str:
    ch = match.group()
    return _NAMED.get(ch) or (f"\\x{ord(ch):02x}" if ord(ch) < 0x100 else f"\\u{ord(ch):04x}")


def escape(text: str) -> str:
    """`text` with every control, line-breaking and direction-changing character written as an escape."""
    return _UNSAFE.sub(_visible, text)


class SafeFormatter(logging.Formatter):
    """A formatter whose every record is one line, escaped; a traceback follows on lines marked `  | `."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as one escaped line, then its traceback or stack (if any) on marked lines."""
        record.message = record.getMessage()
        if self.usesTime():
            record.asctime = self.formatTime(record, self.datefmt)
        line = escape(self.formatMessage(record))
        blocks = []
        if record.exc_info and not record.exc_text:
            record.exc_text = self.formatException(record.exc_info)
        if record.exc_text:
            blocks.append(record.exc_text)
        if record.stack_info:
            blocks.append(self.formatStack(record.stack_info))
        for block in blocks:
            line += "".join(f"\n  | {escape(part)}" for part in block.splitlines())
        return line


def configure(verbose: bool, stream: object = None) -> None:
    """Every record of the process to `stream` (stderr) through `SafeFormatter`: DEBUG with `verbose`,
    else INFO (mail-derived text is logged at DEBUG only)."""
    handler = logging.StreamHandler(stream or sys.stderr)  # type: ignore[arg-type]
    handler.setFormatter(SafeFormatter(FORMAT, DATE_FORMAT))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
