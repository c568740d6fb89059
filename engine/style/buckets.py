"""Rules grouped by the index key of their rightmost compound (an id, a class or a tag name).

A selector whose rightmost compound names an id, a class or a tag can only match elements that
carry that id, class or tag: when no element in a page's scope does, the selector matches
nothing there and is not tried at all (browsers keep such rule buckets too). Selectors matched
through XPath alone, and universal rightmost compounds, are always tried. The order of the rules
that are tried stays the cascade order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from engine.style.selectors import CompiledSelector, ElementIndex
from engine.style.structural import rightmost

KeyKind = Literal["id", "class", "tag"]
BucketKey = tuple[KeyKind, str]


def bucket_key(selector: CompiledSelector) -> BucketKey | None:
    """The key every element the selector matches has in the page's element index (its id,
    first class or tag), or None when the selector is matched without the index."""
    compound: Any = selector.compound
    if compound is None and selector.chain:
        compound = selector.chain[-1]
    if compound is None and selector.structural is not None:
        compound = rightmost(selector.structural)
    if compound is None:
        return None
    if compound.ident is not None:
        return ("id", compound.ident)
    if compound.classes:
        return ("class", compound.classes[0])
    if compound.tag is not None:
        return ("tag", compound.tag)
    return None


@dataclass(frozen=True)
class RuleBuckets:
    """Positions (in cascade order) of a rule list's selectors: those tried on every page, and
    those tried only on pages whose element index holds their key."""

    always: tuple[int, ...]
    keyed: dict[BucketKey, tuple[int, ...]]

    def positions(self, index: ElementIndex) -> list[int]:
        """Positions of the selectors that can match an element of the index, in order."""
        found = list(self.always)
        keyed = self.keyed
        extra = False
        kinds: tuple[tuple[KeyKind, dict[str, list[Any]]], ...] = (
            ("id", index.by_id),
            ("class", index.by_class),
            ("tag", index.by_tag),
        )
        for kind, names in kinds:
            if len(names) < len(keyed):
                for name in names:
                    more = keyed.get((kind, name))
                    if more:
                        found.extend(more)
                        extra = True
            else:
                for key, more in keyed.items():
                    if key[0] == kind and key[1] in names:
                        found.extend(more)
                        extra = True
        if extra:
            found.sort()
        return found


def rule_buckets(selectors: list[CompiledSelector]) -> RuleBuckets:
    always: list[int] = []
    keyed: dict[BucketKey, list[int]] = {}
    for n, selector in enumerate(selectors):
        key = bucket_key(selector)
        if key is None:
            always.append(n)
        else:
            keyed.setdefault(key, []).append(n)
    return RuleBuckets(tuple(always), {k: tuple(v) for k, v in keyed.items()})
