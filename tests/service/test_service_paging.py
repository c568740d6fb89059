"""Bodies of the account endpoints (any JSON -> a validated request or code 1010 naming fields;
never another exception) and the shared time format."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.envelope import ApiError
from service.paging import (
    CreateTokenRequest,
    PptListRequest,
    RecordListRequest,
    format_time,
    parse_body,
    parse_time,
)

FIELDS = ["page", "size", "type", "uid", "startDate", "endDate", "id", "templateId", "desc"]
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.sampled_from(["2025-01-01 00:00:00", "2025-02-29 00:00:00", "", "1", "true"]),
    st.lists(st.integers(), max_size=2),
)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(FIELDS), VALUES, max_size=6))
def test_any_body_validates_or_names_fields(body: dict[str, object]) -> None:
    for model in (RecordListRequest, PptListRequest):
        try:
            req = parse_body(body, model)
        except ApiError as exc:
            assert exc.code == 1010
            assert exc.details
            assert all(d["field"] in FIELDS for d in exc.details)
            continue
        assert 1 <= req.size <= 100 and req.page >= 1
        if req.startDate and req.endDate:
            assert req.startDate <= req.endDate


@given(st.one_of(st.lists(st.integers()), st.text(), st.integers(), st.booleans()))
def test_non_object_bodies_are_refused(body: object) -> None:
    with pytest.raises(ApiError) as exc:
        parse_body(body, CreateTokenRequest)
    assert exc.value.code == 1010
    assert exc.value.details == [{"field": "body", "reason": "must be a JSON object"}]


def test_time_round_trip_in_a_zone() -> None:
    moment = datetime(2025, 3, 1, 8, 0, 5, tzinfo=UTC)
    assert format_time(moment, "UTC") == "2025-03-01 08:00:05"
    assert format_time(moment, "Asia/Shanghai") == "2025-03-01 16:00:05"
    assert parse_time("2025-03-01 16:00:05", "Asia/Shanghai") == moment
    assert parse_time("2025-03-01 08:00:05", "UTC") == moment
