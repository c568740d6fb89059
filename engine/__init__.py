"""deckforge engine: ordered HTML slide pages -> one editable PPTX deck (pure Python, no browser).

The public names are imported lazily, so that `import engine.fonts` (or any one stage) does not
pull in the whole pipeline.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from engine.quiet import quiet_third_party

quiet_third_party()  # fontTools' notes on font files are not for deckforge's users

if TYPE_CHECKING:  # the names re-exported lazily below
    from engine.api import Conversion, FailedPage, convert  # noqa: F401
    from engine.errors import (  # noqa: F401
        AllPagesFailed,
        ConversionError,
        ErrorDetail,
        InvalidRequest,
        PageError,
    )
    from engine.options import Limits, Options  # noqa: F401

_EXPORTS = {
    "convert": "engine.api",
    "Conversion": "engine.api",
    "FailedPage": "engine.api",
    "AllPagesFailed": "engine.errors",
    "ConversionError": "engine.errors",
    "ErrorDetail": "engine.errors",
    "InvalidRequest": "engine.errors",
    "PageError": "engine.errors",
    "Limits": "engine.options",
    "Options": "engine.options",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    return getattr(import_module(module), name)
