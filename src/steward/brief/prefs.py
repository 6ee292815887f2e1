"""The user's brief prefs: an overlay on the manifest, kept as JSON under the data dir, with undo.

The overlay records only what the user said: the slots they placed (in order), the slots they
removed, and the options they set. With no file the brief is the full manifest, so nothing changes
until the user configures it; a section the manifest gains later appears at the end unless removed.

    DATA_DIR/brief/prefs.json   {"version": 1, "prefs": {...}, "history": [{"prefs": {...}, "change": "..."}]}

The history holds the prefs before each change (the newest last, at most `HISTORY` of them), so
`undo` steps back one change at a time. The file is replaced atomically.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from steward.brief.manifest import Manifest, OptionValue
from steward.errors import ConfigError, UserError

HISTORY = 50
VERSION = 1


@dataclass(frozen=True)
class Position:
    """Where a section goes: first, last, before or after another slot, or at a 1-based index."""

    kind: Literal["first", "last", "before", "after", "index"]
    ref: str = ""
    index: int = 0

    def label(self) -> str:
        """The place in words: "first", "before mail", "at place 2"."""
        if self.kind in ("before", "after"):
            return f"{self.kind} {self.ref}"
        if self.kind == "index":
            return f"at place {self.index}"
        return self.kind

    def to_json(self) -> dict[str, Any]:
        """The place as JSON: its kind, the section it is relative to, and its index."""
        return {"kind": self.kind, "ref": self.ref or None, "index": self.index or None}


@dataclass(frozen=True)
class PlacedSection:
    """A section the brief shows, with its effective options (manifest defaults under the user's)."""

    slot: str
    title: str
    options: Mapping[str, OptionValue]

    def to_json(self) -> dict[str, Any]:
        """The placed section as JSON: its slot, title and options."""
        return {"slot": self.slot, "title": self.title,
                "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options.items()}}


@dataclass(frozen=True)
class Prefs:
    """The overlay: placed slots in order, removed slots, and options set per slot."""

    order: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    options: Mapping[str, Mapping[str, OptionValue]] = field(default_factory=dict)

    @property
    def is_default(self) -> bool:
        """True when the prefs change nothing: the full brief in its usual order and options."""
        return not self.order and not self.removed and not any(self.options.values())

    def slots(self, manifest: Manifest) -> tuple[str, ...]:
        """The slots shown, in order."""
        known = manifest.slots
        placed = [s for s in dict.fromkeys(self.order) if s in known and s not in self.removed]
        rest = [s for s in known if s not in placed and s not in self.removed]
        return tuple(placed + rest)

    def sections(self, manifest: Manifest) -> tuple[PlacedSection, ...]:
        """The sections shown, in order, with their effective options."""
        out = []
        for slot in self.slots(manifest):
            spec = manifest.get(slot)
            options = spec.defaults()
            for name, value in (self.options.get(slot) or {}).items():
                if name in spec.options:
                    options[name] = value
            out.append(PlacedSection(slot, spec.title, options))
        return tuple(out)

    # -- changes (pure: each returns new prefs) ---------------------------------------------------

    def with_added(self, slot: str, manifest: Manifest, position: Position | None = None) -> Prefs:
        """`slot` shown (where `position` says, else where it was or at its manifest place)."""
        prefs = replace(self, removed=tuple(s for s in self.removed if s != slot))
        return prefs.with_moved(slot, position, manifest) if position is not None else prefs

    def with_removed(self, slot: str) -> Prefs:
        """These prefs with `slot` left out of the brief."""
        return replace(self, removed=tuple(dict.fromkeys((*self.removed, slot))),
                       order=tuple(s for s in self.order if s != slot))

    def with_moved(self, slot: str, position: Position, manifest: Manifest) -> Prefs:
        """`slot` shown at `position`; every shown slot is then placed explicitly, so the order holds."""
        shown = [s for s in self.with_added(slot, manifest).slots(manifest) if s != slot]
        if position.kind == "first":
            at = 0
        elif position.kind == "last":
            at = len(shown)
        elif position.kind == "index":
            at = max(0, min(position.index - 1, len(shown)))
        else:
            if position.ref == slot:
                raise UserError(f"cannot put {slot} {position.kind} itself")
            if position.ref not in shown:
                raise UserError(f"{position.ref} is not in the brief, so {slot} cannot go {position.kind} it")
            at = shown.index(position.ref) + (1 if position.kind == "after" else 0)
        shown.insert(at, slot)
        return replace(self, order=tuple(shown), removed=tuple(s for s in self.removed if s != slot))

    def with_options(self, slot: str, values: Mapping[str, OptionValue]) -> Prefs:
        """These prefs with `values` set on the options of `slot`."""
        options = {k: dict(v) for k, v in self.options.items()}
        options.setdefault(slot, {}).update(values)
        return replace(self, options={k: v for k, v in options.items() if v})

    # -- JSON ----------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The prefs as JSON: the order, the sections left out, and each section's options."""
        return {"order": list(self.order), "removed": list(self.removed),
                "options": {slot: {k: list(v) if isinstance(v, tuple) else v for k, v in opts.items()}
                            for slot, opts in self.options.items()}}

    @classmethod
    def from_json(cls, data: Any, manifest: Manifest, where: str) -> Prefs:
        """Prefs from their JSON; an unknown slot or option is dropped, a bad value is a ConfigError."""
        if not isinstance(data, Mapping):
            raise ConfigError(f"{where}: the prefs are not a JSON object")
        known = set(manifest.slots)
        order = tuple(str(s) for s in data.get("order") or () if str(s) in known)
        removed = tuple(str(s) for s in data.get("removed") or () if str(s) in known)
        options: dict[str, dict[str, OptionValue]] = {}
        raw_options = data.get("options") or {}
        if not isinstance(raw_options, Mapping):
            raise ConfigError(f"{where}: `options` must be an object")
        for slot, values in raw_options.items():
            if slot not in known or not isinstance(values, Mapping):
                continue
            spec = manifest.get(str(slot))
            for name, value in values.items():
                if name in spec.options:
                    try:
                        options.setdefault(str(slot), {})[str(name)] = spec.options[name].check(value)
                    except UserError as exc:
                        raise ConfigError(f"{where}: {slot}.{exc.message}") from None
        return cls(order, removed, options)


@dataclass(frozen=True)
class Saved:
    """The prefs file's whole content: the prefs and what they were before each change."""

    prefs: Prefs
    history: tuple[tuple[Prefs, str], ...] = ()


class PrefsFile:
    """The prefs overlay on disk (`DATA_DIR/brief/prefs.json`)."""

    def __init__(self, path: Path, manifest: Manifest) -> None:
        self.path = path
        self.manifest = manifest

    def load(self) -> Saved:
        """The saved prefs, or the default (the full brief) when there is no file yet."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return Saved(Prefs())
        except (OSError, UnicodeDecodeError) as exc:
            raise ConfigError(f"cannot read the brief prefs at {self.path}: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{self.path}: not valid JSON ({exc.msg} at line {exc.lineno}); "
                              "fix it or delete it to get the full brief back") from None
        if not isinstance(data, Mapping):
            raise ConfigError(f"{self.path}: expected a JSON object")
        where = str(self.path)
        prefs = Prefs.from_json(data.get("prefs") or {}, self.manifest, where)
        history = tuple(
            (Prefs.from_json(h.get("prefs") or {}, self.manifest, where), str(h.get("change", "")))
            for h in data.get("history") or () if isinstance(h, Mapping)
        )
        return Saved(prefs, history[-HISTORY:])

    def save(self, saved: Saved) -> None:
        """Replace the file atomically (a reader sees the old prefs or the new ones, never half)."""
        data = {"version": VERSION, "prefs": saved.prefs.to_json(),
                "history": [{"prefs": p.to_json(), "change": c} for p, c in saved.history[-HISTORY:]]}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".prefs-", suffix=".json", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, indent=2, sort_keys=True)
                fh.write("\n")
            os.replace(tmp, self.path)
        except OSError as exc:
            raise ConfigError(f"cannot write the brief prefs at {self.path}: {exc.strerror or exc}") from None
