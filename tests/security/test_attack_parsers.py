"""A tenant's files against everyone's tasks: content parsers run in worker processes with a
deadline (the process is killed), so a slow file fails its own task (CONTENT_TIMEOUT) while
another tenant's task runs; a style id never reaches XPath."""

from __future__ import annotations

import time

from servekit import Served
from tenantkit import create_task, hostile_docx, nested_list_html, wait_task

MD = "# Deck\n\n## Part\n\n### Page\n\n- one\n- two\n"


def test_slow_file_fails_its_task_and_others_run(tenants: Served) -> None:
    mallory = tenants.token("mallory", "m-parse")
    alice = tenants.token("alice", "a-parse")
    slow = []
    for _ in range(2):  # as many as the runner's task threads
        out = create_task(
            tenants.url,
            mallory,
            {"type": 2, "templateId": "corporate"},
            files={"file": ("page.html", nested_list_html(), "text/html")},
        )
        assert out["code"] == 0, out
        slow.append(out["data"]["taskId"])
    time.sleep(0.5)  # mallory's tasks are parsing
    mine = create_task(tenants.url, alice, {"type": 7, "content": MD, "templateId": "corporate"})
    assert wait_task(tenants.url, alice, mine["data"]["taskId"])["code"] == 0
    for task_id in slow:
        out = wait_task(tenants.url, mallory, task_id)
        assert out["code"] == 5001 and out["data"]["errorCode"] == "CONTENT_TIMEOUT", out


def test_style_ids_never_reach_xpath(tenants: Served) -> None:
    token = tenants.token("mallory", "m-docx")
    out = create_task(
        tenants.url,
        token,
        {"type": 4, "templateId": "corporate"},
        files={"file": ("a.docx", hostile_docx(400), "application/octet-stream")},
    )
    assert out["code"] == 0, out
    done = wait_task(tenants.url, token, out["data"]["taskId"])
    assert done["code"] == 0, done


def test_word_parser_finds_style_names_without_queries() -> None:
    from generator.sources import outline_to_markdown
    from generator.sources.word import docx_to_outline

    # Put into XPath, this id would select the Heading 1 style: every paragraph a chapter.
    sid = '" or @w:styleId="Heading1'
    markdown = outline_to_markdown(docx_to_outline(hostile_docx(5, sid), name="a.docx"))
    assert "# p0" not in markdown and "p0" in markdown
