"""plan_from_markdown + build_planned (page HTML first, conversion later) make the same deck as
generate_from_markdown, and report each page as soon as its HTML exists."""

from __future__ import annotations

import io
import pickle
import re
import zipfile

import pytest

from generator import GeneratorError, build_planned, generate_from_markdown, plan_from_markdown
from generator.api import PlannedDeck

MARKDOWN = """# Harbour Plan
A short deck

## Works

### Quay Wall
- Piles driven in March
- Concrete cap in May

### Dredging
| Area | Depth |
| --- | --- |
| North | 9 m |
| South | 7 m |
"""


def slides(pptx: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        return {n: z.read(n) for n in z.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)}


def test_two_halves_make_the_same_deck() -> None:
    seen: list[tuple[int, int, str]] = []
    planned = plan_from_markdown(
        MARKDOWN, "corporate", on_page=lambda i, total, html: seen.append((i, total, html))
    )
    whole = generate_from_markdown(MARKDOWN, "corporate")
    assert [i for i, _, _ in seen] == list(range(whole.page_count))
    assert {total for _, total, _ in seen} == {whole.page_count}
    assert [h for _, _, h in seen] == planned.htmls == whole.pages_html
    # plain data: it crosses to a worker process
    copy = PlannedDeck.from_dict(pickle.loads(pickle.dumps(planned.to_dict())))
    deck = build_planned(copy)
    assert slides(deck.pptx_bytes) == slides(whole.pptx_bytes)
    assert deck.document == whole.document
    assert (deck.subject, deck.template_id) == ("Harbour Plan", "corporate")


def test_plan_refuses_what_generate_refuses() -> None:
    with pytest.raises(GeneratorError) as bad:
        plan_from_markdown("", "corporate")
    assert bad.value.code == 1010
    with pytest.raises(GeneratorError) as unknown:
        plan_from_markdown(MARKDOWN, "no-such-template")
    assert unknown.value.code == 1001
