"""Service settings (DECKFORGE_* environment variables -> one validated Settings value)."""

from __future__ import annotations

import logging
import os
import secrets
import tempfile
from functools import cached_property
from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

log = logging.getLogger("deckforge.service")

MiB = 1024 * 1024


def _default_workers() -> int:
    return os.cpu_count() or 1


class Settings(BaseSettings):
    """Every knob of the service. Each field is read from `DECKFORGE_<FIELD>` (upper case)."""

    model_config = SettingsConfigDict(env_prefix="DECKFORGE_", extra="ignore", frozen=True)

    # Server (used by `deckforge serve` / `python -m service`).
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)

    # Conversion workers.
    workers: int = Field(default_factory=_default_workers, ge=1, le=256)
    queue_size: int = Field(
        default=16, ge=0, description="requests allowed to wait for a busy worker"
    )
    request_timeout_s: float = Field(default=60.0, gt=0, description="conversion time per request")
    max_jobs_per_worker: int = Field(
        default=500, ge=0, description="recycle a worker after N jobs; 0=never"
    )
    worker_start_method: Literal["forkserver", "spawn", "fork"] = "forkserver"

    # Per-request limits, enforced before any work starts.
    max_pages: int = Field(default=200, ge=1)
    max_page_bytes: int = Field(default=5 * MiB, ge=1)
    max_request_bytes: int = Field(default=20 * MiB, ge=1)
    body_read_timeout_s: float = Field(
        default=30.0, gt=0, description="whole request body must arrive within this (40010)"
    )
    line_breaks: Literal["soft", "exact"] = Field(
        default="soft",
        description="soft: paragraphs wrap in their text box and break only where the HTML "
        "does (editable); exact: every line the browser broke ends in a line break",
    )

    # Auth and signing. Empty values -> generated once and kept under data_dir (0600).
    tokens: SecretStr = SecretStr("")
    signing_secret: SecretStr = SecretStr("")

    # Download URLs and storage.
    url_ttl_s: int = Field(default=24 * 3600, ge=1, le=7 * 24 * 3600)
    public_base_url: str | None = None
    storage: Literal["local", "s3"] = "local"
    data_dir: Path = Path(tempfile.gettempdir()) / "deckforge"
    sweep_interval_s: float = Field(default=300.0, gt=0)
    s3_bucket: str | None = None
    s3_prefix: str = "deckforge/"
    s3_endpoint_url: str | None = None
    s3_region: str | None = None
    s3_create_bucket: bool = False

    # Database, accounts and credits (see README "Accounts, keys and credits").
    database_url: SecretStr | None = Field(
        default=None, description="SQLAlchemy URL; default: SQLite file in data_dir"
    )
    db_pool_size: int = Field(default=10, ge=1, le=200)
    # Bounds on every database use (README "Scale-out"): a stopped, frozen or unreachable
    # PostgreSQL answers 1013 + Retry-After within about statement + connect timeouts.
    db_pool_timeout_s: float = Field(
        default=10.0, gt=0, description="wait for a free pooled connection, else 1013"
    )
    db_connect_timeout_s: int = Field(default=5, ge=1, le=300, description="PostgreSQL connect")
    db_statement_timeout_s: float = Field(
        default=5.0,
        gt=0,
        description="PostgreSQL statement_timeout; the client gives up on any wait for the "
        "server (query, commit, ping) 1 s later and closes the connection",
    )
    db_idle_in_transaction_timeout_s: float = Field(
        default=60.0, gt=0, description="PostgreSQL idle_in_transaction_session_timeout"
    )
    cors_origins: str = Field(
        default="*",
        description="origins allowed to call the token endpoints from a browser: '*' or a "
        "comma-separated list of exact origins (https://app.example.com); '' allows none",
    )
    default_account_credits: int = Field(default=1_000_000, ge=0)
    cost_convert_page: int = Field(default=1, ge=0, description="credits per converted page")
    cost_generate_page: int = Field(default=1, ge=0, description="credits per generated page")
    cost_template_upload: int = Field(default=1, ge=0, description="credits per template")
    token_default_hours: int = Field(default=2, ge=1, le=24 * 30)
    token_max_hours: int = Field(default=48, ge=1, le=24 * 30)
    time_zone: str = Field(default="UTC", description="zone of createTime and date filters")

    # Portable tasks (README "Portable tasks").
    task_concurrency: int = Field(default=2, ge=1, le=64, description="tasks run per instance")
    task_per_account: int = Field(default=2, ge=1, description="tasks run at once per account")
    task_queue_size: int = Field(
        default=100, ge=1, description="pending + processing tasks service-wide (else 1012)"
    )
    task_lease_s: float = Field(default=60.0, gt=0, description="claim lease, renewed by beats")
    io_threads: int = Field(
        default=32, ge=1, le=512, description="threads for blocking database/storage calls"
    )
    task_poll_interval_s: float = Field(default=0.2, gt=0, description="runner and SSE DB poll")
    task_timeout_s: float = Field(default=900.0, gt=0, description="one task, all steps")
    task_sse_heartbeat_s: float = Field(default=15.0, gt=0)
    task_max_upload_bytes: int = Field(default=50 * MiB, ge=1, description="files of one task")
    task_link_allow_loopback: bool = Field(
        default=False,
        description="type-5 links may point at 127.0.0.1/::1 (tests and local demos only; "
        "private and link-local addresses stay refused)",
    )

    # Scale-out (README "Scale-out"): a Redis task queue (Dramatiq) and worker hosts.
    queue_url: SecretStr | None = Field(
        default=None, description="redis://host:port/db; unset: tasks run in-process"
    )
    run_workers: bool = Field(
        default=True, description="false: API-only instance (no task runner in this process)"
    )
    queue_heartbeat_timeout_s: float = Field(
        default=60.0, gt=0, description="a silent worker's messages go to the others after this"
    )
    queue_max_redeliveries: int = Field(
        default=3, ge=0, description="a task whose worker died is restarted at most N times"
    )
    queue_requeue_after_s: float = Field(
        default=30.0, gt=0, description="sweep: re-enqueue a task whose message was lost after"
    )
    queue_sweep_interval_s: float = Field(default=5.0, gt=0, description="worker host sweep")
    worker_processes: int = Field(default_factory=_default_workers, ge=1, le=256)
    # Tasks wait a lot (LLM streams, S3, the database): several per process keep its core busy.
    worker_threads: int = Field(default=4, ge=1, le=64, description="tasks at once per process")
    worker_grace_s: float = Field(
        default=30.0, ge=0, description="SIGTERM: finish running tasks within, else hand back"
    )
    worker_metrics_host: str = "127.0.0.1"
    worker_metrics_port: int = Field(
        default=9191, ge=0, le=65535, description="worker host /metrics, /healthz; 0: off"
    )

    # Output.
    default_filename: str = "presentation.pptx"
    log_level: str = "INFO"
    log_json: bool = True

    @field_validator("public_base_url")
    @classmethod
    def _strip_slash(cls, v: str | None) -> str | None:
        return v.rstrip("/") if v else v

    @field_validator("time_zone")
    @classmethod
    def _known_zone(cls, v: str) -> str:
        from zoneinfo import ZoneInfo

        try:
            ZoneInfo(v)
        except (KeyError, ValueError) as exc:
            raise ValueError(f"unknown time zone {v!r}") from exc
        return v

    @property
    def files_dir(self) -> Path:
        return self.data_dir / "files"

    @cached_property
    def token_set(self) -> frozenset[str]:
        """The accepted `token` header values (DECKFORGE_TOKENS, comma separated)."""
        raw = self.tokens.get_secret_value()
        tokens = frozenset(t.strip() for t in raw.split(",") if t.strip())
        if tokens:
            return tokens
        path = self.data_dir / "dev-token"
        log.warning("DECKFORGE_TOKENS is not set; using the token stored in %s", path)
        return frozenset({_read_or_create_secret(path)})

    @cached_property
    def signing_key(self) -> bytes:
        """The HMAC key for download links (DECKFORGE_SIGNING_SECRET or a stored random key)."""
        raw = self.signing_secret.get_secret_value()
        if raw:
            return raw.encode("utf-8")
        path = self.data_dir / "signing.key"
        return _read_or_create_secret(path).encode("utf-8")


def _read_or_create_secret(path: Path) -> str:
    """Return the secret kept in `path`, creating it (mode 0600) on first use."""
    try:
        value = path.read_text(encoding="utf-8").strip()
        if value:
            return value
    except FileNotFoundError:
        pass
    from service.storage.local import private_dir

    private_dir(path.parent)
    value = secrets.token_urlsafe(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(value + "\n")
    return value
