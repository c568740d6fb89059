"""service.heap: the startup heap is frozen once the lifespan has run, and the app still serves."""

from __future__ import annotations

import gc
from pathlib import Path

from fastapi.testclient import TestClient
from service_testkit import AUTH, CONVERT, FakeClock, make_settings, page

from service.heap import freeze_after_startup
from service.main import create_app


def test_freeze_happens_after_startup_and_the_app_still_converts(tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path), clock=FakeClock())
    freeze_after_startup(app)
    gc.unfreeze()
    assert gc.get_freeze_count() == 0  # nothing frozen by building the app
    try:
        with TestClient(app) as client:
            state = app.state.service
            assert state.ready  # the app's own startup ran first...
            frozen = gc.get_freeze_count()
            assert frozen > 10_000  # ...then the heap it left was frozen
            assert gc.is_tracked(state) and state.pool.started
            r = client.post(CONVERT, headers=AUTH, json={"htmls": [page("a")]})
            assert r.json()["code"] == 0
            # Requests are not frozen (the count only drops as frozen objects are freed).
            assert 0 < gc.get_freeze_count() <= frozen
    finally:
        gc.unfreeze()  # the test process lives on: let the app be collected
