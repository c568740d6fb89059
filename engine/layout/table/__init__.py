"""Table layout (CSS 2.1 17, as Chromium's table algorithm): structure, column measures and
widths, rows, cells, collapsed borders and the grid the PPTX stage maps to a native table."""
