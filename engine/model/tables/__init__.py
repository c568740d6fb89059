"""Native tables: a laid-out table grid -> a:tbl, cell text, and what a native table cannot
paint (separated cells, rounded corners, double borders)."""
