"""Positioned layout: relative, absolute and fixed boxes, sticky offsets."""
