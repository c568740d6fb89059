"""LLM provider: settings + an OpenAI-compatible Chat Completions client (messages -> text, streamed or not).

Settings (environment; docs/generator.md "Content sources and LLM settings"):
    DECKFORGE_LLM_BASE_URL   e.g. https://api.openai.com/v1 (the client POSTs {base}/chat/completions)
    DECKFORGE_LLM_API_KEY    sent as `Authorization: Bearer ...`; never logged or shown
    DECKFORGE_LLM_MODEL      e.g. gpt-4o-mini
    DECKFORGE_LLM_TIMEOUT_S  per request, also the bound of one whole streamed answer (default 60)
    DECKFORGE_LLM_RETRIES    extra attempts on 429/5xx/connection errors, backoff 0.5 s x 2^n (default 2)
A provider is configured when the base URL and the model are set. Errors: LLMError(code, message)
with code LLM_NOT_CONFIGURED, LLM_TIMEOUT, LLM_HTTP_ERROR, LLM_BAD_RESPONSE, LLM_STREAM_BROKEN,
LLM_INVALID_OUTPUT.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

import httpx

from generator.sources.errors import ContentError

log = logging.getLogger("deckforge.llm")

LLM_NOT_CONFIGURED = "LLM_NOT_CONFIGURED"
LLM_TIMEOUT = "LLM_TIMEOUT"
LLM_HTTP_ERROR = "LLM_HTTP_ERROR"
LLM_BAD_RESPONSE = "LLM_BAD_RESPONSE"
LLM_STREAM_BROKEN = "LLM_STREAM_BROKEN"
LLM_INVALID_OUTPUT = "LLM_INVALID_OUTPUT"

NOT_CONFIGURED_MESSAGE = (
    "no LLM provider is configured: set DECKFORGE_LLM_BASE_URL (an OpenAI-compatible API, e.g. "
    "https://api.openai.com/v1), DECKFORGE_LLM_MODEL and, if the provider needs one, "
    "DECKFORGE_LLM_API_KEY (optional: DECKFORGE_LLM_TIMEOUT_S, DECKFORGE_LLM_RETRIES)"
)
MAX_ANSWER_CHARS = 400_000
_RETRY_STATUSES = {429, 500, 502, 503, 504}

Message = dict[str, str]
OnDelta = Callable[[str], None]


class LLMError(ContentError):
    """A failed LLM step; `code` is one of the LLM_* strings."""


@dataclass(frozen=True)
class LLMSettings:
    base_url: str = ""
    api_key: str = field(default="", repr=False)  # never in repr, logs or messages
    model: str = ""
    timeout_s: float = 60.0
    retries: int = 2
    backoff_s: float = 0.5
    max_backoff_s: float = 8.0
    temperature: float = 0.7

    @property
    def configured(self) -> bool:
        return bool(self.base_url.strip() and self.model.strip())

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> LLMSettings:
        env = os.environ if environ is None else environ

        def number(name: str, default: float) -> float:
            raw = env.get(name, "").strip()
            try:
                return float(raw) if raw else default
            except ValueError:
                raise LLMError(LLM_NOT_CONFIGURED, f"{name} must be a number") from None

        return cls(
            base_url=env.get("DECKFORGE_LLM_BASE_URL", "").strip(),
            api_key=env.get("DECKFORGE_LLM_API_KEY", "").strip(),
            model=env.get("DECKFORGE_LLM_MODEL", "").strip(),
            timeout_s=max(0.1, number("DECKFORGE_LLM_TIMEOUT_S", 60.0)),
            retries=max(0, min(10, int(number("DECKFORGE_LLM_RETRIES", 2)))),
        )


class LLMProvider(Protocol):
    """Anything that answers a chat: the generation steps only need this."""

    def complete(self, messages: list[Message], *, on_delta: OnDelta | None = None) -> str: ...


class ChatCompletionsClient:
    """OpenAI-compatible `POST {base_url}/chat/completions` over httpx.

    complete(messages) returns the answer text. With `on_delta`, the request streams (SSE
    `data:` lines with `choices[0].delta.content`, ended by `data: [DONE]`) and each delta is
    passed on as it arrives. 429/5xx and connection failures are retried (settings.retries
    times, exponential backoff, Retry-After honoured up to max_backoff_s) unless a delta was
    already passed on; a stream cut before [DONE] -> LLM_STREAM_BROKEN.
    """

    def __init__(self, settings: LLMSettings, *, transport: httpx.BaseTransport | None = None):
        if not settings.configured:
            raise LLMError(LLM_NOT_CONFIGURED, NOT_CONFIGURED_MESSAGE)
        self.settings = settings
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if settings.api_key:
            headers["Authorization"] = f"Bearer {settings.api_key}"
        self._client = httpx.Client(
            base_url=settings.base_url.rstrip("/") + "/",
            headers=headers,
            timeout=httpx.Timeout(settings.timeout_s),
            transport=transport,
            follow_redirects=False,
            trust_env=False,
        )

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> ChatCompletionsClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def complete(self, messages: list[Message], *, on_delta: OnDelta | None = None) -> str:
        body = {
            "model": self.settings.model,
            "messages": messages,
            "temperature": self.settings.temperature,
            "stream": on_delta is not None,
        }
        attempt = 0
        while True:
            started = [False]
            try:
                if on_delta is None:
                    return self._once(body)
                return self._stream(body, on_delta, started)
            except _Retryable as exc:
                if attempt >= self.settings.retries or started[0]:
                    raise exc.error from None
                delay = exc.retry_after
                if delay is None:
                    delay = self.settings.backoff_s * (2**attempt)
                delay = min(delay, self.settings.max_backoff_s)
                log.warning(
                    "LLM %s (model %s): %s; retry %d in %.1f s",
                    self.settings.base_url, self.settings.model, exc.error.code, attempt + 1, delay,
                )  # fmt: skip
                time.sleep(delay)
                attempt += 1

    # -- one attempt ------------------------------------------------------------------------

    def _once(self, body: dict[str, Any]) -> str:
        try:
            resp = self._client.post("chat/completions", json=body)
        except httpx.TimeoutException:
            raise _Retryable(LLMError(LLM_TIMEOUT, self._timeout_message())) from None
        except httpx.HTTPError as exc:
            raise _Retryable(_connection_error(exc)) from None
        _check_status(resp)
        try:
            data = resp.json()
            text = data["choices"][0]["message"]["content"]
        except (ValueError, KeyError, IndexError, TypeError):
            raise LLMError(
                LLM_BAD_RESPONSE, "the answer is not a Chat Completions JSON object"
            ) from None
        if not isinstance(text, str):
            raise LLMError(LLM_BAD_RESPONSE, "the answer has no text content")
        return text[:MAX_ANSWER_CHARS]

    def _stream(self, body: dict[str, Any], on_delta: OnDelta, started: list[bool]) -> str:
        deadline = time.monotonic() + self.settings.timeout_s
        parts: list[str] = []
        size = 0
        try:
            with self._client.stream("POST", "chat/completions", json=body) as resp:
                if resp.status_code != 200:
                    resp.read()
                _check_status(resp)
                for delta in _sse_deltas(resp.iter_lines()):
                    if time.monotonic() > deadline:
                        raise LLMError(LLM_TIMEOUT, self._timeout_message())
                    if delta is None:
                        return "".join(parts)
                    size += len(delta)
                    if size > MAX_ANSWER_CHARS:
                        raise LLMError(LLM_BAD_RESPONSE, "the answer is too long")
                    if delta:
                        started[0] = True
                        parts.append(delta)
                        on_delta(delta)
        except httpx.TimeoutException:
            raise _Retryable(LLMError(LLM_TIMEOUT, self._timeout_message())) from None
        except httpx.HTTPError as exc:
            if started[0]:
                raise LLMError(
                    LLM_STREAM_BROKEN, f"the stream broke ({type(exc).__name__})"
                ) from None
            raise _Retryable(_connection_error(exc)) from None
        raise LLMError(LLM_STREAM_BROKEN, "the stream ended before [DONE]")

    def _timeout_message(self) -> str:
        return f"no complete answer from the LLM within {self.settings.timeout_s:g} s"


class _Retryable(Exception):
    def __init__(self, error: LLMError, retry_after: float | None = None) -> None:
        super().__init__(error.message)
        self.error, self.retry_after = error, retry_after


def _connection_error(exc: httpx.HTTPError) -> LLMError:
    return LLMError(LLM_HTTP_ERROR, f"cannot reach the LLM provider ({type(exc).__name__})")


def _check_status(resp: httpx.Response) -> None:
    if resp.status_code == 200:
        return
    detail = ""
    try:
        error = resp.json().get("error")
        detail = str(error.get("message") if isinstance(error, dict) else error or "")[:200]
    except (ValueError, AttributeError, httpx.ResponseNotRead):
        pass
    error = LLMError(
        LLM_HTTP_ERROR, f"the LLM provider answered HTTP {resp.status_code} {detail}".strip()
    )
    if resp.status_code in _RETRY_STATUSES:
        raw = resp.headers.get("Retry-After", "")
        retry_after = float(raw) if raw.strip().replace(".", "", 1).isdigit() else None
        raise _Retryable(error, retry_after)
    raise error


def _sse_deltas(lines: Iterator[str]) -> Iterator[str | None]:
    """SSE lines -> content deltas; None once `data: [DONE]` arrives."""
    for line in lines:
        if not line.startswith("data:"):
            continue  # comments, event:, id:, blank separators
        payload = line[5:].strip()
        if payload == "[DONE]":
            yield None
            return
        try:
            chunk = json.loads(payload)
            choices = chunk.get("choices") or []
            delta = (choices[0].get("delta") or {}).get("content") if choices else None
        except (ValueError, AttributeError, IndexError, TypeError):
            raise LLMError(LLM_STREAM_BROKEN, "a stream chunk is not valid JSON") from None
        if delta is not None and not isinstance(delta, str):
            raise LLMError(LLM_STREAM_BROKEN, "a stream delta is not text")
        yield delta or ""


def provider_from_settings(settings: LLMSettings | None = None) -> ChatCompletionsClient | None:
    """A client when configured (settings default: the environment), else None."""
    settings = settings if settings is not None else LLMSettings.from_env()
    return ChatCompletionsClient(settings) if settings.configured else None


def require_provider(provider: LLMProvider | None) -> LLMProvider:
    """Type 1 needs a provider: None -> LLMError(LLM_NOT_CONFIGURED) saying how to set one."""
    if provider is None:
        raise LLMError(LLM_NOT_CONFIGURED, NOT_CONFIGURED_MESSAGE)
    return provider
