"""Non-scaling strokes drawn at viewport scale (engine/model/svg/stroke.py): the viewBox
transform, path data mapped through it, the inverse group, and the fallbacks."""

from __future__ import annotations

from lxml import etree

from engine.model.svg.sanitize import SVG_NS
from engine.model.svg.stroke import _mapped_path, apply_non_scaling_strokes, viewbox_transform


def svg(inner: str, **attrs: str) -> etree._Element:
    extra = " ".join(f'{k.replace("_", "-")}="{v}"' for k, v in attrs.items())
    return etree.fromstring(f'<svg xmlns="{SVG_NS}" {extra}>{inner}</svg>')


def test_viewbox_transform_none_meet_and_slice() -> None:
    stretched = svg("", viewBox="0 0 100 30", preserveAspectRatio="none")
    assert viewbox_transform(stretched, 400, 60) == (4.0, 2.0, 0.0, 0.0)
    meet = svg("", viewBox="10 0 100 50")
    assert viewbox_transform(meet, 400, 400) == (4.0, 4.0, -40.0, 100.0)  # centred vertically
    sliced = svg("", viewBox="0 0 100 50", preserveAspectRatio="xMinYMin slice")
    assert viewbox_transform(sliced, 400, 400) == (8.0, 8.0, 0.0, 0.0)
    assert viewbox_transform(svg(""), 400, 400) is None


def test_path_data_becomes_absolute_and_mapped() -> None:
    t = (2.0, 3.0, 10.0, 0.0)
    assert _mapped_path("M0 1 h5 v1 l1 1 2 2 Z", t) == "M10,3 L20,3 L20,6 L22,9 L26,15 Z"
    assert _mapped_path("m1 1 2 0", t) == "M12,3 L16,3"  # pairs after a moveto are linetos
    assert _mapped_path("M0 0 c1 1 2 1 3 0 S5 -1 6 0", t) == "M10,0 C12,3 14,3 16,0 S20,-3 22,0"
    assert _mapped_path("M0 0 a2 2 0 0 1 4 0", t) == "M10,0 A4 6 0 0 1 18,0"
    assert _mapped_path("M0 0 A2 2 30 0 1 4 0", t) is None  # a rotated arc would skew


def test_stretched_polyline_is_drawn_in_viewport_units() -> None:
    root = svg(
        '<polyline points="0,10 50,20" stroke-width="2" vector-effect="non-scaling-stroke"/>',
        viewBox="0 0 100 30",
        preserveAspectRatio="none",
    )
    apply_non_scaling_strokes(root, 400, 60)
    (group,) = root
    assert group.get("transform") == "matrix(0.25 0 0 0.5 0 0)"
    assert group[0].get("points") == "0,20 200,40" and group[0].get("stroke-width") == "2"


def test_circle_becomes_a_mapped_ellipse() -> None:
    root = svg(
        '<circle cx="10" cy="10" r="5" vector-effect="non-scaling-stroke"/>',
        viewBox="0 0 20 20",
        preserveAspectRatio="none",
    )
    apply_non_scaling_strokes(root, 40, 80)
    ellipse = root[0][0]
    assert etree.QName(ellipse).localname == "ellipse"
    assert [ellipse.get(a) for a in ("cx", "cy", "rx", "ry")] == ["20", "40", "10", "20"]


def test_transformed_or_url_painted_shapes_only_get_a_thinner_stroke() -> None:
    root = svg(
        '<g transform="translate(5 0)"><line x2="10" stroke-width="2" vector-effect="non-scaling-stroke"/></g>'
        '<path d="M0 0 H10" stroke="url(#g)" stroke-width="3" vector-effect="non-scaling-stroke"/>',
        viewBox="0 0 10 10",
        preserveAspectRatio="none",
    )
    apply_non_scaling_strokes(root, 40, 10)  # sx 4, sy 1: the mean scale is 2
    assert root[0][0].get("stroke-width") == "1" and root[0][0].get("x2") == "10"
    assert root[1].get("stroke-width") == "1.5" and root[1].get("d") == "M0 0 H10"
