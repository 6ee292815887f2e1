"""Development and evaluation sets never share a sentence with the rules they score.

Which files are sets, and where their sentences are, is bench/data/sets.yaml: every file under
bench/data and tests/data must be listed there (a new set, a date set built from another parser's
suite say, is added to that list with its `kind`, `written` and `inputs`). A sentence of a
development or evaluation set, normalised (lower case, punctuation and apostrophes dropped, spacing
collapsed), may not be a rule's own phrase: a router exemplar or keyword, a phrase in any YAML
vocabulary under src/steward, a string in the code (templates, phrase tuples), or an example quoted
in a docstring or a comment. Mail (subjects and bodies) is checked whole and sentence by sentence.
"""

from __future__ import annotations

import ast
import functools
import io
import json
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
SET_DIRS = (ROOT / "bench" / "data", ROOT / "tests" / "data")
MANIFEST = ROOT / "bench" / "data" / "sets.yaml"
SRC = ROOT / "src" / "steward"
# files in the set folders that are not data (documentation and code are found by their suffix)
NOT_SETS = {"sets.yaml"}
KINDS = {"development", "evaluation", "fixture"}
MIN_WORDS = 3
MIN_SENTENCE_WORDS = 6

_APOSTROPHES = re.compile(r"['’‘`]")
_NON_WORD = re.compile(r"[\W_]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_QUOTED = re.compile(r"[\"“]([^\"“”\n]{3,}?)[\"”]")


def normalise(text: str) -> str:
    """Lower case, apostrophes dropped, every run of punctuation or space one space."""
    return " ".join(_NON_WORD.sub(" ", _APOSTROPHES.sub("", text.lower())).split())


def manifest() -> dict[str, dict[str, Any]]:
    sets: dict[str, dict[str, Any]] = yaml.safe_load(MANIFEST.read_text(encoding="utf-8"))["sets"]
    return sets


def strings(node: Any) -> Iterator[str]:
    """Every string value inside a YAML/JSON node (mapping values, list items), depth first."""
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings(item)


def select(node: Any, path: list[str]) -> Iterator[Any]:
    """The nodes a dotted path (keys, list indexes, `*`) reaches."""
    if not path:
        yield node
        return
    head, rest = path[0], path[1:]
    if head == "*":
        children = node.values() if isinstance(node, dict) else node if isinstance(node, list) else []
        for child in children:
            yield from select(child, rest)
    elif isinstance(node, dict) and head in node:
        yield from select(node[head], rest)
    elif isinstance(node, list) and head.isdigit() and int(head) < len(node):
        yield from select(node[int(head)], rest)


# libyaml's parser when PyYAML has it (ten times PyYAML's own on the sets' files); the same data either way
_YAML_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.cache
def load(path: Path) -> Any:
    """A data file's contents, read once a run (nothing here changes what it reads)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return json.loads(text) if path.suffix == ".json" else yaml.load(text, Loader=_YAML_LOADER)


def data_files() -> dict[str, Path]:
    """Every data file of the set folders by its name there ("date_suites/chrono_en.jsonl")."""
    return {str(p.relative_to(d)): p for d in SET_DIRS if d.is_dir() for p in sorted(d.rglob("*"))
            if p.is_file() and p.name not in NOT_SETS and p.suffix not in {".md", ".py", ".npz"}}


def declared() -> dict[str, dict[str, Any]]:
    """Each set's spec: its entry in sets.yaml over what the file declares at its top (kind, written_by)."""
    files = data_files()
    out: dict[str, dict[str, Any]] = {}
    for name, spec in manifest().items():
        top = load(files[name]) if name in files and files[name].suffix in {".yaml", ".yml"} else None
        own = {k: top[k] for k in ("kind", "written_by", "inputs") if k in top} if isinstance(top, dict) else {}
        if "written_by" in own:
            own["written"] = own.pop("written_by")
        out[name] = {**own, **(spec or {})}
    return out


def set_sentences(name: str, spec: dict[str, Any]) -> list[str]:
    data = load(data_files()[name])
    return [s for p in spec.get("inputs", []) for node in select(data, p.split(".")) for s in strings(node)]


def _python_phrases(path: Path) -> Iterator[str]:
    source = path.read_text(encoding="utf-8")
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
            yield from _QUOTED.findall(node.value)  # examples quoted in docstrings and messages
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            yield from _QUOTED.findall(token.string)


@functools.cache
def rule_phrases() -> dict[str, str]:
    """Normalised phrase -> where the rules hold it (router.yaml and every other YAML, code, docstrings)."""
    found: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.yaml")):
        for text in strings(yaml.load(path.read_text(encoding="utf-8"), Loader=_YAML_LOADER)):
            found.setdefault(normalise(text), str(path.relative_to(ROOT)))
    for path in sorted(SRC.rglob("*.py")):
        if _is_sample(path):
            continue
        for text in _python_phrases(path):
            found.setdefault(normalise(text), str(path.relative_to(ROOT)))
    found.pop("", None)
    return found


def _is_sample(path: Path) -> bool:
    """The sample mailbox's generators write demo mail; they are not rules."""
    return path.stem.startswith("sample") or "sample" in path.relative_to(SRC).parts[:-1]


def pieces(text: str) -> set[str]:
    """What of a text is checked: the text whole when it has MIN_WORDS words or more, and each
    sentence inside a longer text (mail) of MIN_SENTENCE_WORDS words or more. Shorter inputs
    ("inbox", "noon", "Boxing Day") are names and keywords a set cannot help sharing with the rules'
    word lists, and a short line of mail ("Will you attend?", "Payment due date:") is the very phrase
    mail of its kind carries, which is what the vocabulary lists."""
    out = {normalise(text)} if len(text.split()) >= MIN_WORDS else set()
    out.update(normalise(p) for p in _SENTENCE_END.split(text) if len(p.split()) >= MIN_SENTENCE_WORDS)
    return out


def test_every_file_under_the_data_folders_is_declared() -> None:
    sets, present = declared(), set(data_files())
    assert sorted(present - sets.keys()) == [], "add these to bench/data/sets.yaml"
    assert sorted(sets.keys() - present) == [], "bench/data/sets.yaml names files that are gone"
    for name, spec in sets.items():
        assert spec.get("kind") in KINDS, f"{name}: kind must be one of {sorted(KINDS)}"
        assert spec.get("written"), f"{name}: say who wrote it"
        if spec.get("overlap_check") is False:
            assert spec.get("why"), f"{name}: say why its sentences need no overlap check"
        if spec["kind"] != "fixture":
            assert set_sentences(name, spec), f"{name}: its inputs select no sentence"


@pytest.mark.parametrize("name", [n for n, s in declared().items()
                                  if s.get("kind") != "fixture" and s.get("overlap_check", True)])
def test_no_sentence_of_a_set_is_one_of_the_rules_phrases(name: str) -> None:
    rules = rule_phrases()
    shared = sorted({(piece, rules[piece]) for text in set_sentences(name, declared()[name])
                     for piece in pieces(text) if piece in rules})
    assert shared == [], (f"{name} shares sentences with the rules: {shared}. Quote a fresh example in the "
                          "rule (a rule is for a kind of language, not for a set's sentence), or, in a "
                          "development set, write a fresh sentence marked '# rewritten:'")


def test_the_check_sees_a_sentence_the_rules_hold() -> None:
    rules = rule_phrases()
    exemplar = yaml.safe_load((SRC / "assistant" / "router.yaml").read_text())["intents"]["calendar"]["exemplars"][0]
    assert normalise(exemplar.upper() + " ?!") in rules
    assert normalise("What's on my calendar — tomorrow?") == "whats on my calendar tomorrow"
