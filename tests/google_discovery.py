"""Google's own description of its APIs, as the tests hold Steward to it.

The discovery documents (`calendar.v3.json`, `gmail.v1.json`) ship inside google-api-python-client
(googleapiclient/discovery_cache/documents/); they are read from there, never copied. A document names
every method (its HTTP verb and path), every parameter (where it goes, its type, whether it repeats,
its enum and bounds) and every resource (its fields and their types). `Api.route` finds the method a
request is for, `Api.check_query` and `check` say what in a request or a response the document does
not define.
"""

from __future__ import annotations

import importlib.util
import json
import re
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any


def documents_dir() -> Path:
    """Where google-api-python-client keeps the discovery documents it ships."""
    spec = importlib.util.find_spec("googleapiclient")
    if spec is None or spec.origin is None:
        raise RuntimeError("google-api-python-client is not installed (pip install -e '.[dev]')")
    return Path(spec.origin).parent / "discovery_cache" / "documents"


@dataclass(frozen=True)
class Method:
    """One method of an API: its id (e.g. calendar.events.list), verb, path pattern and parameters."""

    id: str
    http: str
    path: str  # relative to the server's root, e.g. calendar/v3/calendars/{calendarId}/events
    pattern: re.Pattern[str]
    parameters: dict[str, Any]
    request: str | None  # the schema name of the body, if any
    response: str | None
    scopes: tuple[str, ...]


class Api:
    """One discovery document: its methods and schemas."""

    def __init__(self, name: str) -> None:
        self.doc: dict[str, Any] = json.loads((documents_dir() / f"{name}.json").read_text(encoding="utf-8"))
        self.schemas: dict[str, Any] = self.doc["schemas"]
        self.common: dict[str, Any] = self.doc.get("parameters", {})
        self.methods: list[Method] = []
        self._collect(self.doc)

    def _collect(self, node: dict[str, Any]) -> None:
        for method in (node.get("methods") or {}).values():
            path = self.doc["servicePath"] + method["path"]
            regex = re.sub(r"\{\+?(\w+)\}", lambda m: f"(?P<{m.group(1)}>[^/]+)", re.escape(path).replace(r"\{", "{")
                           .replace(r"\}", "}").replace(r"\+", "+"))
            self.methods.append(Method(method["id"], method["httpMethod"], path, re.compile(regex + "$"),
                                       method.get("parameters") or {}, (method.get("request") or {}).get("$ref"),
                                       (method.get("response") or {}).get("$ref"), tuple(method.get("scopes") or ())))
        for child in (node.get("resources") or {}).values():
            self._collect(child)

    def route(self, verb: str, path: str) -> tuple[Method, dict[str, str]] | None:
        """The method for a verb and a path (without the leading slash), and its path parameters."""
        from urllib.parse import unquote

        for method in self.methods:
            if method.http != verb:
                continue
            found = method.pattern.match(path)
            if found:
                return method, {k: unquote(v) for k, v in found.groupdict().items()}
        return None

    def check_query(self, method: Method, query: dict[str, list[str]]) -> list[str]:
        """What in a query string the method does not allow: unknown names, repeats, wrong types."""
        problems: list[str] = []
        for name, values in query.items():
            spec = method.parameters.get(name) or self.common.get(name)
            if spec is None or spec.get("location", "query") != "query":
                problems.append(f"{method.id} has no query parameter {name!r}")
                continue
            if len(values) > 1 and not spec.get("repeated"):
                problems.append(f"{method.id}: {name} is not repeated but was given {len(values)} times")
            for value in values:
                problems += [f"{method.id}: {name}={value!r}: {p}" for p in _scalar(spec, value, text=True)]
        for name, spec in method.parameters.items():
            if spec.get("required") and spec.get("location") == "query" and name not in query:
                problems.append(f"{method.id}: the required parameter {name} is missing")
        return problems

    def check(self, schema: str, value: Any, where: str = "") -> list[str]:
        """What in a JSON value the named schema does not define (unknown fields, wrong types)."""
        return self._value({"$ref": schema}, value, where or schema)

    def _value(self, spec: dict[str, Any], value: Any, where: str) -> list[str]:
        if "$ref" in spec:
            spec = self.schemas[spec["$ref"]]
        kind = spec.get("type", "any")
        if kind == "object":
            if not isinstance(value, dict):
                return [f"{where}: an object is expected, not {type(value).__name__}"]
            problems: list[str] = []
            props = spec.get("properties") or {}
            extra = spec.get("additionalProperties")
            for key, item in value.items():
                if key in props:
                    problems += self._value(props[key], item, f"{where}.{key}")
                elif extra is not None:
                    problems += self._value(extra, item, f"{where}.{key}")
                else:
                    problems.append(f"{where}: the field {key!r} is not defined")
            return problems
        if kind == "array":
            if not isinstance(value, list):
                return [f"{where}: an array is expected, not {type(value).__name__}"]
            out: list[str] = []
            for i, item in enumerate(value):
                out += self._value(spec.get("items") or {}, item, f"{where}[{i}]")
            return out
        if kind == "any":
            return []
        return [f"{where}: {p}" for p in _scalar(spec, value, text=False)]


def _scalar(spec: dict[str, Any], value: Any, *, text: bool) -> list[str]:
    """Whether a scalar has the type, format, enum and bounds its spec names (query values are text)."""
    kind, fmt = spec.get("type", "string"), spec.get("format", "")
    if kind == "boolean":
        ok = value in ("true", "false") if text else isinstance(value, bool)
        return [] if ok else ["not a boolean"]
    if kind in ("integer", "number"):
        try:
            number = (int(value) if kind == "integer" else float(value)) if text else value
        except (TypeError, ValueError):
            return [f"not an {kind}"]
        if not text and (isinstance(value, bool) or not isinstance(value, int | float)
                         or (kind == "integer" and not isinstance(value, int))):
            return [f"not an {kind}"]
        if "minimum" in spec and number < float(spec["minimum"]):
            return [f"below the minimum {spec['minimum']}"]
        if "maximum" in spec and number > float(spec["maximum"]):
            return [f"above the maximum {spec['maximum']}"]
        return []
    if not isinstance(value, str):
        return ["not a string"]
    if spec.get("enum") and value not in spec["enum"]:
        return [f"not one of {', '.join(spec['enum'])}"]
    if fmt in ("int64", "uint64") and not re.fullmatch(r"-?\d+", value):
        return [f"not an {fmt} (digits in a string)"]
    if fmt == "date-time":
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            return ["not an RFC 3339 date-time"]
        if moment.tzinfo is None and text:
            return ["an RFC 3339 date-time needs an offset"]
    if fmt == "date":
        try:
            date.fromisoformat(value)
        except ValueError:
            return ["not a yyyy-mm-dd date"]
    return []
