"""A scripted model server for tests: real HTTP on loopback, speaking both protocols.

    with ScriptedModelServer([call("search_inbox", query="invoice"), say("You have 3 invoices.")]) as server:
        settings = {"llm.tier2": server.tier("ollama")}
        ...
        assert "invoice" in server.requests[-1].messages[-1]["content"]

Each request to `POST /api/chat` (Ollama) or `POST /v1/chat/completions` (OpenAI) takes the next reply of
the script, streamed when the request asks for it, and is recorded so a test can assert on the prompt the
model was given. A reply can be text, structured tool calls, a tool call printed as JSON text (as small
local models do), an HTTP error, or a function of the request. A model name the server does not serve
gets each protocol's own 404; an exhausted script answers 500 so a test that expected fewer calls fails.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

HOLD_LIMIT = 60.0  # seconds a held reply waits at most: a test that never releases it fails, not hangs


@dataclass(frozen=True)
class Scripted:
    """One scripted reply."""

    text: str = ""
    calls: tuple[tuple[str, Mapping[str, Any]], ...] = ()
    status: int = 200
    error: str = ""
    delay: float = 0.0
    drop: bool = False  # close the connection without answering (a transport failure)
    pause: float = 0.0  # seconds between streamed pieces, as a model generating tokens takes
    # streamed: the last piece waits until this is set (a test sets it once the first words reached the
    # user), so "shown while the model still writes" is an order of events, not a time
    hold: threading.Event | None = field(default=None, compare=False)


@dataclass(frozen=True)
class RecordedRequest:
    """A request the server got: protocol (`ollama` / `openai`), path, headers and JSON body."""

    protocol: str
    path: str
    headers: Mapping[str, str]
    body: Mapping[str, Any]

    @property
    def messages(self) -> list[dict[str, Any]]:
        """The chat messages the request sent."""
        return list(self.body.get("messages") or [])

    @property
    def system(self) -> str:
        """The first system message's text ("" when there is none)."""
        return next((str(m.get("content") or "") for m in self.messages if m.get("role") == "system"), "")

    @property
    def last_user(self) -> str:
        """The text of the last user message."""
        return next((str(m.get("content") or "") for m in reversed(self.messages) if m.get("role") == "user"), "")

    @property
    def tool_names(self) -> list[str]:
        """The names of the tools the request offered."""
        return [t["function"]["name"] for t in self.body.get("tools") or []]

    @property
    def stream(self) -> bool:
        """Whether the request asked for a streamed answer."""
        return bool(self.body.get("stream"))

    @property
    def format(self) -> Any:
        """The JSON schema the reply was asked to follow (either protocol's field), or None."""
        if "format" in self.body:
            return self.body["format"]
        fmt = self.body.get("response_format")
        if isinstance(fmt, Mapping):
            return (fmt.get("json_schema") or {}).get("schema", fmt.get("schema"))
        return None


Responder = Callable[[RecordedRequest], Scripted]
Step = Scripted | Responder


def say(text: str, delay: float = 0.0, pause: float = 0.0, hold: threading.Event | None = None) -> Scripted:
    """A plain text reply; streamed, `pause` seconds go by between its pieces and, with `hold`, the
    last piece waits until it is set."""
    return Scripted(text=text, delay=delay, pause=pause, hold=hold)


def call(name: str, /, **arguments: Any) -> Scripted:
    """One structured tool call; `Scripted(text=..., calls=...)` puts text beside calls."""
    return Scripted(calls=((name, arguments),))


def calls(*pairs: tuple[str, Mapping[str, Any]]) -> Scripted:
    """Several structured tool calls in one reply."""
    return Scripted(calls=tuple(pairs))


def printed_call(name: str, style: str = "fenced", before: str = "", /, **arguments: Any) -> Scripted:
    """A tool call written as JSON text, the way small local models print it.

    Styles: `fenced` (```json {"name", "arguments"}```), `tool` ({"tool", "args"}), `tagged`
    (<tool_call>…</tool_call>), `bare` ({"name", "arguments"} alone).
    """
    if style == "tool":
        body = json.dumps({"tool": name, "args": arguments})
    else:
        body = json.dumps({"name": name, "arguments": arguments})
    if style == "fenced":
        body = f"```json\n{body}\n```"
    elif style == "tagged":
        body = f"<tool_call>\n{body}\n</tool_call>"
    return Scripted(text=(before + "\n" + body).strip())


def drop() -> Scripted:
    """Close the connection without a word, as a crashing or restarting server does."""
    return Scripted(drop=True)


def fail(status: int, error: str) -> Scripted:
    """An HTTP error answer with the protocol's own error body."""
    return Scripted(status=status, error=error)


class ScriptedModelServer:
    """An HTTP server on 127.0.0.1 replaying a script of replies in both protocols."""

    def __init__(self, script: Iterable[Step] = (), models: Sequence[str] = ("scripted",),
                 chunk_chars: int = 6, openai_formats: Sequence[str] = ("json_schema", "json_object")) -> None:
        self.models = tuple(models)
        # the response_format types the OpenAI route accepts (llama-cpp-python's server: json_object only)
        self.openai_formats = tuple(openai_formats)
        self.chunk_chars = chunk_chars
        self.requests: list[RecordedRequest] = []
        self.refused: list[RecordedRequest] = []  # requests turned away for their response_format
        self.pieces_sent = 0  # pieces of the reply being streamed that were written so far
        self._script: deque[Step] = deque(script)
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle
    def start(self) -> ScriptedModelServer:
        """Start serving on a free local port."""
        server = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        server.daemon_threads = True
        self._server = server
        self._thread = threading.Thread(target=server.serve_forever, name="scripted-model", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop the server."""
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> ScriptedModelServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # addresses
    @property
    def url(self) -> str:
        """The server's base URL."""
        if self._server is None:
            raise RuntimeError("the scripted server is not started")
        host, port = self._server.server_address[:2]
        return f"http://{host!s}:{port}"

    def tier(self, provider: str = "ollama", model: str | None = None) -> str:
        """A tier setting pointing here: `ollama http://127.0.0.1:PORT scripted`."""
        base = self.url if provider == "ollama" else self.url + "/v1"
        return f"{provider} {base} {model or self.models[0]}"

    # the script
    def enqueue(self, *steps: Step) -> None:
        """Queue the next answers, in order."""
        with self._lock:
            self._script.extend(steps)

    def clear(self) -> None:
        """Drop the answers still queued."""
        with self._lock:
            self._script.clear()

    @property
    def remaining(self) -> int:
        """How many queued answers are left."""
        with self._lock:
            return len(self._script)

    def _next(self, request: RecordedRequest) -> Scripted:
        with self._lock:
            self.requests.append(request)
            step = self._script.popleft() if self._script else None
        if step is None:
            return fail(500, "scripted server: no reply left in the script for this request")
        return step(request) if callable(step) else step


def _handler_for(owner: ScriptedModelServer) -> type[BaseHTTPRequestHandler]:
    class Handler(_Handler):
        server_owner = owner

    return Handler


class _Handler(BaseHTTPRequestHandler):
    server_owner: ScriptedModelServer

    def log_message(self, format: str, *args: Any) -> None:  # quiet: tests read `requests` instead
        return

    def do_GET(self) -> None:
        owner = self.server_owner
        if self.path == "/api/tags":
            self._json(200, {"models": [{"name": m, "model": m} for m in owner.models]})
        elif self.path == "/v1/models":
            self._json(200, {"object": "list", "data": [{"id": m, "object": "model"} for m in owner.models]})
        else:
            self._json(404, {"error": "not found"})

    def do_POST(self) -> None:
        protocol = {"/api/chat": "ollama", "/v1/chat/completions": "openai"}.get(self.path)
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length)
        if protocol is None:
            self._json(404, {"error": f"no route {self.path}"})
            return
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            self._error(protocol, 400, "request body is not JSON")
            return
        model = str(body.get("model") or "")
        owner = self.server_owner
        if model not in owner.models:
            if protocol == "ollama":
                self._json(404, {"error": f'model "{model}" not found, try pulling it first'})
            else:
                self._json(404, {"error": {"message": f"The model `{model}` does not exist.",
                                           "type": "invalid_request_error", "code": "model_not_found"}})
            return
        fmt = body.get("response_format")
        if protocol == "openai" and isinstance(fmt, dict) and fmt.get("type") not in owner.openai_formats:
            with owner._lock:
                owner.refused.append(RecordedRequest(protocol, self.path, dict(self.headers.items()), body))
            self._error(protocol, 500, f"1 validation error: ('body', 'response_format', 'type') Input should be "
                                       f"{' or '.join(repr(f) for f in owner.openai_formats)}")
            return
        request = RecordedRequest(protocol, self.path, dict(self.headers.items()), body)
        reply = owner._next(request)
        if reply.delay:
            time.sleep(reply.delay)
        if reply.drop:
            self.close_connection = True
            return
        if reply.status >= 400:
            self._error(protocol, reply.status, reply.error)
            return
        if protocol == "ollama":
            self._ollama(model, reply, bool(body.get("stream", True)))
        else:
            self._openai(model, reply, bool(body.get("stream", False)))

    # Ollama: one JSON object, or NDJSON lines ending with {"done": true}
    def _ollama(self, model: str, reply: Scripted, stream: bool) -> None:
        tool_calls = [{"function": {"name": n, "arguments": dict(a)}} for n, a in reply.calls]
        if not stream:
            message: dict[str, Any] = {"role": "assistant", "content": reply.text}
            if tool_calls:
                message["tool_calls"] = tool_calls
            self._json(200, {"model": model, "created_at": _now(), "message": message, "done": True,
                             "done_reason": "stop"})
            return
        self._start_stream("application/x-ndjson")
        pieces = _pieces(reply.text, self.server_owner.chunk_chars)
        for n, piece in enumerate(pieces):
            self._between_pieces(n, len(pieces), reply)
            self._line({"model": model, "created_at": _now(),
                        "message": {"role": "assistant", "content": piece}, "done": False})
            self.server_owner.pieces_sent = n + 1
        if tool_calls:
            self._line({"model": model, "created_at": _now(),
                        "message": {"role": "assistant", "content": "", "tool_calls": tool_calls}, "done": False})
        self._line({"model": model, "created_at": _now(), "message": {"role": "assistant", "content": ""},
                    "done": True, "done_reason": "stop"})

    # OpenAI: one chat.completion, or SSE chat.completion.chunk events ending with [DONE]
    def _openai(self, model: str, reply: Scripted, stream: bool) -> None:
        finish = "tool_calls" if reply.calls else "stop"
        if not stream:
            message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
            if reply.calls:
                message["tool_calls"] = [
                    {"id": f"call_{i}", "type": "function", "function": {"name": n, "arguments": json.dumps(a)}}
                    for i, (n, a) in enumerate(reply.calls)]
            self._json(200, {"id": "chatcmpl-scripted", "object": "chat.completion", "created": int(time.time()),
                             "model": model, "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                             "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}})
            return
        self._start_stream("text/event-stream")

        def event(delta: dict[str, Any], finish_reason: str | None = None) -> None:
            chunk = {"id": "chatcmpl-scripted", "object": "chat.completion.chunk", "created": int(time.time()),
                     "model": model, "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}
            self._raw(f"data: {json.dumps(chunk)}\n\n")

        event({"role": "assistant", "content": ""})
        pieces = _pieces(reply.text, self.server_owner.chunk_chars)
        for n, piece in enumerate(pieces):
            self._between_pieces(n, len(pieces), reply)
            event({"content": piece})
            self.server_owner.pieces_sent = n + 1
        for i, (name, args) in enumerate(reply.calls):
            # the arguments arrive in two pieces, as real servers send them
            text = json.dumps(dict(args))
            half = len(text) // 2
            event({"tool_calls": [{"index": i, "id": f"call_{i}", "type": "function",
                                   "function": {"name": name, "arguments": text[:half]}}]})
            event({"tool_calls": [{"index": i, "function": {"arguments": text[half:]}}]})
        event({}, finish)
        self._raw("data: [DONE]\n\n")

    def _between_pieces(self, n: int, count: int, reply: Scripted) -> None:
        """Before piece `n` of `count`: the pause between pieces, and before the last one the hold."""
        if n == count - 1 and n and reply.hold is not None:
            reply.hold.wait(HOLD_LIMIT)
        if n and reply.pause:
            time.sleep(reply.pause)

    def _error(self, protocol: str, status: int, error: str) -> None:
        if protocol == "ollama":
            self._json(status, {"error": error})
        else:
            self._json(status, {"error": {"message": error, "type": "server_error", "code": status}})

    def _json(self, status: int, data: Any) -> None:
        payload = json.dumps(data).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _start_stream(self, content_type: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Connection", "close")
        self.end_headers()

    def _line(self, data: Any) -> None:
        self._raw(json.dumps(data) + "\n")

    def _raw(self, text: str) -> None:
        self.wfile.write(text.encode())
        self.wfile.flush()


def _pieces(text: str, size: int) -> list[str]:
    return [text[i:i + size] for i in range(0, len(text), max(1, size))]


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

