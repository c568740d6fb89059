"""grandalf's layered (Sugiyama) layout, loaded with the first flowchart, without numpy.

grandalf imports numpy when it loads, for its force-directed layout (DigcoLayout) alone,
falling back on its own plain-Python arrays when numpy cannot be imported. The layered layout
used here never touches either: it computes in Python floats. So grandalf is loaded with
numpy's import refused for the loading thread (unless numpy is loaded already, then grandalf
takes it), which spares a document's first flowchart numpy's import (~0.07 s of CPU); the
layout is the same. Other threads import numpy as ever meanwhile.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import threading
from collections.abc import Sequence
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from grandalf.layouts import SugiyamaLayout

_loading = threading.local()  # .grandalf: this thread is loading grandalf


class _NoNumpyForGrandalf(importlib.abc.MetaPathFinder):
    """Refuses `numpy` to the thread that is loading grandalf (its fallback is plain Python);
    every other import, and every other thread, goes on to the usual finders."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == "numpy" and getattr(_loading, "grandalf", False):
            raise ModuleNotFoundError("numpy is not loaded for grandalf", name=fullname)
        return None


def sugiyama_layout() -> type[SugiyamaLayout]:
    """grandalf's SugiyamaLayout class (grandalf loaded on the first call, see the module)."""
    if "grandalf.layouts" not in sys.modules:
        finder = _NoNumpyForGrandalf()
        sys.meta_path.insert(0, finder)
        _loading.grandalf = True
        try:
            importlib.import_module("grandalf.layouts")
        finally:
            _loading.grandalf = False
            sys.meta_path.remove(finder)
    from grandalf.layouts import SugiyamaLayout

    return SugiyamaLayout
