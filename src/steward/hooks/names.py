"""Pure parts of session names: the words (session_names.yaml), minting a title, spotting the title
block in text, and recognising a coordination command in a tool call. No I/O beyond reading the YAML.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path, PurePath
from typing import Any

from steward.errors import UserError


@dataclass(frozen=True)
class NameWords:
    """The feature's wording and word lists."""

    block: str
    mint: str
    reminder: str
    resume: str
    suggest: str
    coordination_tools: frozenset[str]
    commands: frozenset[str]
    shell_tools: frozenset[str]
    max_words: int
    max_chars: int
    lead_in: tuple[tuple[str, ...], ...]
    tail: frozenset[str]

    def block_for(self, title: str) -> str:
        """The title block shown for `title`."""
        return self.block.format(title=title)

    def fill(self, template: str, title: str) -> str:
        """`template` with the title and its block filled in, on one line."""
        return " ".join(template.format(title=title, block=self.block_for(title)).split())


@lru_cache(maxsize=1)
def load_words() -> NameWords:
    """session_names.yaml, read once per process (yaml is imported only here)."""
    from steward.yamldata import load_yaml

    text = Path(__file__).with_name("session_names.yaml").read_text(encoding="utf-8")
    data: Mapping[str, Any] = load_yaml(text)
    title = data["title"]
    return NameWords(
        block=str(data["block"]), mint=str(data["mint"]), reminder=str(data["reminder"]),
        resume=str(data["resume"]), suggest=str(data["suggest"]),
        coordination_tools=frozenset(data["coordination_tools"]), commands=frozenset(data["commands"]),
        shell_tools=frozenset(data["shell_tools"]), max_words=int(title["max_words"]),
        max_chars=int(title["max_chars"]),
        lead_in=tuple(sorted((tuple(p.split()) for p in title["lead_in"]), key=len, reverse=True)),
        tail=frozenset(title["tail"]),
    )


_EDGE = re.compile(r"^[\W_]+|[\W_]+$")


def clean_title(text: str, words: NameWords) -> str:
    """A title as given: control characters dropped, spaces collapsed, cut at `max_chars`."""
    cleaned = " ".join("".join(ch if ch.isprintable() else " " for ch in text).split())
    if len(cleaned) > words.max_chars:
        cleaned = cleaned[: words.max_chars].rsplit(" ", 1)[0] or cleaned[: words.max_chars]
    return cleaned


def mint_title(task: str, words: NameWords) -> str:
    """A short title for what a session is for: lead-ins dropped, a few words, no dangling tail.

    "can you help me fix the login bug on the settings page" -> "Fix the login bug on the settings".
    """
    tokens = [t for t in (_EDGE.sub("", w) for w in " ".join(task.split()).split()) if t]
    lowered = [t.lower() for t in tokens]
    changed = True
    while changed and tokens:
        changed = False
        for phrase in words.lead_in:
            if tuple(lowered[: len(phrase)]) == phrase and len(tokens) > len(phrase):
                tokens, lowered = tokens[len(phrase):], lowered[len(phrase):]
                changed = True
                break
    kept = tokens[: words.max_words]
    while kept and kept[-1].lower() in words.tail:
        kept.pop()
    if not kept:
        raise UserError("say what the session is for, e.g. set-task \"fix the login bug\"")
    title = clean_title(" ".join(kept), words)
    return title[0].upper() + title[1:]


def block_seen(texts: Iterable[str], title: str, words: NameWords) -> bool:
    """Whether any of `texts` shows the title block for `title` (markdown and spacing aside)."""
    label = re.escape(_EDGE.sub("", words.block.split("{title}")[0]) or "session")
    title_words = [re.escape(w) for w in title.split()]
    if not title_words:
        return False
    pattern = re.compile(label + r"[\W_]{0,8}" + r"[\W_]+".join(title_words), re.IGNORECASE)
    return any(pattern.search(text) for text in texts if text)


@dataclass(frozen=True)
class Coordination:
    """A coordination command seen in a tool call: `set-task`, `status` or `suggest-name`."""

    kind: str
    task: str = ""
    title: str = ""
    session: str = ""


_VALUE_OPTIONS = {"--session", "--title", "--home", "--now", "--tz"}
_SHELL_BREAKS = {"&&", "||", ";", "|", "&", ";;", "(", ")"}
_TOOL_KINDS = {"set_task": "set-task", "status": "status", "suggest_name": "suggest-name"}


def coordination(tool_name: str, tool_input: Mapping[str, Any], words: NameWords) -> Coordination | None:
    """The coordination command a tool call is, or None for an ordinary tool call.

    Steward's loop tools are known by name; a shell tool (Claude Code's Bash) is one when its command
    runs `steward session set-task|status|suggest-name`.
    """
    if tool_name in words.coordination_tools:
        kind = _TOOL_KINDS.get(tool_name, tool_name)
        return Coordination(kind, str(tool_input.get("task") or ""), str(tool_input.get("title") or ""))
    if tool_name not in words.shell_tools:
        return None
    command = tool_input.get("command")
    if not isinstance(command, str) or "session" not in command:
        return None
    return shell_coordination(command, words)


def shell_coordination(command: str, words: NameWords) -> Coordination | None:
    """`steward session set-task --title T "the task"` (or `python -m steward ...`) inside a shell command."""
    try:
        lexer = shlex.shlex(command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        tokens = list(lexer)
    except ValueError:  # an unclosed quote: read it as plain words
        tokens = command.split()
    for i in range(len(tokens) - 2):
        if PurePath(tokens[i]).name != "steward":
            continue
        rest = tokens[i + 1:]
        while rest and rest[0].startswith("-"):  # global options before the command
            rest = rest[2:] if rest[0] in _VALUE_OPTIONS and "=" not in rest[0] else rest[1:]
        if len(rest) < 2 or rest[0] != "session" or rest[1] not in words.commands:
            continue
        return _parse_args(rest[1], rest[2:])
    return None


def _parse_args(kind: str, args: list[str]) -> Coordination:
    options: dict[str, str] = {}
    positional: list[str] = []
    items = iter(args)
    for token in items:
        if token in _SHELL_BREAKS:
            break
        if token.startswith("--"):
            name, _, value = token.partition("=")
            if name in _VALUE_OPTIONS:
                options[name] = value if value else next(items, "")
            continue
        positional.append(token)
    return Coordination(kind, " ".join(positional), options.get("--title", ""), options.get("--session", ""))
