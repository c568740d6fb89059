"""Wire shapes of the routes' request bodies and response `data` that handlers build by hand
(bodies read and checked by the service itself), for the OpenAPI document (service.openapi).

The response models forbid extra fields, so tests can validate real answers against them: a
field a handler adds or drops without changing its model fails there.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from service.tasks.params import CONTENT_LIMITS, MAX_FILES, PROMPT_MAX, TEXT_LIMITS

TaskStatus = Literal["pending", "processing", "success", "failed"]
TaskStep = Literal["create_task", "parse_content", "generate_content", "generate_ppt", "upload"]


class Wire(BaseModel):
    """A response shape: exactly these fields (nullable ones are present with null)."""

    model_config = ConfigDict(extra="forbid")


# -- request bodies ------------------------------------------------------------------------------


class CreateTaskRequest(BaseModel):
    """create-task as JSON (spec 4.1). Files need multipart/form-data (CreateTaskForm)."""

    type: int = Field(
        ...,
        ge=1,
        le=7,
        description="1 topic (LLM), 2 files, 3 mind map, 4 one Word document kept as is, "
        '5 web link, 6 pasted text, 7 Markdown; `7`, `7.0` or `"7"`',
        examples=[7],
    )
    content: str | None = Field(
        None,
        description="required for types 1, 5, 6, 7: a topic (at most "
        f"{CONTENT_LIMITS[1]} characters), an http(s) URL ({CONTENT_LIMITS[5]}), text "
        f"({CONTENT_LIMITS[6]}) or Markdown ({CONTENT_LIMITS[7]})",
        examples=["# Quarterly review\n\n## Results\n\n### Revenue\n\n- Up 12%\n- 85% renewed"],
    )
    templateId: str = Field(  # noqa: N815 - the API's field name
        ...,
        description="a built-in template (`POST /api/ppt/templates`) or one the account uploaded",
        examples=["corporate"],
    )
    stream: bool = Field(
        False, description="true: the response is the text/event-stream of the task's events"
    )
    length: Literal["short", "medium", "long"] | None = Field(
        None, description="content length preference"
    )
    scene: str | None = Field(None, max_length=TEXT_LIMITS["scene"])
    audience: str | None = Field(None, max_length=TEXT_LIMITS["audience"])
    lang: str | None = Field(None, max_length=TEXT_LIMITS["lang"], examples=["en"])
    prompt: str | None = Field(
        None,
        max_length=PROMPT_MAX,
        description="extra requirement; advised within 50 characters (longer: accepted, "
        "`message` says so)",
    )


class CreateTaskForm(CreateTaskRequest):
    """create-task as multipart/form-data: the same fields as form values, plus files."""

    file: list[bytes] = Field(
        default_factory=list,
        max_length=MAX_FILES,
        description="required for types 2, 3, 4: one `file` part per file (2: docx pdf txt md "
        "html pptx xlsx csv; 3: xmind mm md; 4: exactly one docx)",
        json_schema_extra={"items": {"type": "string", "format": "binary"}},
    )


class TaskResultRequest(BaseModel):
    """task-result as POST (spec 4.2)."""

    taskId: str = Field(..., description="the id create-task answered")  # noqa: N815


# -- response data ------------------------------------------------------------------------------


class TokenData(Wire):
    token: str = Field(..., description="the temporary token (shown once)")
    expireTime: str = Field(..., description="YYYY-MM-DD HH:mm:ss in DECKFORGE_TIME_ZONE")  # noqa: N815


class UsageRecord(Wire):
    id: str
    type: Literal[1, 2] = Field(..., description="1 = PPT generation, 2 = template upload")
    amount: int = Field(..., description="credits consumed")
    uid: str | None = Field(..., description="the end user; null when charged through an Api-Key")
    createTime: str  # noqa: N815


class UsageRecordPage(Wire):
    total: int
    page: int
    size: int
    records: list[UsageRecord]


class PptEntry(Wire):
    id: str
    subject: str
    templateId: str | None  # noqa: N815
    uid: str | None
    pages: int
    fileName: str  # noqa: N815
    source: Literal["convert", "markdown", "task"]
    fileUrl: str | None = Field(..., description="a fresh signed download link")  # noqa: N815
    coverUrl: str | None  # noqa: N815
    createTime: str  # noqa: N815
    updateTime: str  # noqa: N815


class PptPage(Wire):
    total: int
    page: int
    size: int
    records: list[PptEntry]


class IdData(Wire):
    id: str


class PptInfo(Wire):
    id: str
    subject: str
    coverUrl: str | None  # noqa: N815
    templateId: str | None  # noqa: N815
    pptxProperty: str = Field(..., description="base64 of gzip-compressed document JSON")  # noqa: N815
    pages: int
    fileUrl: str | None  # noqa: N815
    previewUrl: str | None  # noqa: N815
    expireAt: str  # noqa: N815
    uid: str | None
    createTime: str  # noqa: N815
    updateTime: str  # noqa: N815
    taskId: str | None = Field(None, description="present when generated from a task id")  # noqa: N815


class PptInfoData(Wire):
    pptInfo: PptInfo  # noqa: N815


class DownloadData(Wire):
    id: str
    subject: str
    fileName: str  # noqa: N815
    fileUrl: str  # noqa: N815
    expireAt: str  # noqa: N815


class TemplateEntry(Wire):
    id: str
    name: str
    category: str
    type: Literal[1, 4] = Field(..., description="1 = built-in, 4 = the account's own")
    coverUrl: str | None  # noqa: N815
    updateTime: str | None = Field(None, description="own templates only")  # noqa: N815


class TemplatePage(Wire):
    total: int
    page: int
    size: int
    records: list[TemplateEntry]


class UploadedTemplate(Wire):
    id: str
    name: str
    category: str
    type: Literal[4]
    version: int
    coverUrl: str | None  # noqa: N815


class TaskCreated(Wire):
    taskId: str  # noqa: N815
    status: TaskStatus


class LeftOutRecord(Wire):
    """One piece of the source a generated deck does not show (docs/generator.md)."""

    where: str = Field(..., description="outline path, e.g. chapters[1].pages[0].blocks[2]")
    kind: str = Field(..., description="length, contents, unsupported, too-large, title, ...")
    message: str
    text: str = Field(..., description="its first 120 characters")
    words: int = Field(..., description="visible words left out")


class TaskResult(Wire):
    """The task-result fields (spec 2.2); also the `data:` of every event."""

    taskId: str  # noqa: N815
    status: TaskStatus
    progress: int
    step: TaskStep
    pptId: str | None = Field(None, description="on success")  # noqa: N815
    fileUrl: str | None = Field(None, description="on success (null once the PPT is deleted)")  # noqa: N815
    coverUrl: str | None = Field(None, description="on success")  # noqa: N815
    previewUrl: str | None = Field(None, description="on success")  # noqa: N815
    errorCode: str | None = Field(None, description="on failure (code 5001)")  # noqa: N815
    errorMessage: str | None = Field(None, description="on failure")  # noqa: N815
    leftOut: list[LeftOutRecord] | None = Field(  # noqa: N815
        None, description="on success: what the deck does not show of the source (may be empty)"
    )


class LatestPayload(Wire):
    total: int = Field(..., description="pages of the deck (0 until planned)")
    current: int = Field(..., description="pages stored so far")
    htmlMap: dict[str, str] = Field(..., description="0-based page index -> page HTML")  # noqa: N815


class LatestData(Wire):
    status: Literal["running", "completed"]
    step: int = Field(..., ge=1, le=5)
    stepName: TaskStep  # noqa: N815
    taskStatus: TaskStatus  # noqa: N815
    payload: LatestPayload


REQUEST_MODELS: tuple[type[BaseModel], ...] = (
    CreateTaskRequest,
    CreateTaskForm,
    TaskResultRequest,
)
RESPONSE_MODELS: tuple[type[BaseModel], ...] = (
    TokenData,
    UsageRecordPage,
    PptPage,
    IdData,
    PptInfoData,
    DownloadData,
    TemplatePage,
    UploadedTemplate,
    TaskCreated,
    TaskResult,
    LatestData,
)
