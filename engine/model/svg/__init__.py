"""Inline SVG: sanitizing, paths and strokes, native text, out-of-process rendering, media parts."""
