"""Bodies of the account endpoints (JSON -> validated request models, or code 1010 naming the
field) and the time format they share (`YYYY-MM-DD HH:mm:ss` in the configured zone <-> UTC)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from service.envelope import BAD_PARAMETERS, ApiError

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
_TIME_RE = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$")
MAX_PAGE_SIZE = 100
DEFAULT_PAGE_SIZE = 10
MAX_UID_LEN = 128

M = TypeVar("M", bound=BaseModel)


def format_time(moment: datetime, zone: str) -> str:
    """`YYYY-MM-DD HH:mm:ss` of an aware datetime in `zone`."""
    return moment.astimezone(ZoneInfo(zone)).strftime(TIME_FORMAT)


def parse_time(text: str, zone: str) -> datetime:
    """`YYYY-MM-DD HH:mm:ss` read in `zone` -> aware UTC datetime (already format-checked)."""
    return datetime.strptime(text, TIME_FORMAT).replace(tzinfo=ZoneInfo(zone)).astimezone(UTC)


def _empty_to_none(value: Any) -> Any:
    return None if value == "" else value


def _not_boolean(value: Any) -> Any:
    """Number fields: JSON true/false is not a number (pydantic's lax mode would read 1/0)."""
    if isinstance(value, bool):
        raise ValueError("must be a number, not a boolean")
    return value


def _check_time(value: str | None) -> str | None:
    if value is None:
        return None
    if not _TIME_RE.match(value):
        raise ValueError("must be a time of the form YYYY-MM-DD HH:mm:ss")
    try:
        datetime.strptime(value, TIME_FORMAT)
    except ValueError:
        raise ValueError("is not a valid date and time") from None
    return value


class _Body(BaseModel):
    model_config = ConfigDict(extra="ignore")


class _Listing(_Body):
    page: int = Field(1, ge=1, le=1_000_000, description="1-based page number; default 1")
    size: int = Field(
        DEFAULT_PAGE_SIZE, ge=1, le=MAX_PAGE_SIZE, description="page size, 1..100; default 10"
    )
    uid: str | None = Field(None, max_length=MAX_UID_LEN, description="only this uid")
    startDate: str | None = Field(None, description="from, inclusive: YYYY-MM-DD HH:mm:ss")
    endDate: str | None = Field(None, description="to, inclusive: YYYY-MM-DD HH:mm:ss")

    _blank = field_validator("uid", "startDate", "endDate", mode="before")(_empty_to_none)
    _numbers = field_validator("page", "size", mode="before")(_not_boolean)
    _time = field_validator("startDate", "endDate")(_check_time)

    @model_validator(mode="after")
    def _ordered(self) -> _Listing:
        if self.startDate and self.endDate and self.startDate > self.endDate:
            raise ValueError("startDate: is after endDate")
        return self


class RecordListRequest(_Listing):
    """Body of POST /api/record/listPage (every field optional)."""

    type: int | None = Field(None, description="1 = PPT generation, 2 = template upload")

    _type_number = field_validator("type", mode="before")(_not_boolean)

    @field_validator("type")
    @classmethod
    def _known_type(cls, value: int | None) -> int | None:
        if value is not None and value not in (1, 2):
            raise ValueError("must be 1 (PPT generation) or 2 (template upload)")
        return value


class PptListRequest(_Listing):
    """Body of POST /api/ppt/listAllPptx (every field optional)."""

    id: str | None = Field(None, max_length=64, description="only this PPT id")
    templateId: str | None = Field(None, max_length=128, description="only this template id")
    desc: bool = Field(True, description="true (default): newest first by createTime")

    _blank_ids = field_validator("id", "templateId", mode="before")(_empty_to_none)


MAX_TOKEN_LIMIT = 10**9


class CreateTokenRequest(_Body):
    """Body of POST /api/user/createApiToken."""

    uid: str = Field(..., min_length=1, max_length=MAX_UID_LEN, description="end user id")
    limit: int | None = Field(
        None, ge=1, le=MAX_TOKEN_LIMIT, description="PPTs the token may produce; null = no cap"
    )
    timeOfHours: int | None = Field(None, ge=1, description="lifetime in hours; default 2, max 48")

    _numbers = field_validator("limit", "timeOfHours", mode="before")(_not_boolean)


class DeletePptRequest(_Body):
    """Body of POST /api/ppt/delete."""

    id: str = Field(..., min_length=1, max_length=64, description="PPT id")


def parse_body(raw: Any, model: type[M]) -> M:
    """Validate a decoded JSON body (None = empty object); failures -> ApiError 1010 whose
    errorDetails name each field."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ApiError(
            BAD_PARAMETERS,
            "bad parameters: body",
            details=[{"field": "body", "reason": "must be a JSON object"}],
        )
    for name, info in model.model_fields.items():
        if raw.get(name, 0) is None and info.default is not None and not info.is_required():
            raw = {k: v for k, v in raw.items() if k != name}  # null = default
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        details = [_detail(err) for err in exc.errors()]
        fields = ", ".join(dict.fromkeys(d["field"] for d in details))
        raise ApiError(BAD_PARAMETERS, f"bad parameters: {fields}", details=details) from None


def _detail(err: Any) -> dict[str, str]:
    loc = [str(p) for p in err.get("loc", ())]
    msg = str(err.get("msg", "invalid"))
    if not loc and msg.startswith("Value error, "):
        # model-level checks name their field first: "startDate: is after endDate"
        field, _, reason = msg[len("Value error, ") :].partition(": ")
        return {"field": field, "reason": reason}
    return {"field": ".".join(loc) or "body", "reason": msg.removeprefix("Value error, ")}
