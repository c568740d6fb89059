"""The Markdown grammar every reader of a document shares: markdown-it-py (CommonMark + tables +
strikethrough, raw HTML on) with mdit-py-plugins: footnotes, task lists, definition lists,
`$math$`/`\\(math\\)`, `!!! admonitions`, `:::` containers and the dialects' syntax."""

from __future__ import annotations

from markdown_it import MarkdownIt
from mdit_py_plugins.admon import admon_plugin
from mdit_py_plugins.colon_fence import colon_fence_plugin
from mdit_py_plugins.deflist import deflist_plugin
from mdit_py_plugins.dollarmath import dollarmath_plugin
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.tasklists import tasklists_plugin
from mdit_py_plugins.texmath import texmath_plugin

from generator.markup.extensions import dialects_plugin


def _link_allowed(url: str) -> bool:
    """markdown-it's link check, widened to data: images of any kind (SVG too: pictures are
    loaded by generator.markup.images, links kept only for http(s)/mailto)."""
    text = url.strip().lower()
    if text.startswith("data:"):
        return text.startswith("data:image/")
    return not text.startswith(("javascript:", "vbscript:", "file:"))


def _parser() -> MarkdownIt:
    md = (
        MarkdownIt("commonmark", {"html": True, "linkify": False})
        .enable(["table", "strikethrough"])
        .use(footnote_plugin)
        .use(tasklists_plugin)
        .use(deflist_plugin)
        .use(dollarmath_plugin, allow_space=False, double_inline=True)
        .use(texmath_plugin, delimiters="brackets")  # `\(...\)`, `\[...\]` (MathJax, arithmatex)
        .use(admon_plugin)
        .use(colon_fence_plugin)
        .use(dialects_plugin)
    )
    # Backslash escapes and entities stay tokens of their own (`text_special`), so that the
    # inline reader tells an escaped `\=` from a `==mark==` delimiter.
    md.disable("text_join")
    md.validateLink = _link_allowed  # type: ignore[method-assign]
    return md


MD = _parser()
# The same grammar, block structure only (inline content is not parsed): where a document's
# slides break (generator.markup.deck) is read from it at a fraction of a full parse.
BLOCKS = _parser().disable(["inline", "github-tasklists", "footnote_tail"])
