"""Steward as an MCP server (`steward mcp` over stdio, `/mcp` on `steward serve` over HTTP): the
person's assistant reachable from any MCP client.

The tools are the agent loop's own toolbox (`steward.assistant.toolset`): one registry, one schema from
each function's signature and docstring. Reads answer at once; a write is held on Steward's side and
is saved only when the person says yes, in an elicitation the client shows them or with
`steward pending confirm ID` — never because the calling model says so. See docs/mcp.md.
"""
