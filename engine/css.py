"""The engine's CSS reader, public for deckforge's other packages: what reads a stylesheet or a
style attribute the way the engine will (the generator reads an animated SVG's frames with it,
so a still shows what the engine would draw)."""

from __future__ import annotations

from engine.style.animations import Keyframes, page_keyframes
from engine.style.declarations import parse_block
from engine.style.syntax import Rule, parse_blocks

__all__ = ["Keyframes", "Rule", "page_keyframes", "parse_block", "parse_blocks"]
