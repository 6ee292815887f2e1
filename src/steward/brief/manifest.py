"""The section manifest (`sections.yaml`): each section's slot, title, the words people use for it, its
options and what it says when empty. Pure: loading it reads a bundled file, nothing else.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from steward.brief.words import Phrase, words
from steward.errors import ConfigError
from steward.yamldata import read_data

OptionKind = Literal["days", "count", "categories"]
OptionValue = int | tuple[str, ...]


@dataclass(frozen=True)
class OptionSpec:
    """One option of a section: its kind, default and range (days, count) or values (categories)."""

    name: str
    kind: OptionKind
    default: OptionValue
    help: str = ""
    low: int = 1
    high: int = 366
    values: Mapping[str, tuple[Phrase, ...]] | None = None  # categories: value -> the words for it
    empty_means_all: bool = False  # categories: an empty list means every value (dues), not none (hide)

    def check(self, value: Any) -> OptionValue:
        """The value, typed and checked; a UserError saying what is allowed otherwise."""
        if self.kind == "categories":
            raw = [value] if isinstance(value, str) else list(value or ())
            allowed = tuple(self.values or {})
            out: list[str] = []
            for item in raw:
                name = str(item).strip().lower()
                if name not in allowed:
                    raise ConfigError(f"{self.name}: {item!r} is not one of {', '.join(allowed)}")
                if name not in out:
                    out.append(name)
            return tuple(out)
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise ConfigError(f"{self.name}: {value!r} is not a whole number") from None
        if not self.low <= number <= self.high:
            raise ConfigError(f"{self.name}: {number} is out of range; use {self.low} to {self.high}")
        return number

    def to_json(self) -> dict[str, Any]:
        """The option as JSON: its kind, default, help, and allowed values or bounds."""
        data: dict[str, Any] = {"kind": self.kind, "default": _jsonable(self.default), "help": self.help}
        if self.kind == "categories":
            data["values"] = list(self.values or {})
            data["empty_means"] = "all" if self.empty_means_all else "none"
        else:
            data["low"], data["high"] = self.low, self.high
        return data


@dataclass(frozen=True)
class SectionSpec:
    """One section of the brief as the manifest describes it."""

    slot: str
    title: str
    words: tuple[Phrase, ...]
    options: Mapping[str, OptionSpec]
    empty: str

    def defaults(self) -> dict[str, OptionValue]:
        """Each option of the section with its default value."""
        return {name: spec.default for name, spec in self.options.items()}


@dataclass(frozen=True)
class Manifest:
    """Every section, in the full brief's order."""

    sections: tuple[SectionSpec, ...]

    @property
    def slots(self) -> tuple[str, ...]:
        """The slot name of every section, in the full brief's order."""
        return tuple(s.slot for s in self.sections)

    def get(self, slot: str) -> SectionSpec:
        """The section named `slot` (its slot or a word for it); a UserError naming the choices otherwise."""
        for section in self.sections:
            if section.slot == slot:
                return section
        found = self.resolve(slot)
        if found is not None:
            return found
        raise ConfigError(f"no brief section {slot!r}; the sections are {', '.join(self.slots)}")

    def resolve(self, text: str) -> SectionSpec | None:
        """The section a user's words name ("bills" -> dues), or None."""
        norms = tuple(words(text.replace("_", " ")))
        if not norms:
            return None
        for section in self.sections:
            if norms == tuple(words(section.slot.replace("_", " "))) or norms in section.words:
                return section
        return None

    def section_phrases(self) -> list[tuple[Phrase, str]]:
        """(phrase, slot) for every word of every section, longest phrase first."""
        pairs = [(p, s.slot) for s in self.sections for p in s.words]
        pairs += [(tuple(words(s.slot.replace("_", " "))), s.slot) for s in self.sections]
        return sorted(set(pairs), key=lambda x: (-len(x[0]), x[0], x[1]))

    def value_phrases(self) -> list[tuple[Phrase, str, str, str]]:
        """(phrase, slot, option, value) for every category value's words, longest phrase first."""
        out: set[tuple[Phrase, str, str, str]] = set()
        for section in self.sections:
            for option in section.options.values():
                for value, phrases in (option.values or {}).items():
                    out.add((tuple(words(value.replace("_", " "))), section.slot, option.name, value))
                    out.update((p, section.slot, option.name, value) for p in phrases)
        return sorted(out, key=lambda x: (-len(x[0]), x[0], x[1], x[2]))

    def to_json(self) -> list[dict[str, Any]]:
        """Every section as JSON: its slot, title and options."""
        return [{"slot": s.slot, "title": s.title, "options": {n: o.to_json() for n, o in s.options.items()}}
                for s in self.sections]


def _jsonable(value: OptionValue) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _phrases(items: Iterable[Any]) -> tuple[Phrase, ...]:
    found = {tuple(words(str(item))) for item in items if str(item).strip()}
    return tuple(sorted(found, key=lambda p: (-len(p), p)))


def _option(name: str, raw: Any, where: str) -> OptionSpec:
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{where}: option {name} must be a table")
    kind = raw.get("kind")
    if kind not in ("days", "count", "categories"):
        raise ConfigError(f"{where}: option {name} has kind {kind!r}; use days, count or categories")
    if kind == "categories":
        values_raw = raw.get("values")
        if not isinstance(values_raw, Mapping) or not values_raw:
            raise ConfigError(f"{where}: option {name} needs a table of values")
        values = {str(v).lower(): _phrases(ws or ()) for v, ws in values_raw.items()}
        every = raw.get("empty_means") == "all"
        spec = OptionSpec(name, kind, (), str(raw.get("help", "")), values=values, empty_means_all=every)
        return OptionSpec(name, kind, spec.check(raw.get("default") or ()), spec.help, values=values,
                          empty_means_all=every)
    spec = OptionSpec(name, kind, 0, str(raw.get("help", "")), int(raw.get("low", 1)), int(raw.get("high", 366)))
    return OptionSpec(name, kind, spec.check(raw.get("default")), spec.help, spec.low, spec.high)


def manifest_from_mapping(data: Any, where: str = "sections.yaml") -> Manifest:
    """Build the manifest from parsed YAML; anything malformed is a ConfigError naming the place."""
    items = data.get("sections") if isinstance(data, Mapping) else None
    if not isinstance(items, Sequence) or not items:
        raise ConfigError(f"{where}: expected a `sections` list")
    sections: list[SectionSpec] = []
    for raw in items:
        if not isinstance(raw, Mapping) or not raw.get("slot") or not raw.get("title"):
            raise ConfigError(f"{where}: every section needs a slot and a title")
        slot = str(raw["slot"])
        options = {str(n): _option(str(n), o, f"{where}: {slot}") for n, o in (raw.get("options") or {}).items()}
        sections.append(SectionSpec(slot, str(raw["title"]), _phrases(raw.get("words") or ()), options,
                                    str(raw.get("empty", "Nothing to show."))))
    slots = [s.slot for s in sections]
    if len(set(slots)) != len(slots):
        raise ConfigError(f"{where}: a slot is listed twice")
    return Manifest(tuple(sections))


def load_manifest(path: Path | None = None) -> Manifest:
    """The manifest shipped with Steward, or the YAML file at `path`."""
    return _bundled() if path is None else _load(path)


@lru_cache(maxsize=1)
def _bundled() -> Manifest:
    return _load(None)


def _load(path: Path | None) -> Manifest:
    data, where = read_data("steward.brief", "sections.yaml", path)
    return manifest_from_mapping(data, where)
