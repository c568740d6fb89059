"""pptxProperty: the versioned document, its JSON Schema, decoding guards and regeneration."""

from __future__ import annotations

import base64
import copy
import gzip
import io
import json
import re
import zipfile

import pytest

from generator import (
    decode_property,
    encode_property,
    generate_from_markdown,
    regenerate,
    validate_document,
)
from generator.document import MAX_DOCUMENT_BYTES
from generator.errors import GeneratorError

MD = (
    "# Plan\n## Part\n### First page\n- alpha\n- beta\n### Second page\n**12%** growth\n"
    "## Next\n### Third page\n- gamma\n### Fourth page\n- delta\n"
)


def slide_texts(pptx: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as zf:
        names = sorted(
            (n for n in zf.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)),
            key=lambda n: int(re.findall(r"\d+", n)[0]),
        )
        return [" ".join(re.findall(r"<a:t>([^<]*)</a:t>", zf.read(n).decode())) for n in names]


@pytest.fixture(scope="module")
def deck():  # type: ignore[no-untyped-def]
    return generate_from_markdown(MD, "corporate", length="long")


def test_document_shape_and_property_round_trip(deck) -> None:  # type: ignore[no-untyped-def]
    doc = deck.document
    assert (doc["version"], doc["templateId"], doc["subject"]) == (1, "corporate", "Plan")
    assert [p["kind"] for p in doc["pages"]] == [
        "cover",
        "contents",
        "content",
        "content",
        "content",
        "content",
        "closing",
    ]  # chapters of two slides: no dividers (the contents and the kickers name them)
    assert len(doc["slideModel"]["slides"]) == deck.page_count == 7
    assert (doc["length"], doc["leftOut"]) == ("long", [])
    assert doc["outline"]["chapters"][0]["pages"][1]["title"] == "Second page"
    raw = gzip.decompress(base64.b64decode(deck.pptx_property))
    assert json.loads(raw) == doc
    assert decode_property(deck.pptx_property) == doc
    assert validate_document(doc) is doc
    assert encode_property(doc) == deck.pptx_property  # deterministic (gzip mtime 0)


def test_changed_page_title_shows_in_the_regenerated_deck(deck) -> None:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(deck.document)
    index = next(i for i, p in enumerate(doc["pages"]) if p["title"] == "First page")
    doc["pages"][index]["title"] = "Renamed 新标题"
    again = regenerate(encode_property(doc))
    texts = slide_texts(again.pptx_bytes)
    assert "Renamed 新标题" in texts[index] and "First page" not in " ".join(texts)
    assert again.document["pages"][index]["title"] == "Renamed 新标题"
    assert "First page alpha" in slide_texts(deck.pptx_bytes)[index]  # "Part ·" above it


def test_regenerate_restyles_and_replans(deck) -> None:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(deck.document)
    doc["templateId"] = "dark-tech"
    assert regenerate(doc).template_id == "dark-tech"
    doc["pages"] = []
    doc["outline"]["chapters"][0]["pages"][0]["title"] = "From outline"
    again = regenerate(doc)
    titles = [p.title for p in again.pages if p.kind == "content"]
    assert titles == ["From outline", "Second page", "Third page", "Fourth page"]
    doc["length"] = "medium"  # tiny neighbours share a slide (the figure keeps its own)
    medium = [p.title for p in regenerate(doc).pages if p.kind == "content"]
    assert medium == ["From outline", "Second page", "Next"]


def test_edited_content_that_no_longer_fits_is_split(deck) -> None:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(deck.document)
    page = next(p for p in doc["pages"] if p["title"] == "First page")
    page["blocks"][0]["items"] = [{"spans": [{"text": f"item {i} " * 6}]} for i in range(60)]
    again = regenerate(doc)
    assert sum(1 for p in again.pages if p.title == "First page") >= 2


def test_invalid_documents_name_the_json_path(deck) -> None:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(deck.document)
    doc["pages"][2]["title"] = 5
    doc["pages"][3]["blocks"][0]["spans"][0]["href"] = "javascript:alert(1)"
    del doc["templateId"]
    with pytest.raises(GeneratorError) as info:
        regenerate(doc)
    assert info.value.code == 1010
    assert [p.field for p in info.value.problems] == [
        "$",
        "$.pages[2].title",
        "$.pages[3].blocks[0].spans[0].href",
    ]
    doc = copy.deepcopy(deck.document)
    doc["pages"][2]["blocks"][0] = {"type": "image", "src": "https://example.com/x.png"}
    with pytest.raises(GeneratorError) as info:
        validate_document(doc)
    assert info.value.field == "$.pages[2].blocks[0].src"
    doc["version"] = 2
    with pytest.raises(GeneratorError) as info:
        validate_document(
            {"version": 2, "templateId": "x", "outline": {"topic": "", "chapters": []}, "pages": []}
        )
    assert info.value.field == "$.version"


def test_unknown_template_in_document_is_1001(deck) -> None:  # type: ignore[no-untyped-def]
    doc = copy.deepcopy(deck.document)
    doc["templateId"] = "gone"
    with pytest.raises(GeneratorError) as info:
        regenerate(doc)
    assert (info.value.code, info.value.field) == (1001, "templateId")


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (42, "must be a base64 string"),
        ("%%%", "is not valid base64"),
        (base64.b64encode(b"plain").decode(), "is not gzip data"),
        (base64.b64encode(gzip.compress(b"\xff\xfe", mtime=0)).decode(), "is not UTF-8 JSON"),
        (base64.b64encode(gzip.compress(b"[1]", mtime=0)).decode(), "must hold a JSON object"),
    ],
)
def test_bad_property_strings(value: object, reason: str) -> None:
    with pytest.raises(GeneratorError) as info:
        decode_property(value)
    assert info.value.field == "pptxProperty" and info.value.problems[0].reason.startswith(reason)


def test_gzip_bomb_is_refused_without_inflating_it() -> None:
    bomb = gzip.compress(b" " * (MAX_DOCUMENT_BYTES + 10))
    with pytest.raises(GeneratorError) as info:
        decode_property(base64.b64encode(bomb).decode())
    assert "expands to more than" in info.value.problems[0].reason
