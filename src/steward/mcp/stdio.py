"""`steward mcp`'s entry point: the SDK loaded no further than the server needs, then served on stdio.

The `mcp` SDK's top-level package (and `mcp.server`'s) imports its client, the decorator-based server
and an HTTP client as soon as any of its modules is imported: about a fifth of the SDK's import time,
none of it used by a stdio server. `serve` registers those two packages without running their
`__init__` first; the first time anything asks either package for a name it does not yet hold
(`from mcp import Client`), its `__init__` runs then, so the package is whole for whoever needs it.
The protocol is still entirely the SDK's: only the order in which its modules are loaded changes.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from steward.app import App
    from steward.assistant.toolkit import Tool

# the SDK packages whose `__init__` loads more than the low-level server uses
DEFERRED_INITS = ("mcp", "mcp.server")


def defer_package_init(name: str) -> None:
    """Register package `name` with its `__init__` not yet run; it runs the first time a name is asked of it."""
    if name in sys.modules:
        return
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return  # not an importable package: the ordinary import reports it
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def __getattr__(attribute: str) -> Any:
        del package.__dict__["__getattr__"]  # the real `__init__` defines what it defines, once
        loader.exec_module(package)
        return getattr(package, attribute)

    package.__getattr__ = __getattr__  # type: ignore[method-assign]
    sys.modules[name] = package
    parent, _, child = name.rpartition(".")
    if parent:
        setattr(sys.modules[parent], child, package)


def serve(make_app: Callable[[], App], tools: Callable[[], Sequence[Tool]], *, answer_seconds: float) -> None:
    """Serve one MCP client over stdin and stdout until it closes the connection."""
    for name in DEFERRED_INITS:
        defer_package_init(name)
    from steward.mcp.server import serve_stdio

    serve_stdio(make_app, tools(), answer_seconds=answer_seconds)

