"""Generation benchmark (a 40-page Markdown document -> PPTX + cover + previews through every built-in template).

Prints, per template, the CPU time of `generate_from_markdown` on one core (after one warm-up
run that loads fonts and templates), the slide count and the share spent fitting pages, and the
CPU time of the whole generation job (PPTX + every slide's 640 px preview, the first being the
cover, as service.gen_jobs makes them), counting the CPU of the resvg helper process too;
writes benchmarks/results/generate.json. Target: < 2 s per deck for the whole job.

    python benchmarks/bench_generate.py [--templates corporate minimal ...] [--runs 3]

With `--fidelity`, each template's sample deck (every layout, a continuation page, Chinese)
is written as HTML pages + PPTX and scored by the fidelity harness (Chromium vs LibreOffice;
`score_deck.py`, run with $FIDELITY_PYTHON, default python3); per-template means go to
benchmarks/results/generate_fidelity.json. Target: >= 0.92 for every template.
"""

from __future__ import annotations

import argparse
import base64
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from proc_cpu import helper_cpu  # noqa: E402

import generator  # noqa: E402
from generator import planner  # noqa: E402

RESULTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "results")


def forty_page_markdown() -> str:
    """A realistic document: 6 chapters, 40 content pages of every layout (some need splitting)."""
    out = ["# Annual Strategy Review 2026", "", "Where we stand, where we go", ""]
    page = 0
    for c in range(6):
        out += [
            f"## Chapter {c + 1}: {['Market', 'Product', 'Sales', 'People', 'Finance', 'Outlook'][c]}",
            "",
        ]
        for _ in range(7 if c < 4 else 6):
            page += 1
            kind = page % 8
            out += [f"### Page {page}: topic of the page", ""]
            if kind == 0:
                out += [
                    f"- Point {i} with **bold** words, *italic* words and `code`" for i in range(6)
                ]
            elif kind == 1:
                out += [f"#### Pillar {i}\nShort text for pillar {i}.\n" for i in range(3)]
            elif kind == 2:
                out += ["| Region | Revenue | Growth |", "|---|--:|--:|"]
                out += [f"| Region {i} | ${i * 3}.{i}M | {i * 4}% |" for i in range(8)]
            elif kind == 3:
                out += [
                    "**72%** of customers use the product daily.",
                    "",
                    "- Up from 64%",
                    "- Target 80%",
                ]
            elif kind == 4:
                out += [
                    "> Quality is never an accident; it is always the result of intelligent effort.",
                    "",
                ]
            elif kind == 5:
                out += [
                    f"- Long point {i}: "
                    + "several words that make this bullet wrap over lines " * 2
                    for i in range(14)
                ]
            elif kind == 6:
                out += [
                    f"#### Column {i}\n"
                    + "A longer paragraph of text for this column that wraps. " * 3
                    + "\n"
                    for i in range(3)
                ]
            else:
                out += [
                    "市场持续增长，客户满意度提升。" * 4,
                    "",
                    "- 第一点：扩大渠道",
                    "- 第二点：提升效率",
                ]
            out.append("")
    return "\n".join(out)


def fidelity_markdown() -> str:
    """Every layout once, a page that needs continuation, code, a data-URI image and Chinese."""
    from PIL import Image, ImageDraw

    img = Image.new("RGB", (480, 320), "#dbe7f3")
    draw = ImageDraw.Draw(img)
    draw.rectangle((40, 180, 120, 300), fill="#1f3a5f")
    draw.rectangle((180, 120, 260, 300), fill="#f28c28")
    draw.rectangle((320, 60, 400, 300), fill="#2f6f4f")
    buf = io.BytesIO()
    img.save(buf, "PNG")
    uri = "data:image/png;base64," + base64.b64encode(buf.getvalue()).decode("ascii")
    lines = [
        "# Product Strategy 2026",
        "Growth, quality and the road ahead",
        "## Where we are",
        "### Highlights of the year",
        "- Revenue up **18%** year over year",
        "- New customers: 240, churn down to *2.1%*",
        "- Gross margin steady at `64%`",
        "  - Services margin improved",
        "  - Hardware margin flat",
        "### Renewal rate",
        "**85%** of customers renewed their contracts this quarter.",
        "- Enterprise renewals at a record level",
        "- Small business renewals stable",
        "### Revenue by region",
        "| Region | Revenue | Growth |",
        "|---|--:|--:|",
        "| North America | $12.4M | 14% |",
        "| Europe | $8.1M | 21% |",
        "| Asia Pacific | $5.6M | 32% |",
        "| Latin America | $2.2M | 9% |",
        "### Sales by quarter",
        f"![Quarterly sales chart]({uri})",
        "Sales grew in every quarter of the year.",
        "- Third quarter strongest",
        "- Pipeline doubled",
        "## Where we go",
        "### Three priorities",
        "#### Product",
        "Ship the analytics suite.",
        "#### Sales",
        "Grow the partner channel.",
        "#### People",
        "Hire forty engineers.",
        "### Two programmes",
        "#### Platform",
        "Rebuild the data platform on open standards so that every team can ship reports "
        "without waiting for a central group, and retire three legacy systems by summer.",
        "#### Service",
        "Answer every support request within four hours and publish the figures every week "
        "so that customers see the progress we make on our promises.",
        "### Voice of the customer",
        "> The new dashboard saved our team hours every week.",
        "### The full plan",
    ]
    lines += [f"- Step {i}: a task of the plan with an owner and a date" for i in range(1, 31)]
    lines += [
        "### Release script",
        "```",
        "make build",
        "make test",
        "make release VERSION=2026.1",
        "```",
        "## 中文章节",
        "### 市场概况",
        "- 中国市场持续增长",
        "- 客户满意度显著提升",
        "- 渠道合作伙伴数量翻倍",
    ]
    return "\n".join(lines)


def score_fidelity(ids: list[str]) -> int:
    """Score each template's sample deck with the harness; returns the exit status."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    scorer = os.path.join(root, "..", "shared", "tools", "fidelity", "score_deck.py")
    python = os.environ.get("FIDELITY_PYTHON", "python3")
    md = fidelity_markdown()
    rows = []
    for tid in ids:
        deck = generator.generate_from_markdown(md, tid)
        with tempfile.TemporaryDirectory() as work:
            pages = []
            for i, html in enumerate(deck.pages_html):
                path = os.path.join(work, f"{i + 1:02d}.html")
                with open(path, "w", encoding="utf-8") as fh:
                    fh.write(html)
                pages.append(path)
            pptx = os.path.join(work, "deck.pptx")
            deck.write(pptx)
            out = os.path.join(work, "score.json")
            cmd = [python, scorer, "--html", *pages, "--pptx", pptx, "--json", out]
            done = subprocess.run(cmd, capture_output=True, text=True)
            last = (done.stdout.strip().splitlines() or [""])[-1]
            figures = _mean_line(last)
            with open(out, encoding="utf-8") as fh:
                per_page = [
                    round(float(p.get("score", 0)), 3) for p in json.load(fh).get("pages", [])
                ]
        row = {
            "template": tid,
            "slides": deck.page_count,
            **figures,
            "lowest_page": min(per_page, default=0),
        }
        rows.append(row)
        print(f"{tid:12s} " + "  ".join(f"{k} {v}" for k, v in row.items() if k != "template"))
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "generate_fidelity.json"), "w") as fh:
        json.dump({"results": rows}, fh, indent=2)
    return 0 if all(float(r.get("score", 0)) >= 0.92 for r in rows) else 1


def screenshots(ids: list[str], folder: str) -> int:
    """A 2x2 sheet per template (cover, bullets, cards, table) drawn by engine.render, no browser."""
    from PIL import Image

    from engine.render import render_deck_pngs

    os.makedirs(folder, exist_ok=True)
    md = fidelity_markdown()
    for tid in ids:
        deck = generator.generate_from_markdown(md, tid)
        pngs = render_deck_pngs(deck.conversion, width=480)
        wanted = ["cover", "bullets", "cards", "table"]
        picks = [next(i for i, p in enumerate(deck.pages) if p.layout == w) for w in wanted]
        sheet = Image.new("RGB", (968, 548), "#ffffff")
        for n, index in enumerate(picks):
            tile = Image.open(io.BytesIO(pngs[index])).convert("RGB")
            sheet.paste(tile, (4 + (n % 2) * 484, 4 + (n // 2) * 274))
        path = os.path.join(folder, f"{tid}.png")
        sheet.save(path, optimize=True)
        print(path)
    return 0


def corpus(template: str, sheets: str | None, label: str) -> int:
    """Every samples/markdown document through `template`: the figures of markdown_corpus per
    document (and a contact sheet of every deck into `sheets`); writes
    benchmarks/results/generate_markdown[_<label>].json. The 1-5 "present unchanged" judgements
    come from benchmarks/markdown_judgements.json (recorded by looking at the sheets)."""
    import inspect

    import markdown_corpus as mc

    judged: dict[str, dict[str, object]] = {}
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "markdown_judgements.json")
    if os.path.exists(path):
        with open(path, encoding="utf-8") as fh:
            judged = json.load(fh).get(label, {})
    takes_assets = "assets" in inspect.signature(generator.generate_from_markdown).parameters
    base = generator.generate_from_markdown("# T\n\n## C\n\n### P\n\ntext", template)
    template_media = mc.deck_text(base.slides).media
    rows = []
    for name, doc in mc.documents():
        with open(doc, encoding="utf-8") as fh:
            text = fh.read()
        t0 = time.process_time()
        kwargs: dict[str, Any] = {}  # `assets` when the generator reads files (not before)
        if takes_assets:
            from generator.markup.images import Assets

            kwargs["assets"] = Assets.beside(doc, (mc.doc_folder(doc),))
        deck = generator.generate_from_markdown(text, template, filename=name, **kwargs)
        seconds = time.process_time() - t0
        shown = mc.deck_text(deck.slides)
        total, lost, missing = mc.words_lost(text, shown)
        markup = mc.markup_shown(shown, text)
        content = [i for i, p in enumerate(deck.pages) if p.kind == "content"]
        near_empty = [
            i + 1 for i in content if shown.slide_words[i] < 4 and not shown.slide_pictures[i]
        ]
        row = {
            "document": name,
            "slides": deck.page_count,
            "source_slides": mc.source_slides(text),
            "words": total,
            "words_lost": lost,
            "words_lost_share": round(lost / total, 4) if total else 0.0,
            "missing_words": missing[:200],
            "markup_shown": len(markup),
            "markup_examples": markup[:20],
            "pictures_kept": len(shown.media - template_media),
            "pictures_expected": mc.expected_pictures(text, doc),
            "small_text_share": round(mc.small_text_share(shown), 4),
            "near_empty_slides": near_empty,
            "cpu_s": round(seconds, 3),
            "diagnostics": len(deck.document["outline"].get("diagnostics") or []),
            **judged.get(name, {}),
        }
        rows.append(row)
        print(
            f"{name:32s} {row['slides']:4d} slides (source {row['source_slides']:3d})  "
            f"lost {lost:5d}/{total:6d} words  markup {len(markup):3d}  "
            f"pictures {row['pictures_kept']}/{row['pictures_expected']}  "
            f"small {row['small_text_share']:.1%}  near-empty {len(near_empty)}  "
            f"judged {row.get('score', '-')}"
        )
        if sheets:
            contact_sheet(deck, os.path.join(sheets, name.replace("/", "--") + ".png"))
    os.makedirs(RESULTS, exist_ok=True)
    out = "generate_markdown.json" if label == "after" else f"generate_markdown_{label}.json"
    with open(os.path.join(RESULTS, out), "w", encoding="utf-8") as fh:
        json.dump(
            {
                "template": template,
                "label": label,
                "command": "python benchmarks/bench_generate.py --corpus"
                + ("" if label == "after" else f" --label {label}"),
                "machine": "2-core VM, shared with other jobs (cpu_s is process CPU time)",
                "documents": rows,
            },
            fh,
            indent=1,
            ensure_ascii=False,
        )
    return 0


def contact_sheet(deck: generator.GeneratedDeck, path: str, columns: int = 5) -> None:
    """All slides of a deck as 256 px tiles in one PNG (engine PNG renderer, no browser)."""
    from PIL import Image

    from engine.render import render_deck_pngs

    pngs = render_deck_pngs(deck.conversion, width=256)
    tiles = [Image.open(io.BytesIO(p)).convert("RGB") for p in pngs]
    if not tiles:
        return
    w, h = tiles[0].size
    rows = (len(tiles) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * (w + 6) + 6, rows * (h + 6) + 6), "#808080")
    for n, tile in enumerate(tiles):
        sheet.paste(tile, (6 + (n % columns) * (w + 6), 6 + (n // columns) * (h + 6)))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    sheet.save(path, optimize=True)


def _mean_line(line: str) -> dict[str, float]:
    """'mean score X ssim Y placed@8 Z line_agree W recall R' -> {name: value}."""
    words = line.split()
    out: dict[str, float] = {}
    for i in range(1, len(words) - 1, 2):
        try:
            out[words[i]] = float(words[i + 1])
        except ValueError:
            continue
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--templates", nargs="*", help="template ids (default: all built-ins)")
    p.add_argument("--runs", type=int, default=3, help="timed runs per template (median reported)")
    p.add_argument("--fidelity", action="store_true", help="score the templates with the harness")
    p.add_argument("--screenshots", metavar="DIR", help="write <id>.png sheets (our PNG renderer)")
    p.add_argument(
        "--corpus",
        action="store_true",
        help="figures of every samples/markdown document (first --templates id, else corporate)",
    )
    p.add_argument("--contact-sheets", metavar="DIR", help="with --corpus: a sheet per deck")
    p.add_argument("--label", default="after", help="with --corpus: results/judgements label")
    args = p.parse_args(argv)
    if args.corpus:
        template = (args.templates or ["corporate"])[0]
        return corpus(template, args.contact_sheets, args.label)
    ids = args.templates or [t["id"] for t in generator.list_templates()]
    if args.fidelity:
        return score_fidelity(ids)
    if args.screenshots:
        return screenshots(ids, args.screenshots)
    from engine.render import render_deck_pngs

    md = forty_page_markdown()
    warm = generator.generate_from_markdown(md, ids[0])  # warm-up: imports, fonts, templates
    render_deck_pngs(warm.conversion, width=640)  # and the render helper
    results = []
    for tid in ids:
        times, fit_times, job_times = [], [], []
        deck = None
        for _ in range(args.runs):
            checks = _count_checks()
            t0, h0 = time.process_time(), helper_cpu()
            deck = generator.generate_from_markdown(md, tid)
            times.append(time.process_time() - t0)
            fit_times.append(checks())
            render_deck_pngs(deck.conversion, width=640)  # cover = previews[0]
            job_times.append(time.process_time() - t0 + helper_cpu() - h0)
        assert deck is not None
        content = sum(1 for p in deck.pages if p.kind == "content")
        row = {
            "template": tid,
            "cpu_s": round(statistics.median(times), 3),
            "job_cpu_s": round(statistics.median(job_times), 3),
            "slides": deck.page_count,
            "content_slides": content,
            "fit_layouts": fit_times[-1][0],
            "fit_cpu_s": round(fit_times[-1][1], 3),
            "pptx_bytes": len(deck.pptx_bytes),
        }
        results.append(row)
        print(
            f"{tid:12s} {row['cpu_s']:6.3f} s CPU  {row['slides']:3d} slides "
            f"({content} content)  fit: {row['fit_layouts']} layouts {row['fit_cpu_s']:.3f} s  "
            f"with cover + previews: {row['job_cpu_s']:.3f} s CPU"
        )
    worst = max(r["cpu_s"] for r in results)
    worst_job = max(r["job_cpu_s"] for r in results)
    print(
        f"worst template: {worst:.3f} s per 40-page document, {worst_job:.3f} s with cover + "
        "previews (CPU, render helper included; target < 2 s)"
    )
    os.makedirs(RESULTS, exist_ok=True)
    with open(os.path.join(RESULTS, "generate.json"), "w") as fh:
        json.dump({"markdown_chars": len(md), "runs": args.runs, "results": results}, fh, indent=2)
    return 0


def _count_checks():  # type: ignore[no-untyped-def]
    """Wrap the planner's overflow check to count layouts and their CPU time."""
    original = planner.Planner.regions
    stats = [0, 0.0]

    def counted(self, page):  # type: ignore[no-untyped-def]
        t0 = time.process_time()
        try:
            return original(self, page)
        finally:
            stats[0] += 1
            stats[1] += time.process_time() - t0

    planner.Planner.regions = counted  # type: ignore[method-assign]

    def done() -> tuple[int, float]:
        planner.Planner.regions = original  # type: ignore[method-assign]
        return int(stats[0]), stats[1]

    return done


if __name__ == "__main__":
    raise SystemExit(main())
