"""HTML parser agreement with Chromium (malformed-markup cases + corpus pages -> per-parser
agreement with Chromium's DOM and parse time per page).

    python benchmarks/html_parser_agreement.py [--corpus DIR ...] [--out FILE] [--repeat N]

Each page is loaded in headless Chromium (/usr/bin/chromium through Playwright, served from a
routed URL with scripts blocked by CSP, so the DOM is the parser's) and parsed by every
candidate; trees are compared as the engine uses them (tests/parse/html_cases.py says how). A
page agrees when the whole tree is identical (also counted: identical but for whitespace-only
text); the node score is difflib's ratio over the trees' one-line-per-node serializations.

Candidates: the engine's parse stage (engine.parse.tree.parse_tree: lexbor through selectolax,
copied into lxml), libxml2's HTML parser (lxml.html, the engine's parser before), and the
pure-Python HTML5 parsers tinyhtml5 and html5lib (lxml treebuilder), their trees copied into
lxml the same way. A candidate that is not installed is skipped (tinyhtml5 and html5lib are no
dependency of the project: `pip install --target DIR tinyhtml5 html5lib` and put DIR on
PYTHONPATH). The cases and the comparison are tests/parse/html_cases.py.
Results: benchmarks/results/html_parser.json.
"""

from __future__ import annotations

import argparse
import contextlib
import difflib
import json
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from lxml import etree

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "parse"))

from html_cases import CASES, chromium_trees, lines, lxml_tree  # noqa: E402

_PREFIXES = (
    ("{http://www.w3.org/1999/xlink}", "xlink:"),
    ("{http://www.w3.org/XML/1998/namespace}", "xml:"),
    ("{http://www.w3.org/2000/xmlns/}", "xmlns:"),
)


# ---------------------------------------------------------------------------------------------
# Candidates: page text -> lxml tree of the document element
# ---------------------------------------------------------------------------------------------


def _engine() -> Callable[[str], etree._Element]:
    from engine.diagnostics import Diagnostics
    from engine.options import Limits
    from engine.parse.tree import parse_tree

    def parse(html: str) -> etree._Element:
        return parse_tree(html, Diagnostics(), Limits())

    return parse


def _lxml_html() -> Callable[[str], etree._Element]:
    """libxml2's HTML parser, the engine's before lexbor (without the engine's repairs of it:
    implied <tbody>, SVG name case, void elements, the newline after <pre>)."""
    from lxml import html as lxml_html

    from engine.parse.tree import XML_BAD_CHARS

    def parse(html: str) -> etree._Element:
        parser = lxml_html.HTMLParser(encoding="utf-8", huge_tree=True, no_network=True)
        data = XML_BAD_CHARS.sub("\ufffd", html).encode("utf-8")
        root: etree._Element = lxml_html.document_fromstring(data, parser=parser)
        return root

    return parse


def _local(name: str) -> str:
    return name.rsplit("}", 1)[-1]


def _lxml_attr(name: str) -> str:
    """A qualified attribute name of foreign content -> lxml's namespaced name."""
    for ns, prefix in _PREFIXES:
        if name.startswith(prefix):
            return ns + name[len(prefix) :]
    return name


class _Builder:
    """Any parser's nodes -> an lxml tree (names as Chromium's localName; names lxml cannot hold
    are dropped for attributes and kept as a <span>-like unknown element for tags)."""

    def __init__(self) -> None:
        self.root: etree._Element | None = None
        self.stack: list[etree._Element] = []

    def start(self, tag: str, attrs: list[tuple[str, str]]) -> None:
        try:
            el = etree.Element(tag) if not self.stack else etree.SubElement(self.stack[-1], tag)
        except ValueError:
            el = etree.SubElement(self.stack[-1], "x-unknown")
        for name, value in attrs:
            with contextlib.suppress(ValueError):  # a name lxml cannot hold
                el.set(_lxml_attr(name), value)
        if self.root is None:
            self.root = el
        self.stack.append(el)

    def end(self) -> None:
        self.stack.pop()

    def text(self, text: str) -> None:
        parent = self.stack[-1]
        if len(parent):
            last = parent[-1]
            last.tail = (last.tail or "") + text
        else:
            parent.text = (parent.text or "") + text


def _from_etree(root: Any) -> etree._Element:
    """An xml.etree / lxml tree with namespaced names -> a plain lxml tree."""
    b = _Builder()

    def walk(el: Any) -> None:
        tag = el.tag
        if not isinstance(tag, str):  # comments, PIs
            if el.tail:
                b.text(el.tail)
            return
        b.start(_local(tag), list(el.attrib.items()))
        if el.text:
            b.text(el.text)
        for child in el:
            walk(child)
        b.end()
        if el.tail and b.stack:
            b.text(el.tail)

    sys.setrecursionlimit(100_000)
    walk(root)
    assert b.root is not None
    return b.root


def _tinyhtml5() -> Callable[[str], etree._Element]:
    import tinyhtml5

    def parse(html: str) -> etree._Element:
        return _from_etree(tinyhtml5.parse(html, namespace_html_elements=False, scripting=True))

    return parse


def _html5lib() -> Callable[[str], etree._Element]:
    import html5lib

    def parse(html: str) -> etree._Element:
        doc = html5lib.parse(html, treebuilder="lxml", namespaceHTMLElements=False, scripting=True)
        return _from_etree(doc.getroot())

    return parse


CANDIDATES: dict[str, Callable[[], Callable[[str], etree._Element]]] = {
    "engine (lexbor via selectolax)": _engine,
    "lxml.html (libxml2)": _lxml_html,
    "tinyhtml5": _tinyhtml5,
    "html5lib": _html5lib,
}


# ---------------------------------------------------------------------------------------------
# Comparison
# ---------------------------------------------------------------------------------------------


def pages(corpora: list[Path]) -> Iterator[tuple[str, str]]:
    for name, html in CASES.items():
        yield f"case/{name}", html
    for corpus in corpora:
        for path in sorted(corpus.glob("*/*.html")):
            yield f"{corpus.name}/{path.parent.name}/{path.name}", path.read_text(encoding="utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--corpus",
        action="append",
        type=Path,
        help="a corpus folder (DECK/*.html); default: ../shared/corpus and samples/corpus",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks/results/html_parser.json")
    parser.add_argument("--repeat", type=int, default=3, help="timed parses per page")
    parser.add_argument("--show", type=int, default=6, help="diff lines shown per disagreement")
    args = parser.parse_args()
    corpora = args.corpus or [ROOT.parent / "shared" / "corpus", ROOT / "samples" / "corpus"]
    names, texts = zip(*pages([c.resolve() for c in corpora]), strict=True)
    print(f"{len(names)} pages ({len(CASES)} malformed cases); Chromium ...", flush=True)
    trees = chromium_trees(list(texts))
    reference = [lines(t) for t in trees]
    reference_nonblank = [lines(t, blank_text=False) for t in trees]
    results: dict[str, Any] = {}
    for label, factory in CANDIDATES.items():
        try:
            parse = factory()
        except ImportError as exc:
            print(f"{label}: not installed ({exc})")
            continue
        agree: dict[str, int] = {"case": 0, "page": 0}
        nonblank: dict[str, int] = {"case": 0, "page": 0}
        total: dict[str, int] = {"case": 0, "page": 0}
        ratios: list[float] = []
        times: list[float] = []
        differ: dict[str, list[str]] = {}
        for name, html, want, want_nonblank in zip(
            names, texts, reference, reference_nonblank, strict=True
        ):
            kind = "case" if name.startswith("case/") else "page"
            best = float("inf")
            for _ in range(1 if kind == "case" else args.repeat):
                start = time.perf_counter()
                root = parse(html)
                best = min(best, time.perf_counter() - start)
            got = lines(lxml_tree(root))
            total[kind] += 1
            nonblank[kind] += lines(lxml_tree(root), blank_text=False) == want_nonblank
            if kind == "page":
                times.append(best)
            if got == want:
                agree[kind] += 1
                ratios.append(1.0)
                continue
            ratios.append(difflib.SequenceMatcher(None, want, got, autojunk=False).ratio())
            diff = difflib.unified_diff(want, got, "chromium", label, lineterm="", n=0)
            differ[name] = [line[:160] for line in list(diff)[2 : 2 + args.show]]
        results[label] = {
            "cases_agreeing": f"{agree['case']}/{total['case']}",
            "pages_agreeing": f"{agree['page']}/{total['page']}",
            "cases_agreeing_but_blank_text": f"{nonblank['case']}/{total['case']}",
            "pages_agreeing_but_blank_text": f"{nonblank['page']}/{total['page']}",
            "node_score_mean": round(statistics.fmean(ratios), 4),
            "parse_ms_per_page_median": round(statistics.median(times) * 1000, 2),
            "parse_ms_per_page_mean": round(statistics.fmean(times) * 1000, 2),
            "parse_s_all_pages": round(sum(times), 3),
            "disagreements": differ,
        }
        print(
            f"{label:26s} cases {agree['case']}/{total['case']} ({nonblank['case']} but blank "
            f"text)  pages {agree['page']}/{total['page']} ({nonblank['page']})  node score {results[label]['node_score_mean']:.4f}  parse "
            f"{results[label]['parse_ms_per_page_median']} ms/page median",
            flush=True,
        )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(
        json.dumps(
            {
                "command": "python benchmarks/html_parser_agreement.py",
                "machine": f"2-core VM, shared with other jobs ({platform.python_version()})",
                "chromium": "/usr/bin/chromium (Playwright), scripts blocked by CSP",
                "pages": len(names),
                "cases": len(CASES),
                "parsers": results,
            },
            indent=1,
        )
        + "\n"
    )
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
