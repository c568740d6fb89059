"""The slide model: typed, JSON-able dicts describing one deck (layout fragments -> shapes ->
the PPTX writer and the PNG renderer). One module per concept:

    deck.py    Deck, Slide, Media, MediaInfo
    shapes.py  RectShape, TextShape, PictureShape, LineShape, TableShape, GroupShape (by
               "kind"), the Shape union; Cell, Row, CellBorders
    fills.py   SolidFill, GradientFill, ImageFill (by "type"), the Fill union; GradientStop,
               Crop, Line, Shadow
    text.py    TextBody, Paragraph, Run, CharBullet / NumberBullet, PointSpacing /
               PercentSpacing, TextOutline
    result.py  ConversionInfo: the JSON of Conversion.to_dict()

All geometry is in CSS px of the slide (origin: the slide root's border-box top-left); the
writer converts to EMU (9525 per px). Colours are "RRGGBB" hex strings with a separate alpha
in 0..1. Pictures live once per deck in its media, keyed by sha1, and shapes refer to them.

The JSON Schema generated from these types (generate.py) is engine/data/slide-model.schema.json;
validate.py checks a deck or slide from outside the engine against it (docs/engine.md,
"The slide model").
"""

from engine.model.schema.complete import complete
from engine.model.schema.deck import ContentType, Deck, Media, MediaInfo, Slide
from engine.model.schema.fills import (
    Crop,
    Dash,
    Fill,
    GradientFill,
    GradientStop,
    ImageFill,
    Line,
    Shadow,
    SolidFill,
)
from engine.model.schema.result import (
    ConversionInfo,
    DiagnosticInfo,
    EmbeddedFaceInfo,
    FailedPageInfo,
    FontReportInfo,
    RefusedFaceInfo,
)
from engine.model.schema.shapes import (
    BoxShape,
    Cell,
    CellBorders,
    Geom,
    GroupShape,
    LineShape,
    PictureShape,
    RectShape,
    Row,
    Shape,
    ShapeBase,
    ShapeKind,
    TableShape,
    TextShape,
)
from engine.model.schema.text import (
    Align,
    Anchor,
    Bullet,
    CharBullet,
    LineSpacing,
    NumberBullet,
    Paragraph,
    PercentSpacing,
    PointSpacing,
    Run,
    TextBody,
    TextOutline,
    Vertical,
)
from engine.model.schema.validate import (
    ModelError,
    problems,
    validate_deck,
    validate_media,
    validate_slide,
)

EMU_PER_PX = 9525

__all__ = [
    "EMU_PER_PX",
    "Align",
    "Anchor",
    "BoxShape",
    "Bullet",
    "Cell",
    "CellBorders",
    "CharBullet",
    "ContentType",
    "ConversionInfo",
    "Crop",
    "Dash",
    "Deck",
    "DiagnosticInfo",
    "EmbeddedFaceInfo",
    "FailedPageInfo",
    "Fill",
    "FontReportInfo",
    "Geom",
    "GradientFill",
    "GradientStop",
    "GroupShape",
    "ImageFill",
    "Line",
    "LineShape",
    "LineSpacing",
    "Media",
    "MediaInfo",
    "ModelError",
    "NumberBullet",
    "Paragraph",
    "PercentSpacing",
    "PictureShape",
    "PointSpacing",
    "RectShape",
    "RefusedFaceInfo",
    "Row",
    "Run",
    "Shadow",
    "Shape",
    "ShapeBase",
    "ShapeKind",
    "Slide",
    "SolidFill",
    "TableShape",
    "TextBody",
    "TextOutline",
    "TextShape",
    "Vertical",
    "blank_slide",
    "complete",
    "problems",
    "text_body",
    "validate_deck",
    "validate_media",
    "validate_slide",
]


def blank_slide() -> Slide:
    return {"background": None, "shapes": [], "notes": None, "blank": True}


def text_body(
    paragraphs: list[Paragraph], wrap: bool = True, vertical: Vertical | None = None
) -> TextBody:
    """A TextBody with zero insets and top anchoring: the layout decides every position."""
    return {
        "wrap": wrap,
        "anchor": "t",
        "insets": [0, 0, 0, 0],
        "vertical": vertical,
        "paragraphs": paragraphs,
    }
