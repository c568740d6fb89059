"""A diagram's SVG escapes its labels and attribute values as xml.sax.saxutils does (without
importing it: it brings urllib.request, http.client and ssl)."""

from __future__ import annotations

from xml.sax.saxutils import escape as sax_escape
from xml.sax.saxutils import quoteattr

import pytest

from generator.markup.mermaid.svg import attr, escape

VALUES = ["plain", 'say "hi"', "it's", "both \" and '", "a<b>&c", "tab\there\nnew\rline", ""]


@pytest.mark.parametrize("value", VALUES)
def test_labels_and_attribute_values_are_escaped_as_saxutils_does(value: str) -> None:
    assert escape(value) == sax_escape(value)
    assert attr(value) == quoteattr(value)
