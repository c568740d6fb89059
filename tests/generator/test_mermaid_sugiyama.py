"""A flowchart's layered layout is grandalf's, loaded without numpy (generator.markup.mermaid.
sugiyama): the placement is the same as with numpy loaded first (grandalf then takes it), and
a document's first flowchart leaves numpy unloaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# Mermaid's own README flowchart (samples/markdown/mermaid-readme) with a cycle and a branch
FLOW = [
    "graph TD",
    "A[Christmas] -->|Get money| B(Go shopping)",
    "B --> C{Let me think}",
    "C -->|One| D[Laptop]",
    "C -->|Two| E[iPhone]",
    "C -->|Three| F[fa:fa-car Car]",
    "D --> B",
]
PROBE = """
import json, sys
if sys.argv[1] == "numpy":
    import numpy  # loaded before grandalf: grandalf takes it
from generator.markup.mermaid.flowchart import read_flowchart
from generator.markup.mermaid.layout import place
placed = place(read_flowchart(json.loads(sys.argv[2]), 100, 100))
print(json.dumps({
    "boxes": {k: [b.x, b.y, b.w, b.h] for k, b in sorted(placed.boxes.items())},
    "routes": placed.routes,
    "numpy": "numpy" in sys.modules,
}))
"""


def _placed(numpy: str) -> dict[str, object]:
    env = os.environ | {
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    }
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, numpy, json.dumps(FLOW)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_the_layered_layout_is_the_same_without_numpy() -> None:
    without = _placed("")
    with_numpy = _placed("numpy")
    assert without.pop("numpy") is False
    assert with_numpy.pop("numpy") is True
    assert len(without["boxes"]) == 6  # type: ignore[arg-type]
    assert without == with_numpy
