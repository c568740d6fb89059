"""Flex layout (CSS Flexbox 1): items, lines, and the static position of absolute children."""
