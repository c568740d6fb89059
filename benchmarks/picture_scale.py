"""How large the pictures of the Markdown corpus are drawn: per picture, its drawn width over its
own width (1.0 = one pixel of the picture per pixel of a 1280 px wide slide).

    python benchmarks/picture_scale.py [--label before|after] [DOC.md ...]

Each document (default: every samples/markdown document) is generated as a user runs
`deckforge generate DOC.md -o OUT.pptx` from the repository root (default options, template
corporate); every raster picture of the PPTX is listed with its slide, its own size, its drawn
size and the scale. Placeholder frames of pictures that could not be had are counted apart.
Prints one line per picture below 0.5 and a summary per document; writes
benchmarks/results/picture_scale[_LABEL].json.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import statistics
import sys
import tempfile
import zipfile
from dataclasses import asdict, dataclass
from typing import Any

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "benchmarks"))

from markdown_corpus import documents  # noqa: E402

EMU_PER_PX = 9525  # a 1280 px slide is 12,192,000 EMU wide
PIC = re.compile(r"<p:pic>.*?</p:pic>", re.S)
EMBED = re.compile(r'r:embed="([^"]+)"')
EXT = re.compile(r'<a:ext cx="(\d+)" cy="(\d+)"')
REL = re.compile(r'<Relationship [^>]*Id="([^"]+)"[^>]*Target="([^"]+)"')


@dataclass
class Drawn:
    slide: int
    width: int  # the picture's own size, px
    height: int
    drawn_width: float  # on the 1280 px slide
    drawn_height: float
    scale: float


def pictures(pptx: str) -> list[Drawn]:
    """Every raster picture of the deck with its drawn size (SVG pictures have no own pixels)."""
    from PIL import Image

    out: list[Drawn] = []
    with zipfile.ZipFile(pptx) as zf:
        names = set(zf.namelist())
        n = 1
        while f"ppt/slides/slide{n}.xml" in names:
            xml = zf.read(f"ppt/slides/slide{n}.xml").decode("utf-8")
            rels = zf.read(f"ppt/slides/_rels/slide{n}.xml.rels").decode("utf-8")
            targets = dict(REL.findall(rels))
            for pic in PIC.findall(xml):
                embed, ext = EMBED.search(pic), EXT.search(pic)
                if embed is None or ext is None or "svgBlip" in pic:
                    continue
                media = "ppt/" + targets[embed.group(1)].replace("../", "")
                with Image.open(io.BytesIO(zf.read(media))) as im:
                    w, h = im.size
                dw, dh = int(ext.group(1)) / EMU_PER_PX, int(ext.group(2)) / EMU_PER_PX
                out.append(Drawn(n, w, h, round(dw), round(dh), round(min(dw / w, dh / h), 3)))
            n += 1
    return out


def measure(path: str, work: str) -> dict[str, Any]:
    from generator.cli import main

    out = os.path.join(work, "deck.pptx")
    with open(os.devnull, "w") as null:
        saved = sys.stdout
        sys.stdout = null
        try:
            main([os.path.relpath(path, ROOT), "-o", out])
        finally:
            sys.stdout = saved
    drawn = [p for p in pictures(out) if max(p.width, p.height) >= 200]  # not icons and badges
    scales = [p.scale for p in drawn]
    return {
        "pictures": [asdict(p) for p in drawn],
        "count": len(drawn),
        "median_scale": round(statistics.median(scales), 3) if scales else None,
        "below_half": sum(1 for s in scales if s < 0.5),
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("docs", nargs="*", help="Markdown documents (default: samples/markdown)")
    p.add_argument("--label", default="", help="results file suffix (before, after)")
    args = p.parse_args()
    os.chdir(ROOT)
    docs = [(d, d) for d in args.docs] if args.docs else documents()
    results: dict[str, dict[str, Any]] = {}
    for name, path in docs:
        with tempfile.TemporaryDirectory() as work:
            found = measure(path, work)
        results[name] = found
        for pic in found["pictures"]:
            if pic["scale"] < 0.5:
                print(
                    f"  {name} slide {pic['slide']}: {pic['width']}x{pic['height']} px "
                    f"drawn {pic['drawn_width']:.0f}x{pic['drawn_height']:.0f}: {pic['scale']}"
                )
        print(
            f"{name}: {found['count']} pictures, median scale {found['median_scale']}, "
            f"{found['below_half']} below 0.5"
        )
    all_scales = [
        pic["scale"]
        for r in results.values()
        for pic in r["pictures"]  # type: ignore[attr-defined]
    ]
    summary = {
        "pictures": len(all_scales),
        "median_scale": round(statistics.median(all_scales), 3) if all_scales else None,
        "below_half": sum(1 for s in all_scales if s < 0.5),
        "command": "python benchmarks/picture_scale.py"
        + (f" --label {args.label}" if args.label else ""),
        "machine": "2-core VM, shared with other jobs",
    }
    print(f"corpus: {summary}")
    name = "picture_scale" + (f"_{args.label}" if args.label else "")
    with open(os.path.join(ROOT, "benchmarks", "results", name + ".json"), "w") as fh:
        json.dump({"summary": summary, "documents": results}, fh, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
