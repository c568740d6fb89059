"""The OpenAPI page (/docs -> Swagger UI served from the package's own files, so it works offline).

FastAPI's documented self-hosting pattern: the app is built with `docs_url=None, redoc_url=None`,
the Swagger UI assets (swagger-ui-dist, vendored in service/static/swagger-ui with its license)
are mounted as static files, and /docs renders FastAPI's HTML pointing at them; no request
leaves the server.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

DOCS_PATH = "/docs"
ASSETS_PATH = "/static/swagger-ui"


def assets_dir() -> Path:
    return Path(str(resources.files("service") / "static" / "swagger-ui"))


def install_docs(app: FastAPI) -> None:
    """Mount the Swagger UI assets and serve /docs from them (call on an app created with
    `docs_url=None, redoc_url=None`)."""
    app.mount(ASSETS_PATH, StaticFiles(directory=assets_dir()), name="swagger-ui")

    @app.get(DOCS_PATH, include_in_schema=False)
    async def swagger_ui() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title} - API",
            swagger_js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
            swagger_css_url=f"{ASSETS_PATH}/swagger-ui.css",
            swagger_favicon_url=f"{ASSETS_PATH}/favicon-32x32.png",
        )
