"""Editability of a deck's text (HTML decks -> the share of PPTX paragraphs carrying line breaks
the HTML did not have, and of wrapped HTML paragraphs written as one PPTX paragraph).

Usage:  python benchmarks/editability.py CORPUS... [--line-breaks soft|exact] [--json OUT]
        (a CORPUS is a folder of deck folders of NN.html pages, or one deck folder)

Each deck is converted with the engine; each page is also laid out (engine.pipeline.layout_page)
to find its *hard lines*: the text of a block between the breaks the HTML makes (<br>, preserved
newlines, block boundaries), which the browser may wrap into several lines. Then, per slide:

* an a:br is *inserted* when the text before it and the text after it (up to the neighbouring
  breaks) follow each other inside one hard line (compared without white space, case-folded);
  `inserted` counts the paragraphs holding at least one, of all paragraphs with text;
* a hard line the layout wrapped is *whole* when one PPTX paragraph holds all of its text;
  `split` lists those spread over several paragraphs or shapes (lines beside floats, lines
  around inline-blocks: the classes kept line by line), with their text, so a class can be
  looked up. Hard lines of which nothing reached the slide (hidden, clipped) are left out.
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import sys
import unicodedata
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import convert  # noqa: E402
from engine.cli import read_pages  # noqa: E402
from engine.layout.fragments import BoxFragment, LineFragment, TextFragment  # noqa: E402
from engine.options import Options  # noqa: E402
from engine.pipeline import layout_page  # noqa: E402

A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def norm(text: str) -> str:
    """Text without white space, soft hyphens or U+200B, NFKC and case-folded."""
    text = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in text if not ch.isspace() and ch not in "\u00ad\u200b")


@dataclass
class HardLine:
    text: str  # normalized
    lines: int  # how many lines the layout broke it into


def _line_text(line: LineFragment) -> str:
    return "".join(i.text for i in line.items if isinstance(i, TextFragment) and not i.marker)


def _hard_lines(lines: list[LineFragment]) -> list[HardLine]:
    out: list[HardLine] = []
    text, count = "", 0
    for line in lines:
        text += _line_text(line)
        count += 1
        if line.forced_break or line is lines[-1]:
            if norm(text):
                out.append(HardLine(norm(text), count))
            text, count = "", 0
    return out


def page_hard_lines(frag: BoxFragment) -> list[HardLine]:
    """Every hard line of a laid-out page, in tree order (atomic inlines' contents too)."""
    out: list[HardLine] = []
    vertical = frag.extra.get("vertical")
    out.extend(_hard_lines(list(vertical.lines if vertical is not None else frag.lines)))
    for line in frag.lines:
        for item in line.items:
            if isinstance(item, BoxFragment):
                out.extend(page_hard_lines(item))
    for child in frag.children:
        out.extend(page_hard_lines(child))
    return out


def slide_paragraphs(xml: bytes) -> list[list[str]]:
    """Every a:p of a slide with text, as its pieces between a:br (raw text)."""
    out: list[list[str]] = []
    for p in etree.fromstring(xml).iter(A + "p"):
        pieces = [""]
        for el in p:
            if el.tag == A + "br":
                pieces.append("")
            elif el.tag in (A + "r", A + "fld"):
                pieces[-1] += "".join(t.text or "" for t in el.iter(A + "t"))
        if any(piece.strip() for piece in pieces):
            out.append(pieces)
    return out


@dataclass
class Figures:
    paragraphs: int = 0
    with_br: int = 0
    inserted: int = 0
    html_br: int = 0
    wrapped: int = 0
    whole: int = 0
    split: list[dict[str, Any]] = field(default_factory=list)
    breaks: list[dict[str, Any]] = field(default_factory=list)  # paragraphs with inserted a:br

    def add(self, other: Figures) -> None:
        for name in ("paragraphs", "with_br", "inserted", "html_br", "wrapped", "whole"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.split.extend(other.split)
        self.breaks.extend(other.breaks)

    def summary(self) -> dict[str, Any]:
        return {
            "paragraphs": self.paragraphs,
            "paragraphs_with_br": self.with_br,
            "paragraphs_with_inserted_breaks": self.inserted,
            "inserted_share": round(self.inserted / self.paragraphs, 4) if self.paragraphs else 0,
            "html_br_elements": self.html_br,
            "wrapped_hard_lines": self.wrapped,
            "wrapped_written_whole": self.whole,
            "whole_share": round(self.whole / self.wrapped, 4) if self.wrapped else 1.0,
        }


def slide_figures(xml: bytes, hard: list[HardLine], where: str) -> Figures:
    fig = Figures()
    paragraphs = slide_paragraphs(xml)
    texts = [h.text for h in hard]
    for pieces in paragraphs:
        fig.paragraphs += 1
        fig.with_br += len(pieces) > 1
        normed = [norm(p) for p in pieces]
        pairs = zip(normed, normed[1:], strict=False)
        if any(b and a and any(b + a in t for t in texts) for b, a in pairs):
            fig.inserted += 1
            fig.breaks.append({"where": where, "pieces": [p[:40] for p in pieces]})
    joined = ["".join(norm(p) for p in pieces) for pieces in paragraphs]
    everything = "".join(joined)
    for h in hard:
        if h.lines < 2:
            continue
        if not any(h.text[:12] in p for p in joined) and h.text[:12] not in everything:
            continue  # nothing of it reached the slide (hidden, clipped, painted as a picture)
        fig.wrapped += 1
        if any(h.text in p for p in joined):
            fig.whole += 1
        else:
            fig.split.append({"where": where, "lines": h.lines, "text": h.text[:80]})
    return fig


def deck_figures(deck: Path, mode: str) -> Figures:
    pages = read_pages([str(deck)])
    options = Options(line_breaks=mode, file_roots=(str(deck.resolve()),))  # type: ignore[arg-type]
    result = convert(
        [p.html for p in pages], options=options, base_urls=[p.base_url for p in pages]
    )
    fig = Figures()
    with zipfile.ZipFile(io.BytesIO(result.pptx_bytes)) as zf:
        for number, page in enumerate(pages, 1):
            html = str(page.html)
            fig.html_br += sum(1 for _ in etree.HTML(html).iter("br")) if html.strip() else 0
            laid = layout_page(html, Options(file_roots=options.file_roots, base_url=page.base_url))
            xml = zf.read(f"ppt/slides/slide{number}.xml")
            fig.add(slide_figures(xml, page_hard_lines(laid.root), f"{deck.name}/{page.name}"))
    return fig


def decks_of(corpus: Path) -> list[Path]:
    if any(corpus.glob("*.html")):
        return [corpus]
    return sorted(d for d in corpus.iterdir() if d.is_dir() and any(d.glob("*.html")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", nargs="+", type=Path)
    parser.add_argument("--line-breaks", choices=["soft", "exact"], default="soft")
    parser.add_argument("--json", type=Path, help="write the figures (and every split) here")
    args = parser.parse_args()
    total = Figures()
    decks: dict[str, Any] = {}
    for corpus in args.corpus:
        for deck in decks_of(corpus):
            fig = deck_figures(deck, args.line_breaks)
            decks[deck.name] = fig.summary()
            total.add(fig)
    summary = total.summary()
    print(
        f"line breaks {args.line_breaks}: {summary['paragraphs_with_inserted_breaks']} of "
        f"{summary['paragraphs']} paragraphs carry breaks the HTML did not have "
        f"({summary['paragraphs_with_br']} carry a:br; the HTML has {summary['html_br_elements']} "
        f"<br>); {summary['wrapped_written_whole']} of {summary['wrapped_hard_lines']} wrapped "
        f"HTML paragraphs are one PPTX paragraph"
    )
    for item in total.breaks[:20]:
        print(f"  inserted a:br: {item['where']}: {' | '.join(item['pieces'])}")
    for item in total.split[:40]:
        print(f"  split over {item['lines']} lines: {item['where']}: {item['text']}")
    if args.json:
        out = {
            "command": "python benchmarks/editability.py "
            + " ".join(str(c) for c in args.corpus)
            + f" --line-breaks {args.line_breaks}",
            "machine": f"{platform.machine()}, Python {platform.python_version()}",
            "total": summary,
            "decks": decks,
            "inserted": total.breaks,
            "split": total.split,
        }
        args.json.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
