"""Record the generated text of counter()/counters(), quotes and list markers from headless
Chromium (tests/boxes/chromium_counters.py FIXTURES, SCOPES and MARKER_STYLES -> the page's
layout text from DOMSnapshot, whitespace removed, in tests/boxes/expected_counters.json,
expected_counter_scopes.json and expected_counter_markers.json).

    python -m tools.recorders.boxes_counters
"""

from __future__ import annotations

from typing import Any

from tests.boxes.chromium_counters import (
    FIXTURES,
    MARKER_STYLES,
    MARKER_VALUES,
    MARKERS_OUT,
    OUT,
    SCOPES,
    SCOPES_OUT,
    page,
    scope_page,
)
from tools.recorders.browser import chromium_tab, write_json

ORDER = {"marker": 0, "before": 1, "after": 3}  # pseudo-elements among an element's children


def layout_text(tab: Any, cdp: Any, html: str) -> str:
    """The page's layout text (generated content and markers included) in document order,
    whitespace removed. DOMSnapshot lists an element's pseudo-elements before its children; they
    are put in document order: ::marker, ::before, the children, ::after."""
    tab.set_content(html)
    snap = cdp.send("DOMSnapshot.captureSnapshot", {"computedStyles": []})
    strings = snap["strings"]
    doc = snap["documents"][0]
    nodes, layout = doc["nodes"], doc["layout"]
    pseudo = dict(zip(nodes["pseudoType"]["index"], nodes["pseudoType"]["value"], strict=True))
    texts: dict[int, list[str]] = {}
    for node, text in zip(layout["nodeIndex"], layout["text"], strict=True):
        if text >= 0:
            texts.setdefault(node, []).append(strings[text])
    kids: dict[int, list[int]] = {}
    for node, parent in enumerate(nodes["parentIndex"]):
        kids.setdefault(parent, []).append(node)
    out: list[str] = []
    stack = [0]
    while stack:
        node = stack.pop()
        out.extend(texts.get(node, ()))
        children = kids.get(node, [])
        children = sorted(
            children, key=lambda c: ORDER.get(strings[pseudo[c]], 2) if c in pseudo else 2
        )
        stack.extend(reversed(children))
    return "".join("".join(out).split())


def marker_texts(tab: Any, cdp: Any, list_style_type: str) -> list[str]:
    """The marker text of each item of an <ol> (MARKER_VALUES) in `list_style_type`."""
    items = "".join(f"<li value={v}>x</li>" for v in MARKER_VALUES)
    tab.set_content(f"<ol style='list-style-type:{list_style_type}'>{items}</ol>")
    snap = cdp.send("DOMSnapshot.captureSnapshot", {"computedStyles": []})
    strings = snap["strings"]
    texts = [strings[i] for i in snap["documents"][0]["layout"]["text"] if i >= 0]
    return [t for t in texts if t != "x"]


def main() -> None:
    out: dict[str, Any] = {}
    scopes: dict[str, Any] = {}
    with chromium_tab() as tab:
        cdp = tab.context.new_cdp_session(tab)
        for name, css in FIXTURES.items():
            out[name] = {"css": css, "text": layout_text(tab, cdp, page(css))}
        for name, (css, markup) in SCOPES.items():
            text = layout_text(tab, cdp, scope_page(css, markup))
            scopes[name] = {"css": css, "markup": markup, "text": text}
        markers = {kind: marker_texts(tab, cdp, kind) for kind in MARKER_STYLES}
    write_json(OUT, out, ensure_ascii=False)
    write_json(SCOPES_OUT, scopes, ensure_ascii=False)
    write_json(MARKERS_OUT, {"values": MARKER_VALUES, "markers": markers}, ensure_ascii=False)


if __name__ == "__main__":
    main()
