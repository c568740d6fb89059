"""Batch job example (a folder of deck folders -> one PPTX per deck, with a JSON report per deck).

    python samples/batch_convert.py ../shared/corpus out/

Each sub-folder holding NN.html pages becomes out/<folder>.pptx; failed pages are reported
and the run goes on (one bad deck never stops the batch).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from engine import ConversionError, convert


def main(src: str, dst: str) -> int:
    out = Path(dst)
    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    for deck in sorted(p for p in Path(src).iterdir() if p.is_dir()):
        pages = [p.read_text(encoding="utf-8") for p in sorted(deck.glob("*.html"))]
        if not pages:
            continue
        try:
            result = convert(pages, page_error_mode="blank", filename=f"{deck.name}.pptx")
        except ConversionError as exc:
            failures += 1
            print(f"{deck.name}: {exc.code} {exc.message}")
            continue
        result.write(out / f"{deck.name}.pptx")
        report = {**result.summary(), "diagnostics": result.diagnostics}
        (out / f"{deck.name}.json").write_text(
            json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8"
        )
        print(f"{deck.name}: {result.success_pages}/{result.total_pages} pages")
        failures += bool(result.failed_pages)
    return 1 if failures else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
