"""Grid layout (CSS Grid 1/2): placement, track sizing, items and subgrids."""
