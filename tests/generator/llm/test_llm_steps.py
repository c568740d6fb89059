"""Generation steps over the real client and a scripted local server: topic -> outline -> pages."""

from __future__ import annotations

import pytest
from chatserver import answer, chat_server, stream

from generator.api import generate_from_markdown
from generator.llm import ChatCompletionsClient, LLMError, LLMSettings
from generator.llm_steps import Brief, check_markdown, expand_outline, generate_from_topic

OUTLINE = (
    "# Solar Power\n## Basics\n### How panels work\nPhotons to current.\n### Costs\nFalling.\n"
)
DECK = (
    "```markdown\n# Solar Power\n## Basics\n### How panels work\n- Photons free electrons\n"
    "- Inverters make AC\n### Costs\n| Year | $/W |\n|---|---|\n| 2010 | 2.0 |\n| 2020 | 0.2 |\n```"
)


def client(base_url: str) -> ChatCompletionsClient:
    return ChatCompletionsClient(
        LLMSettings(base_url=base_url, model="m", timeout_s=5, retries=0, backoff_s=0.01)
    )


def test_topic_to_outline_to_pages_and_a_deck() -> None:
    brief = Brief(
        length="short", scene="school", audience="pupils", lang="en", prompt="Keep it simple"
    )
    with chat_server(answer(OUTLINE), answer(DECK)) as srv, client(srv.base_url) as c:
        markdown = generate_from_topic(c, "Solar power", brief)
        first, second = (r["body"]["messages"] for r in srv.requests)
    assert markdown.startswith("# Solar Power\n## Basics") and "```" not in markdown
    asked = first[-1]["content"]
    for word in ("Solar power", "6 to 8", "school", "pupils", "en", "Keep it simple"):
        assert word in asked
    assert OUTLINE.strip() in second[-1]["content"]  # step 2 writes the pages of step 1's outline
    deck = generate_from_markdown(markdown)
    assert deck.subject == "Solar Power" and deck.page_count >= 3


def test_streamed_generation_passes_deltas() -> None:
    pieces = [OUTLINE[:10], OUTLINE[10:]]
    deltas: list[str] = []
    with chat_server(stream(pieces), stream([DECK])) as srv, client(srv.base_url) as c:
        generate_from_topic(c, "Solar", on_delta=deltas.append)
    assert deltas == pieces + [DECK]


def test_invalid_markdown_is_sent_back_once_then_refused() -> None:
    prose = "Sure! Solar power is great. It is cheap and clean."
    with (
        chat_server(answer(prose), answer(OUTLINE), answer(DECK)) as srv,
        client(srv.base_url) as c,
    ):
        assert generate_from_topic(c, "Solar").startswith("# Solar Power")
        retry = srv.requests[1]["body"]["messages"]
        assert retry[-2] == {"role": "assistant", "content": prose}
        assert "not usable" in retry[-1]["content"]
    with chat_server(answer(prose), answer("")) as srv, client(srv.base_url) as c:
        with pytest.raises(LLMError) as err:
            generate_from_topic(c, "Solar")
        assert err.value.code == "LLM_INVALID_OUTPUT"
        assert len(srv.requests) == 2


def test_expand_outline_keeps_the_extracted_content_in_the_request() -> None:
    extracted = "# Report\n## Results\n### Revenue\n| Region | Sales |\n|---|---|\n| EU | 10 |\n"
    with chat_server(answer(DECK)) as srv, client(srv.base_url) as c:
        out = expand_outline(c, extracted, Brief(length="long", lang="zh"))
        asked = srv.requests[0]["body"]["messages"][-1]["content"]
    assert extracted in asked and "20 to 25" in asked and "zh" in asked
    assert check_markdown(out)[1].topic == "Solar Power"


def test_check_markdown() -> None:
    assert check_markdown("```md\n# A\n## B\n### C\ntext\n```")[0] == "# A\n## B\n### C\ntext\n"
    for bad in ("", "just prose", "# Only a title"):
        with pytest.raises(LLMError) as err:
            check_markdown(bad)
        assert err.value.code == "LLM_INVALID_OUTPUT"


def test_content_markdown_per_task_type() -> None:
    from generator.llm_steps import content_markdown
    from generator.sources import UploadedFile, prepare_content

    with pytest.raises(LLMError) as err:
        content_markdown(prepare_content(1, "Solar"), None)
    assert err.value.code == "LLM_NOT_CONFIGURED" and "DECKFORGE_LLM_BASE_URL" in err.value.message
    pasted = prepare_content(6, "Plan\n\nWe start in May. We ship in June.")
    assert content_markdown(pasted, None) == pasted.markdown  # works without a provider
    kept = prepare_content(2, None, [UploadedFile("notes.md", b"# A\n## B\n### C\ntext\n")])
    with chat_server(answer(DECK)) as srv, client(srv.base_url) as c:
        assert content_markdown(pasted, c, Brief(length="short")).startswith("# Solar Power")
        assert pasted.markdown in srv.requests[0]["body"]["messages"][-1]["content"]
        exact = prepare_content(7, "# A\n## B\n### C\ntext")
        assert content_markdown(exact, c) == exact.markdown  # type 7 and 4: never rewritten
        assert len(srv.requests) == 1
    assert kept.expandable
