"""Inline formatting contexts: the item stream, line breaking, text shaping, markers,
::first-line, small caps, balanced lines, truncation and vertical writing modes."""
