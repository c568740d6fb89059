"""Any bytes under any allowed name: prepare_content returns Markdown or raises SourceError, never more."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from srcfix import make_docx, make_pptx, make_xlsx, make_xmind

from generator.outline import parse_outline
from generator.sources import ALLOWED_EXTENSIONS, SourceError, UploadedFile, prepare_content

SEEDS = {"docx": make_docx(), "pptx": make_pptx(), "xlsx": make_xlsx(), "xmind": make_xmind()}
NAMES = sorted(set(ALLOWED_EXTENSIONS[2]) | set(ALLOWED_EXTENSIONS[3]))


def check(task_type: int, name: str, data: bytes) -> None:
    try:
        got = prepare_content(task_type, None, [UploadedFile(name, data)])
    except SourceError as exc:
        assert exc.code and exc.message
    else:
        parse_outline(got.markdown)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(NAMES), st.binary(max_size=2000))
def test_random_bytes(ext: str, data: bytes) -> None:
    check(3 if ext in ("xmind", "mm") else 2, f"f.{ext}", data)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(sorted(SEEDS)),
    st.lists(st.tuples(st.integers(0, 10**6), st.integers(0, 255)), min_size=1, max_size=8),
)
def test_corrupted_packages(ext: str, flips: list[tuple[int, int]]) -> None:
    data = bytearray(SEEDS[ext])
    for pos, value in flips:
        data[pos % len(data)] = value
    check(3 if ext == "xmind" else 2, f"f.{ext}", bytes(data))
