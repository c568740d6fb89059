"""Grid property text -> typed values (engine.style.grid_values)."""

from __future__ import annotations

from engine.style import grid_values as gv

FIXED_100 = gv.Breadth("fixed", 100.0)
FR1 = gv.Breadth("fr", 1.0)
AUTO = gv.Breadth("auto")


def sizes(text: str, font_size: float = 16.0, repetitions: int = 1) -> tuple[gv.TrackSize, ...]:
    parsed = gv.track_list(text, font_size)
    assert parsed is not None, text
    return gv.expand(parsed, repetitions).sizes


def test_fixed_fr_and_keywords() -> None:
    assert sizes("100px 1fr auto min-content max-content") == (
        gv.TrackSize(FIXED_100, FIXED_100),
        gv.TrackSize(AUTO, FR1),
        gv.TrackSize(AUTO, AUTO),
        gv.TrackSize(gv.Breadth("min-content"), gv.Breadth("min-content")),
        gv.TrackSize(gv.Breadth("max-content"), gv.Breadth("max-content")),
    )


def test_lengths_resolve_em_and_keep_percentages() -> None:
    assert sizes("2em 55% calc(10% + 5px)", font_size=10.0) == (
        gv.TrackSize(gv.Breadth("fixed", 20.0), gv.Breadth("fixed", 20.0)),
        gv.TrackSize(gv.Breadth("fixed", 0.0, 55.0), gv.Breadth("fixed", 0.0, 55.0)),
        gv.TrackSize(gv.Breadth("fixed", 5.0, 10.0), gv.Breadth("fixed", 5.0, 10.0)),
    )


def test_minmax_and_fit_content() -> None:
    assert sizes("minmax(100px, 1fr) minmax(0, 2fr) fit-content(20%)") == (
        gv.TrackSize(FIXED_100, FR1),
        gv.TrackSize(gv.Breadth("fixed", 0.0), gv.Breadth("fr", 2.0)),
        gv.TrackSize(AUTO, gv.Breadth("fit-content", 0.0, 20.0)),
    )


def test_repeat_with_line_names() -> None:
    parsed = gv.track_list("[full-start] 10px repeat(2, [a] 1fr [b]) [full-end]", 16.0)
    assert parsed is not None
    expanded = gv.expand(parsed, 0)
    assert [s.max.kind for s in expanded.sizes] == ["fixed", "fr", "fr"]
    assert expanded.names == (("full-start",), ("a",), ("b", "a"), ("b", "full-end"))
    assert expanded.auto_start == -1


def test_auto_fill_and_auto_fit() -> None:
    parsed = gv.track_list("repeat(auto-fill, minmax(200px, 1fr)) 50px", 16.0)
    assert parsed is not None and parsed.auto_repeat is not None
    expanded = gv.expand(parsed, 3)
    assert len(expanded.sizes) == 4
    assert (expanded.auto_start, expanded.auto_count, expanded.auto_fit) == (0, 3, False)
    fit = gv.track_list("repeat(auto-fit, 100px)", 16.0)
    assert fit is not None and gv.expand(fit, 2).auto_fit


def test_invalid_track_lists() -> None:
    assert gv.track_list("1fr banana", 16.0) is None
    assert gv.track_list("repeat(auto-fill, 1fr)", 16.0) is None  # needs a fixed size
    assert gv.track_list("minmax(1fr, 100px)", 16.0) is None  # fr is not a minimum
    assert gv.track_list("repeat(auto-fill, 10px) repeat(auto-fit, 10px)", 16.0) is None
    assert gv.track_list("none", 16.0) == gv.TrackList((), ((),))


def test_auto_tracks() -> None:
    assert gv.auto_tracks("minmax(50px, auto) 1fr", 16.0) == (
        gv.TrackSize(gv.Breadth("fixed", 50.0), AUTO),
        gv.TrackSize(AUTO, FR1),
    )
    assert gv.auto_tracks("nonsense", 16.0) is None


def test_areas() -> None:
    parsed = gv.areas('"head head" \'side main\' ". main"')
    assert parsed is not None
    assert (parsed.rows, parsed.columns) == (3, 2)
    found = {a.name: (a.row_start, a.row_end, a.column_start, a.column_end) for a in parsed.areas}
    assert found == {"head": (0, 1, 0, 2), "side": (1, 2, 0, 1), "main": (1, 3, 1, 2)}
    assert gv.areas("'a b a'") is None  # not a rectangle
    assert gv.areas("'a b' 'c'") is None  # ragged rows
    assert gv.areas("none") is None


def test_grid_lines() -> None:
    assert gv.grid_line("auto") == gv.AUTO_LINE
    assert gv.grid_line("3") == gv.GridLine("line", 3)
    assert gv.grid_line("-1") == gv.GridLine("line", -1)
    assert gv.grid_line("span 2") == gv.GridLine("span", 2)
    assert gv.grid_line("Main") == gv.GridLine("line", 0, "Main")  # names keep their case
    assert gv.grid_line("col 2") == gv.GridLine("line", 2, "col")
    assert gv.grid_line("span 2 col") == gv.GridLine("span", 2, "col")
    assert gv.grid_line("0") == gv.AUTO_LINE  # line 0 is invalid


def test_auto_flow() -> None:
    assert gv.auto_flow("row") == gv.AutoFlow(False, False)
    assert gv.auto_flow("column dense") == gv.AutoFlow(True, True)
    assert gv.auto_flow("dense") == gv.AutoFlow(False, True)
