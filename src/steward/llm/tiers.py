"""Model tiers: which model answers which kind of turn.

Each of `llm.tier1`, `llm.tier2`, `llm.tier3` is one string `PROVIDER BASE_URL MODEL`:

    ollama http://127.0.0.1:11434 qwen2.5:7b-instruct
    openai http://127.0.0.1:8080/v1 smollm2

An empty tier is not configured; no tier at all is a normal state (the engine answers offline).
`llm.intent_tiers` maps a routed intent to a tier (`action=tier2`, `*=tier1` for the rest). When the
mapped tier is empty, the nearest configured one answers: first the stronger tiers, then the weaker,
because a person who configured one model expects it to be used.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from steward.errors import ConfigError
from steward.settings import Settings

if TYPE_CHECKING:
    from steward.llm.messages import ChatModel

TIER_NAMES = ("tier1", "tier2", "tier3")
PROVIDERS = {
    "ollama": "ollama",
    "openai": "openai",
    "openai-compatible": "openai",
    "llamacpp": "openai",
    "llama.cpp": "openai",
    "vllm": "openai",
    "lmstudio": "openai",
}
# the intent -> tier map, documented in the README's "Connecting a model": actions and the domains whose
# turns call tools start on tier2 (ADR-0103 Layer 2); `task` is the reminder-text summary; the rest is light.
DEFAULT_INTENT_TIERS = (
    "action=tier2", "calendar=tier2", "communication=tier2", "finance=tier2", "task=tier2",
    "brief=tier1", "system=tier1", "help=tier1", "general=tier1", "*=tier1",
)


@dataclass(frozen=True)
class TierSpec:
    """One configured tier: which server speaks which protocol, and the model's name there."""

    tier: str
    provider: str
    base_url: str
    model: str

    def to_json(self) -> dict[str, str]:
        """The tier as JSON (never an API key)."""
        return {"tier": self.tier, "provider": self.provider, "base_url": self.base_url, "model": self.model}


def parse_tier(tier: str, text: str) -> TierSpec | None:
    """`PROVIDER BASE_URL MODEL` as a TierSpec; empty is None; anything else is a ConfigError."""
    parts = text.split()
    if not parts:
        return None
    usage = (f"setting llm.{tier}: expected 'PROVIDER BASE_URL MODEL' "
             f"(e.g. 'ollama http://127.0.0.1:11434 qwen2.5:7b-instruct'), got {text.strip()!r}")
    if len(parts) != 3:
        raise ConfigError(usage)
    provider, base_url, model = parts
    kind = PROVIDERS.get(provider.lower())
    if kind is None:
        raise ConfigError(f"setting llm.{tier}: unknown provider {provider!r}; use ollama or openai")
    if not base_url.startswith(("http://", "https://")):
        raise ConfigError(f"setting llm.{tier}: {base_url!r} is not an http:// or https:// URL; {usage}")
    return TierSpec(tier=tier, provider=kind, base_url=base_url.rstrip("/"), model=model)


def parse_intent_tiers(items: Sequence[str]) -> dict[str, str]:
    """`["action=tier2", "*=tier1"]` as a dict; a bad item is a ConfigError naming it."""
    out: dict[str, str] = {}
    for item in items:
        intent, sep, tier = str(item).partition("=")
        intent, tier = intent.strip(), tier.strip()
        if not sep or not intent or tier not in TIER_NAMES:
            raise ConfigError(f"setting llm.intent_tiers: {item!r} should be INTENT=tier1|tier2|tier3")
        out[intent] = tier
    return out


@dataclass(frozen=True)
class TierConfig:
    """The configured tiers and the intent map, from settings."""

    tiers: Mapping[str, TierSpec]
    intent_tiers: Mapping[str, str]
    timeout: float = 60.0
    retries: int = 2
    max_tokens: int = 0
    api_key: str = field(default="", repr=False)

    @classmethod
    def from_settings(cls, settings: Settings, environ: Mapping[str, str] | None = None) -> TierConfig:
        """Parse every tier setting; errors name the setting."""
        environ = os.environ if environ is None else environ
        tiers = {}
        for name in TIER_NAMES:
            spec = parse_tier(name, settings.as_str(f"llm.{name}"))
            if spec is not None:
                tiers[name] = spec
        mapping = parse_intent_tiers(DEFAULT_INTENT_TIERS)
        mapping.update(parse_intent_tiers(settings.as_list("llm.intent_tiers")))
        key_env = settings.as_str("llm.api_key_env")
        return cls(tiers=tiers, intent_tiers=mapping, timeout=settings.as_float("llm.timeout"),
                   retries=settings.as_int("llm.retries"), max_tokens=settings.as_int("llm.max_tokens"),
                   api_key=environ.get(key_env, "") if key_env else "")

    @property
    def configured(self) -> bool:
        """Whether any model tier is configured."""
        return bool(self.tiers)

    def tier_for(self, intent: str) -> str:
        """The tier the map names for `intent` (configured or not)."""
        return self.intent_tiers.get(intent) or self.intent_tiers.get("*", "tier1")

    def spec_for(self, intent: str) -> TierSpec | None:
        """The configured tier that answers `intent`, or None when no tier is configured."""
        return self.nearest(self.tier_for(intent))

    def nearest(self, tier: str) -> TierSpec | None:
        """`tier` if configured, else the next stronger configured tier, else the next weaker."""
        index = TIER_NAMES.index(tier)
        order = list(TIER_NAMES[index:]) + list(reversed(TIER_NAMES[:index]))
        for name in order:
            if name in self.tiers:
                return self.tiers[name]
        return None

    def model(self, spec: TierSpec) -> ChatModel:
        """A client for `spec`."""
        return make_model(spec, timeout=self.timeout, retries=self.retries, max_tokens=self.max_tokens,
                          api_key=self.api_key)


def make_model(spec: TierSpec, *, timeout: float = 60.0, retries: int = 2, max_tokens: int = 0, api_key: str = "",
               **kw: Any) -> ChatModel:
    """The client that speaks `spec.provider`'s protocol."""
    where = f"llm.{spec.tier}"
    if spec.provider == "ollama":
        from steward.llm.ollama import OllamaModel

        return OllamaModel(spec.base_url, spec.model, timeout=timeout, retries=retries, where=where,
                           max_tokens=max_tokens, **kw)
    from steward.llm.openai import OpenAIModel

    return OpenAIModel(spec.base_url, spec.model, timeout=timeout, retries=retries, where=where,
                       max_tokens=max_tokens, api_key=api_key, **kw)
