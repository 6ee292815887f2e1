"""The Ollama and OpenAI-compatible clients against the scripted server (real HTTP on loopback)."""

from __future__ import annotations

import logging
import socket

import pytest

from steward.errors import ConnectorError
from steward.llm import Message, ToolSpec, make_model, parse_tier
from steward.llm.messages import ChatModel, ToolCall
from steward.llm.testing import ScriptedModelServer, call, calls, drop, fail, printed_call, say

PROTOCOLS = ["ollama", "openai"]
WEATHER = ToolSpec("search_inbox", "Search the mail.", {
    "type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]})


def model_for(server: ScriptedModelServer, provider: str, model: str | None = None, **kw: object) -> ChatModel:
    spec = parse_tier("tier2", server.tier(provider, model))
    assert spec is not None
    return make_model(spec, **kw)  # type: ignore[arg-type]


def stream_all(model: ChatModel, *args: object, **kw: object) -> tuple[list[str], object]:
    chunks = list(model.stream(*args, **kw))  # type: ignore[arg-type]
    assert chunks[-1].reply is not None and all(c.reply is None for c in chunks[:-1])
    return [c.text for c in chunks if c.text], chunks[-1].reply


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_text_reply_whole_and_streamed(provider: str) -> None:
    with ScriptedModelServer([say("Hello there, you have two reminders."),
                              say("Hello there, you have two reminders.")]) as server:
        model = model_for(server, provider)
        reply = model.chat([Message("system", "be brief"), Message("user", "hi")])
        assert reply.text == "Hello there, you have two reminders."
        assert reply.tool_calls == ()
        pieces, final = stream_all(model, [Message("user", "hi")])
        assert len(pieces) > 1 and "".join(pieces) == final.text == reply.text  # type: ignore[attr-defined]
        first, second = server.requests
        assert first.messages[0] == {"role": "system", "content": "be brief"}
        assert first.last_user == "hi"
        assert first.stream is False and second.stream is True


@pytest.mark.parametrize("provider", PROTOCOLS)
@pytest.mark.parametrize("streamed", [False, True])
def test_tool_calls_come_back_structured(provider: str, streamed: bool) -> None:
    script = [calls(("search_inbox", {"query": "invoice"}), ("search_inbox", {"query": "rent"}))]
    with ScriptedModelServer(script) as server:
        model = model_for(server, provider)
        history = [Message("user", "find invoices and rent")]
        reply = stream_all(model, history, [WEATHER])[1] if streamed else model.chat(history, [WEATHER])
        assert [(c.name, dict(c.arguments)) for c in reply.tool_calls] == [  # type: ignore[attr-defined]
            ("search_inbox", {"query": "invoice"}), ("search_inbox", {"query": "rent"})]
        assert all(c.id and not c.from_text for c in reply.tool_calls)  # type: ignore[attr-defined]
        sent = server.requests[0]
        assert sent.tool_names == ["search_inbox"]
        assert sent.body["tools"][0]["function"]["parameters"]["required"] == ["query"]


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_tool_results_are_sent_back_in_the_protocols_shape(provider: str) -> None:
    with ScriptedModelServer([say("Three invoices.")]) as server:
        model = model_for(server, provider)
        asked = ToolCall("search_inbox", {"query": "invoice"}, id="call_7")
        model.chat([Message("user", "invoices?"), Message("assistant", "", tool_calls=(asked,)),
                    Message("tool", '{"hits": 3}', tool_call_id="call_7", name="search_inbox")], [WEATHER])
        assistant, tool = server.requests[0].messages[1:]
        if provider == "ollama":
            assert assistant["tool_calls"] == [{"function": {"name": "search_inbox", "arguments": {"query": "invoice"}}}]
            assert tool == {"role": "tool", "content": '{"hits": 3}', "tool_name": "search_inbox"}
        else:
            assert assistant["tool_calls"][0]["id"] == "call_7"
            assert assistant["tool_calls"][0]["function"]["arguments"] == '{"query": "invoice"}'
            assert tool["tool_call_id"] == "call_7" and tool["content"] == '{"hits": 3}'


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_a_json_schema_format_is_sent(provider: str) -> None:
    schema = {"type": "object", "properties": {"subject": {"type": "string"}}, "required": ["subject"]}
    with ScriptedModelServer([say('{"subject": "Attend AI training"}')]) as server:
        reply = model_for(server, provider).chat([Message("user", "summarise")], format=schema)
        assert reply.text == '{"subject": "Attend AI training"}'
        assert server.requests[0].format == schema


@pytest.mark.parametrize("provider", PROTOCOLS)
@pytest.mark.parametrize("style", ["fenced", "tool", "tagged", "bare"])
def test_tool_calls_printed_as_text_become_calls(provider: str, style: str) -> None:
    script = [printed_call("search_inbox", style, "Let me look.", query="electricity bill")] * 2
    with ScriptedModelServer(script) as server:
        model = model_for(server, provider)
        for reply in (model.chat([Message("user", "bill?")], [WEATHER]),
                      stream_all(model, [Message("user", "bill?")], [WEATHER])[1]):
            assert [(c.name, dict(c.arguments), c.from_text) for c in reply.tool_calls] == [  # type: ignore
                ("search_inbox", {"query": "electricity bill"}, True)]
            assert reply.text == "Let me look."  # type: ignore[attr-defined]


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_printed_json_is_left_alone_when_no_tools_were_offered(provider: str) -> None:
    with ScriptedModelServer([printed_call("search_inbox", "bare", query="x")]) as server:
        reply = model_for(server, provider).chat([Message("user", "json please")])
        assert reply.tool_calls == () and '"search_inbox"' in reply.text


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_a_missing_model_is_one_clear_line(provider: str) -> None:
    with ScriptedModelServer([say("never sent")]) as server:
        model = model_for(server, provider, model="qwen2.5:7b-instruct")
        with pytest.raises(ConnectorError) as info:
            model.chat([Message("user", "hi")])
        message = str(info.value)
        assert "\n" not in message and "qwen2.5:7b-instruct" in message and "llm.tier2" in message
        if provider == "ollama":
            assert "ollama pull qwen2.5:7b-instruct" in message
        assert server.remaining == 1  # nothing consumed


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_a_server_that_is_down_is_one_clear_line(provider: str, caplog: pytest.LogCaptureFixture) -> None:
    port = free_port()
    spec = parse_tier("tier2", f"{provider} http://127.0.0.1:{port} qwen")
    assert spec is not None
    model = make_model(spec, retries=1)
    with caplog.at_level(logging.DEBUG, logger="steward.llm.http"), pytest.raises(ConnectorError) as info:
        model.chat([Message("user", "hi")])
    # it tries once, retries as often as it was told, then gives up: it never waits on a server that is gone
    # (this client's own records: a server another test left running may log on other threads meanwhile)
    assert [r.getMessage().rsplit("; ", 1)[-1] for r in caplog.records if r.name == "steward.llm.http"] == \
        ["retry 1 of 1"]
    message = str(info.value)
    assert message.startswith(f"cannot reach the model server at http://127.0.0.1:{port}")
    assert "connection refused" in message and "llm.tier2" in message and "\n" not in message
    with pytest.raises(ConnectorError, match="cannot reach"):
        list(model.stream([Message("user", "hi")]))


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_a_dropped_connection_is_retried(provider: str) -> None:
    with ScriptedModelServer([drop(), say("second time lucky")]) as server:
        reply = model_for(server, provider, retries=2).chat([Message("user", "hi")])
        assert reply.text == "second time lucky"
        assert len(server.requests) == 2


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_an_error_answer_is_not_retried(provider: str) -> None:
    with ScriptedModelServer([fail(500, "CUDA out of memory"), say("would have worked")]) as server:
        with pytest.raises(ConnectorError, match="answered 500: CUDA out of memory"):
            model_for(server, provider, retries=3).chat([Message("user", "hi")])
        assert len(server.requests) == 1 and server.remaining == 1


@pytest.mark.parametrize("provider", PROTOCOLS)
def test_a_slow_model_times_out_without_a_retry(provider: str) -> None:
    with ScriptedModelServer([say("too late", delay=1.5), say("unused")]) as server:
        with pytest.raises(ConnectorError, match=r"no reply within 0.3 s \(llm.timeout\)"):
            model_for(server, provider, timeout=0.3, retries=3).chat([Message("user", "hi")])
        assert len(server.requests) == 1


def test_openai_sends_the_api_key_and_a_bare_base_gets_v1() -> None:
    with ScriptedModelServer([say("ok")]) as server:
        spec = parse_tier("tier1", f"openai {server.url} scripted")
        assert spec is not None
        assert make_model(spec, api_key="sk-local").chat([Message("user", "hi")]).text == "ok"
        assert server.requests[0].path == "/v1/chat/completions"
        assert server.requests[0].headers["Authorization"] == "Bearer sk-local"


def test_an_exhausted_script_fails_loudly() -> None:
    with ScriptedModelServer([call("search_inbox", query="x")]) as server:
        model = model_for(server, "ollama")
        model.chat([Message("user", "one")], [WEATHER])
        with pytest.raises(ConnectorError, match="no reply left in the script"):
            model.chat([Message("user", "two")], [WEATHER])


@pytest.mark.parametrize("streamed", [False, True])
def test_a_server_that_only_takes_json_object_gets_it(streamed: bool) -> None:
    schema = {"type": "object", "properties": {"subject": {"type": "string"}}}
    with ScriptedModelServer([say('{"subject": "a"}'), say('{"subject": "b"}')],
                             openai_formats=("json_object",)) as server:
        model = model_for(server, "openai")
        for expected in ("a", "b"):
            history = [Message("user", "summarise")]
            reply = stream_all(model, history, format=schema)[1] if streamed else model.chat(history, format=schema)
            assert reply.text == f'{{"subject": "{expected}"}}'  # type: ignore[attr-defined]
        assert len(server.refused) == 1  # learnt once
        assert [r.body["response_format"] for r in server.requests] == [{"type": "json_object", "schema": schema}] * 2


def test_max_tokens_is_sent_in_each_protocols_field() -> None:
    with ScriptedModelServer([say("a"), say("b")]) as server:
        model_for(server, "openai", max_tokens=77).chat([Message("user", "hi")])
        model_for(server, "ollama", max_tokens=77).chat([Message("user", "hi")])
        assert server.requests[0].body["max_tokens"] == 77
        assert server.requests[1].body["options"] == {"num_predict": 77}
