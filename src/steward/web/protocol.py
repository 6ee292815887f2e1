"""The HTTP protocol `steward serve` speaks: uvicorn's (httptools), with the request's head bounded.

httptools keeps a header's value in memory until the header ends, so one endless header (a client
sending 50 MB of `X-Big: aaaa…`) would be read whole. Here the bytes of a request's head (its line and
headers) are counted as they arrive; past `MAX_HEAD_BYTES` the server answers 431 and closes the
connection without reading more. Bodies are bounded apart (`BodyLimitMiddleware`).
"""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MAX_HEAD_BYTES = 64 * 1024  # a browser's request head is a few kilobytes; cookies stay well under this

_REFUSAL = (b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json\r\n"
            b"connection: close\r\ncontent-length: %d\r\n\r\n%s")
_MESSAGE = (b'{"error": "headers_too_large", "message": "the request\'s headers are larger than Steward takes '
            b'(64 KiB); nothing was read"}')


class BoundedHttpProtocol(HttpToolsProtocol):
    """uvicorn's httptools protocol, refusing a request whose head passes `MAX_HEAD_BYTES`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._in_head = True  # reading a request line and headers (not a body)
        self._head_bytes = 0

    def data_received(self, data: bytes) -> None:
        """Count what arrives while a head is being read; past the bound, 431 and close."""
        if self._in_head:
            self._head_bytes += len(data)
        super().data_received(data)
        if self._in_head and self._head_bytes > MAX_HEAD_BYTES and not self.transport.is_closing():
            self.transport.write(_REFUSAL % (len(_MESSAGE), _MESSAGE))
            self.transport.close()

    def on_headers_complete(self) -> None:
        """The head has ended: what follows is the body, bounded elsewhere."""
        self._in_head = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        """The request has ended: the next bytes are the next request's head."""
        super().on_message_complete()
        self._in_head = True
        self._head_bytes = 0
