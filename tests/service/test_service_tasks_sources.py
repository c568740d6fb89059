"""Portable tasks from mind maps (type 3: .xmind, .mm, .md), a Word document kept exactly (type 4:
headings -> topic/chapter/page, a table stays a table) and a web link (type 5: a real HTTP
server on 127.0.0.1, allowed by `task_link_allow_loopback`), end to end through the real app.
Every fixture file is made by the test (zipfile, python-docx)."""

from __future__ import annotations

import io
import json
import re
import zipfile
from collections.abc import Iterator
from typing import Any

import docx
import pytest
from accounts_testkit import Env
from service_testkit import TOKEN
from tasks_testkit import (
    CREATE,
    FAST,
    create,
    get_path,
    slide_texts,
    started_env,
    wait_done,
    web_page,
)

A_TBL = "{http://schemas.openxmlformats.org/drawingml/2006/main}tbl"


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Env]:
    overrides = {**FAST, "task_link_allow_loopback": True}
    with started_env(tmp_path_factory.mktemp("sources"), None, **overrides) as e:
        yield e


def run_files(env: Env, kind: int, files: list[tuple[str, bytes]], length: str = "medium") -> bytes:
    """Create a task with `files` (multipart), wait for success, return the PPTX bytes."""
    parts = [("file", f) for f in files]
    data = {"type": str(kind), "templateId": "corporate", "length": length}
    r = env.client.post(CREATE, data=data, files=parts, headers={"token": TOKEN})
    out = r.json()
    assert out["code"] == 0, out
    done = wait_done(env, out["data"]["taskId"], TOKEN)
    assert done["code"] == 0 and done["data"]["status"] == "success", done
    pptx = get_path(env, done["data"]["fileUrl"])
    assert pptx.status_code == 200
    return bytes(pptx.content)


def first_slide_with(texts: list[str], needle: str) -> int:
    """The first slide showing `needle`, the contents slide (chapter list) excepted."""
    return next(i for i, t in enumerate(texts) if needle in t and not t.startswith("Contents"))


def xmind() -> bytes:
    def topic(title: str, *children: dict[str, Any]) -> dict[str, Any]:
        return (
            {"title": title, "children": {"attached": list(children)}}
            if children
            else {"title": title}
        )

    root = topic(
        "Ocean Life",
        topic("Fish", topic("Sharks", topic("Apex predators"), topic("Cartilage skeleton"))),
        topic("Mammals", topic("Whales", topic("Blue whale song"))),
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("content.json", json.dumps([{"title": "Sheet 1", "rootTopic": root}]))
        z.writestr("metadata.json", "{}")
    return buf.getvalue()


FREEMIND = b"""<map version="1.0.1"><node TEXT="Forest">
<node TEXT="Trees"><node TEXT="Oaks"><node TEXT="Slow growing"/><node TEXT="Acorns"/></node></node>
<node TEXT="Animals"><node TEXT="Deer"><node TEXT="Graze at dawn"/></node></node>
</node></map>"""

MARKDOWN_MAP = (
    b"# Space\n## Planets\n### Mars\n- Red dust\n- Two moons\n## Stars\n### Sun\n- G-type\n"
)


@pytest.mark.parametrize(
    ("name", "data", "order"),
    [
        ("ocean.xmind", xmind(), ["Ocean Life", "Fish", "Sharks", "Apex predators", "Whales"]),
        ("forest.mm", FREEMIND, ["Forest", "Trees", "Oaks", "Slow growing", "Deer"]),
        ("space.md", MARKDOWN_MAP, ["Space", "Planets", "Mars", "Two moons", "Stars", "G-type"]),
    ],
)
def test_type3_mind_maps(env: Env, name: str, data: bytes, order: list[str]) -> None:
    """Root -> the deck's topic (first slide); the tree's levels keep their order in the deck."""
    texts = slide_texts(run_files(env, 3, [(name, data)]))
    assert order[0] in texts[0]
    found = [first_slide_with(texts, word) for word in order]
    assert found == sorted(found), (found, texts)


def word_document() -> bytes:
    d = docx.Document()
    d.add_heading("Annual Report", 0)  # Title -> the topic
    d.add_heading("Finance", 1)  # Heading 1 -> a chapter
    d.add_heading("Budget Table", 2)  # Heading 2 -> a page
    table = d.add_table(rows=3, cols=3)
    for r, row in enumerate(
        [("Region", "Budget", "Spent"), ("North", "120", "95"), ("South", "80", "77")]
    ):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    d.add_heading("Savings Plan", 2)
    d.add_paragraph("Travel costs fall by a fifth.")
    d.add_heading("Operations", 1)
    d.add_heading("New Sites", 2)
    d.add_paragraph("Two depots open in May.", style="List Bullet")
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def slide_xml(pptx: bytes) -> list[str]:
    with zipfile.ZipFile(io.BytesIO(pptx)) as z:
        names = [n for n in z.namelist() if re.fullmatch(r"ppt/slides/slide\d+\.xml", n)]
        names.sort(key=lambda n: int(re.findall(r"\d+", n)[0]))
        return [z.read(n).decode("utf-8") for n in names]


def test_type4_word_structure_and_table(env: Env) -> None:
    """Title -> topic, Heading 1 -> chapters, Heading 2 -> pages, in the document's order; the
    table becomes a PPTX table (p:graphicFrame with a:tbl) holding every cell."""
    from lxml import etree

    pptx = run_files(env, 4, [("report.docx", word_document())], "long")  # a slide per page
    texts = slide_texts(pptx)
    assert "Annual Report" in texts[0]
    order = ["Finance", "Budget Table", "Savings Plan", "Operations", "New Sites"]
    found = [first_slide_with(texts, word) for word in order]
    assert found == sorted(found) and len(set(found)) == 3, (found, texts)
    # Heading 1 only are chapters: one of two has several slides, so neither has a divider;
    # each names itself above its pages' titles.
    assert found[0] == found[1] and texts[found[0]].startswith("Finance · Budget Table")
    assert found[3] == found[4] and texts[found[3]].startswith("Operations New Sites")
    xml = slide_xml(pptx)
    page = xml[found[1]]
    root = etree.fromstring(page.encode())
    frames = root.findall(
        ".//{http://schemas.openxmlformats.org/presentationml/2006/main}graphicFrame"
    )
    tables = [t for f in frames for t in f.iter(A_TBL)]
    assert len(tables) == 1, page[:400]
    ns = {"a": "http://schemas.openxmlformats.org/drawingml/2006/main"}
    rows = [
        [
            " ".join(tc.xpath(".//a:t/text()", namespaces=ns))
            for tc in tr.xpath("a:tc", namespaces=ns)
        ]
        for tr in tables[0].xpath("a:tr", namespaces=ns)
    ]
    assert rows == [["Region", "Budget", "Spent"], ["North", "120", "95"], ["South", "80", "77"]]
    assert "travel costs" in texts[found[2]].lower() and "Two depots" in texts[found[4]]
    assert all(A_TBL.split("}")[1] not in x for i, x in enumerate(xml) if i != found[1])


ARTICLE = (
    "<html><head><title>Tidal Energy Today</title><script>track()</script></head><body>"
    "<nav><a href='/'>Home</a> <a href='/about'>About us</a></nav><article>"
    "<h1>Tidal Energy Today</h1>"
    + "".join(
        f"<h2>Section {i}</h2><p>Tidal turbines turn the rise and fall of the sea into power; "
        f"paragraph {i} explains why the output is as predictable as the tide tables.</p>"
        for i in range(1, 4)
    )
    + "</article><footer>Copyright footer text</footer></body></html>"
).encode()


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    with web_page(ARTICLE) as srv:
        yield srv.url


def test_type5_web_link(env: Env, site: str) -> None:
    """The page is fetched, its main text extracted (no navigation or footer) into the deck."""
    out = create(env, {"type": 5, "content": f"{site}/article"}, TOKEN)
    assert out["code"] == 0, out
    done = wait_done(env, out["data"]["taskId"], TOKEN)
    assert done["data"]["status"] == "success", done
    texts = slide_texts(get_path(env, done["data"]["fileUrl"]).content)
    joined = " ".join(texts)
    assert "Tidal Energy Today" in texts[0]
    assert "tide tables" in joined and "Section 3" in joined
    assert "Copyright footer" not in joined and "About us" not in joined


def test_type5_missing_page_fails_the_task(env: Env, site: str) -> None:
    out = create(env, {"type": 5, "content": f"{site}/gone"}, TOKEN)
    done = wait_done(env, out["data"]["taskId"], TOKEN)
    assert done["code"] == 5001 and done["data"]["errorCode"] == "URL_FETCH_FAILED", done
    assert "404" in done["data"]["errorMessage"]
