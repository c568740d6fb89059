"""Box decorations: backgrounds, borders, outlines, shadows and filters -> shapes."""
