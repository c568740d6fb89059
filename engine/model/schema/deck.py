"""The deck, its slides and its media (pictures stored once per deck, keyed by sha1)."""

from datetime import datetime
from typing import Literal, NotRequired, TypedDict

from engine.model.schema.fills import Fill
from engine.model.schema.shapes import Shape

ContentType = Literal["image/png", "image/jpeg", "image/gif", "image/svg+xml"]


class Slide(TypedDict):
    """One slide: background, shapes in painting order, speaker notes; a `blank` slide (a page
    that failed) keeps only its background."""

    background: Fill | None
    shapes: list[Shape]
    notes: str | None
    blank: bool
    # the PowerPoint template layout a slide sits on (decks built on an uploaded template)
    layout: NotRequired[str]


class Media(TypedDict):
    """A picture's bytes, as the engine keeps them (Conversion.media)."""

    key: str
    content_type: ContentType
    data: bytes
    width: float
    height: float


class MediaInfo(TypedDict):
    """A picture as `Conversion.to_dict()` lists it: `bytes` is its size, `data` its bytes
    in base64 (only with include_media=True)."""

    key: str
    content_type: ContentType
    width: float
    height: float
    bytes: int
    data: NotRequired[str]


class Deck(TypedDict):
    """A deck: slide size (px), slides, document properties ("created" and "modified": ISO
    8601 text, or a datetime from Python; default 2000-01-01T00:00:00Z so that the same input
    gives the same bytes) and, from `to_dict()`, the media. Other top-level keys are allowed
    (`to_dict()` adds its page report)."""

    width: float
    height: float
    slides: list[Slide]
    title: NotRequired[str]
    author: NotRequired[str]
    created: NotRequired[str | datetime]
    modified: NotRequired[str | datetime]
    media: NotRequired[dict[str, MediaInfo]]
