"""Clipping and masks: overflow clips, clip-path outlines and cuts, CSS masks."""
