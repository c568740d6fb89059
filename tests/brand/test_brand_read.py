"""PowerPoint templates read and refused (generator/brand: safety, reader, mapping) with real
templates from samples/templates: sizes, theme colours and fonts (East Asian too), layouts
mapped to slide kinds by structure and by name in English and Japanese, settings overrides,
missing kinds named in a warning; bad files (not PowerPoint, encrypted, macro-enabled, VBA,
XML and zip bombs, external links, oversized media) refused with the member named."""

from __future__ import annotations

import pytest
from brand_testkit import SAMPLES, member, rewrite, sample

from generator.brand.mapping import map_layouts
from generator.brand.package import load_pptx_template, parse_settings
from generator.brand.reader import read_template
from generator.brand.safety import BrandLimits, check_pptx
from generator.errors import GeneratorError


def read(name: str):  # type: ignore[no-untyped-def]
    checked = check_pptx(sample(name))
    return checked, read_template(checked)


@pytest.mark.parametrize(
    ("name", "kind", "size"),
    [
        ("company", "template", (960, 720)),
        ("sales", "template", (960, 720)),
        ("wide", "presentation", (1280, 720)),
        ("m3", "presentation", (1040, 720)),
    ],
)
def test_sizes_and_kinds(name: str, kind: str, size: tuple[int, int]) -> None:
    checked, template = read(name)
    assert checked.kind == kind
    assert (round(template.width), round(template.height)) == size
    assert template.example_slides > 0


def test_potx_is_relabelled_so_python_pptx_opens_it() -> None:
    checked, _ = read("company")
    types = member(checked.data, "[Content_Types].xml")
    assert "presentationml.presentation.main+xml" in types
    assert "presentationml.template.main+xml" not in types


def test_theme_colours_and_fonts_including_east_asian() -> None:
    _, wide = read("wide")
    assert (wide.theme.major.latin, wide.theme.minor.latin) == ("Calibri Light", "Calibri")
    assert wide.theme.colors["accent1"] == "5B9BD5"
    _, m3 = read("m3")
    assert m3.theme.minor.latin == "Arial"
    assert m3.theme.minor.ea == "ＭＳ Ｐゴシック"
    assert m3.theme.major.ea == "HGP創英角ｺﾞｼｯｸUB"


def test_layouts_mapped_by_structure_and_english_names() -> None:
    _, sales = read("sales")
    mapped = map_layouts(sales.layouts, sales.width)
    names = {k: (v.name if v else None) for k, v in mapped.layouts.items()}
    assert names["cover"] == "Title Slide"
    assert names["section"] == "Section Header"
    assert names["content"] == "Title and Content"
    assert names["two_content"] == "Two Content"
    assert names["comparison"] == "Comparison"
    assert names["picture"] == "Picture with Caption"
    assert names["blank"] == "Blank"
    content = mapped.get("content")
    assert content is not None and content.title is not None and len(content.contents) == 1


def test_layouts_mapped_by_japanese_names_and_missing_kinds_warned() -> None:
    _, m3 = read("m3")
    mapped = map_layouts(m3.layouts, m3.width)
    assert mapped.get("cover").name == "表紙"  # type: ignore[union-attr]
    assert mapped.get("section").name == "セクション見出し"  # type: ignore[union-attr]
    assert mapped.get("content").name == "タイトルとテキスト"  # type: ignore[union-attr]
    assert mapped.get("blank").name == "白紙"  # type: ignore[union-attr]
    assert mapped.chosen_by["picture"] == "fallback"
    warning = " ".join(mapped.warnings)
    assert "no layout found for" in warning
    for kind in ("two_content", "comparison", "picture", "closing"):
        assert kind in warning


def test_settings_override_a_layout_by_name_or_number() -> None:
    _, sales = read("sales")
    by_name = map_layouts(sales.layouts, sales.width, {"content": "Title Only"})
    assert by_name.get("content").name == "Title Only"  # type: ignore[union-attr]
    assert by_name.chosen_by["content"] == "settings"
    by_number = map_layouts(sales.layouts, sales.width, {"closing": 1})
    assert by_number.get("closing") is sales.layouts[0]
    with pytest.raises(GeneratorError) as exc:
        map_layouts(sales.layouts, sales.width, {"content": "No Such Layout"})
    assert exc.value.problems[0].field == "settings.layouts.content"
    with pytest.raises(GeneratorError) as exc:
        map_layouts(sales.layouts, sales.width, {"intro": 1})
    assert exc.value.problems[0].field == "settings.layouts.intro"


def test_settings_are_checked() -> None:
    assert parse_settings('{"name": "ACME"}') == {"name": "ACME"}
    for bad, field in (
        ('{"colour": 1}', "settings.colour"),
        ('{"id": "a b"}', "settings.id"),
        ('{"keepSlides": "yes"}', "settings.keepSlides"),
        ("[1]", "settings"),
        ("{", "settings"),
    ):
        with pytest.raises(GeneratorError) as exc:
            parse_settings(bad)
        assert exc.value.problems[0].field == field


def refused(data: bytes, limits: BrandLimits | None = None) -> tuple[str, str]:
    with pytest.raises(GeneratorError) as exc:
        load_pptx_template(data, limits=limits)
    assert exc.value.code == 1010
    problem = exc.value.problems[0]
    return problem.field, problem.reason


def test_not_a_powerpoint_file() -> None:
    assert "not a PowerPoint file" in refused(b"hello world, not a deck")[1]
    import io
    import zipfile

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("readme.txt", "hi")
    assert "template package holds" in refused(buf.getvalue())[1]


def test_encrypted_file_is_refused() -> None:
    field, reason = refused((SAMPLES / "encrypted.pptx").read_bytes())
    assert field == "file"
    assert "encrypted" in reason


def test_macro_enabled_is_refused() -> None:
    data = sample("wide")
    types = member(data, "[Content_Types].xml").replace(
        "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
        "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
    )
    assert "macro-enabled" in refused(rewrite(data, {"[Content_Types].xml": types.encode()}))[1]
    vba = rewrite(data, {}, {"ppt/vbaProject.bin": b"\0" * 64})
    assert refused(vba)[0] == "ppt/vbaProject.bin"


def test_xml_bomb_is_refused() -> None:
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        b'<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
        b'<p:sldLayout xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main">&lol2;</p:sldLayout>'
    )
    field, reason = refused(rewrite(sample("wide"), {"ppt/slideLayouts/slideLayout1.xml": bomb}))
    assert field == "ppt/slideLayouts/slideLayout1.xml"
    assert "XML bomb" in reason


def test_zip_bomb_is_refused() -> None:
    data = rewrite(sample("wide"), {}, {"ppt/media/huge.png": b"\0" * (4 * 1024 * 1024)})
    assert "zip bomb" in refused(data)[1]


def test_external_relationship_in_a_kept_part_is_refused() -> None:
    data = sample("wide")
    rels_name = "ppt/slideLayouts/_rels/slideLayout1.xml.rels"
    rels = member(data, rels_name).replace(
        "</Relationships>",
        '<Relationship Id="rId99" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/image" Target="http://example.invalid/logo.png" TargetMode="External"/>'
        "</Relationships>",
    )
    field, reason = refused(rewrite(data, {rels_name: rels.encode()}))
    assert field == "ppt/slideLayouts/slideLayout1.xml"
    assert "external relationship" in reason


def test_oversized_media_is_refused_by_the_limits() -> None:
    field, reason = refused(sample("company"), BrandLimits(max_media_bytes=10_000))
    assert field.startswith(("ppt/media/", "docProps/thumbnail"))
    assert "at most 10000 allowed per media file" in reason
    assert "at most 1000 allowed" in refused(sample("company"), BrandLimits(max_file_bytes=1000))[1]


def test_no_layouts_is_refused() -> None:
    data = sample("wide")
    rels_name = "ppt/slideMasters/_rels/slideMaster1.xml.rels"
    rels = member(data, rels_name)
    import re

    stripped = re.sub(
        r'<Relationship [^>]*slideLayout"? [^>]*/>|<Relationship [^>]*relationships/slideLayout"[^>]*/>',
        "",
        rels,
    )
    master = re.sub(
        r"<p:sldLayoutIdLst>.*</p:sldLayoutIdLst>",
        "",
        member(data, "ppt/slideMasters/slideMaster1.xml"),
        flags=re.S,
    )
    bad = rewrite(
        data, {rels_name: stripped.encode(), "ppt/slideMasters/slideMaster1.xml": master.encode()}
    )
    assert "no slide layouts" in refused(bad)[1]
