"""A helper process of `steward serve` (`serve.processes` above 1); the first process starts it.

It reads one JSON line on standard input (the listening socket's descriptor, the home, a pinned clock,
the token, its workers) and serves that socket until it is stopped: see `steward.web.run`.
"""

from __future__ import annotations

import json
import sys


def main() -> int:
    """Serve as `spec` on standard input says; the exit code."""
    from steward.web.run import serve_helper

    line = sys.stdin.readline()
    try:
        spec = json.loads(line) if line.strip() else None
    except json.JSONDecodeError:
        spec = None
    if not isinstance(spec, dict) or "port" not in spec:
        print("steward.web.helper: started without its settings; `steward serve` starts it", file=sys.stderr)
        return 2
    return serve_helper(spec)


if __name__ == "__main__":
    raise SystemExit(main())
