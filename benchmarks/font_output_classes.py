"""Classify the parts two compare_output.py dumps differ in, once the font changes are normalised.

    python benchmarks/compare_output.py --dump OLD_ROOT old.json --corpus CORPUS
    python benchmarks/compare_output.py --dump NEW_ROOT new.json --corpus CORPUS
    python benchmarks/font_output_classes.py old.json new.json

Old typefaces are mapped to their Office twins (engine.fonts.office), new ones lose panose /
pitchFamily / charset; then every differing part falls in a class: typeface names and hints,
theme font scheme, presentation.xml (embedded font list), relationships and content types (only
font relationships and the fntdata Default may differ), new parts, or OTHER (listed).
"""

from __future__ import annotations

import json
import re
import sys
from collections import Counter
from pathlib import Path

from lxml import etree

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.fonts.office import office_name  # noqa: E402

A = "http://schemas.openxmlformats.org/drawingml/2006/main"
FONT_TAGS = {f"{{{A}}}{t}" for t in ("latin", "ea", "cs", "buFont", "sym")}


def _old(xml: str) -> bytes:
    root = etree.fromstring(xml.encode())
    for el in root.iter():
        name = office_name(el.get("typeface") or "") if el.tag in FONT_TAGS else None
        if name:
            el.set("typeface", name)
    return bytes(etree.tostring(root))


def _new(xml: str) -> bytes:
    root = etree.fromstring(xml.encode())
    for el in root.iter():
        if el.tag in FONT_TAGS:
            for key in ("panose", "pitchFamily", "charset"):
                el.attrib.pop(key, None)
    return bytes(etree.tostring(root))


def _without_fonts(xml: str) -> bytes:
    root = etree.fromstring(xml.encode())
    for el in list(root):
        if el.get("Type", "").endswith("/relationships/font") or el.get("Extension") == "fntdata":
            root.remove(el)
    return bytes(etree.tostring(root))


def classify(before: dict[str, str], after: dict[str, str]) -> tuple[Counter[str], list[str]]:
    classes: Counter[str] = Counter()
    other: list[str] = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key), after.get(key)
        if old == new:
            continue
        part = key.split("/", 1)[1]
        if old is None or new is None:
            classes[
                ("new part: " if old is None else "removed part: ") + re.sub(r"\d+", "N", part)
            ] += 1
        elif "theme" in part:
            classes["theme font scheme"] += 1
        elif part.endswith(".rels") or part == "[Content_Types].xml":
            same = _without_fonts(new) == bytes(etree.tostring(etree.fromstring(old.encode())))
            classes["font relationships / fntdata content type" if same else "OTHER"] += 1
            if not same:
                other.append(key)
        elif part == "ppt/presentation.xml":
            classes["presentation.xml (embeddedFontLst, embed flags)"] += 1
        elif _old(old) == _new(new):
            classes["typeface names (twins) + panose/pitchFamily/charset"] += 1
        else:
            classes["OTHER"] += 1
            other.append(key)
    return classes, other


def main() -> int:
    before = json.loads(Path(sys.argv[1]).read_text())
    after = json.loads(Path(sys.argv[2]).read_text())
    classes, other = classify(before, after)
    for name, count in classes.most_common():
        print(f"{count:5d}  {name}")
    print("other differences:", other[:20] or "none")
    return 1 if other else 0


if __name__ == "__main__":
    sys.exit(main())
