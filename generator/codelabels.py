"""What stays with a code block: its label when the block is cut between slides, and the
example it is the source of.

- A code block introduced by a short paragraph (a file name, a content tab's name: "mathjax.js",
  "inline") and cut between slides repeats that label above each later part, marked as
  continued, so that every part says what it is.
- A drawn example (an admonition, a quote) right before the code block of its own Markdown
  source never ends a slide without it: the result and the text that makes it are read together.
"""

from __future__ import annotations

from dataclasses import replace

from generator.model import Block, Span, plain

LABEL_CHARS = 80  # an introduction this short labels its code block
CONTINUED = " (continued)"
SOURCE_WORDS = 6  # an example's source holds the first words of the example's last paragraph


def continued_label(intro: Block) -> Block | None:
    """The label repeated above a later part of the code block `intro` introduces (its colon
    dropped, marked as continued), or None when `intro` is not a short paragraph."""
    if intro.type != "paragraph" or len(plain(intro.spans).strip()) > LABEL_CHARS:
        return None
    spans = list(intro.spans)
    while spans and not spans[-1].text.strip():
        spans.pop()
    if not spans:
        return None
    spans[-1] = replace(spans[-1], text=spans[-1].text.rstrip().rstrip(":：").rstrip())
    return replace(intro, spans=[*spans, Span(CONTINUED)])


def example_source(example: Block, code: Block) -> bool:
    """`code` is the Markdown source of the drawn quote `example` right before it: the first
    words of the example's last paragraph are in the code, in order."""
    if example.type != "quote" or code.type != "code" or not example.paragraphs:
        return False
    words = plain(example.paragraphs[-1]).split()[:SOURCE_WORDS]
    if len(words) < 3:
        return False
    text = code.text.split()
    return any(text[i : i + len(words)] == words for i in range(len(text) - len(words) + 1))
