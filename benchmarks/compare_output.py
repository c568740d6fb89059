"""Output identity check (two project trees x the corpus -> the slide parts that differ).

Usage:  python benchmarks/compare_output.py OLD_ROOT [NEW_ROOT] [--corpus ../shared/corpus]
            [--line-breaks soft|exact]   (the option for the trees whose Options know it)
        python benchmarks/compare_output.py --dump ROOT OUT.json   (one tree's parts, as JSON)
        python benchmarks/compare_output.py OLD_ROOT [NEW_ROOT] --generated

Converts every corpus deck (plus the hostile huge page, a long <pre> and a table) with each
tree, in its own subprocess (PYTHONPATH=ROOT), and compares every XML part of the PPTX packages
except docProps (timestamps). A speed change must print "identical". Typical use: a
`git worktree add /tmp/wt-base HEAD` checkout against the working tree.

With `--generated`, each tree's `deckforge generate` (one process per document, as a user runs
it) makes a deck of every samples/markdown document with the default template, and of a few of
them with other templates; its PPTX parts (pictures by digest), slide HTML pages and document
JSON are compared.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _extra_decks() -> dict[str, list[str]]:
    sys.path.insert(0, str(ROOT / "tests" / "hostile"))
    import hostile_pages

    fams = hostile_pages.FAMILIES
    return {
        "hostile": [
            fams["huge-page"][0](600),
            fams["pre-lines"][0](40),
            fams["table-rows"][0](200),
            fams["list-items"][0](300),
            fams["inline-blocks"][0](300),
            fams["flex-items"][0](300),
        ]
    }


def dump(root: Path, out: Path, corpus: Path, line_breaks: str | None = None) -> None:
    sys.path.insert(0, str(root))
    from engine import Options, convert

    options = Options()
    if line_breaks is not None and hasattr(options, "line_breaks"):
        options = Options(line_breaks=line_breaks)  # type: ignore[call-arg,arg-type,unused-ignore]

    decks = {
        d.name: [p.read_text(encoding="utf-8") for p in sorted(d.glob("*.html"))]
        for d in sorted(corpus.iterdir())
        if d.is_dir()
    }
    decks.update(_extra_decks())
    parts: dict[str, str] = {}
    for name, pages in decks.items():
        if not pages:
            continue
        data = convert(pages, options=options).pptx_bytes
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            for info in zf.infolist():
                if info.filename.endswith((".xml", ".rels")) and "docProps" not in info.filename:
                    parts[f"{name}/{info.filename}"] = zf.read(info).decode("utf-8")
    out.write_text(json.dumps(parts))


def _run_dump(root: Path, out: Path, corpus: Path, line_breaks: str | None) -> dict[str, str]:
    env = {**os.environ, "PYTHONPATH": str(root)}
    cmd = [sys.executable, __file__, "--dump", str(root), str(out), "--corpus", str(corpus)]
    if line_breaks is not None:
        cmd += ["--line-breaks", line_breaks]
    subprocess.run(cmd, check=True, env=env, cwd=str(root))
    return dict(json.loads(out.read_text()))


GENERATED_TEMPLATES = ("dark-tech", "chinese-red", "editorial")  # each on every sixth document


def _generated(root: Path, work: Path) -> dict[str, str]:
    """The parts of the decks `root`'s generator makes of this checkout's sample documents."""
    docs = sorted(
        p for p in (ROOT / "samples" / "markdown").rglob("*.md") if p.name != "SOURCES.md"
    )
    jobs = [(d, "") for d in docs] + [(d, t) for t in GENERATED_TEMPLATES for d in docs[::6]]
    env = {**os.environ, "PYTHONPATH": str(root)}
    # `root`'s code first on the path, run in this checkout (the documents' tree): both trees
    # then read the documents' pictures under the same working-folder rule
    cli = f"import sys; sys.path.insert(0, {str(root)!r}); from service.cli import main; "
    cli += "sys.exit(main())"
    parts: dict[str, str] = {}
    for n, (doc, template) in enumerate(jobs):
        name = str(doc.relative_to(ROOT)) + (f"@{template}" if template else "")
        out, html, document = work / f"{n}.pptx", work / f"h{n}", work / f"{n}.json"
        cmd = [sys.executable, "-c", cli, "generate", str(doc), "-o", str(out)]
        cmd += ["--html", str(html), "--document", str(document)]
        done = subprocess.run(
            cmd + (["-t", template] if template else []),
            env=env,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        if done.returncode != 0:
            parts[f"{name}/error"] = done.stderr[-2000:]
            continue
        with zipfile.ZipFile(out) as zf:
            for info in zf.infolist():
                data = zf.read(info)
                if info.filename.endswith((".xml", ".rels")):
                    if "docProps" not in info.filename:
                        parts[f"{name}/{info.filename}"] = data.decode("utf-8")
                else:
                    parts[f"{name}/{info.filename}"] = hashlib.sha256(data).hexdigest()
        for page in sorted(html.iterdir()):
            parts[f"{name}/html/{page.name}"] = page.read_text(encoding="utf-8")
        parts[f"{name}/document.json"] = document.read_text(encoding="utf-8")
    return parts


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", nargs="?")
    parser.add_argument("new", nargs="?", default=str(ROOT))
    parser.add_argument("--dump", nargs=2, metavar=("ROOT", "OUT"))
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--lines", type=int, default=12, help="diff lines shown per part")
    parser.add_argument("--line-breaks", choices=["soft", "exact"], help="Options.line_breaks")
    parser.add_argument(
        "--generated", action="store_true", help="compare generated decks of samples/markdown"
    )
    args = parser.parse_args()
    corpus = Path(args.corpus).resolve()
    if args.dump:
        dump(Path(args.dump[0]), Path(args.dump[1]), corpus, args.line_breaks)
        return 0
    if not args.old:
        parser.error("OLD_ROOT is required")
    tmp = Path(os.environ.get("TMPDIR", "/tmp"))
    if args.generated:
        with tempfile.TemporaryDirectory() as a, tempfile.TemporaryDirectory() as b:
            old = _generated(Path(args.old).resolve(), Path(a))
            new = _generated(Path(args.new).resolve(), Path(b))
        return _report(old, new, args.lines)
    old = _run_dump(
        Path(args.old).resolve(), tmp / "compare_output_old.json", corpus, args.line_breaks
    )
    new = _run_dump(
        Path(args.new).resolve(), tmp / "compare_output_new.json", corpus, args.line_breaks
    )
    return _report(old, new, args.lines)


def _report(old: dict[str, str], new: dict[str, str], lines: int) -> int:
    differ = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
    for key in differ:
        a = old.get(key, "").replace("><", ">\n<").splitlines()
        b = new.get(key, "").replace("><", ">\n<").splitlines()
        print(f"--- {key}")
        for line in list(difflib.unified_diff(a, b, lineterm="", n=0))[2 : 2 + lines]:
            print(line[:200])
    print(f"{len(old)} parts compared: " + (f"{len(differ)} differ" if differ else "identical"))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
