"""A base64 data: URI's payload is decoded without its whitespace, whatever whitespace it is
(line breaks of wrapped base64, tabs, Unicode spaces): splitting drops exactly what the regex
`\\s` matched, with no regex scan over the payload."""

from __future__ import annotations

import base64
import re
import sys

import pytest

from engine.diagnostics import Diagnostics
from engine.options import Options
from engine.resources import load_resource


def test_splitting_drops_exactly_the_characters_a_regex_whitespace_matches() -> None:
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    assert "".join(every.split()) == re.sub(r"\s+", "", every)


@pytest.mark.parametrize(
    "spacing", ["", "\n", "\r\n  ", "\t", "\u00a0", "\u2003\u3000", "%20", "%0A"]
)
def test_a_wrapped_payload_decodes_to_its_bytes(spacing: str) -> None:
    data = bytes(range(256)) * 3
    encoded = base64.b64encode(data).decode("ascii")
    wrapped = spacing.join(encoded[i : i + 76] for i in range(0, len(encoded), 76))
    found = load_resource(
        f"data:application/octet-stream;base64,{wrapped}", Diagnostics(), Options()
    )
    assert found is not None
    assert found.data == data


def test_the_payload_is_not_scanned_by_a_regex(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.resources as resources

    calls: list[str] = []
    real_sub = re.sub

    def counted(pattern: str, repl: str, text: str) -> str:
        calls.append(pattern)
        return real_sub(pattern, repl, text)

    monkeypatch.setattr(resources.re, "sub", counted)
    encoded = base64.b64encode(b"picture bytes" * 100).decode("ascii")
    found = load_resource(f"data:image/png;base64,{encoded}", Diagnostics(), Options())
    assert found is not None and found.data == b"picture bytes" * 100
    assert calls == []
