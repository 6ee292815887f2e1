"""`configure_brief`, the pure half: a config request applied to the prefs, and the sentence saying so.

The request is what the user asked for, already resolved to manifest slots and option values (by
`brief.phrases` from chat, by the CLI's arguments, or by the `configure_brief` loop tool). `apply` is
pure; `BriefService.configure` writes the result and its audit entry (the one write path).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from steward.brief.manifest import Manifest, OptionSpec, OptionValue
from steward.brief.prefs import PlacedSection, Position, Prefs
from steward.errors import UserError

Op = Literal["add", "remove", "move", "options", "show", "undo", "reset"]
OPS: tuple[str, ...] = ("add", "remove", "move", "options", "show", "undo", "reset")
WRITES = frozenset({"add", "remove", "move", "options", "undo", "reset"})


@dataclass(frozen=True)
class OptionChange:
    """One option change: `set` replaces the value; `include` / `exclude` add or take out category values."""

    option: str
    mode: Literal["set", "include", "exclude"]
    value: OptionValue

    def to_json(self) -> dict[str, Any]:
        """The change as JSON: the option, how it changes, and the value."""
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return {"option": self.option, "mode": self.mode, "value": value}


@dataclass(frozen=True)
class ConfigRequest:
    """What to change in the brief: an operation on a slot, a position, option changes."""

    op: Op
    slot: str | None = None
    position: Position | None = None
    changes: tuple[OptionChange, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The request as JSON: the operation, the section, the place and the option changes."""
        return {"op": self.op, "slot": self.slot,
                "position": self.position.to_json() if self.position else None,
                "changes": [c.to_json() for c in self.changes]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ConfigRequest:
        """The request `to_json` wrote (a held tool call's resolved arguments)."""
        op = str(data.get("op"))
        if op not in OPS:
            raise UserError(f"unknown brief config operation {op!r} ({', '.join(OPS)})")
        raw = data.get("position")
        position = None
        if isinstance(raw, Mapping):
            position = Position(raw.get("kind") or "first", str(raw.get("ref") or ""), int(raw.get("index") or 0))
        changes = tuple(
            OptionChange(str(c["option"]), c["mode"], tuple(c["value"]) if isinstance(c["value"], list) else c["value"])
            for c in data.get("changes") or ())
        return cls(op, data.get("slot"), position, changes)  # type: ignore[arg-type]


@dataclass(frozen=True)
class ConfigResult:
    """What a config request did: the prefs before and after and a sentence for the user."""

    request: ConfigRequest
    changed: bool
    message: str
    before: Prefs
    after: Prefs
    sections: tuple[PlacedSection, ...]
    dry_run: bool = False

    def to_json(self) -> dict[str, Any]:
        """The result as JSON: the request, whether it changed, the message, the new prefs and sections."""
        return {"request": self.request.to_json(), "changed": self.changed, "message": self.message,
                "dry_run": self.dry_run, "prefs": self.after.to_json(),
                "sections": [s.to_json() for s in self.sections]}


def parse_position(text: str, manifest: Manifest) -> Position | None:
    """ "first", "last", "2", "before inbox", "after my schedule" -> a Position (None for ""); a UserError
    otherwise. The one reader of a typed place: the CLI, the web page and the loop tool use it."""
    words = text.strip().lower().split()
    if not words:
        return None
    if len(words) == 1 and words[0] in ("first", "top"):
        return Position("first")
    if len(words) == 1 and words[0] in ("last", "bottom", "end"):
        return Position("last")
    if len(words) == 1 and words[0].isdigit():
        return Position("index", index=int(words[0]))
    if words[0] in ("before", "after") and len(words) > 1:
        return Position(words[0], ref=manifest.get(" ".join(words[1:])).slot)  # type: ignore[arg-type]
    raise UserError(f"place {text.strip()!r}: use first, last, a number, 'before SECTION' or 'after SECTION'")


def option_changes(*, window_days: int | None = None, categories: Sequence[str] | None = None,
                   hide: Sequence[str] | None = None, count: int | None = None) -> tuple[OptionChange, ...]:
    """The options a CLI, web or tool call sets (None leaves one as it is; [] clears a list)."""
    out: list[OptionChange] = []
    if window_days is not None:
        out.append(OptionChange("window_days", "set", window_days))
    if categories is not None:
        out.append(OptionChange("categories", "set", tuple(categories)))
    if hide is not None:
        out.append(OptionChange("hide", "set", tuple(hide)))
    if count is not None:
        out.append(OptionChange("count", "set", count))
    return tuple(out)


def _changed_value(spec: OptionSpec, current: OptionValue, change: OptionChange) -> OptionValue:
    value = spec.check(change.value)
    if spec.kind != "categories" or change.mode == "set":
        return value
    assert isinstance(current, tuple) and isinstance(value, tuple)
    if change.mode == "include":
        if spec.empty_means_all and not current:
            return current  # empty means every value already: including one changes nothing
        return tuple(dict.fromkeys((*current, *value)))
    if spec.empty_means_all and not current:  # every value but these
        current = tuple(spec.values or {})
    return tuple(v for v in current if v not in value)


def option_values(prefs: Prefs, manifest: Manifest, slot: str,
                  changes: Sequence[OptionChange]) -> dict[str, OptionValue]:
    """The options of `slot` after `changes` (a UserError for an option the section does not have)."""
    spec = manifest.get(slot)
    current = {**spec.defaults(), **(prefs.options.get(slot) or {})}
    out: dict[str, OptionValue] = {}
    for change in changes:
        option = spec.options.get(change.option)
        if option is None:
            have = ", ".join(spec.options) or "none"
            raise UserError(f"the {slot} section has no option {change.option!r} (its options: {have})")
        current[change.option] = out[change.option] = _changed_value(option, current[change.option], change)
    return out


def apply(prefs: Prefs, request: ConfigRequest, manifest: Manifest) -> tuple[Prefs, str]:
    """The prefs after `request` (add, remove, move, options; show changes nothing) and what was done."""
    if request.op == "show":
        return prefs, describe(prefs.sections(manifest), manifest)
    if request.op == "reset":
        return Prefs(), "Your brief is back to the full brief."
    if request.slot is None:
        raise UserError(f"say which section to {request.op} ({', '.join(manifest.slots)})")
    spec = manifest.get(request.slot)
    slot, title = spec.slot, spec.title
    shown = prefs.slots(manifest)
    after = prefs
    said: list[str] = []
    if request.op == "add":
        if slot in shown and request.position is None and not request.changes:
            # already there: surface it, so the user sees what they asked to see
            after = prefs.with_moved(slot, Position("first"), manifest)
            said.append(f"{title} was already in your brief; it now comes first")
        else:
            after = prefs.with_added(slot, manifest, request.position)
            if slot not in shown:
                said.append(f"Added {title} to your brief")
            elif request.position is not None:
                said.append(f"Moved {title} {request.position.label()}")
    elif request.op == "remove":
        if slot not in shown:
            return prefs, f"{title} is not in your brief."
        after = prefs.with_removed(slot)
        said.append(f"Removed {title} from your brief")
    elif request.op == "move":
        if request.position is None:
            raise UserError(f"say where to move {slot}: first, last, before or after another section")
        after = prefs.with_moved(slot, request.position, manifest)
        said.append(f"Moved {title} {request.position.label()}" if slot in shown
                    else f"Added {title} to your brief, {request.position.label()}")
    if request.changes:
        values = option_values(after, manifest, slot, request.changes)
        after = after.with_options(slot, values)
        if slot not in after.slots(manifest):
            after = after.with_added(slot, manifest)
        said.append(f"{title}: {option_label(spec.options, values)}")
    if after == prefs or after.sections(manifest) == prefs.sections(manifest):
        return prefs, f"Your brief already shows that ({describe_one(slot, prefs, manifest)})."
    place = after.slots(manifest)
    where = f" (now {_ordinal(place.index(slot) + 1)} of {len(place)})" if slot in place else ""
    return after, "; ".join(said) + where + "."


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def option_label(specs: Any, values: Any) -> str:
    """ "next 7 days, only insurance and rent" — options as a person reads them."""
    parts: list[str] = []
    for name, value in values.items():
        spec = specs.get(name)
        if spec is None:
            continue
        if spec.kind == "days":
            parts.append(f"next {value} day{'s' if value != 1 else ''}")
        elif spec.kind == "count":
            parts.append(f"first {value} item{'s' if value != 1 else ''}")
        elif spec.empty_means_all:
            parts.append(f"only {_and(value)}" if value else "every kind")
        elif value:
            parts.append(f"hiding {_and(value)}")
    return ", ".join(parts)


def _and(values: Sequence[str]) -> str:
    names = [v.replace("_", " ") for v in values]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def describe_one(slot: str, prefs: Prefs, manifest: Manifest) -> str:
    """One section as the prefs have it: title, place, options; or that it is not shown."""
    for i, section in enumerate(prefs.sections(manifest), 1):
        if section.slot == slot:
            label = option_label(manifest.get(slot).options, section.options)
            return f"{section.title} is {_ordinal(i)}" + (f", {label}" if label else "")
    return f"{manifest.get(slot).title} is not in your brief"


def describe(sections: Sequence[PlacedSection], manifest: Manifest) -> str:
    """The brief's sections in order with their options, and what is left out."""
    if not sections:
        return "Your brief has no sections; say e.g. \"add my schedule to my brief\"."
    lines = ["Your brief shows, in this order:"]
    for i, section in enumerate(sections, 1):
        label = option_label(manifest.get(section.slot).options, section.options)
        lines.append(f"{i}. {section.title}" + (f" ({label})" if label else ""))
    left = [manifest.get(s).title for s in manifest.slots if s not in {x.slot for x in sections}]
    if left:
        lines.append("Not shown: " + ", ".join(left) + ".")
    return "\n".join(lines)
