"""Runs of characters the primary font lacks (text fragments -> runs in the fallback font Chromium drew them with).

Chromium draws a character missing from the first available family with a system fallback
face (▲ from DejaVu Sans, 🚀 from Noto Color Emoji when the text is in Noto Sans). A run
written only in the primary font leaves that choice to the viewer: LibreOffice picks another
face with other advances (the words after "▲ " move) or none at all (emoji vanish). So such
characters get runs of their own naming the face the layout measured them with.
"""

from __future__ import annotations

from typing import Any

from engine.layout.fragments import TextFragment

FALLBACK_KEY = "_fallback"  # run key: [(length, family or None), ...] until split_fallback_runs


def fallback_pieces(tf: TextFragment) -> list[tuple[int, str | None]] | None:
    """(length, family) pieces of tf's text, family None where the run's own fonts draw it;
    None when they draw all of it."""
    text = tf.text
    if text.isascii():
        return None
    from engine.layout.inline.text import font_info

    try:
        segments = font_info(tf.box.style).stack.segments(text)
    except Exception:  # noqa: BLE001 - odd fonts: keep the single run
        return None
    own = {tf.family, tf.ea_family}
    pieces: list[tuple[int, str | None]] = []
    for face, piece in segments:
        # The stack here is the default language's; CJK characters the run's own east-asian
        # face drew (chosen in the page's language: SC for zh-CN, not JP) stay in the run.
        drawn = face.family in own or (tf.ea_family is not None and face.is_cjk)
        family = None if drawn or not piece.strip() else face.family
        if pieces and pieces[-1][1] == family:
            pieces[-1] = (pieces[-1][0] + len(piece), family)
        else:
            pieces.append((len(piece), family))
    if all(family is None for _n, family in pieces):
        return None
    return pieces


def split_fallback_runs(paragraphs: list[dict[str, Any]]) -> None:
    """Split every run carrying fallback pieces (in place); the pieces follow the run's
    current text by length (trailing spaces may have been cut since)."""
    for para in paragraphs:
        runs = para.get("runs")
        if not runs or not any(FALLBACK_KEY in run for run in runs):
            continue
        out: list[dict[str, Any]] = []
        for run in runs:
            pieces = run.pop(FALLBACK_KEY, None)
            if not pieces:
                out.append(run)
                continue
            text, start = run["text"], 0
            for length, family in pieces:
                part = text[start : start + length]
                start += length
                if not part:
                    break
                piece = dict(run, text=part)
                if family is not None:
                    piece.update(font=family, ea_font=family, cs_font=family)
                out.append(piece)
            if start < len(text):
                out[-1]["text"] += text[start:]
        para["runs"] = out
