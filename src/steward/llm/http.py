"""The HTTP plumbing both model clients share: timeouts, retries, and one-line errors.

Retries cover transport failures that happen before the server has started to answer (refused or
dropped connections). They never cover an answer: a 4xx/5xx is the server's word and asking again
would get the same word, and a read timeout means the model is busy generating, so repeating the
request would only double the wait.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import httpx

from steward.errors import ConnectorError

log = logging.getLogger(__name__)

# failures where the request surely did not reach a model, so sending it again is safe
_RETRYABLE = (httpx.ConnectError, httpx.ConnectTimeout, httpx.RemoteProtocolError, httpx.ReadError,
              httpx.WriteError, httpx.PoolTimeout)

StatusDescriber = Callable[[int, str], str]


class ModelAnswerError(ConnectorError):
    """The server answered with an HTTP error; `status` and `detail` let a client adapt (never retried)."""

    def __init__(self, message: str, status: int, detail: str) -> None:
        super().__init__(message)
        self.status = status
        self.detail = detail


def one_line(text: str, limit: int = 200) -> str:
    """Collapse whitespace and cut long text, for error messages."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def error_text(body: str) -> str:
    """The error message inside a JSON error body (`{"error": "..."}` or `{"error": {"message": ...}}`)."""
    try:
        data = json.loads(body)
    except (json.JSONDecodeError, ValueError):
        return one_line(body)
    if isinstance(data, Mapping):
        err = data.get("error", data.get("detail", data))
        if isinstance(err, Mapping):
            err = err.get("message", err)
        return one_line(str(err))
    return one_line(body)


class HttpClient:
    """POSTs JSON to one base URL with the timeout and retry policy above."""

    def __init__(self, base_url: str, *, timeout: float, retries: int, where: str = "",
                 headers: Mapping[str, str] | None = None, describe_status: StatusDescriber | None = None,
                 transport: httpx.BaseTransport | None = None) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeout = timeout
        self.retries = max(0, retries)
        self.where = where
        self._describe_status = describe_status
        self._client = httpx.Client(
            timeout=httpx.Timeout(timeout, connect=min(timeout, 10.0)), headers=dict(headers or {}),
            transport=transport,
        )

    def close(self) -> None:
        """Close the HTTP connection pool."""
        self._client.close()

    def _suffix(self) -> str:
        return f" ({self.where})" if self.where else ""

    def post_json(self, path: str, body: Mapping[str, Any]) -> Any:
        """POST `body`, return the decoded JSON answer."""
        with self._request(path, body, stream=False) as response:
            text = response.read().decode("utf-8", "replace")
        try:
            return json.loads(text)
        except json.JSONDecodeError:
            raise ConnectorError(
                f"the model server at {self.base_url} sent something that is not JSON: {one_line(text, 80)!r}"
            ) from None

    def post_lines(self, path: str, body: Mapping[str, Any]) -> Iterator[str]:
        """POST `body`, yield the answer line by line as it arrives (NDJSON or SSE)."""
        with self._request(path, body, stream=True) as response:
            try:
                yield from response.iter_lines()
            except httpx.TimeoutException:
                raise self._timeout_error() from None
            except httpx.TransportError as exc:
                raise ConnectorError(
                    f"the model server at {self.base_url} dropped the reply ({one_line(str(exc), 80)})"
                ) from None

    @contextmanager
    def _request(self, path: str, body: Mapping[str, Any], *, stream: bool) -> Iterator[httpx.Response]:
        url = self.base_url + path
        attempt = 0
        while True:
            try:
                request = self._client.build_request("POST", url, json=body)
                response = self._client.send(request, stream=True)
                break
            except _RETRYABLE as exc:
                if attempt >= self.retries:
                    raise self._unreachable(exc) from None
                attempt += 1
                log.debug("model server %s: %s; retry %d of %d", url, exc, attempt, self.retries)
                time.sleep(min(0.25 * 2 ** (attempt - 1), 2.0))
            except httpx.TimeoutException:
                raise self._timeout_error() from None
            except httpx.TransportError as exc:
                raise self._unreachable(exc) from None
        try:
            if response.status_code >= 400:
                try:
                    text = response.read().decode("utf-8", "replace")
                except httpx.HTTPError:
                    text = ""
                raise self._status_error(response.status_code, text)
            yield response
        finally:
            response.close()

    def _unreachable(self, exc: Exception) -> ConnectorError:
        reason = "connection refused" if isinstance(exc, httpx.ConnectError) else one_line(str(exc) or
                                                                                             type(exc).__name__, 80)
        return ConnectorError(
            f"cannot reach the model server at {self.base_url} ({reason}); is it running?{self._suffix()}"
        )

    def _timeout_error(self) -> ConnectorError:
        return ConnectorError(
            f"the model server at {self.base_url} sent no reply within {self.timeout:g} s (llm.timeout)"
        )

    def _status_error(self, status: int, body: str) -> ModelAnswerError:
        detail = error_text(body)
        if self._describe_status is not None:
            described = self._describe_status(status, body)
            if described:
                return ModelAnswerError(described + self._suffix(), status, detail)
        return ModelAnswerError(
            f"the model server at {self.base_url} answered {status}: {detail or 'no detail'}{self._suffix()}",
            status, detail,
        )
