"""Third-party log records that say nothing to deckforge's users, kept out of their output.

fontTools reports quirks of the font files it reads (`'created' timestamp seems very low;
regarding as unix timestamp` for Carlito, up to once per face and process): harmless for
measuring text and nothing a user can act on. Without a logging configuration Python prints
such warnings on stderr, so every `deckforge convert` using those faces showed them. Only
records below ERROR are dropped; the engine reports its own font problems as diagnostics.
"""

from __future__ import annotations

import logging

QUIET_LOGGERS = ("fontTools",)


def quiet_third_party() -> None:
    """Raise the level of QUIET_LOGGERS to ERROR (idempotent; an explicit DEBUG/INFO level an
    application set on them is kept)."""
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        if logger.level == logging.NOTSET:
            logger.setLevel(logging.ERROR)
