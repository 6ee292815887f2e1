"""Reading the YAML data files Steward ships (vocabulary, patterns, phrases, the router's exemplars).

PyYAML's own parser is written in Python; its libyaml one is about ten times faster on these files
(all of them: 0.13 s against 0.014 s of CPU), and a chat turn reads most of them before it answers. Both
give the same values (tests/test_yamldata.py reads every shipped file with each). Where PyYAML was built
without libyaml, the Python parser reads them. Errors are `yaml.YAMLError` either way.
"""

from __future__ import annotations

from typing import Any


def load_yaml(text: str) -> Any:
    """The value of one YAML document, read as `yaml.safe_load` reads it (plain data, no tags)."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 (a safe loader)
