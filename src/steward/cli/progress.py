"""A small progress bar on stderr for long jobs (import, index, sync)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Call with (done, total); redraws at most ten times a second. Silent when `enabled` is False."""

    def __init__(self, label: str, stream: TextIO | None = None, enabled: bool = True) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self._last = 0.0
        self._started = time.monotonic()
        self._drawn = False

    def __call__(self, done: int, total: int | None = None) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if now - self._last < 0.1 and (total is None or done < total):
            return
        self._last = now
        rate = done / max(now - self._started, 1e-6)
        if total:
            width = 30
            filled = int(width * min(done, total) / total)
            bar = "#" * filled + "-" * (width - filled)
            left = (total - done) / rate if rate > 0 and done < total else 0.0
            eta = f", {int(left // 60)}m{int(left % 60):02d}s left" if done and left >= 1 else ""
            line = f"\r{self.label} [{bar}] {done}/{total} ({rate:,.0f}/s{eta})"
        else:
            line = f"\r{self.label} {done} ({rate:,.0f}/s)"
        self.stream.write(line)
        self.stream.flush()
        self._drawn = True

    def finish(self) -> None:
        """End the progress line (nothing when none was drawn)."""
        if self.enabled and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
