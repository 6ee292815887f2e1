"""`steward mcp` driven as a real client drives it: the SDK's own stdio client spawns the server."""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import anyio
import httpx
import mcp_types as types
import pytest
from fastapi.testclient import TestClient
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from serve_helpers import build_demo_home, in_process
from steward.assistant.answerer_tools import catalog
from steward.assistant.toolset import all_tools
from steward.mcp.catalog import offered

pytestmark = pytest.mark.slow  # each test spawns the server (about two seconds)

NOW = "2026-09-14T09:00:00+05:30"
FENCE = re.compile(r'<mail-content source="[a-z_]+">\n(.*)\n</mail-content>', re.DOTALL)
Answer = str | None  # "accept" / "decline" / "cancel"; None: the client offers no elicitation


@pytest.fixture(scope="module")
def demo_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_demo_home(tmp_path_factory.mktemp("mcp") / "home", NOW)


def session(home: Path, body: Callable[[Client], Awaitable[Any]], *, answer: Answer = None,
            mode: str = "auto", asked: list[str] | None = None, options: tuple[str, ...] = ()) -> Any:
    """Spawn `steward mcp` for `home`, connect the SDK's client, run `body` with it."""
    server = StdioServerParameters(command=sys.executable,
                                   args=["-m", "steward", "--home", str(home), "--now", NOW, "mcp", *options],
                                   env=dict(os.environ))

    async def elicit(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        if asked is not None:
            asked.append(params.message)
        return types.ElicitResult(action=answer)  # type: ignore[arg-type]

    async def main() -> Any:
        callback = elicit if answer is not None else None
        async with Client(server, mode=mode, elicitation_callback=callback, read_timeout_seconds=120) as client:
            return await body(client)

    return anyio.run(main)


def text_of(result: types.CallToolResult) -> str:
    assert len(result.content) == 1 and isinstance(result.content[0], types.TextContent)
    return result.content[0].text


def data_of(result: types.CallToolResult) -> Any:
    assert not result.is_error, text_of(result)
    text = text_of(result)
    fenced = FENCE.fullmatch(text)
    return json.loads(fenced.group(1) if fenced else text)


def reminders(client: Client) -> Awaitable[types.CallToolResult]:
    return client.call_tool("list_reminders", {})


def test_tools_are_the_toolbox_with_truthful_annotations(tmp_path: Path) -> None:
    home = tmp_path / "empty-home"

    async def body(client: Client) -> list[types.Tool]:
        return (await client.list_tools()).tools

    tools = {t.name: t for t in session(home, body)}
    toolbox = offered(all_tools())
    assert list(tools) == [t.name for t in toolbox] + ["ask_steward"] and "ask_user" not in tools
    # every reading answerer of the registry is a tool, in its order (a write answerer is none)
    assert [n for n in tools if n.startswith("ask_") and n != "ask_steward"] == [f"ask_{a.name}" for a in catalog() if not a.writes]
    for tool in toolbox:  # one registry: the schema the loop's model sees is the schema the client sees
        assert tools[tool.name].input_schema == tool.parameters
    reads = ("ask_steward", "search_inbox", "analyze_inbox", "read_email", "list_schedule", "list_reminders", "show_brief",
             "list_dues", "list_accounts", "list_appointments")
    for name in reads:
        assert tools[name].annotations is not None and tools[name].annotations.read_only_hint is True
    create = tools["create_reminder"].annotations
    assert create is not None and (create.read_only_hint, create.destructive_hint, create.idempotent_hint) == (
        False, False, True)
    cancel = tools["cancel_reminder"].annotations
    assert cancel is not None and (cancel.read_only_hint, cancel.destructive_hint) == (False, True)
    brief = tools["configure_brief"].annotations
    assert brief is not None and brief.idempotent_hint is False  # "undo" twice undoes two changes
    assert "steward pending confirm" in (tools["create_reminder"].description or "")
    # the loop's own instruction (follow a write with ask_user) is not given to a client that has no ask_user
    assert not [name for name, t in tools.items() if "ask_user" in (t.description or "")]
    # listing the tools did not open (or create) the home's store
    assert not (home / "steward.db").exists()


# runs `steward mcp` as the command line does, then says what the process had loaded by the time it ended
PROBE = """
import json, sys
from steward.cli import main
try:
    main(["--home", sys.argv[1], "mcp"])
finally:
    loaded = sorted(sys.modules)
    import mcp
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        json.dump({"loaded": loaded, "whole": hasattr(mcp, "Client")}, out)
"""
# what answering `initialize` and `tools/list` has no business loading, and why
NOT_AT_START = {"steward.app": "the composition root (it opens the store)", "steward.assistant.turn": "the engine",
                "steward.mail": "the mail domain", "steward.calendar": "the calendar", "steward.finance": "dues",
                "steward.search": "search", "steward.embed": "the sentence model", "numpy": "vector maths",
                "onnxruntime": "the sentence model's runtime", "mcp.client": "the SDK's client",
                "mcp.server.mcpserver": "the SDK's decorator-based server"}


def test_listing_tools_loads_no_engine_domain_or_model(tmp_path: Path) -> None:
    report = tmp_path / "loaded.json"
    server = StdioServerParameters(command=sys.executable, args=["-c", PROBE, str(tmp_path / "home"), str(report)],
                                   env=dict(os.environ))

    async def main() -> int:
        async with Client(server, mode="legacy") as client:
            return len((await client.list_tools()).tools)

    assert anyio.run(main) == len(offered(all_tools())) + 1
    seen = json.loads(report.read_text(encoding="utf-8"))
    loaded = [f"{name} ({why})" for name, why in NOT_AT_START.items()
              if any(m == name or m.startswith(name + ".") for m in seen["loaded"])]
    assert not loaded, f"steward mcp loaded {loaded} before its first tool call"
    # the SDK's package, loaded only as far as the server needed, is whole for whoever asks it for more
    assert seen["whole"]


def test_reads_answer_as_the_cli_does(demo_home: Path, cli) -> None:
    async def body(client: Client) -> dict[str, Any]:
        found = await client.call_tool("search_inbox", {"query": "Kaveri Bank statement", "limit": 3})
        first = data_of(found)["hits"][0]["id"]
        return {"accounts": data_of(await client.call_tool("list_accounts", {})),
                "dues": data_of(await client.call_tool("list_dues", {"window": "month"})),
                "analysis": data_of(await client.call_tool("analyze_inbox", {"query": "from:kaveribank.in"})),
                "brief": data_of(await client.call_tool("show_brief", {})),
                "schedule": data_of(await client.call_tool("list_schedule", {"day": "tomorrow"})),
                "week": data_of(await client.call_tool("list_schedule", {"day": "tomorrow", "days": 3})),
                "search": found, "read": await client.call_tool("read_email", {"id": first}), "id": first,
                "reminders": data_of(await reminders(client)),
                "resources": (await client.list_resources()).resources,
                "brief_resource": await client.read_resource("steward://brief/today")}

    got = session(demo_home, body)
    assert got["accounts"] == cli("--home", str(demo_home), "--now", NOW, "--json", "accounts").json()
    def steward(*args: str) -> Any:
        return cli("--home", str(demo_home), "--now", NOW, "--json", *args).json()

    assert got["schedule"] == steward("schedule", "tomorrow")
    assert got["week"]["days"] == [steward("schedule", day) for day in ("2026-09-15", "2026-09-16", "2026-09-17")]
    assert got["dues"] == steward("dues", "--window", "month")
    assert got["analysis"] == steward("mail", "analyze", "from:kaveribank.in")
    assert got["brief"] == steward("brief")
    # the loop's search_inbox is the lexical search (words, senders, dates)
    assert data_of(got["search"]) == steward("mail", "search", "Kaveri Bank statement", "--limit", "3",
                                             "--mode", "lexical")
    assert data_of(got["read"]) == steward("mail", "read", str(got["id"]))
    assert [{k: v for k, v in r.items() if k != "repeats"} for r in got["reminders"]["reminders"]] == steward(
        "reminders", "list")
    # mail text reaches the client fenced as other people's words
    assert text_of(got["search"]).startswith('<mail-content source="search_inbox">')
    shown = data_of(got["read"])
    assert shown["id"] == got["id"] and shown["body"]
    assert {str(r.uri) for r in got["resources"]} == {"steward://brief/today", "steward://schedule/today"}
    resource = FENCE.fullmatch(got["brief_resource"].contents[0].text)
    assert resource is not None and json.loads(resource.group(1)) == got["brief"]


def test_bad_input_is_one_readable_line(demo_home: Path) -> None:
    async def body(client: Client) -> list[types.CallToolResult]:
        return [await client.call_tool("read_email", {"id": "the landlord's mail"}),
                await client.call_tool("no_such_tool", {}),
                await client.call_tool("list_schedule", {"day": "tomorrow", "colour": "red"}),
                await client.call_tool("create_reminder", {"text": "pay rent", "day": "yesterday", "time": "9 am"}),
                await client.call_tool("read_email", {"id": 999999}),
                await client.call_tool("list_schedule", {"day": "today", "days": 30})]

    results = session(demo_home, body, options=("-v",))  # debug logs go to stderr; stdout stays protocol
    for result in results:
        assert result.is_error and "\n" not in text_of(result) and "Traceback" not in text_of(result)
    assert "'id' should be integer" in text_of(results[0])
    assert "there is no tool 'no_such_tool'" in text_of(results[1])
    assert "has no argument 'colour'" in text_of(results[2])
    assert "already passed" in text_of(results[3]) or "past" in text_of(results[3])
    assert "days must be 1 to 14" in text_of(results[5])


@pytest.mark.parametrize("mode", ["legacy", "auto"])  # an elicitation request mid-call / input required
def test_a_held_write_is_saved_once_on_the_persons_yes(demo_home: Path, mode: str) -> None:
    asked: list[str] = []
    text = f"send the deposit ({mode})"

    async def body(client: Client) -> tuple[types.CallToolResult, Any]:
        made = await client.call_tool("create_reminder", {"text": text, "day": "tomorrow", "time": "9 am"})
        return made, data_of(await reminders(client))

    made, listed = session(demo_home, body, answer="accept", mode=mode, asked=asked)
    assert not made.is_error and text_of(made).startswith(f"Done: a reminder “{text}”")
    assert len(asked) == 1 and text in asked[0] and "Tue, 15 Sept 2026 at 09:00" in asked[0]
    assert [r["due"] for r in listed["reminders"] if r["text"] == text] == ["2026-09-15T09:00:00+05:30"]


@pytest.mark.parametrize("answer", ["decline", "cancel"])
def test_a_no_or_a_dismissal_saves_nothing(demo_home: Path, answer: str) -> None:
    async def body(client: Client) -> tuple[types.CallToolResult, Any]:
        made = await client.call_tool("create_reminder", {"text": f"book the van {answer}", "day": "friday"})
        return made, data_of(await reminders(client))

    made, listed = session(demo_home, body, answer=answer)
    assert not made.is_error and "nothing was saved" in text_of(made)
    assert not [r for r in listed["reminders"] if "book the van" in r["text"]]


def test_without_elicitation_the_write_waits_for_steward_pending_confirm(demo_home: Path, cli) -> None:
    home = demo_home

    async def body(client: Client) -> tuple[types.CallToolResult, types.CallToolResult, Any]:
        first = await client.call_tool("create_event", {"title": "Tea with Ana", "day": "friday", "time": "4 pm"})
        made = await client.call_tool("create_event", {"title": "Lunch with Sam", "day": "friday", "time": "1 pm"})
        return first, made, data_of(await client.call_tool("list_schedule", {"day": "friday"}))

    first, made, friday = session(home, body)
    assert not made.is_error and text_of(made).startswith("Held, not saved: the event “Lunch with Sam”")
    assert not [e for e in friday["items"] if e.get("title") in ("Lunch with Sam", "Tea with Ana")]
    held_id, mcp_session = re.search(r"steward pending confirm (held-[0-9a-f]+).*session=(mcp-[0-9a-f]+)",
                                     text_of(made)).groups()  # type: ignore[union-attr]
    listed = cli("--home", str(home), "--now", NOW, "--json", "pending", "list", "--session", mcp_session).json()
    assert [h["id"] for h in listed["pending"]] == [held_id]  # the newer write replaced the first one's question
    confirmed = cli("--home", str(home), "--now", NOW, "pending", "confirm", held_id)
    assert confirmed.code == 0 and "Lunch with Sam" in confirmed.out
    again = cli("--home", str(home), "--now", NOW, "pending", "confirm", held_id)
    assert again.code == 1 and again.err.count("\n") == 1 and "already saved" in again.err
    replaced = re.search(r"pending confirm (held-[0-9a-f]+)", text_of(first)).group(1)  # type: ignore[union-attr]
    stale = cli("--home", str(home), "--now", NOW, "pending", "confirm", replaced)
    assert stale.code == 1 and "no longer open" in stale.err
    gone = cli("--home", str(home), "--now", NOW, "pending", "cancel", "held-000000000000")
    assert gone.code == 1 and "there is no held write" in gone.err
    events = cli("--home", str(home), "--now", NOW, "--json", "schedule", "friday").json()["items"]
    assert [e["title"] for e in events if e.get("title") in ("Lunch with Sam", "Tea with Ana")] == ["Lunch with Sam"]


def test_a_write_that_repeats_mail_says_so_in_the_question(demo_home: Path) -> None:
    asked: list[str] = []

    async def body(client: Client) -> types.CallToolResult:
        # a lure that tells its reader what to do, read through Steward, then acted on by the agent
        hits = data_of(await client.call_tool("search_inbox", {"query": "verify your account immediately",
                                                               "limit": 1}))["hits"]
        shown = data_of(await client.call_tool("read_email", {"id": hits[0]["id"]}))
        assert shown["phishing_suspect"] and shown["warnings"]  # the marks reach the agent with the text
        return await client.call_tool("create_reminder", {"text": "verify your account and confirm card details",
                                                          "day": "tomorrow"})

    made = session(demo_home, body, answer="decline", asked=asked)
    assert not made.is_error and "nothing was saved" in text_of(made)
    assert len(asked) == 1 and "suggested by an email from billing@northwind-card-support.example" in asked[0]


def test_a_held_write_shows_as_a_card_on_the_page_and_its_confirm_saves_it(demo_home: Path) -> None:
    async def body(client: Client) -> types.CallToolResult:
        return await client.call_tool("create_reminder", {"text": "renew the parking permit", "day": "friday"})

    made = session(demo_home, body)
    held_id, mcp_session = re.search(r"pending confirm (held-[0-9a-f]+).*session=(mcp-[0-9a-f]+)",
                                     text_of(made)).groups()  # type: ignore[union-attr]
    with TestClient(in_process(demo_home, NOW), base_url="http://127.0.0.1:8765") as page:  # type: ignore[arg-type]
        history = page.get("/chat/history", params={"session": mcp_session}).json()
        card = history["turns"][-1]["trace"]
        assert history["waiting"] and card["tools"][0]["held"] and card["tools"][0]["result"]["held_id"] == held_id
        assert "renew the parking permit" in card["continuation"]["question"]
        answered = page.post(f"/pending/{held_id}", json={"answer": "confirm"})
        assert answered.status_code == 200 and [w["kind"] for w in answered.json()["writes"]] == ["reminder"]
        assert page.post(f"/pending/{held_id}", json={"answer": "confirm"}).status_code == 409


def test_ask_steward_answers_as_steward_chat_does_and_changes_nothing(demo_home: Path, cli) -> None:
    async def body(client: Client) -> list[types.CallToolResult]:
        return [await client.call_tool("ask_steward", {"question": "how much do I owe Kaveri Bank?"}),
                await client.call_tool("ask_steward", {"question": "remind me tomorrow at 9 to send the deposit"}),
                await client.call_tool("ask_steward", {"question": "what is the capital of Peru?"}),
                await reminders(client)]

    owed, action, unknown, listed = session(demo_home, body)
    chat = cli("--home", str(demo_home), "--now", NOW, "--json", "chat", "how much do I owe Kaveri Bank?",
               "--session", "mcp-test").json()
    # the reader's answer (the question read into a frame, answered by the money answerer), word for word
    assert data_of(owed)["answered_by"] == chat["handled_by"] == "reader"
    assert data_of(owed)["answer"] == chat["reply"] and "XXXX4821" in chat["reply"]
    assert action.is_error and "only answers questions" in text_of(action)
    assert unknown.is_error and "no answer" in text_of(unknown)
    assert not [r for r in data_of(listed)["reminders"] if r["text"] == "send the deposit"]


def test_a_held_id_sent_back_by_the_client_is_not_consent(demo_home: Path) -> None:
    from mcp.shared.exceptions import MCPError

    first = {"text": "water the ferns", "day": "friday"}
    other = {"text": "transfer the savings", "day": "friday"}

    async def body(client: Client) -> tuple[list[str], Any]:
        asked = await client.session.call_tool("create_reminder", first, allow_input_required=True)
        assert isinstance(asked, types.InputRequiredResult) and asked.request_state
        yes = {"consent": types.ElicitResult(action="accept")}
        refused = []
        # the sealed state of one write's question, replayed for another write; a bare held id
        for args, state in ((other, asked.request_state), (first, "held-0123456789ab")):
            try:
                await client.session.call_tool("create_reminder", args, input_responses=yes, request_state=state)
            except MCPError as exc:
                refused.append(exc.error.message)
        return refused, data_of(await reminders(client))

    refused, listed = session(demo_home, body, answer="decline")
    assert len(refused) == 2
    assert not [r for r in listed["reminders"] if r["text"] in ("water the ferns", "transfer the savings")]


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_steward_serve_answers_mcp_at_slash_mcp_behind_its_token(demo_home: Path, mode: str, cli) -> None:
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    from serve_helpers import serving

    text = f"bring the {mode} ladder back"
    asked: list[str] = []

    async def elicit(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="decline" if "suggested by an email" in params.message else "accept")

    async def over_http(base: str, headers: dict[str, str]) -> tuple[list[str], Any, types.CallToolResult]:
        async with httpx2.AsyncClient(headers=headers, timeout=120) as http, \
                Client(streamable_http_client(base + "/mcp", http_client=http), mode=mode,  # type: ignore[arg-type]
                       elicitation_callback=elicit) as client:
            names = [t.name for t in (await client.list_tools()).tools]
            listed = data_of(await reminders(client))
            made = await client.call_tool("create_reminder", {"text": text, "day": "friday"})
            if mode == "legacy":  # one MCP session is one Steward session: it remembers the mail it showed
                hits = data_of(await client.call_tool("search_inbox", {"query": "verify your account immediately",
                                                                       "limit": 1}))["hits"]
                await client.call_tool("read_email", {"id": hits[0]["id"]})
                lured = await client.call_tool("create_reminder", {"text": "verify your account and confirm card "
                                                                           "details", "day": "tomorrow"})
                assert "nothing was saved" in text_of(lured)
            return names, listed, made

    before = cli("--home", str(demo_home), "--now", NOW, "--json", "reminders", "list").json()
    with serving(demo_home, now=NOW) as served:
        # without the token, or from another site's page, /mcp is refused like every other request
        hello = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
        assert httpx.post(served.base + "/mcp", json=hello, timeout=30).status_code == 401
        across = httpx.post(served.base + "/mcp", json=hello, timeout=30,
                            headers={**served.auth, "origin": "http://attacker.example"})
        assert across.status_code == 403
        names, listed, made = anyio.run(over_http, served.base, served.auth)
    assert names == [t.name for t in offered(all_tools())] + ["ask_steward"]
    assert [{k: v for k, v in r.items() if k != "repeats"} for r in listed["reminders"]] == before
    # the write waited for the person's yes, given in the client's prompt, and was saved once
    assert text in asked[0]
    if mode == "legacy":
        assert len(asked) == 2 and "suggested by an email from billing@northwind-card-support.example" in asked[1]
    else:
        assert len(asked) == 1
    assert not made.is_error, text_of(made)
    saved = cli("--home", str(demo_home), "--now", NOW, "--json", "reminders", "list").json()
    assert [r["text"] for r in saved].count(text) == 1
