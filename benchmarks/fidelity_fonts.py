"""Fidelity in both font worlds, before and after the font work -> benchmarks/results/fidelity_fonts.json.

The runs (each a `score_dir.py --json` file, named LABEL.json in RESULTS_DIR) are made with the
fidelity harness, from the project root of the tree being measured, with the venv's python3 on
PATH (see COMMANDS); this script only pools their page scores per group of decks:

    python benchmarks/fidelity_fonts.py RESULTS_DIR [--out benchmarks/results/fidelity_fonts.json]

Groups: `shared` (../shared/corpus), `samples` (the samples/corpus decks that existed before the
font work), `unseen` (the four web-font decks written for it, samples/corpus/deck-webfonts-*),
`fontface` (samples/corpus/deck-fontface-brand, pages loading web fonts with @font-face, scored
with `--decks deck-fontface-brand`). `--merge` keeps the runs already in --out that RESULTS_DIR
does not hold.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

UNSEEN = (
    "deck-webfonts-startup",
    "deck-webfonts-systemui",
    "deck-webfonts-noto",
    "deck-webfonts-cjk",
)
FONTFACE_DECK = "deck-fontface-brand"
FONTFACE = f"samples/corpus ({FONTFACE_DECK})"
SCORE = "FIDELITY_PYTHON ../shared/tools/fidelity/score_dir.py {corpus} --pages --json {label}.json"
CONVERT = "--converter 'python3 -m engine convert {pages} -o {out} -q{args}; test -f {out}'"
COMMANDS = {
    "linux": f"{SCORE} {CONVERT}",
    "office": f"PPTX_FONTS=office {SCORE} {CONVERT}",
    "office+embedded": (
        "PPTX_FONTS=office OFFICE_FONTS_DIR=DIR " + SCORE + " --converter 'python3 -m engine "
        "convert {pages} -o {out} -q --embed-fonts full; python3 benchmarks/extract_fonts.py "
        '{out} DIR/fonts --skip "Noto Sans CJK SC" ... (every Noto CJK family the Office set '
        "already serves); test -f {out}'"
    ),
}
RUNS = {  # label: (tree, world, corpus, converter args)
    "before-shared-linux": ("before", "linux", "../shared/corpus", ""),
    "before-shared-office": ("before", "office", "../shared/corpus", ""),
    "before-samples-linux": ("before", "linux", "samples/corpus", ""),
    "before-samples-office": ("before", "office", "samples/corpus", ""),
    "after-shared-linux": ("after", "linux", "../shared/corpus", ""),
    "after-shared-office": ("after", "office", "../shared/corpus", ""),
    "after-samples-linux": ("after", "linux", "samples/corpus", ""),
    "after-samples-office": ("after", "office", "samples/corpus", ""),
    "fsoffice-unseen-linux": (
        "after",
        "linux",
        "samples/corpus (unseen decks)",
        " --font-set office",
    ),
    "fsoffice-unseen-office": (
        "after",
        "office",
        "samples/corpus (unseen decks)",
        " --font-set office",
    ),
    "embedded-unseen-office": ("after", "office+embedded", "samples/corpus (unseen decks)", ""),
    "embedded-shared-office": ("after", "office+embedded", "../shared/corpus", ""),
    "fontface-before-linux": ("before-fontface", "linux", FONTFACE, ""),
    "fontface-after-linux": ("after-fontface", "linux", FONTFACE, ""),
    "fontface-before-office": ("before-fontface", "office", FONTFACE, ""),
    "fontface-after-office": ("after-fontface", "office", FONTFACE, ""),
    "fontface-before-embedded": ("before-fontface", "office+embedded", FONTFACE, ""),
    "fontface-after-embedded": ("after-fontface", "office+embedded", FONTFACE, ""),
}


def _pages(result: dict[str, Any]) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {}
    for deck in result["decks"]:
        pages = (deck.get("result") or {}).get("pages", [])
        out[deck["name"]] = [p["score"] for p in pages if p.get("score") is not None]
    return out


def _mean(values: list[float]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def summarize(folder: Path) -> dict[str, Any]:
    runs: dict[str, Any] = {}
    for label, (tree, world, corpus, args) in RUNS.items():
        path = folder / f"{label}.json"
        if not path.exists():
            continue
        decks = _pages(json.loads(path.read_text()))
        groups: dict[str, list[float]] = {}
        for name, scores in decks.items():
            if name == FONTFACE_DECK:
                group = "fontface"
            elif name in UNSEEN:
                group = "unseen"
            else:
                group = "shared" if "shared" in label else "samples"
            groups.setdefault(group, []).extend(scores)
        runs[label] = {
            "tree": tree,
            "world": world,
            "corpus": corpus,
            "converter_args": args.strip(),
            "groups": {g: {"pages": len(s), "score": _mean(s)} for g, s in sorted(groups.items())},
            "unseen_decks": {n: _mean(decks[n]) for n in UNSEEN if n in decks},
        }
    return runs


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results")
    parser.add_argument("--out", default="benchmarks/results/fidelity_fonts.json")
    parser.add_argument("--merge", action="store_true", help="keep --out's other runs")
    args = parser.parse_args()
    runs = summarize(Path(args.results))
    if args.merge and Path(args.out).exists():
        runs = {**json.loads(Path(args.out).read_text())["runs"], **runs}
    report = {
        "what": "mean page score of the fidelity harness, before/after the font work, per font world",
        "machine": "2-core VM shared with other jobs (load 6-13 during the font runs, 3.5-4.5 "
        "during the fontface runs), Debian 12, Chromium 156, LibreOffice 7.4.7",
        "worlds": {
            "linux": "PPTX rendered with this machine's fonts",
            "office": "PPTX rendered with only the fonts of a stock Office user (PPTX_FONTS=office)",
            "office+embedded": "office, plus the fonts embedded in each deck (a viewer that loads "
            "embedded fonts, as PowerPoint for Windows and Mac)",
        },
        "commands": COMMANDS,
        "trees": {
            "before": "the branch point (main at the start of the font work)",
            "after": "the fonts branch",
            "before-fontface": "main before @font-face was read (web fonts ignored)",
            "after-fontface": "the @font-face branch",
        },
        "runs": runs,
    }
    Path(args.out).write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
    json.dump(report["runs"], sys.stdout, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
