"""Tools as typed Python functions: the signature and docstring are the schema.

    def list_schedule(ctx: ToolContext, day: str = "today") -> dict[str, Any]:
        '''The user's reminders and events for one day.

        Args:
            day: the user's own words for the day ("today", "tomorrow", "next friday")
        '''

`tool_from_function` reads the parameters after `ctx` (str, int, float, bool, list[str], Literal[...],
`X | None`), their defaults (a parameter without one is required) and the `Args:` lines of the
docstring, and builds the JSON schema the model sees. Arguments coming back from a model are untrusted:
`Tool.validate` checks names, required fields, types (a number sent as "5" is accepted) and enums, and
refuses with a `ToolError` the model can read. A write tool also has a `commit`: its function only
previews (a dry run through the same write path), and the commit runs when the user has said yes.
"""

from __future__ import annotations

import inspect
import json
import logging
import re
import types
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from steward.assistant.trace import Write
from steward.errors import StewardError
from steward.llm.messages import ToolCall, ToolSpec

log = logging.getLogger(__name__)

__all__ = ["Preview", "Tool", "ToolError", "Toolbox", "Write", "error_data", "tool_from_function"]

_ARGS_HEADER = re.compile(r"^\s*(Args|Arguments|Parameters):\s*$", re.MULTILINE)
_ARG_LINE = re.compile(r"^\s+(\w+)\s*(?:\([^)]*\))?:\s*(.+)$")


class ToolError(Exception):
    """A refusal the model should read and act on: `code` names the kind, the message says why."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


def error_data(code: str, text: str) -> dict[str, str]:
    """The shape every tool error takes on its way back to the model."""
    return {"error": code, "error_text": text}


@dataclass(frozen=True)
class Preview:
    """What a write tool would do: a sentence for the user, the fields, and what `commit` needs."""

    summary: str
    fields: Mapping[str, Any]
    resolved: Mapping[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The preview as the trace and the model see it: the sentence and the fields."""
        return {"summary": self.summary, "fields": dict(self.fields)}


ToolFunction = Callable[..., Any]
CommitFunction = Callable[[Any, Mapping[str, Any], str], Write]


@dataclass(frozen=True)
class Tool:
    """One tool: name, description, JSON schema; `commit` set makes it a write tool."""

    name: str
    description: str
    parameters: Mapping[str, Any]
    fn: ToolFunction = field(repr=False)
    commit: CommitFunction | None = field(default=None, repr=False)
    _kinds: Mapping[str, Any] = field(default_factory=dict, repr=False)
    # its results hold text from mail (strangers' words): fenced as data in the prompt, never instructions
    mail_text: bool = False
    # what a write does when committed, as MCP's annotations say it: it changes or removes something
    # that exists (`destructive`), and a second identical call adds nothing (`idempotent`)
    destructive: bool = False
    idempotent: bool = False

    @property
    def write(self) -> bool:
        """Whether the tool writes (held until the user says yes)."""
        return self.commit is not None

    @property
    def spec(self) -> ToolSpec:
        """The tool as the model sees it: name, description, parameters."""
        return ToolSpec(self.name, self.description, self.parameters)

    def validate(self, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """Arguments checked against the schema and coerced to the parameter types."""
        props: Mapping[str, Any] = self.parameters.get("properties", {})
        if "_unparsed" in arguments:
            raise ToolError("bad_arguments", f"the arguments for {self.name} were not a JSON object: "
                                             f"{str(arguments['_unparsed'])[:80]!r}")
        unknown = [k for k in arguments if k not in props]
        if unknown:
            raise ToolError("bad_arguments", f"{self.name} has no argument {unknown[0]!r}; it takes: "
                                             f"{', '.join(props) or 'nothing'}")
        missing = [k for k in self.parameters.get("required", []) if arguments.get(k) in (None, "")]
        if missing:
            raise ToolError("bad_arguments", f"{self.name} needs {missing[0]!r}")
        out = {}
        for key, value in arguments.items():
            if value is None:
                continue
            out[key] = _coerce(self.name, key, value, props[key], self._kinds.get(key))
        return out


def _coerce(tool: str, key: str, value: Any, schema: Mapping[str, Any], kind: Any) -> Any:
    wanted = schema.get("type")
    bad = ToolError("bad_arguments", f"{tool}: {key!r} should be {wanted}, not {json.dumps(value)[:60]}")
    if wanted == "string":
        if isinstance(value, bool | dict | list):
            raise bad
        text = str(value)
        if "enum" in schema and text not in schema["enum"]:
            raise ToolError("bad_arguments", f"{tool}: {key!r} must be one of {', '.join(schema['enum'])}")
        return text
    if wanted == "integer":
        if isinstance(value, bool):
            raise bad
        if isinstance(value, int):
            return value
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and value.strip().lstrip("-").isdigit():
            return int(value.strip())
        raise bad
    if wanted == "number":
        if isinstance(value, bool):
            raise bad
        try:
            return float(value)
        except (TypeError, ValueError):
            raise bad from None
    if wanted == "boolean":
        if isinstance(value, bool):
            return value
        if str(value).lower() in ("true", "false"):
            return str(value).lower() == "true"
        raise bad
    if wanted == "array":
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list):
            raise bad
        return [str(v) for v in value]
    return value


def tool_from_function(fn: ToolFunction, *, commit: CommitFunction | None = None, name: str | None = None,
                       mail_text: bool = False, destructive: bool = False, idempotent: bool = False) -> Tool:
    """A Tool whose schema is `fn`'s signature (after `ctx`) and docstring; `mail_text`: its results quote mail.

    A write tool (`commit` set) says what its commit does: `destructive` when it changes or removes
    something that exists, `idempotent` when the same call again adds nothing (a duplicate is refused).
    """
    doc = inspect.getdoc(fn) or ""
    if not doc:
        raise ValueError(f"tool {fn.__name__} needs a docstring: it is the model's description")
    description, arg_docs = _split_doc(doc)
    hints = get_type_hints(fn)
    properties: dict[str, Any] = {}
    required: list[str] = []
    kinds: dict[str, Any] = {}
    for index, param in enumerate(inspect.signature(fn).parameters.values()):
        if index == 0 and param.name == "ctx":
            continue
        hint = hints.get(param.name, str)
        schema, kind = _schema_for(hint, fn.__name__, param.name)
        if param.name in arg_docs:
            schema["description"] = arg_docs[param.name]
        if param.default is inspect.Parameter.empty:
            required.append(param.name)
        elif param.default is not None:
            schema["default"] = param.default
        properties[param.name] = schema
        kinds[param.name] = kind
    parameters: dict[str, Any] = {"type": "object", "properties": properties}
    if required:
        parameters["required"] = required
    return Tool(name or fn.__name__, description, parameters, fn, commit, kinds, mail_text, destructive, idempotent)


def _split_doc(doc: str) -> tuple[str, dict[str, str]]:
    match = _ARGS_HEADER.search(doc)
    head = doc[: match.start()] if match else doc
    args: dict[str, str] = {}
    if match:
        current = ""
        for line in doc[match.end():].splitlines():
            m = _ARG_LINE.match(line)
            if m:
                current = m.group(1)
                args[current] = m.group(2).strip()
            elif line.strip() and current and line.startswith(" " * 8):
                args[current] += " " + line.strip()
            elif line.strip() and not line.startswith(" "):
                break
    description = " ".join(head.split())
    return description, args


def _schema_for(hint: Any, fn_name: str, param: str) -> tuple[dict[str, Any], Any]:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        options = [a for a in get_args(hint) if a is not type(None)]
        if len(options) == 1:
            return _schema_for(options[0], fn_name, param)
    if origin is Literal:
        values = list(get_args(hint))
        return {"type": "string", "enum": [str(v) for v in values]}, hint
    if hint is str:
        return {"type": "string"}, str
    if hint is bool:
        return {"type": "boolean"}, bool
    if hint is int:
        return {"type": "integer"}, int
    if hint is float:
        return {"type": "number"}, float
    if origin in (list, Sequence, tuple) and get_args(hint)[:1] == (str,):
        return {"type": "array", "items": {"type": "string"}}, list
    raise TypeError(f"tool {fn_name}: parameter {param!r} has a type the schema cannot say: {hint!r}")


class Toolbox:
    """The tools offered to one run, by name."""

    def __init__(self, tools: Sequence[Tool]) -> None:
        self._tools = {t.name: t for t in tools}

    def __contains__(self, name: str) -> bool:
        return name in self._tools

    def __iter__(self) -> Any:
        return iter(self._tools.values())

    @property
    def names(self) -> list[str]:
        """The tools' names, in the order offered."""
        return list(self._tools)

    def specs(self) -> list[ToolSpec]:
        """Every tool as the model sees it."""
        return [t.spec for t in self._tools.values()]

    def get(self, name: str) -> Tool | None:
        """The tool with this name, or None."""
        return self._tools.get(name)

    def quotes_mail(self, name: str) -> bool:
        """Whether the named tool's results hold text from mail."""
        tool = self._tools.get(name)
        return tool is not None and tool.mail_text

    def is_write(self, name: str) -> bool:
        """Whether the named tool is a write tool."""
        tool = self._tools.get(name)
        return tool is not None and tool.write

    def run(self, ctx: Any, call: ToolCall) -> Any:
        """Call a tool; every failure comes back as `{"error", "error_text"}` data, never raised."""
        tool = self._tools.get(call.name)
        if tool is None:
            return error_data("unknown_tool", f"there is no tool {call.name!r}; the tools are: "
                                              f"{', '.join(self._tools)}")
        try:
            return tool.fn(ctx, **tool.validate(call.arguments))
        except ToolError as exc:
            return error_data(exc.code, exc.text)
        except StewardError as exc:
            return error_data(type(exc).__name__.lower(), exc.message)
        except Exception as exc:  # a bug in a tool must not end the user's turn; it is logged and traced
            log.exception("tool %s failed (call %s)", call.name, call.id)
            return error_data("tool_failed", f"{call.name} failed inside Steward ({type(exc).__name__}); "
                                             "tell the user it did not work")
