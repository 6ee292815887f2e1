"""Intercepts: deterministic handlers for grounded, parseable turns (DESIGN.md principle 1).

Each is a small class with `match(turn) -> Match | None`, `handle(turn, match) -> Outcome` and
`resume(turn, question) -> Outcome | None` for the continuations it owns. They are built and ordered in
`steward.app.build_app`; each has a flag (`<name>_intercept`) that turns it off.
"""

from steward.assistant.intercepts.base import Intercept, Match

__all__ = ["Intercept", "Match"]
