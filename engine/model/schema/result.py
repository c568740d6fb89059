"""The JSON `Conversion.to_dict()` returns: the deck (size, slides, media listed by key), the
page report, the per-page diagnostics and the embedded fonts."""

from typing import Literal, TypedDict

from engine.model.schema.deck import MediaInfo, Slide


class FailedPageInfo(TypedDict):
    """A page that failed (`index` 1-based) and what became of it ("blank" or "skip")."""

    index: int
    code: int
    reason: str
    finalAction: Literal["blank", "skip"]


class DiagnosticInfo(TypedDict):
    """One note on a page: what the engine dropped or approximated, and where."""

    kind: str
    message: str
    where: str


class EmbeddedFaceInfo(TypedDict):
    """A font face embedded in the deck (`bytes`: its part's size)."""

    typeface: str
    style: Literal["regular", "bold", "italic", "boldItalic"]
    bytes: int
    subset: bool
    characters: int


class RefusedFaceInfo(TypedDict):
    """A typeface that was not embedded, and why."""

    typeface: str
    reason: str


class FontReportInfo(TypedDict):
    """What font embedding did for the deck."""

    mode: Literal["none", "subset", "full"]
    bytesAdded: int
    embedded: list[EmbeddedFaceInfo]
    notEmbedded: list[RefusedFaceInfo]


class ConversionInfo(TypedDict):
    """`Conversion.to_dict()`: the slide model of the deck with its page report."""

    width: float
    height: float
    slides: list[Slide]
    media: dict[str, MediaInfo]
    totalPages: int
    successPages: int
    failedPages: int
    pageErrorMode: Literal["blank", "skip"]
    failedPageDetails: list[FailedPageInfo]
    diagnostics: list[list[DiagnosticInfo]]
    fonts: FontReportInfo | None
