"""Request and response models (the wire shapes of spec 2.4 / 4.4, for validation and OpenAPI)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field


class ConvertRequest(BaseModel):
    """Body of POST /v2/api/htmljson-bridge/convert-html-to-json."""

    htmls: list[str] = Field(
        ...,
        min_length=1,
        description="Pages in slide order; each has a root element of class `slide`; all pages "
        "share one size.",
        examples=[['<div class="slide" style="width:1280px;height:720px"><h1>Hello</h1></div>']],
    )
    pageErrorMode: Literal["blank", "skip"] = Field(
        "blank", description="What a failed page becomes: a blank slide, or nothing."
    )
    filename: str | None = Field(
        None,
        description="Download file name; `.pptx` is appended when missing; unsafe characters are "
        "removed; a default name is used when omitted.",
        examples=["季度报告"],
    )
    templateId: str | None = Field(
        None,
        description="Optional id of one of the account's uploaded PowerPoint templates: the "
        "slides are written onto its master (background and logo from the master, the pages' "
        "own backgrounds above them); every page must have the template's slide size.",
    )


class FailedPageDetail(BaseModel):
    index: int = Field(..., description="1-based position of the failed page")
    code: int = Field(..., description="Page-level failure class, e.g. 50101 or 50102")
    reason: str
    finalAction: Literal["blank", "skip"]


class ErrorDetail(BaseModel):
    field: str = Field(..., examples=["htmls[2]"])
    reason: str


class ConvertResult(BaseModel):
    fileUrl: str = Field(..., description="Temporary PPTX download address")
    expireAt: str = Field(
        ...,
        description="ISO 8601 UTC time the address stops working",
        examples=["2025-01-01T12:00:00Z"],
    )
    totalPages: int
    successPages: int
    failedPages: int
    pageErrorMode: Literal["blank", "skip"]
    failedPageDetails: list[FailedPageDetail]
    pptId: str = Field(..., description="Extra field: id of the PPT recorded in the library")


class FailureData(BaseModel):
    requestId: str
    errorDetails: list[ErrorDetail] | None = None


class ConvertResponse(BaseModel):
    """Always HTTP 200. code 0 = full or partial success; otherwise 40010, 50103, 50199, 98, 88, 1012."""

    code: int = Field(..., examples=[0])
    message: str = Field(..., examples=["success"])
    data: ConvertResult | FailureData | None


class Envelope(BaseModel):
    code: int
    message: str
    data: Any = None


class HealthData(BaseModel):
    status: str
    workers: int | None = None
    aliveWorkers: int | None = None
    queueDepth: int | None = None
    running: int | None = None
    storage: str | None = None


class HealthResponse(BaseModel):
    code: int
    message: str
    data: HealthData
