"""Helpers for the account, credit and library tests: an app on a given database, accounts and
keys made through the domain API, PPT rows with real stored files, and envelope assertions."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from service_testkit import FakeClock, make_settings

from service import accounts, library
from service.accounts import Principal
from service.deps import ServiceState
from service.main import create_app

CREATE_TOKEN = "/api/user/createApiToken"
LIST_RECORDS = "/api/record/listPage"
LIST_PPTS = "/api/ppt/listAllPptx"
DELETE_PPT = "/api/ppt/delete"


@dataclass
class Env:
    """One app (not started: no workers unless entered) on one database, with its fake clock."""

    app: FastAPI
    client: TestClient
    clock: FakeClock
    tmp: Path

    @property
    def state(self) -> ServiceState:
        state: ServiceState = self.app.state.service
        return state

    @property
    def dev_key(self) -> str:
        return (self.tmp / "dev-api-key").read_text().strip()

    def post(self, path: str, body: Any = None, **headers: str) -> dict[str, Any]:
        hdrs = {k.replace("_", "-"): v for k, v in headers.items()}
        r = self.client.post(path, json=body, headers=hdrs)
        assert r.status_code == 200, r.text
        out: dict[str, Any] = r.json()
        assert set(out) == {"code", "message", "data"}
        return out

    def new_account(self, name: str, credits: int = 0) -> tuple[Principal, str]:
        """An account with one API key: (its Api-Key principal, the key)."""
        with self.state.db.session() as s:
            account = accounts.create_account(s, name, credits=credits, now=self.clock())
            key, secret = accounts.create_api_key(s, account, now=self.clock())
            s.commit()
            return Principal(account.id, None, "test", api_key_id=key.id), secret

    def token(self, key: str, uid: str, **extra: Any) -> str:
        out = self.post(CREATE_TOKEN, {"uid": uid, **extra}, Api_Key=key)
        assert out["code"] == 0, out
        token: str = out["data"]["token"]
        return token

    def add_ppt(
        self,
        account_id: int,
        uid: str | None,
        when: datetime,
        *,
        template_id: str | None = None,
        subject: str = "deck",
    ) -> str:
        """A PPT row with a real (kept) stored file; returns its id."""
        stored = self.state.storage.put(
            b"PK fake pptx",
            filename=f"{subject}.pptx",
            expires_at=when + timedelta(hours=1),
            now=when,
            base_url="http://testserver",
            keep=True,
        )
        new = library.NewPpt(
            file_name=f"{subject}.pptx",
            pages=3,
            source="markdown",
            file_key=stored.key,
            subject=subject,
            template_id=template_id,
        )
        with self.state.db.session() as s:
            ppt = library.record_ppt(s, Principal(account_id, uid, "test"), new, now=when)
            s.commit()
            return ppt.id


def make_env(tmp: Path, database_url: str | None, **overrides: Any) -> Env:
    clock = FakeClock()
    values: dict[str, Any] = {"workers": 1, "queue_size": 64}
    if database_url:
        values["database_url"] = database_url
    values.update(overrides)
    app = create_app(make_settings(tmp, **values), clock=clock)
    return Env(app=app, client=TestClient(app), clock=clock, tmp=tmp)


def assert_code(out: dict[str, Any], code: int, *fields: str) -> None:
    """`out` is a failure envelope with `code` whose errorDetails name exactly `fields`."""
    assert out["code"] == code, out
    assert out["data"]["requestId"]
    if fields:
        assert [d["field"] for d in out["data"]["errorDetails"]] == list(fields), out
