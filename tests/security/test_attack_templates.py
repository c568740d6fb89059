"""A tenant's template against the host's memory and the workers' time: the upload check
renders the package under the render limits and refuses it; a stored template that goes over
them fails its own request with code 1015 and the worker lives on."""

from __future__ import annotations

from servekit import Served
from tenantkit import metric, template_zip, upload_template

MD = "# Deck\n\n## Part\n\n### Page\n\n- one\n- two\n"
BOMB = "{% set s = ''|center(2000000000) %}<div class='slide'>{{ s|length }}</div>"


def test_upload_of_a_memory_bomb_template_is_refused(tenants: Served) -> None:
    key = tenants.keys["mallory"]
    out = upload_template(tenants.url, template_zip("bomb", content=BOMB), Api_Key=key)
    assert out["code"] == 1010, out
    reasons = " ".join(d["reason"] for d in out["data"]["errorDetails"])
    assert "render limits" in reasons


def test_template_over_its_limits_fails_its_request_and_the_worker_lives(tenants: Served) -> None:
    """Passes the upload's sample deck; a page titled BOOM makes it allocate without end."""
    body = (
        "{% if page.title == 'BOOM' %}{% set l = [] %}{% for i in range(1000) %}"
        "{% for j in range(1000) %}{% set _ = l.append('x' * 90000) %}{% endfor %}"
        "{% endfor %}{% endif %}"
    )
    content = builtin_content().replace("<div", body + "<div", 1)
    key = tenants.keys["mallory"]
    out = upload_template(tenants.url, template_zip("sly", content=content), Api_Key=key)
    assert out["code"] == 0, out
    token = tenants.token("mallory", "m1")
    restarts = metric(tenants.url, "deckforge_worker_restarts_total")
    md = "# Deck\n\n### BOOM\n\n- one\n"  # a page of its own, titled BOOM
    for _ in range(2):  # again on every use, never a worker
        out = tenants.post(
            "/api/ppt/v2/generatePptx", {"markdown": md, "templateId": "sly"}, token=token
        )
        assert out["code"] == 1015, out
    assert metric(tenants.url, "deckforge_worker_restarts_total") == restarts
    ok = tenants.post("/api/ppt/v2/generatePptx", {"markdown": MD}, token=token)
    assert ok["code"] == 0, ok


def builtin_content() -> str:
    from generator.templates import builtin_templates

    return builtin_templates()["corporate"].files["content.html"].decode()
