"""Style stage: ParsedPage + stylesheets -> StyleMap of computed values per element (the cascade)."""

from engine.style.cascade import StyleMap, compute_styles
from engine.style.computed import ComputedStyle

__all__ = ["ComputedStyle", "StyleMap", "compute_styles"]
