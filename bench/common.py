"""Helpers shared by the benchmarks: where the evaluation data lives, timing, a temporary home."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def shared_data() -> Path | None:
    """`../shared/data` beside the checkout (or $STEWARD_SHARED_DATA); None when absent."""
    explicit = os.environ.get("STEWARD_SHARED_DATA")
    folder = Path(explicit) if explicit else ROOT.parent / "shared" / "data"
    return folder if folder.is_dir() else None


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    rank = max(0, min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1))))
    return ordered[rank]


def time_calls(fn: Callable[[], object], repeat: int) -> list[float]:
    """Milliseconds per call for `repeat` calls."""
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


def summary(ms: list[float]) -> str:
    return f"p50 {statistics.median(ms):.2f} ms, p95 {percentile(ms, 95):.2f} ms (n={len(ms)})"
