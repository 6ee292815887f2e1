"""The institution registry: sender domains -> institution (name, kind, usual currency, date order).

The bundled list is `institutions.toml` beside this module; the user adds or replaces entries with
`[[finance.institutions]]` tables in config.toml. An entry with the name or a domain of a bundled
one replaces it. `Registry.lookup(sender)` is pure: the longest domain that the sender's domain is,
or ends with, wins (alerts.hdfcbank.net -> hdfcbank.net).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from steward.errors import ConfigError
from steward.finance.model import Institution
from steward.records.finance import KINDS

_ORDERS = ("mdy", "dmy")


@dataclass(frozen=True)
class Registry:
    """Institutions by domain."""

    institutions: tuple[Institution, ...]

    def __post_init__(self) -> None:
        by_domain: dict[str, Institution] = {}
        for inst in self.institutions:
            for domain in inst.domains:
                by_domain[domain] = inst
        object.__setattr__(self, "_by_domain", by_domain)

    def lookup(self, sender: str) -> Institution | None:
        """The institution a sender address belongs to, or None."""
        domain = sender.rpartition("@")[2].strip().lower().rstrip(".")
        table: dict[str, Institution] = self.__dict__["_by_domain"]
        while domain:
            found = table.get(domain)
            if found is not None:
                return found
            _, dot, domain = domain.partition(".")
            if not dot:
                return None
        return None

    def by_name(self, name: str) -> Institution | None:
        """The institution called `name` (case-insensitive), or None."""
        wanted = name.strip().lower()
        return next((i for i in self.institutions if i.name.lower() == wanted), None)


def institution_from(raw: Mapping[str, Any], where: str) -> Institution:
    """One registry entry, checked; a ConfigError naming the entry when it is wrong."""
    name = str(raw.get("name") or "").strip()
    if not name:
        raise ConfigError(f"{where}: an institution needs a name")
    domains = raw.get("domains")
    if isinstance(domains, str):
        domains = [domains]
    if not isinstance(domains, list) or not domains or not all(isinstance(d, str) and d.strip() for d in domains):
        raise ConfigError(f"{where}: institution {name!r} needs domains = [\"example.com\", ...]")
    kind = str(raw.get("kind") or "other")
    if kind not in KINDS:
        raise ConfigError(f"{where}: institution {name!r} has kind {kind!r}; use one of {', '.join(KINDS)}")
    currency = str(raw.get("currency") or "").strip().upper()
    if currency and (len(currency) != 3 or not currency.isalpha()):
        raise ConfigError(f"{where}: institution {name!r} has currency {currency!r}; use an ISO code like USD")
    order = str(raw.get("date_order") or "dmy").lower()
    if order not in _ORDERS:
        raise ConfigError(f"{where}: institution {name!r} has date_order {order!r}; use mdy or dmy")
    zone = str(raw.get("zone") or "").strip()
    if zone:
        from steward.clock import get_zone

        get_zone(zone)  # a ConfigError naming the zone when it is unknown
    unknown = set(raw) - {"name", "domains", "kind", "currency", "date_order", "zone"}
    if unknown:
        raise ConfigError(f"{where}: institution {name!r} has no field {sorted(unknown)[0]!r}")
    return Institution(name, tuple(d.strip().lower() for d in domains), kind,  # type: ignore[arg-type]
                       currency, order, zone)  # type: ignore[arg-type]


def bundled_institutions() -> tuple[Institution, ...]:
    """The institutions shipped with Steward."""
    text = (resources.files("steward.finance") / "institutions.toml").read_text(encoding="utf-8")
    data = tomllib.loads(text)
    return tuple(institution_from(raw, "institutions.toml") for raw in data.get("institution", []))


def merge(bundled: Iterable[Institution], overrides: Iterable[Institution]) -> tuple[Institution, ...]:
    """The bundled list with the user's entries on top (same name or a shared domain replaces)."""
    out = list(bundled)
    for extra in overrides:
        names = {extra.name.lower()}
        domains = set(extra.domains)
        out = [i for i in out if i.name.lower() not in names and not domains.intersection(i.domains)]
        out.append(extra)
    return tuple(out)


def build_registry(user_entries: Sequence[Any] = (), where: str = "config.toml") -> Registry:
    """The bundled registry with the `finance.institutions` entries from the user's config."""
    overrides = []
    for n, raw in enumerate(user_entries, start=1):
        if not isinstance(raw, Mapping):
            raise ConfigError(f"{where}: finance.institutions entry {n} must be a table")
        overrides.append(institution_from(raw, f"{where}: finance.institutions entry {n}"))
    return Registry(merge(bundled_institutions(), overrides))
