"""Multi-column layout: columns and the fragmentation of a flow into them.

Block layout asks `is_multicol` of every block container; the layout itself (layout.py,
fragmentation.py) is imported where a multicol container is laid out.
"""

from __future__ import annotations

from engine.boxes import box as b

__all__ = ["is_multicol"]


def is_multicol(box: b.Box) -> bool:
    """A block container with `column-count` or `column-width` is a multicol container."""
    style = box.style
    return box.inner in (b.FLOW, b.FLOW_ROOT) and (
        style["column-count"] != "auto" or style["column-width"] != "auto"
    )
