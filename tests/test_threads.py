"""The engine is pure and thread-safe: concurrent conversions give the same bytes as one at a time."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from engine import convert
from engine.cli import sample_pages


def test_concurrent_conversions_are_identical_and_deterministic():
    pages = sample_pages()
    expected = convert(pages).pptx_bytes
    assert convert(pages).pptx_bytes == expected  # deterministic output
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda _: convert(pages).pptx_bytes, range(8)))
    assert all(r == expected for r in results)
