"""Write the fonts embedded in a deck as font files into a folder (for rendering as a viewer that
loads embedded fonts does, see benchmarks/fidelity_fonts.md in docs/fonts.md).

    python benchmarks/extract_fonts.py DECK.pptx DIR [--skip FAMILY ...]

Each .fntdata part (EOT) is decoded to DIR/<typeface>-<slot>.ttf unless that file exists; families
named with --skip (the CJK faces the renderer already has under their own names) are left out.
Prints one line per file written.
"""

from __future__ import annotations

import argparse
import sys
import zipfile
from pathlib import Path

from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.fonts.eot import read_eot  # noqa: E402

P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deck")
    parser.add_argument("folder")
    parser.add_argument("--skip", action="append", default=[], metavar="FAMILY")
    args = parser.parse_args()
    out = Path(args.folder)
    out.mkdir(parents=True, exist_ok=True)
    skip = {s.lower() for s in args.skip}
    with zipfile.ZipFile(args.deck) as package:
        pres = etree.fromstring(package.read("ppt/presentation.xml"))
        rels = etree.fromstring(package.read("ppt/_rels/presentation.xml.rels"))
        targets = {r.get("Id"): "ppt/" + r.get("Target") for r in rels}
        for entry in pres.iterfind(f"{P}embeddedFontLst/{P}embeddedFont"):
            typeface = entry[0].get("typeface", "")
            if typeface.lower() in skip:
                continue
            for slot in entry[1:]:
                name = etree.QName(slot).localname
                target = out / f"{typeface.replace(' ', '_')}-{name}.ttf"
                if target.exists():
                    continue
                target.write_bytes(read_eot(package.read(targets[slot.get(R_ID)])).font_data)
                print(target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
