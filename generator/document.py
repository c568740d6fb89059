"""Document model <-> pptxProperty (JSON dict <-> base64(gzip(JSON))), validated by its JSON Schema.

The document (version 1, schema `generator/schema/pptx_property.schema.json`):

    {"version": 1, "generator": "deckforge", "templateId": "corporate", "subject": "...",
     "lang": "en" | "zh-CN",
     "outline": {"topic", "subtitle", "chapters": [{"title", "pages": [{"title", "blocks", "sections"}]}]},
     "pages": [{"kind", "layout", "title", "subtitle", "chapter", "chapterNumber", "blocks",
                "sections", "entries", "entryStart", "part", "parts", "bodySize", "titleSize",
                "number", "source"}],
     "slideModel": {"width": 1280, "height": 720, "slides": [...engine slide model...]}}

`pages` is what `regenerate` rebuilds the deck from; `slideModel` is output only (rebuilt).
"""

from __future__ import annotations

import base64
import binascii
import gzip
import json
import zlib
from functools import lru_cache
from importlib import resources
from typing import Any

from generator.errors import GeneratorError, Problem, bad

VERSION = 1
MAX_PROPERTY_CHARS = 40 * 1024 * 1024  # base64 text
MAX_DOCUMENT_BYTES = 64 * 1024 * 1024  # JSON after gunzip


def _load_schema() -> dict[str, Any]:
    path = resources.files("generator").joinpath("schema/pptx_property.schema.json")
    return dict(json.loads(path.read_text()))


SCHEMA = _load_schema()


@lru_cache(maxsize=1)
def _validator() -> Any:
    """The schema's validator (jsonschema is imported on first use: generating needs none)."""
    import jsonschema

    return jsonschema.Draft202012Validator(SCHEMA)


def encode_property(document: dict[str, Any]) -> str:
    """Document -> pptxProperty: base64 of gzip-compressed UTF-8 JSON."""
    raw = json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")


def decode_property(value: Any, field: str = "pptxProperty") -> dict[str, Any]:
    """pptxProperty -> document dict (not yet validated). Bounded: a gzip bomb is refused."""
    if not isinstance(value, str):
        raise bad(field, "must be a base64 string")
    if len(value) > MAX_PROPERTY_CHARS:
        raise bad(field, f"is longer than {MAX_PROPERTY_CHARS} characters")
    try:
        packed = base64.b64decode(value.strip(), validate=True)
    except (binascii.Error, ValueError):
        raise bad(field, "is not valid base64") from None
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        raw = inflater.decompress(packed, MAX_DOCUMENT_BYTES + 1)
    except zlib.error:
        raise bad(field, "is not gzip data") from None
    if len(raw) > MAX_DOCUMENT_BYTES or inflater.unconsumed_tail:
        raise bad(field, f"expands to more than {MAX_DOCUMENT_BYTES} bytes")
    try:
        doc = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise bad(field, f"is not UTF-8 JSON ({exc.__class__.__name__})") from None
    if not isinstance(doc, dict):
        raise bad(field, "must hold a JSON object")
    return doc


def validate_document(document: Any) -> dict[str, Any]:
    """Raise GeneratorError 1010 whose fields are the JSON paths of the problems (`$.pages[2].title`)."""
    errors = sorted(
        _validator().iter_errors(document), key=lambda e: list(map(str, e.absolute_path))
    )
    if errors:
        problems = [Problem(e.json_path, e.message[:200]) for e in errors]
        raise GeneratorError("invalid document", problems)
    assert isinstance(document, dict)
    return document


def to_document(value: Any) -> dict[str, Any]:
    """A document dict or a pptxProperty string -> a validated document dict."""
    if isinstance(value, str):
        value = decode_property(value)
    return validate_document(value)
