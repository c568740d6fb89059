"""Decks built on real PowerPoint templates: the template's master, layouts and theme parts are
in the output (example slides dropped, or kept when asked), each slide refers to its mapped
layout, titles and text bodies are placeholder text (`p:ph`), drawn content uses theme colours
as `a:schemeClr` and theme fonts as `+mn-lt`; the package opens in python-pptx with no dangling
relationship or content type; previews draw the layout art; HTML converts onto the master."""

from __future__ import annotations

import io
import re
from functools import cache

import pptx
import pytest
from brand_testkit import MARKDOWN, SAMPLES, member, names, package_problems, sample, slide_xml

from engine.api import convert
from engine.errors import PAGE_SIZE_MISMATCH
from engine.model.schema import problems
from generator.api import GeneratedDeck, generate_from_markdown
from generator.brand.build import base_package
from generator.brand.html import BrandTemplate
from generator.brand.package import load_pptx_template


@cache
def template(name: str, settings: str | None = None) -> BrandTemplate:
    return load_pptx_template(sample(name), settings=settings, filename=f"{name}.pptx")


@cache
def deck(
    name: str, settings: str | None = None, markdown: str = MARKDOWN, length: str | None = None
) -> GeneratedDeck:
    t = template(name, settings)
    return generate_from_markdown(markdown, t.id, templates={t.id: t}, length=length)


def layout_names(data: bytes) -> list[str]:
    prs = pptx.Presentation(io.BytesIO(data))
    return [str(slide.slide_layout.name) for slide in prs.slides]


@pytest.mark.parametrize("name", ["company", "sales", "wide", "m3"])
def test_deck_keeps_master_layouts_theme_and_opens_cleanly(name: str) -> None:
    data = deck(name).pptx_bytes
    original = load_pptx_template(sample(name)).source
    assert original is not None
    parts = names(data)
    assert "ppt/slideMasters/slideMaster1.xml" in parts
    assert "ppt/theme/theme1.xml" in parts
    layouts = [n for n in parts if re.fullmatch(r"ppt/slideLayouts/slideLayout\d+\.xml", n)]
    assert len(layouts) == len(original.layouts)
    assert package_problems(data) == []
    prs = pptx.Presentation(io.BytesIO(data))
    assert len(prs.slides) == deck(name).page_count  # the example slides are gone
    assert round(prs.slide_width / 9525) == round(original.width)
    theme = member(data, "ppt/theme/theme1.xml")
    assert original.theme.minor.latin in theme


def test_slides_use_mapped_layouts_and_placeholders() -> None:
    # two chapters of three slides each: a long deck gives them dividers
    plans = "\n## Plans\n\n### Next quarter\n- Two hires\n\n### Next year\n- A new office\n"
    plans += "\n### Later\n- Expand abroad\n"
    d = deck("sales", markdown=MARKDOWN + plans, length="long")
    used = layout_names(d.pptx_bytes)
    assert used[0] == "Title Slide"
    assert "Section Header" in used
    assert "Title and Content" in used
    assert "Comparison" in used  # the page with two titled sections
    prs = pptx.Presentation(io.BytesIO(d.pptx_bytes))
    cover = prs.slides[0]
    titles = [s for s in cover.placeholders if s.placeholder_format.type is not None]
    assert cover.shapes.title is not None
    assert cover.shapes.title.text_frame.text == "Quarterly Review 季度回顾"
    assert any("Numbers and plans" in s.text_frame.text for s in titles)
    bullets = next(
        s
        for s in prs.slides
        if s.shapes.title is not None and s.shapes.title.text_frame.text == "Revenue Growth"
    )
    body = [s for s in bullets.placeholders if s.placeholder_format.idx == 1]
    assert body and "Sales up in every region" in body[0].text_frame.text
    levels = [p.level for p in body[0].text_frame.paragraphs]
    assert levels == [0, 0, 1]
    xml = slide_xml(d.pptx_bytes)[used.index("Title and Content")]
    assert '<p:ph type="title"/>' in xml or '<p:ph type="title"' in xml
    assert "<p:spPr/>" in xml  # geometry inherited from the layout


def test_rich_content_is_drawn_in_theme_colours_and_fonts() -> None:
    d = deck("wide")
    texts = [" ".join(re.findall(r"<a:t>([^<]*)</a:t>", x)) for x in slide_xml(d.pptx_bytes)]
    table_slide = slide_xml(d.pptx_bytes)[next(i for i, t in enumerate(texts) if "North" in t)]
    assert "<a:tbl>" in table_slide
    assert '<a:schemeClr val="accent1"/>' in table_slide  # the header row fill
    assert 'typeface="+mn-lt"' in table_slide  # the body font, as the theme's
    assert '<p:ph type="title"' in table_slide  # the title stays a placeholder
    assert "<p:bg>" not in table_slide  # the layout's background shows


def test_theme_fonts_east_asian() -> None:
    d = deck("m3")
    xml = "".join(slide_xml(d.pptx_bytes))
    assert 'typeface="+mn-ea"' in xml or 'typeface="+mn-lt"' in xml
    assert package_problems(d.pptx_bytes) == []


def test_slide_numbers_are_fields_of_the_layout_placeholder() -> None:
    xml = slide_xml(deck("wide").pptx_bytes)[1]
    assert '<a:fld id="' in xml and 'type="slidenum"' in xml
    assert '<p:ph type="sldNum"' in xml


SECTIONED = """---
theme: default
---

# Field report

---
layout: section
---

# Part two

What we learnt on the road

---

## Travel

- Three cities
- Two trains

---

## Costs

- Under budget

---
layout: section
---

# Part three

What comes next

---

## Plans

- Two hires
"""


@pytest.mark.parametrize("name", ["sales", "wide"])
def test_section_subtitle_goes_into_the_section_header_text(name: str) -> None:
    # an authored section slide (a heading and one line) is a divider with a subtitle: on a
    # PowerPoint template the line is placeholder text of the Section Header layout
    d = deck(name, markdown=SECTIONED)
    prs = pptx.Presentation(io.BytesIO(d.pptx_bytes))
    section = next(s for s in prs.slides if s.slide_layout.name == "Section Header")
    assert section.shapes.title is not None
    assert section.shapes.title.text_frame.text == "Part two"
    texts = [
        s.text_frame.text
        for s in section.placeholders
        if s.placeholder_format.idx != 0 and s.has_text_frame
    ]
    assert "What we learnt on the road" in texts


def test_example_slides_kept_when_asked() -> None:
    kept = deck("company", '{"keepSlides": true}')
    source = template("company").source
    assert source is not None
    prs = pptx.Presentation(io.BytesIO(kept.pptx_bytes))
    assert len(prs.slides) == source.example_slides + kept.page_count
    assert package_problems(kept.pptx_bytes) == []


def test_previews_draw_the_layout_art() -> None:
    d = deck("sales")
    cover = d.conversion.slides[0]
    pictures = [s for s in cover["shapes"] if s.get("kind") == "picture"]
    assert pictures, "the logo / background picture of the master"
    assert cover["background"] is not None
    assert all(p["media"] in d.conversion.media for p in pictures)
    from engine.render import render_cover_png

    png = render_cover_png(d.conversion, width=320)
    assert png.startswith(b"\x89PNG")


@pytest.mark.parametrize("name", ["company", "sales", "wide", "m3"])
def test_previews_are_slides_of_the_slide_model(name: str) -> None:
    """The renderer reads the keys the model's types promise: the layout art under each
    preview has them all ("layout", beside them, names the template layout shown)."""
    d = deck(name)
    for slide in d.conversion.slides:
        assert slide.get("layout")
        assert problems(dict(slide), "Slide") == []
    from engine.render import render_deck_pngs

    assert len(render_deck_pngs(d.conversion, width=160)) == len(d.conversion.slides)
    # the library's JSON of the deck (to_dict, media as base64) renders as a deck dict too
    as_json = d.conversion.to_dict(include_media=True)
    assert len(render_deck_pngs(as_json, width=160)) == len(d.conversion.slides)


def test_html_converts_onto_the_master() -> None:
    t = template("company")
    page = (
        '<div class="slide" style="width:960px;height:720px;position:relative">'
        '<div style="position:absolute;left:50px;top:100px;width:300px;height:100px;'
        'background:#{c};color:#fff">Card</div></div>'
    ).format(c=t.source.theme.colors["accent1"] if t.source else "000000")
    wide = page.replace("960px", "1280px")
    conv = convert([page, wide], base=base_package(t))
    assert conv.failed_pages == 1
    assert conv.failed_page_details[0].code == PAGE_SIZE_MISMATCH
    assert "template's slide size 960x720" in conv.failed_page_details[0].reason
    assert layout_names(conv.pptx_bytes) == ["Blank", "Blank"]
    xml = slide_xml(conv.pptx_bytes)[0]
    assert '<a:schemeClr val="accent1"/>' in xml
    assert "ppt/slideMasters/slideMaster1.xml" in names(conv.pptx_bytes)
    assert package_problems(conv.pptx_bytes) == []


@pytest.mark.parametrize("name", ["company", "sales", "wide", "m3"])
def test_a_real_document_generates_on_every_template(name: str) -> None:
    """Meeting notes (long titles over short bodies, summaries, quoted comments) on each
    template's layouts: a deck, never an internal error (a page whose body measured nothing
    once divided by zero on a small title placeholder)."""
    source = (SAMPLES.parent / "markdown" / "meeting-notes" / "2022-11-15.md").read_text(
        encoding="utf-8"
    )
    t = template(name)
    result = generate_from_markdown(source, t.id, templates={t.id: t})
    assert len(pptx.Presentation(io.BytesIO(result.pptx_bytes)).slides) >= 10
    assert package_problems(result.pptx_bytes) == []
