"""A feature's demos on the pages of a how-to document: what the condensing choice of a deck over
its budget (generator.drop) weighs.

Documentation pages teach a feature by pairs: the source (Markdown, configuration, code) and
the result it draws (an admonition, a quote). A page that holds such a pair, or the
configuration a feature is set up with (a YAML/TOML/JSON/INI/CSS block), is a demo page: it
keeps its slides over pages of prose and over slides repeating a variant of a demo already
shown.

- `demo_page`: the page's blocks hold a source next to the result it draws, or a configuration
  block.
- `variant_pages`: pages whose first slide shows a whole pair already: their later slides are
  further variants of the same demo, the first continuation slides to leave.
- `split_pairs`: pages whose first slide shows a source whose drawn result is on a later slide:
  those later slides are the demo's result and never leave alone (generator.budget).
"""

from __future__ import annotations

from generator.codelabels import example_source
from generator.lazyre import lazy_compile
from generator.model import Block, Page
from generator.reshape import Fitted
from generator.runs import page_blocks

CONFIG_LANGUAGES = frozenset(
    {"yaml", "yml", "toml", "json", "jsonc", "json5", "ini", "cfg", "conf", "css", "scss"}
)
_FIRST_PAGE = lazy_compile(r"chapters\[(\d+)\]\.pages\[(\d+)\]")

Key = tuple[int, int]  # (chapter, page) of the outline


def paired(blocks: list[Block]) -> bool:
    """A source next to the result it draws (either first): a code block and the drawn quote
    whose text it writes."""
    return any(
        example_source(a, b) or example_source(b, a)
        for a, b in zip(blocks, blocks[1:], strict=False)
    )


def configures(blocks: list[Block]) -> bool:
    """A configuration block: code in a configuration language (YAML, TOML, JSON, INI, CSS)."""
    return any(b.type == "code" and b.language.lower() in CONFIG_LANGUAGES for b in blocks)


def demo_page(page: Page) -> bool:
    """A page that holds a feature's demo (a source and its drawn result) or configuration."""
    blocks = page_blocks(page)
    return paired(blocks) or configures(blocks)


def _slides(fitted: list[Fitted]) -> dict[Key, list[list[Block]]]:
    """Each page's slides (their blocks) in order, by the first page of their source."""
    out: dict[Key, list[list[Block]]] = {}
    for f in fitted:
        m = _FIRST_PAGE.match(f.page.source)
        if m is not None and f.page.kind == "content":
            out.setdefault((int(m.group(1)), int(m.group(2))), []).append(f.page.blocks)
    return out


def variant_pages(fitted: list[Fitted]) -> frozenset[Key]:
    """Pages over several slides whose first slide shows a source and its drawn result: their
    later slides repeat variants of a demo already shown."""
    return frozenset(k for k, s in _slides(fitted).items() if len(s) > 1 and paired(s[0]))


def split_pairs(fitted: list[Fitted]) -> frozenset[Key]:
    """Pages whose first slide ends on a source whose drawn result opens a later slide: the
    later slide is the demo's result, not a continuation to give up."""
    return frozenset(
        key
        for key, slides in _slides(fitted).items()
        if len(slides) > 1
        and slides[0]
        and slides[1]
        and example_source(slides[1][0], slides[0][-1])
    )
