"""@font-face rules in stylesheets: descriptors read, bad values skipped and reported."""

from __future__ import annotations

from engine.fonts.webfonts import WebFace, WebFonts, match_faces
from engine.style.fontface import FontFaceRule, FontSrc
from engine.style.stylesheet import parse_stylesheet


def _faces(css: str) -> tuple[tuple[FontFaceRule, ...], list[str]]:
    sheet = parse_stylesheet(css)
    return sheet.font_faces, [m for _, m, _ in sheet.messages]


def test_descriptors_are_read() -> None:
    (face,), messages = _faces(
        """@font-face {
          font-family: "Brand Sans";
          src: local("Brand Sans Regular"), url(fonts/brand.woff2) format("woff2"),
               url('fonts/brand.ttf') format(truetype) tech(variations);
          font-weight: 300 700; font-style: italic; font-display: swap;
          unicode-range: U+0000-00FF, U+0131, U+4??;
        }
        p { color: red }"""
    )
    assert messages == []
    assert face.family == "Brand Sans"
    assert face.sources == (
        FontSrc("local", "Brand Sans Regular"),
        FontSrc("url", "fonts/brand.woff2", "woff2"),
        FontSrc("url", "fonts/brand.ttf", "truetype"),
    )
    assert face.weight == (300, 700) and face.style == "italic"
    assert face.unicode_range == ((0, 0xFF), (0x131, 0x131), (0x400, 0x4FF))


def test_bad_descriptors_are_skipped_and_reported() -> None:
    (face,), messages = _faces(
        """@font-face { font-family: Brand Serif; src: url(a.ttf), nonsense(1);
        font-weight: heavy; font-style: sideways; unicode-range: U+ZZ; colour: red }"""
    )
    assert face.family == "Brand Serif" and face.sources == (FontSrc("url", "a.ttf"),)
    assert face.weight == (400, 400) and face.style == "normal" and face.unicode_range == ()
    assert "@font-face src: 1 entries not understood" in messages
    assert "invalid @font-face font-weight: heavy" in messages
    assert "invalid @font-face font-style: sideways" in messages
    assert "invalid @font-face unicode-range: U+ZZ" in messages
    assert "unknown @font-face descriptor colour" in messages


def test_rules_without_family_or_src_are_dropped() -> None:
    faces, messages = _faces(
        "@font-face { src: url(a.ttf) } @font-face { font-family: serif; src: url(a.ttf) }"
        "@font-face { font-family: X; src: bogus }"
    )
    assert faces == ()
    assert messages.count("@font-face without a usable font-family dropped") == 2
    assert "@font-face without a usable src dropped" in messages


def test_font_face_inside_media_keeps_its_condition() -> None:
    (face,), _ = _faces("@media print { @font-face { font-family: P; src: url(p.ttf) } }")
    assert face.media == ("print",)


def _web(family: str, weight: tuple[int, int], style: str, order: int) -> WebFace:
    return WebFace(family, f"/f{order}", 0, str(order), weight, style, (), 0, order)


def test_css_font_matching_nearest_weight_and_style() -> None:
    fonts = WebFonts(
        (
            _web("Brand", (300, 300), "normal", 0),
            _web("Brand", (400, 400), "normal", 1),
            _web("Brand", (700, 700), "normal", 2),
            _web("Brand", (400, 400), "italic", 3),
        )
    )

    def pick(weight: int, style: str = "normal") -> int:
        return match_faces(fonts, "'brand'", weight, style)[0].order

    assert pick(400) == 1 and pick(700) == 2 and pick(300) == 0
    assert pick(450) == 1  # 400-500: up to 500 first, then lighter
    assert pick(600) == 2  # above 500: heavier first
    assert pick(200) == 0  # below 400: lighter first, then heavier
    assert pick(900) == 2
    assert pick(700, "italic") == 3  # style before weight
    assert match_faces(fonts, "Other", 400, "normal") == []


def test_a_deck_keeps_the_first_page_s_face_of_a_family() -> None:
    first = WebFonts((_web("Brand", (400, 400), "normal", 0),))
    second = WebFonts(
        (_web("Brand", (400, 400), "normal", 5), _web("Brand", (700, 700), "normal", 6))
    )
    merged = first.merged(second)
    assert [f.order for f in merged.faces] == [0, 6]
    assert match_faces(merged, "Brand", 400, "normal")[0].digest == "0"
