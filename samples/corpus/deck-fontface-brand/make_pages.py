"""Writes this deck's pages: their CSS loads Noto Serif Display / Noto Sans Display (OFL) subsets
as WOFF2 data: URLs under brand names ("Harbor Display", "Harbor Sans"); see SOURCES.md.

    python make_pages.py OUT_FOLDER
"""

from __future__ import annotations

import base64
import io
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

NOTO = "/usr/share/fonts/truetype/noto/"
UNICODES = [
    *range(0x20, 0x7F),
    *range(0xA0, 0x100),
    0x2013,
    0x2014,
    0x2018,
    0x2019,
    0x201C,
    0x201D,
    0x2022,
    0x2026,
    0x20AC,
    0x2192,
    0x2212,
    0x00D7,
]


def woff2(name: str, flavor: str | None = "woff2") -> str:
    """The face subset to UNICODES (every name record kept), as base64 WOFF2 (or TrueType)."""
    font = TTFont(NOTO + name + ".ttf", recalcTimestamp=False)
    opts = subset.Options()
    opts.name_IDs = ["*"]
    subsetter = subset.Subsetter(opts)
    subsetter.populate(unicodes=UNICODES)
    subsetter.subset(font)
    font.flavor = flavor
    out = io.BytesIO()
    font.save(out)
    return base64.b64encode(out.getvalue()).decode()


F = {
    n: woff2(n)
    for n in [
        "NotoSerifDisplay-Bold",
        "NotoSerifDisplay-Italic",
        "NotoSansDisplay-Regular",
        "NotoSansDisplay-Bold",
    ]
}
TTF_SANS = woff2("NotoSansDisplay-Regular", None)


def faces(variant: str = "woff2") -> str:
    sans_regular = (
        f'local("Harbor Sans Regular"), url(data:font/ttf;base64,{TTF_SANS}) format("truetype")'
        if variant == "ttf"
        else f'url(data:font/woff2;base64,{F["NotoSansDisplay-Regular"]}) format("woff2")'
    )
    return "\n".join(
        [
            f'@font-face{{font-family:"Harbor Display";font-weight:700;font-display:swap;src:url(data:font/woff2;base64,{F["NotoSerifDisplay-Bold"]}) format("woff2")}}',
            f'@font-face{{font-family:"Harbor Display";font-style:italic;font-weight:400;src:url(data:font/woff2;base64,{F["NotoSerifDisplay-Italic"]}) format("woff2")}}',
            f'@font-face{{font-family:"Harbor Sans";font-weight:400;src:{sans_regular}}}',
            f'@font-face{{font-family:"Harbor Sans";font-weight:600 800;src:url(data:font/woff2;base64,{F["NotoSansDisplay-Bold"]}) format("woff2")}}',
        ]
    )


CSS = """*{box-sizing:border-box}body{margin:0}
.slide{width:1280px;height:720px;position:relative;overflow:hidden;background:#fbf8f3;color:#1f2a37;font-family:"Harbor Sans","Segoe UI",Arial,sans-serif;padding:64px 80px}
h1,h2,h3,blockquote,.kpi{font-family:"Harbor Display",Georgia,"Times New Roman",serif}
h1{font-size:68px;line-height:1.08;margin:0;font-weight:700}h2{font-size:44px;line-height:1.15;margin:0 0 28px;font-weight:700}
h3{font-size:26px;margin:0 0 10px;font-weight:700}
p{margin:0 0 14px;font-size:21px;line-height:1.5}li{font-size:22px;line-height:1.45;margin-bottom:10px}ul{margin:0;padding-left:28px}
.kicker{font-size:15px;font-weight:700;letter-spacing:.16em;text-transform:uppercase;color:#b45309;margin-bottom:18px}
.muted{color:#6b7280}.cols{display:flex;gap:56px}.cols>div{flex:1}
.cards{display:grid;grid-template-columns:repeat(3,1fr);gap:22px}.card{background:#fff;border:1px solid #eadfce;border-radius:14px;padding:24px 26px}
.kpi{font-size:54px;font-weight:700;color:#b45309;line-height:1.1}.label{font-size:16px;color:#6b7280;margin-top:6px}
blockquote{margin:36px 0 0;font-size:40px;line-height:1.3;font-style:italic;border-left:6px solid #b45309;padding-left:30px}
table{border-collapse:collapse;width:100%;font-size:19px}th{text-align:left;font-weight:700;border-bottom:2px solid #b45309;padding:10px 12px}td{padding:10px 12px;border-bottom:1px solid #eadfce}td.n{text-align:right}
.foot{position:absolute;left:80px;right:80px;bottom:30px;display:flex;justify-content:space-between;font-size:14px;color:#6b7280}
.tl{display:flex;gap:20px}.tl>div{flex:1;border-top:4px solid #b45309;padding-top:14px}.tl .d{font-size:15px;font-weight:700;color:#b45309;letter-spacing:.06em}.tl p{font-size:18px}"""

PAGES = [
    '<div style="margin-top:140px"><div class="kicker">Brand review · Spring 2026</div><h1>Harbor &amp; Finch: a coastal studio, in its own type</h1><p class="muted" style="font-size:25px;margin-top:24px;max-width:880px">How the studio’s new typefaces carry from the website to every deck the team sends out: same words, same line breaks, same voice.</p></div>',
    "<h2>Why the typeface is part of the brand</h2><ul><li>Readers recognise the studio by its display serif before they read a word of the headline.</li><li>The sans is narrow enough for dense tables and wide enough for long paragraphs on a projector.</li><li>Slides that swap in a default font break lines in other places and lose the rhythm of the layout.</li><li>Every deck should look the same on a laptop, in a browser and in PowerPoint.</li></ul>",
    '<h2>Results after one quarter</h2><div class="cards"><div class="card"><div class="kpi">+38%</div><div class="label">recognition in the March panel</div><p style="margin-top:14px;font-size:18px">Measured with the same survey as the 2025 baseline, 1,240 respondents.</p></div><div class="card"><div class="kpi">2.4×</div><div class="label">decks reused by partners</div><p style="margin-top:14px;font-size:18px">Partners edit the slides instead of rebuilding them in their own template.</p></div><div class="card"><div class="kpi">−19%</div><div class="label">time spent on layout fixes</div><p style="margin-top:14px;font-size:18px">Fewer overflowing text boxes when a deck is opened on another machine.</p></div></div>',
    '<h2>Two families, four faces</h2><div class="cols"><div><h3>Harbor Display</h3><p>A high-contrast serif for headlines, key figures and quotations. Bold for titles; italic for the voice of a customer.</p><p class="muted">Set large: 40 to 70 pixels, tight leading, never in body text.</p></div><div><h3>Harbor Sans</h3><p>A condensed humanist sans for everything people read at length: paragraphs, lists, tables and captions.</p><p class="muted"><b>Bold</b> marks labels and table headers; regular carries the rest.</p></div></div>',
    '<div style="margin-top:90px"><blockquote>“The slides finally look like the website. Nobody asks which font we used any more; they just remember us.”</blockquote><p class="muted" style="margin-top:26px;font-size:20px">Maren Okafor, head of partnerships, Tidewater Outfitters</p></div>',
    '<h2>Roll-out by channel</h2><table><thead><tr><th>Channel</th><th>Owner</th><th class="n">Templates</th><th class="n">Done</th></tr></thead><tbody><tr><td>Sales decks</td><td>Commercial team</td><td class="n">14</td><td class="n">100%</td></tr><tr><td>Investor updates</td><td>Finance</td><td class="n">6</td><td class="n">83%</td></tr><tr><td>Workshop material</td><td>Studio leads</td><td class="n">22</td><td class="n">64%</td></tr><tr><td>Recruiting</td><td>People &amp; culture</td><td class="n">9</td><td class="n">45%</td></tr><tr><td>Partner kits</td><td>Partnerships</td><td class="n">11</td><td class="n">27%</td></tr></tbody></table>',
    '<h2>Timeline</h2><div class="tl"><div><div class="d">JANUARY</div><p>Typefaces chosen, licences checked: both families are under the SIL Open Font License.</p></div><div><div class="d">FEBRUARY</div><p>Web fonts subset to Latin and served as WOFF2 from the design system.</p></div><div><div class="d">MARCH</div><p>Slide pages load the same files, so exported decks carry the faces inside.</p></div><div><div class="d">APRIL</div><p>Old templates retired; every team works from the shared page set.</p></div></div>',
    '<div style="margin-top:130px"><h1 style="font-size:60px">Questions, and what we ask of you</h1><p class="muted" style="font-size:24px;margin-top:24px;max-width:900px">Use the page set for new decks, keep the font stack as it is, and send us slides that break a line in an odd place: they tell us where a face is missing.</p></div>',
]


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for i, body in enumerate(PAGES, 1):
        variant = "ttf" if i == 4 else "woff2"
        html = f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Harbor &amp; Finch {i:02d}</title><style>{faces(variant)}\n{CSS}</style></head><body><div class="slide">{body}<div class="foot"><span>Harbor &amp; Finch · brand review</span><span>{i:02d}</span></div></div></body></html>\n'
        (out / f"{i:02d}.html").write_text(html, encoding="utf-8")
        print(i, len(html))


if __name__ == "__main__":
    main()
