"""The YAML data files Steward ships read the same with libyaml's parser as with PyYAML's own."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from steward.yamldata import load_yaml

SHIPPED = sorted((Path(__file__).resolve().parent.parent / "src" / "steward").rglob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_file_reads_as_safe_load_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert load_yaml(text) == yaml.safe_load(text)


def test_a_tag_that_builds_an_object_is_refused() -> None:
    with pytest.raises(yaml.YAMLError):
        load_yaml("!!python/object/apply:os.system ['true']")

