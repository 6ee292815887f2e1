"""Which configured model tier answers an intent (None: no model, the engine answers offline).

The intent map follows the llm issue's defaults: actions and the tool-using domains start on tier2,
the rest on tier1; an unconfigured tier falls to the nearest configured one, stronger first.
"""

from __future__ import annotations

from steward.settings import Settings

TIERS = ("tier1", "tier2", "tier3")
STRONG = frozenset({"action", "calendar", "communication", "finance"})


def tier_for(settings: Settings, intent: str) -> str | None:
    """The configured tier for `intent`, the nearest configured one, or None."""
    wanted = "tier2" if intent in STRONG else "tier1"
    configured = [t for t in TIERS if settings.as_str(f"llm.{t}").strip()]
    if not configured:
        return None
    index = TIERS.index(wanted)
    for name in list(TIERS[index:]) + list(reversed(TIERS[:index])):
        if name in configured:
            return name
    return None
