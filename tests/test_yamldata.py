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



@pytest.fixture
def kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder for the kept values, with byte-code writing on (as a person's Python has it)."""
    import sys

    import steward.yamldata as yamldata

    monkeypatch.setattr(yamldata, "KEPT", str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    return tmp_path


def _no_parser(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("the YAML parser was asked")

    monkeypatch.setattr(yaml, "load", refuse)


def test_a_text_read_once_is_read_back_without_the_parser(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "verbs:\n  - move\n  - push back\nhours: {morning: 9}\n"
    assert load_yaml(text) == {"verbs": ["move", "push back"], "hours": {"morning": 9}}
    assert len(list(kept.iterdir())) == 1
    _no_parser(monkeypatch)
    again = load_yaml(text)
    assert again == {"verbs": ["move", "push back"], "hours": {"morning": 9}}
    again["verbs"].append("shift")  # each reader gets its own value
    assert load_yaml(text)["verbs"] == ["move", "push back"]


def test_a_changed_text_is_read_again(kept: Path) -> None:
    assert load_yaml("nouns: [meeting]\n") == {"nouns": ["meeting"]}
    assert load_yaml("nouns: [meeting, booking]\n") == {"nouns": ["meeting", "booking"]}
    assert len(list(kept.iterdir())) == 2


def test_a_kept_file_of_another_text_or_cut_short_is_not_used(kept: Path) -> None:
    import steward.yamldata as yamldata

    text = "verbs: [cancel]\n"
    load_yaml(text)
    (where,) = kept.iterdir()
    where.write_bytes(__import__("marshal").dumps(("verbs: [delete]\n", {"verbs": ["delete"]})))
    assert load_yaml(text) == {"verbs": ["cancel"]}
    where.write_bytes(where.read_bytes()[:7])
    assert load_yaml(text) == {"verbs": ["cancel"]}
    assert yamldata._read_kept(str(where), text)[0]  # read again and kept whole


def test_nothing_is_kept_without_byte_code_or_for_a_date(kept: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import datetime
    import sys

    assert load_yaml("since: 2026-12-05\n") == {"since": datetime.date(2026, 12, 5)}
    assert list(kept.iterdir()) == []
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    assert load_yaml("verbs: [skip]\n") == {"verbs": ["skip"]}
    assert list(kept.iterdir()) == []
