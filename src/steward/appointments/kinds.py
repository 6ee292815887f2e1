"""The kinds of appointment people name ("the dentist") and the words that show each in a title.

Kept apart from the patterns that read appointment mail, so that a question which only needs the kinds
(events said by talking, a calendar target named by its kind) does not compile them.
"""

from __future__ import annotations

from importlib import resources

from steward.errors import ConfigError
from steward.yamldata import load_yaml


def load_kinds(text: str | None = None) -> dict[str, tuple[str, ...]]:
    """What people call appointments ("dentist") and the words that show it in a title ("dental")."""
    source = text if text is not None else (resources.files("steward.appointments") / "vocab.yaml").read_text(
        encoding="utf-8")
    data = load_yaml(source) or {}
    kinds = data.get("kinds") or {}
    if not isinstance(kinds, dict):
        raise ConfigError("appointments vocab.yaml: kinds must be a table of lists")
    return {str(k).casefold(): tuple(str(w).casefold() for w in (v or [])) for k, v in kinds.items()}
