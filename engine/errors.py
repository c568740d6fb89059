"""Error types the engine raises: request-level (40010, 50103) and page-level (501xx) failures."""

from __future__ import annotations

from dataclasses import dataclass, field

# Request-level codes (spec 4.4 / 7).
INVALID_REQUEST = 40010
ALL_PAGES_FAILED = 50103
INTERNAL_ERROR = 50199

# Page-level codes.
PAGE_INTERNAL_ERROR = 50100  # an unexpected exception while converting one page
PAGE_NO_SLIDE_ROOT = 50101  # no element with class 'slide', or unparseable page
PAGE_SIZE_MISMATCH = 50102  # the page's slide size differs from the deck size
PAGE_LIMIT_EXCEEDED = 50104  # a per-page limit (element count, time budget, memory) was exceeded


@dataclass
class ErrorDetail:
    field: str
    reason: str

    def to_dict(self) -> dict[str, str]:
        return {"field": self.field, "reason": self.reason}


class ConversionError(Exception):
    """A request-level failure: `code` is 40010 (invalid request) or 50103 (all pages failed)."""

    def __init__(self, code: int, message: str, details: list[ErrorDetail] | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details: list[ErrorDetail] = list(details or [])

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "message": self.message,
            "errorDetails": [d.to_dict() for d in self.details],
        }


class InvalidRequest(ConversionError):
    def __init__(self, details: list[ErrorDetail]):
        super().__init__(INVALID_REQUEST, "invalid request parameters", details)


class AllPagesFailed(ConversionError):
    def __init__(self, details: list[ErrorDetail]):
        super().__init__(ALL_PAGES_FAILED, "all pages failed", details)


@dataclass
class PageError(Exception):
    """Raised inside one page's pipeline; the per-page loop turns it into a failed page."""

    code: int
    reason: str
    extra: dict[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.code}: {self.reason}"
