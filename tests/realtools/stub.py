"""A loopback stand-in for the model APIs agent CLIs talk to: it keeps every request and answers
just enough for the tool to send its first real request and stop.

One server speaks every API (the path tells which):

- Anthropic Messages, ``POST /v1/messages`` (Claude Code): a JSON message, or its SSE stream
  when the request asks for ``"stream": true``; ``/v1/messages/count_tokens`` too;
- OpenAI Responses, ``POST /v1/responses`` (Codex): the SSE events of one short reply;
- OpenAI Chat Completions, ``POST /v1/chat/completions`` (OpenCode, Qwen Code, pi...): JSON or
  SSE chunks ending with ``data: [DONE]``;
- Gemini, ``POST /v1beta/models/M:generateContent`` and ``:streamGenerateContent`` (Gemini CLI),
  whose first (routing) request wants a JSON object as its text;
- ``GET .../models``: a list of one model, for tools that ask first.

Anything else gets a JSON 404. The reply text is ``ok``; nothing here reaches the network.
"""

from __future__ import annotations

import dataclasses as dc
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from tests.local_server import running

MODEL = "stub-model"
REPLY = "ok"


@dc.dataclass(slots=True, frozen=True)
class Request:
    method: str
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body) if self.body else None


def _sse(events: list[tuple[str | None, Any]]) -> bytes:
    out = []
    for name, data in events:
        text = data if isinstance(data, str) else json.dumps(data)
        out.append((f"event: {name}\n" if name else "") + f"data: {text}\n\n")
    return "".join(out).encode()


def _anthropic(body: dict[str, Any]) -> tuple[str, bytes]:
    message = {"id": "msg_stub", "type": "message", "role": "assistant",
               "model": body.get("model", MODEL), "content": [], "stop_reason": None,
               "stop_sequence": None, "usage": {"input_tokens": 1, "output_tokens": 1}}
    if not body.get("stream"):
        done = {**message, "content": [{"type": "text", "text": REPLY}],
                "stop_reason": "end_turn"}
        return "application/json", json.dumps(done).encode()
    return "text/event-stream", _sse([
        ("message_start", {"type": "message_start", "message": message}),
        ("content_block_start", {"type": "content_block_start", "index": 0,
                                 "content_block": {"type": "text", "text": ""}}),
        ("content_block_delta", {"type": "content_block_delta", "index": 0,
                                 "delta": {"type": "text_delta", "text": REPLY}}),
        ("content_block_stop", {"type": "content_block_stop", "index": 0}),
        ("message_delta", {"type": "message_delta",
                           "delta": {"stop_reason": "end_turn", "stop_sequence": None},
                           "usage": {"output_tokens": 1}}),
        ("message_stop", {"type": "message_stop"}),
    ])


def _responses(body: dict[str, Any]) -> tuple[str, bytes]:
    item = {"type": "message", "id": "msg_stub", "role": "assistant", "status": "completed",
            "content": [{"type": "output_text", "text": REPLY, "annotations": []}]}
    response = {"id": "resp_stub", "object": "response", "created_at": 0, "status": "completed",
                "model": body.get("model", MODEL), "output": [item],
                "usage": {"input_tokens": 1, "input_tokens_details": {"cached_tokens": 0},
                          "output_tokens": 1, "output_tokens_details": {"reasoning_tokens": 0},
                          "total_tokens": 2}}
    return "text/event-stream", _sse([
        ("response.created", {"type": "response.created",
                              "response": {**response, "status": "in_progress", "output": []}}),
        ("response.output_item.done", {"type": "response.output_item.done", "output_index": 0,
                                       "item": item}),
        ("response.completed", {"type": "response.completed", "response": response}),
    ])


def _chat(body: dict[str, Any]) -> tuple[str, bytes]:
    model = body.get("model", MODEL)
    usage = {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2}
    if not body.get("stream"):
        return "application/json", json.dumps({
            "id": "chatcmpl-stub", "object": "chat.completion", "created": 0, "model": model,
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": REPLY}}],
            "usage": usage}).encode()

    def chunk(delta: dict[str, Any], finish: str | None, **extra: Any) -> dict[str, Any]:
        return {"id": "chatcmpl-stub", "object": "chat.completion.chunk", "created": 0,
                "model": model, "choices": [{"index": 0, "delta": delta,
                                             "finish_reason": finish}], **extra}

    return "text/event-stream", _sse([
        (None, chunk({"role": "assistant", "content": ""}, None)),
        (None, chunk({"content": REPLY}, None)),
        (None, chunk({}, "stop", usage=usage)),
        (None, "[DONE]"),
    ])


def _gemini(body: dict[str, Any], stream: bool) -> tuple[str, bytes]:
    config = body.get("generationConfig") or body.get("generation_config") or {}
    wants_json = config.get("responseMimeType") == "application/json" or \
        "responseJsonSchema" in config or "responseSchema" in config
    text = json.dumps({"reasoning": "stub", "model_choice": "flash", "complexity_reasoning": "stub",
                       "complexity_score": 1}) if wants_json else REPLY
    reply = {"candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
                             "finishReason": "STOP", "index": 0}],
             "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1,
                               "totalTokenCount": 2},
             "modelVersion": MODEL}
    if stream:
        return "text/event-stream", _sse([(None, reply)])
    return "application/json", json.dumps(reply).encode()


class ModelStub:
    """The server's state: the requests kept, in arrival order."""

    def __init__(self) -> None:
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        self.url = ""

    def keep(self, request: Request) -> None:
        with self._lock:
            self.requests.append(request)

    def answer(self, request: Request) -> tuple[int, str, bytes]:
        path = request.path.split("?", 1)[0]
        if request.method == "GET" and path.endswith("/models"):
            return 200, "application/json", json.dumps({
                "object": "list", "data": [{"id": MODEL, "object": "model", "created": 0,
                                            "owned_by": "stub"}],
                "models": [{"name": f"models/{MODEL}"}]}).encode()
        if request.method != "POST":
            return 404, "application/json", b'{"error": "not served by the stub"}'
        try:
            body = request.json() or {}
        except ValueError:
            body = {}
        if path.endswith("/messages/count_tokens"):
            return 200, "application/json", b'{"input_tokens": 1}'
        if path.endswith("/messages"):
            return 200, *_anthropic(body)
        if path.endswith("/responses"):
            return 200, *_responses(body)
        if path.endswith("/chat/completions"):
            return 200, *_chat(body)
        if ":streamGenerateContent" in path:
            return 200, *_gemini(body, stream=True)
        if ":generateContent" in path:
            return 200, *_gemini(body, stream=False)
        if ":countTokens" in path:
            return 200, "application/json", b'{"totalTokens": 1}'
        return 404, "application/json", b'{"error": "not served by the stub"}'


def _handler(stub: ModelStub) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:
            pass

        def _read_body(self) -> bytes:
            length = self.headers.get("Content-Length")
            if length:
                return self.rfile.read(int(length))
            if self.headers.get("Transfer-Encoding", "").lower() != "chunked":
                return b""
            out = bytearray()
            while True:
                size = int(self.rfile.readline().split(b";", 1)[0].strip() or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return bytes(out)
                out += self.rfile.read(size)
                self.rfile.readline()

        def _serve(self) -> None:
            request = Request(self.command, self.path, dict(self.headers), self._read_body())
            stub.keep(request)
            status, kind, data = stub.answer(request)
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        do_GET = do_POST = do_PUT = _serve

    return Handler


@contextmanager
def model_stub() -> Iterator[ModelStub]:
    """Serve a :class:`ModelStub` on a free port of 127.0.0.1 (``stub.url``, no trailing
    slash) until the block ends."""
    stub = ModelStub()
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(stub))
    server.daemon_threads = True
    with running(server) as port:
        stub.url = f"http://127.0.0.1:{port}"
        yield stub
