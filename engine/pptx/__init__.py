"""The PPTX writer: slide model (engine/model/schema.py dicts) + media -> .pptx bytes."""

from engine.pptx.deck import write_deck

__all__ = ["write_deck"]
