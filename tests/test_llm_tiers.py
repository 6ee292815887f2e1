"""Tier settings: `PROVIDER BASE_URL MODEL`, the intent map, and the nearest configured tier."""

from __future__ import annotations

import pytest

from steward.errors import ConfigError
from steward.llm.tiers import TierConfig, parse_intent_tiers, parse_tier
from steward.settings import load


def test_parse_a_tier() -> None:
    spec = parse_tier("tier2", " ollama  http://127.0.0.1:11434/ qwen2.5:7b-instruct ")
    assert spec is not None
    assert (spec.provider, spec.base_url, spec.model) == ("ollama", "http://127.0.0.1:11434", "qwen2.5:7b-instruct")
    assert parse_tier("tier1", "llamacpp http://127.0.0.1:8080/v1 smollm2").provider == "openai"  # type: ignore
    assert parse_tier("tier3", "   ") is None


@pytest.mark.parametrize("text, needle", [
    ("ollama qwen", "expected 'PROVIDER BASE_URL MODEL'"),
    ("gemini http://x m", "unknown provider 'gemini'"),
    ("ollama 127.0.0.1:11434 qwen", "is not an http:// or https:// URL"),
])
def test_bad_tiers_name_the_setting(text: str, needle: str) -> None:
    with pytest.raises(ConfigError, match="setting llm.tier2") as info:
        parse_tier("tier2", text)
    assert needle in str(info.value)


def test_intent_map_defaults_and_overrides() -> None:
    config = TierConfig.from_settings(load(None, environ={}))
    assert not config.configured and config.spec_for("action") is None
    assert config.tier_for("action") == "tier2" and config.tier_for("general") == "tier1"
    assert config.tier_for("something_new") == "tier1"
    custom = TierConfig.from_settings(load(None, environ={"STEWARD_LLM_INTENT_TIERS": "general=tier3, *=tier2"}))
    assert custom.tier_for("general") == "tier3" and custom.tier_for("something_new") == "tier2"
    with pytest.raises(ConfigError, match="llm.intent_tiers: 'general:tier2'"):
        parse_intent_tiers(["general:tier2"])


def test_nearest_configured_tier_prefers_stronger_then_weaker() -> None:
    only2 = TierConfig.from_settings(load(None, environ={"STEWARD_LLM_TIER2": "ollama http://h:1 m2"}))
    assert only2.spec_for("general").tier == "tier2"  # type: ignore[union-attr]
    assert only2.spec_for("action").tier == "tier2"  # type: ignore[union-attr]
    assert only2.nearest("tier3").tier == "tier2"  # type: ignore[union-attr]
    both = TierConfig.from_settings(load(None, environ={"STEWARD_LLM_TIER1": "ollama http://h:1 m1",
                                                        "STEWARD_LLM_TIER3": "openai http://h:2/v1 m3"}))
    assert both.spec_for("action").tier == "tier3"  # type: ignore[union-attr]
    assert both.spec_for("help").tier == "tier1"  # type: ignore[union-attr]


def test_a_bad_tier_in_the_environment_is_one_line(cli, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("STEWARD_LLM_TIER2", "ollama qwen")
    config = TierConfig.from_settings
    with pytest.raises(ConfigError) as info:
        config(load(None))
    assert "\n" not in str(info.value) and "STEWARD" not in str(info.value)


def test_api_key_comes_from_the_named_variable() -> None:
    settings = load(None, environ={"STEWARD_LLM_API_KEY_ENV": "MY_KEY"})
    assert TierConfig.from_settings(settings, environ={"MY_KEY": "sk-1"}).api_key == "sk-1"
    assert "sk-1" not in repr(TierConfig.from_settings(settings, environ={"MY_KEY": "sk-1"}))
