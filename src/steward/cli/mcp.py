"""`steward mcp`: Steward as an MCP server over stdio.

    {"mcpServers": {"steward": {"command": "steward", "args": ["mcp", "--home", "/path/to/home"]}}}

`steward mcp` speaks the Model Context Protocol on stdin and stdout (nothing else is written there;
notices and logs go to stderr). It answers `initialize` and `tools/list` before it opens the store.
A write a client without elicitation proposes waits for `steward pending confirm ID` (cli/chat.py).
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import TYPE_CHECKING

from steward.cli.context import Commands, Ctx

if TYPE_CHECKING:
    from steward.app import App
    from steward.assistant.toolkit import Tool


def register(commands: Commands) -> None:
    """Add `steward mcp` to the command line."""
    commands.add("mcp", "serve the home to an MCP client (Claude Desktop, Claude Code, ...) over stdin/stdout",
                 cmd_mcp)


def cmd_mcp(ctx: Ctx, args: argparse.Namespace) -> int:
    """`steward mcp`: serve the home over stdio until the client closes the connection."""
    from steward.mcp.stdio import serve

    if not getattr(args, "verbose", False):
        logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    settings, clock, paths = ctx.settings, ctx.clock, ctx.paths
    minutes = settings.as_int("assistant.continuation_minutes")

    def make_app() -> App:
        from steward.app import build_app

        return build_app(settings, clock, paths)

    def tools() -> list[Tool]:
        from steward.assistant.toolset import all_tools

        return all_tools(settings.as_bool)

    serve(make_app, tools, answer_seconds=minutes * 60.0)
    return 0
