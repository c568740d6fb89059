"""deckforge engine: ordered HTML slide pages -> one editable PPTX deck (pure Python, no browser).

The public API is the names below (`engine.__all__`): `convert` for a whole deck, the stages one at
a time (`lay_out` -> `slide_of` / `draw_page` -> `write_slides`, engine/stages.py, and
`collector_paused` for callers that keep many layouts alive at once), the PNG
renderer, the resource loaders, the options and the errors. Besides them, four modules are public
for deckforge's other packages: `engine.cli` (the command-line plumbing other commands extend),
`engine.css` (the CSS reader: stylesheets, declarations, keyframes), `engine.fetch` (the network
guard: pinned, vetted connections) and `engine.fonts` (installed font facts). The names are
imported lazily, so that `import engine.fonts` (or any one stage) does not pull in the whole
pipeline.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

from engine.quiet import quiet_third_party

quiet_third_party()  # fontTools' notes on font files are not for deckforge's users

if TYPE_CHECKING:  # the names re-exported lazily below
    from engine.api import (  # noqa: F401
        Conversion,
        FailedPage,
        LaidOut,
        LaidOutBox,
        PageLayout,
        convert,
        convert_laid_out,
        deck_title,
        lay_out,
    )
    from engine.budget import collector_paused  # noqa: F401
    from engine.diagnostics import Diagnostics  # noqa: F401
    from engine.digits import with_digits  # noqa: F401
    from engine.errors import (  # noqa: F401
        AllPagesFailed,
        ConversionError,
        ErrorDetail,
        InvalidRequest,
        PageError,
    )
    from engine.images import image_media  # noqa: F401
    from engine.model.schema import Deck, Media, ModelError, Shape, Slide  # noqa: F401
    from engine.options import Limits, LineBreaks, Options  # noqa: F401
    from engine.pipeline import PageResult  # noqa: F401
    from engine.pptx.base import BasePackage  # noqa: F401
    from engine.pptx.theme_refs import ThemeRefs  # noqa: F401
    from engine.render import MAX_WIDTH as MAX_PNG_WIDTH  # noqa: F401
    from engine.render import render_cover_png, render_deck_pngs  # noqa: F401
    from engine.resources import load_resource  # noqa: F401
    from engine.stages import draw_page, slide_of, write_slides  # noqa: F401
    from engine.units import EMU_PER_PX  # noqa: F401

_EXPORTS = {
    "convert": "engine.api",
    "Conversion": "engine.api",
    "FailedPage": "engine.api",
    "convert_laid_out": "engine.api",
    "deck_title": "engine.api",
    "lay_out": "engine.api",
    "LaidOut": "engine.api",
    "LaidOutBox": "engine.api",
    "PageLayout": "engine.api",
    "collector_paused": "engine.budget",
    "draw_page": "engine.stages",
    "slide_of": "engine.stages",
    "write_slides": "engine.stages",
    "PageResult": "engine.pipeline",
    "Deck": "engine.model.schema",
    "Slide": "engine.model.schema",
    "Shape": "engine.model.schema",
    "Media": "engine.model.schema",
    "ModelError": "engine.model.schema",
    "BasePackage": "engine.pptx.base",
    "ThemeRefs": "engine.pptx.theme_refs",
    "render_deck_pngs": "engine.render",
    "render_cover_png": "engine.render",
    "MAX_PNG_WIDTH": "engine.render:MAX_WIDTH",
    "load_resource": "engine.resources",
    "image_media": "engine.images",
    "Diagnostics": "engine.diagnostics",
    "with_digits": "engine.digits",
    "EMU_PER_PX": "engine.units",
    "LineBreaks": "engine.options",
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
    module, _, attr = module.partition(":")
    return getattr(import_module(module), attr or name)
