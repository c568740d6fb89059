"""Time PowerPoint templates: read + check + map (load) and a 13-slide sample deck generated on
each template of samples/templates; prints the figures and writes benchmarks/results/brand.json.

    PYTHONPATH=$PWD python benchmarks/bench_brand.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from pathlib import Path

from generator.api import generate_from_markdown
from generator.brand.package import load_pptx_template
from generator.package import SAMPLE_MARKDOWN

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = [
    "company-background.potx",
    "sales-proposal.potx",
    "widescreen-16x9.pptx",
    "m3-a4-japanese.pptx",
]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = []
    for name in TEMPLATES:
        data = (ROOT / "samples" / "templates" / name).read_bytes()
        loads, gens, slides = [], [], 0
        for _ in range(args.repeat):
            started = time.perf_counter()
            template = load_pptx_template(data, filename=name)
            loads.append(time.perf_counter() - started)
            started = time.perf_counter()
            deck = generate_from_markdown(
                SAMPLE_MARKDOWN, template.id, templates={template.id: template}
            )
            gens.append(time.perf_counter() - started)
            slides = deck.page_count
        row = {
            "template": name,
            "bytes": len(data),
            "slides": slides,
            "load_s": round(min(loads), 3),
            "generate_s": round(min(gens), 3),
        }
        rows.append(row)
        print(
            f"{name:28s} {len(data):8d} B  load {row['load_s']:.3f} s  generate {slides} slides {row['generate_s']:.3f} s"
        )
    out = {
        "command": f"PYTHONPATH=$PWD python benchmarks/bench_brand.py --repeat {args.repeat}",
        "machine": "2-core VM, shared with other jobs",
        "python": platform.python_version(),
        "best_of": args.repeat,
        "rows": rows,
    }
    path = ROOT / "benchmarks" / "results" / "brand.json"
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
