"""The PPTX writer: slide model (engine/model/schema.py dicts) + media -> .pptx bytes."""

from engine.pptx.deck import write_deck, write_deck_report
from engine.pptx.fontembed import EMBED_MODES, EmbedMode, FontReport

__all__ = ["EMBED_MODES", "EmbedMode", "FontReport", "write_deck", "write_deck_report"]
