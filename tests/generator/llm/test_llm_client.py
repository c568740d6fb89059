"""The Chat Completions client against a real local server: answers, streaming, retries, timeouts."""

from __future__ import annotations

import logging
import time

import pytest
from chatserver import answer, chat_server, error, raw, stream

from generator.llm import (
    ChatCompletionsClient,
    LLMError,
    LLMSettings,
    provider_from_settings,
    require_provider,
)

KEY = "sk-test-secret-0123456789"
MESSAGES = [{"role": "user", "content": "hi"}]


def settings(base_url: str, **kw: object) -> LLMSettings:
    values: dict[str, object] = {"base_url": base_url, "api_key": KEY, "model": "m1", "timeout_s": 5.0,
                                 "retries": 2, "backoff_s": 0.01}  # fmt: skip
    values.update(kw)
    return LLMSettings(**values)  # type: ignore[arg-type]


def test_plain_answer_sends_model_key_and_messages() -> None:
    with chat_server(answer("Hello!")) as srv, ChatCompletionsClient(settings(srv.base_url)) as c:
        assert c.complete(MESSAGES) == "Hello!"
        request = srv.requests[0]
        assert request["path"] == "/v1/chat/completions"
        assert request["auth"] == f"Bearer {KEY}"
        assert request["body"]["model"] == "m1" and request["body"]["messages"] == MESSAGES
        assert request["body"]["stream"] is False


def test_streaming_passes_each_delta_on() -> None:
    deltas: list[str] = []
    with (
        chat_server(stream(["Hel", "lo", " world"])) as srv,
        ChatCompletionsClient(settings(srv.base_url)) as c,
    ):
        assert c.complete(MESSAGES, on_delta=deltas.append) == "Hello world"
    assert deltas == ["Hel", "lo", " world"]


def test_429_and_500_are_retried_then_succeed(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    script = (error(429, "slow down", Retry_After="0"), error(500, "oops"), answer("ok"))
    with chat_server(*script) as srv, ChatCompletionsClient(settings(srv.base_url)) as c:
        assert c.complete(MESSAGES) == "ok"
        assert len(srv.requests) == 3
    assert "retry" in caplog.text and KEY not in caplog.text


def test_retries_are_bounded_and_4xx_is_not_retried() -> None:
    with (
        chat_server(*[error(503, "down")] * 4) as srv,
        ChatCompletionsClient(settings(srv.base_url, retries=1)) as c,
    ):
        with pytest.raises(LLMError) as err:
            c.complete(MESSAGES)
        assert err.value.code == "LLM_HTTP_ERROR" and "503" in err.value.message
        assert len(srv.requests) == 2
    with (
        chat_server(error(401, "bad key"), answer("never")) as srv,
        ChatCompletionsClient(settings(srv.base_url)) as c,
    ):
        with pytest.raises(LLMError) as err:
            c.complete(MESSAGES)
        assert "401" in err.value.message and KEY not in str(err.value)
        assert len(srv.requests) == 1


def test_streams_are_retried_after_a_5xx() -> None:
    deltas: list[str] = []
    with (
        chat_server(error(502, "gateway"), stream(["a", "b"])) as srv,
        ChatCompletionsClient(settings(srv.base_url)) as c,
    ):
        assert c.complete(MESSAGES, on_delta=deltas.append) == "ab"
    assert deltas == ["a", "b"]


def test_slow_answers_time_out() -> None:
    script = (answer("late", delay=1.5), answer("late", delay=1.5))
    with (
        chat_server(*script) as srv,
        ChatCompletionsClient(settings(srv.base_url, timeout_s=0.3, retries=1)) as c,
    ):
        started = time.monotonic()
        with pytest.raises(LLMError) as err:
            c.complete(MESSAGES)
        assert err.value.code == "LLM_TIMEOUT"
        assert time.monotonic() - started < 1.5
        assert len(srv.requests) == 2  # one retry


def test_slow_drip_stream_is_bounded_by_the_timeout() -> None:
    with (
        chat_server(stream(["x"] * 20, delay=0.1)) as srv,
        ChatCompletionsClient(settings(srv.base_url, timeout_s=0.5, retries=0)) as c,
    ):
        started = time.monotonic()
        with pytest.raises(LLMError) as err:
            c.complete(MESSAGES, on_delta=lambda d: None)
        assert err.value.code == "LLM_TIMEOUT"
        assert time.monotonic() - started < 1.2


def test_broken_streams() -> None:
    deltas: list[str] = []
    for action in (stream(["a", "b"], done=False), stream(["a", "b"], cut=True),
                   stream(["a"], junk=b"data: {not json\n\n")):  # fmt: skip
        with (
            chat_server(action, stream(["never"])) as srv,
            ChatCompletionsClient(settings(srv.base_url)) as c,
        ):
            with pytest.raises(LLMError) as err:
                c.complete(MESSAGES, on_delta=deltas.append)
            assert err.value.code == "LLM_STREAM_BROKEN"
            assert len(srv.requests) == 1  # deltas were passed on: never retried


def test_bad_json_answers() -> None:
    for action in (raw(200, b"not json"), raw(200, b'{"choices": []}'), answer(None)):  # type: ignore[arg-type]
        with chat_server(action) as srv, ChatCompletionsClient(settings(srv.base_url)) as c:
            with pytest.raises(LLMError) as err:
                c.complete(MESSAGES)
            assert err.value.code == "LLM_BAD_RESPONSE"


def test_unreachable_server_is_retried_then_reported() -> None:
    with chat_server() as srv:
        base = srv.base_url
    with ChatCompletionsClient(settings(base, retries=1)) as c, pytest.raises(LLMError) as err:
        c.complete(MESSAGES)
    assert err.value.code == "LLM_HTTP_ERROR"


def test_settings_from_environment_and_not_configured() -> None:
    env = {"DECKFORGE_LLM_BASE_URL": "http://127.0.0.1:9/v1", "DECKFORGE_LLM_API_KEY": KEY,
           "DECKFORGE_LLM_MODEL": "m", "DECKFORGE_LLM_TIMEOUT_S": "7.5", "DECKFORGE_LLM_RETRIES": "4"}  # fmt: skip
    s = LLMSettings.from_env(env)
    assert (s.base_url, s.model, s.timeout_s, s.retries, s.configured) == (
        "http://127.0.0.1:9/v1",
        "m",
        7.5,
        4,
        True,
    )
    assert KEY not in repr(s)
    assert not LLMSettings.from_env({}).configured
    assert provider_from_settings(LLMSettings.from_env({})) is None
    with pytest.raises(LLMError) as err:
        require_provider(None)
    assert err.value.code == "LLM_NOT_CONFIGURED"
    for name in ("DECKFORGE_LLM_BASE_URL", "DECKFORGE_LLM_MODEL", "DECKFORGE_LLM_API_KEY"):
        assert name in err.value.message
    with pytest.raises(LLMError) as err:
        ChatCompletionsClient(LLMSettings())
    assert err.value.code == "LLM_NOT_CONFIGURED"
    with pytest.raises(LLMError):
        LLMSettings.from_env({"DECKFORGE_LLM_TIMEOUT_S": "soon"})
