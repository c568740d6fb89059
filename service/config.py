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
from pydantic.config import JsonDict
from pydantic_settings import BaseSettings, SettingsConfigDict

log = logging.getLogger("deckforge.service")

MiB = 1024 * 1024


def _default_workers() -> int:
    return os.cpu_count() or 1


def doc_default(text: str) -> JsonDict:
    """`json_schema_extra` of a field whose default the settings table shows as `text` (a
    computed or generated default)."""
    return {"doc_default": text}


class Settings(BaseSettings):
    """Every knob of the service. Each field is read from `DECKFORGE_<FIELD>` (upper case).

    Every field has a `description` (and, when the default is computed, a `doc_default`): the
    settings table of docs/service.md is generated from them (`deckforge settings --write`)."""

    model_config = SettingsConfigDict(env_prefix="DECKFORGE_", extra="ignore", frozen=True)

    # Server (used by `deckforge serve` / `python -m service`).
    host: str = Field(default="127.0.0.1", description="bind address (`--host`)")
    port: int = Field(default=8000, ge=0, le=65535, description="port (`--port`)")

    # Connections (service.server; `deckforge serve`): every connection is bounded.
    header_timeout_s: float = Field(
        default=5.0, gt=0, description="request line + headers must arrive within (closed)"
    )
    idle_timeout_s: float = Field(
        default=5.0, gt=0, description="a connection with no request running, silent this long"
    )
    max_connections: int = Field(
        default=2048, ge=1, description="open connections in total; more: 503 + code 1012"
    )
    max_connections_per_client: int = Field(
        default=256, ge=1, description="open connections per client address; more: 503 + 1012"
    )
    max_header_bytes: int = Field(default=64 * 1024, ge=1024, description="request line+headers")
    open_files_limit: int = Field(
        default=65536, ge=256, description="RLIMIT_NOFILE raised to this at start (to the hard cap)"
    )
    log_repeat_interval_s: float = Field(
        default=10.0, gt=0, description="repeated warnings (same message) logged once per"
    )

    # Job processes (service.jobs): conversions, generation, content parsing, template checks.
    workers: int = Field(
        default_factory=_default_workers,
        ge=1,
        le=256,
        description="job processes of an API instance: conversions, generation and, without a "
        "queue, its tasks' parsing and decks (`--workers`)",
        json_schema_extra=doc_default("number of cores"),
    )
    queue_size: int = Field(
        default=16,
        ge=0,
        description="requests allowed to wait for a busy worker; beyond `workers + queue_size` "
        "admitted requests the answer is code 1012 at once",
    )
    request_timeout_s: float = Field(
        default=60.0,
        gt=0,
        description="time allowed per conversion or generation job (also a task's deck); the "
        "job process is then killed and replaced, a request answers 50199",
    )
    max_jobs_per_worker: int = Field(
        default=500,
        ge=0,
        description="a worker is replaced after this many jobs (guards against slow leaks); "
        "`0` = never",
    )
    worker_start_method: Literal["forkserver", "spawn", "fork"] = Field(
        default="forkserver", description="`forkserver`, `spawn` or `fork`"
    )
    jobs_per_account: int = Field(
        default=0,
        ge=0,
        description="conversion/generation jobs of one account admitted at once (running or "
        "waiting), else 1014; 0: half the workers, at least 1",
    )
    failed_jobs_per_window: int = Field(
        default=10,
        ge=0,
        description="an account's jobs failed by its input per window; "
        "past it new work answers 1014 (0: no budget)",
    )
    failed_jobs_window_s: float = Field(
        default=60.0, gt=0, description="the window of `failed_jobs_per_window`, in seconds"
    )
    worker_memory_bytes: int = Field(
        default=3 * 1024 * MiB,
        ge=0,
        description="address space of each worker process (RLIMIT_AS); past it the job fails "
        "(MemoryError) and the worker lives on; 0: no limit",
    )
    parse_timeout_s: float = Field(
        default=30.0, gt=0, description="one task's content parsing (files, fetched page)"
    )

    # Templates: every page render is bounded (generator.render_bounds), else code 1015.
    template_render_cpu_s: float = Field(default=2.0, gt=0, description="CPU time per page")
    template_max_string_chars: int = Field(
        default=100_000, ge=1000, description="longest string a template expression may build"
    )
    template_max_range: int = Field(default=1000, ge=10, description="longest range()")
    template_max_output_chars: int = Field(
        default=2_000_000, ge=10_000, description="a rendered page's size"
    )

    # Per-request limits, enforced before any work starts.
    max_pages: int = Field(default=200, ge=1, description="pages per request")
    max_page_bytes: int = Field(default=5 * MiB, ge=1, description="UTF-8 bytes per page")
    max_request_bytes: int = Field(
        default=20 * MiB,
        ge=1,
        description="bytes of the request body (also passed to the engine as its total limit)",
    )
    body_read_timeout_s: float = Field(
        default=30.0,
        gt=0,
        description="the whole request body must arrive within this many seconds of the request "
        "start; otherwise code 40010 (field `body`) and the connection is closed",
    )
    line_breaks: Literal["soft", "exact"] = Field(
        default="soft",
        description="soft: paragraphs wrap in their text box and break only where the HTML "
        "does (editable); exact: every line the browser broke ends in a line break",
    )
    # Fonts (docs/fonts.md): typefaces a PowerPoint user lacks are embedded in the decks
    # ("subset": the characters used; "full"; "none"), CSS font stacks resolve to this machine's
    # fonts ("linux") or to the Office fonts ("office").
    embed_fonts: Literal["none", "subset", "full"] = Field(
        default="subset",
        description="embed the typefaces PowerPoint users lack: the characters used, whole "
        "fonts, or none (docs/fonts.md)",
    )
    font_set: Literal["linux", "office"] = Field(
        default="linux",
        description="CSS font stacks resolve to this machine's fonts (linux) or to the Office "
        "fonts (office), docs/fonts.md",
    )
    max_embedded_font_bytes: int = Field(
        default=32 * MiB, ge=0, description="embedded font parts one deck may add"
    )
    max_web_font_bytes: int = Field(
        default=8 * MiB,
        ge=0,
        description="an @font-face font's bytes, also after WOFF/WOFF2 decompression "
        "(docs/fonts.md)",
    )

    # Auth and signing. Empty values -> generated once and kept under data_dir (0600).
    tokens: SecretStr = Field(
        default=SecretStr(""),
        description="static `token` header values, comma separated, acting for the `default` "
        "account (besides the tokens issued by createApiToken); unset: one is generated into "
        "`$DECKFORGE_DATA_DIR/dev-token`",
        json_schema_extra=doc_default("*(generated)*"),
    )
    signing_secret: SecretStr = Field(
        default=SecretStr(""),
        description="HMAC key of download and preview links; generated once into "
        "`$DECKFORGE_DATA_DIR/signing.key` when empty, so links survive restarts (set the same "
        "value on every instance)",
        json_schema_extra=doc_default("*(generated)*"),
    )

    # Download URLs and storage.
    url_ttl_s: int = Field(
        default=24 * 3600,
        ge=1,
        le=7 * 24 * 3600,
        description="lifetime of a download link (at most 7 days, the S3 presign limit)",
        json_schema_extra=doc_default("`86400` (24 h)"),
    )
    public_base_url: str | None = Field(
        default=None,
        description="base of `fileUrl` and `previewUrl` for the local backend, e.g. "
        "`https://decks.example.com` behind a proxy",
        json_schema_extra=doc_default("*(the request's base URL)*"),
    )
    storage: Literal["local", "s3"] = Field(default="local", description="`local` or `s3`")
    data_dir: Path = Field(
        default=Path(tempfile.gettempdir()) / "deckforge",
        description="local files (`files/`), the SQLite database, the generated token, API key "
        "and signing key",
        json_schema_extra=doc_default("`$TMPDIR/deckforge`"),
    )
    sweep_interval_s: float = Field(
        default=300.0, gt=0, description="how often expired files are deleted"
    )
    s3_bucket: str | None = Field(default=None, description="bucket (required with `storage=s3`)")
    s3_prefix: str = Field(default="deckforge/", description="key prefix of stored files")
    s3_endpoint_url: str | None = Field(
        default=None,
        description="S3-compatible endpoint (MinIO, Ceph, ...) that clients reach; path-style "
        "addressing is used when set",
    )
    s3_region: str | None = Field(default=None, description="region")
    s3_create_bucket: bool = Field(
        default=False, description="create the bucket at start-up if missing"
    )

    # Database, accounts and credits (docs/service.md "Accounts, keys and credits").
    database_url: SecretStr | None = Field(
        default=None,
        description="SQLAlchemy URL; default `sqlite:///$DATA_DIR/deckforge.sqlite3` (WAL, "
        "foreign keys on); `postgresql+psycopg://user:pass@host/db` for PostgreSQL (several "
        "instances share it). Never logged with its password",
        json_schema_extra=doc_default("*(SQLite file)*"),
    )
    db_pool_size: int = Field(
        default=10,
        ge=1,
        le=200,
        description="connections per process (plus twice as many on overflow)",
    )
    # Bounds on every database use (docs/operations.md "Database outage"): a stopped, frozen or
    # unreachable PostgreSQL answers 1013 + Retry-After within about statement + connect timeouts.
    db_pool_timeout_s: float = Field(
        default=10.0,
        gt=0,
        description="wait for a free pooled connection; past it the request answers 1013 + "
        "`Retry-After`",
    )
    db_connect_timeout_s: int = Field(
        default=5, ge=1, le=300, description="PostgreSQL connect timeout (libpq `connect_timeout`)"
    )
    db_statement_timeout_s: float = Field(
        default=5.0,
        gt=0,
        description="PostgreSQL `statement_timeout` of every connection; the client also gives "
        "up on any wait for the server (query, fetch, commit, the pool's ping) 1 s later and "
        "drops that connection, so a frozen server is a 1013, not a hang. Migrations run "
        "without it",
    )
    db_idle_in_transaction_timeout_s: float = Field(
        default=60.0,
        gt=0,
        description="PostgreSQL `idle_in_transaction_session_timeout`: the server ends a "
        "connection left inside a transaction",
    )
    cors_origins: str = Field(
        default="*",
        description="origins whose browser pages may call the `token` endpoints: `*`, or a "
        "comma-separated list of exact origins (`https://app.example.com`); empty = none",
    )
    default_account_credits: int = Field(
        default=1_000_000,
        ge=0,
        description="balance of the `default` account created on first start",
    )
    cost_convert_page: int = Field(
        default=1, ge=0, description="credits per converted page (HTML conversion); `0` = free"
    )
    cost_generate_page: int = Field(
        default=1,
        ge=0,
        description="credits per generated page (Markdown generation, tasks); `0` = free",
    )
    cost_template_upload: int = Field(
        default=1, ge=0, description="credits per uploaded template; `0` = free"
    )
    token_default_hours: int = Field(
        default=2, ge=1, le=24 * 30, description="lifetime of a token when `timeOfHours` is omitted"
    )
    token_max_hours: int = Field(
        default=48, ge=1, le=24 * 30, description="largest `timeOfHours` accepted (more: code 1010)"
    )
    time_zone: str = Field(
        default="UTC",
        description="IANA zone of `createTime`, `updateTime`, `expireTime` and the "
        "`startDate`/`endDate` filters (e.g. `Asia/Shanghai`)",
    )
    template_pptx_max_bytes: int = Field(
        default=15 * MiB,
        ge=1,
        le=16 * MiB,
        description="largest uploaded PowerPoint template (.pptx/.potx), bytes",
    )
    template_pptx_max_media_bytes: int = Field(
        default=8 * MiB, ge=1, description="largest picture/media part of a PowerPoint template"
    )
    template_pptx_max_media_total_bytes: int = Field(
        default=40 * MiB, ge=1, description="all media parts of a PowerPoint template together"
    )

    # Portable tasks (docs/service.md "Portable tasks").
    task_concurrency: int = Field(
        default=4,
        ge=1,
        le=64,
        description="tasks an API instance without a queue runs at once (they mostly wait: for "
        "the job processes, the LLM, storage); one account never takes all of them",
    )
    task_per_account: int = Field(default=2, ge=1, description="tasks of one account run at once")
    task_queue_size: int = Field(
        default=100,
        ge=1,
        description="pending + processing tasks service-wide; beyond it create-task answers 1012 "
        "with `Retry-After: 5`",
    )
    task_lease_s: float = Field(
        default=60.0,
        gt=0,
        description="lease of a claimed task, renewed every third of it; an expired lease "
        "fails the task (`SERVICE_RESTARTED`) or, with a queue, redelivers it",
    )
    task_queue_per_account: int = Field(
        default=0,
        ge=0,
        description="pending + processing tasks of one account; beyond it create-task answers "
        "1014; `0` = a quarter of `task_queue_size`, at least 1",
    )
    io_threads: int = Field(
        default=32,
        ge=1,
        le=512,
        description="threads for blocking database and storage calls of one instance",
    )
    task_poll_interval_s: float = Field(
        default=0.2,
        gt=0,
        description="how often an instance looks for pending tasks and event streams read the "
        "database",
    )
    task_timeout_s: float = Field(
        default=900.0,
        gt=0,
        description="one task, all steps; then it fails with `TASK_TIMEOUT`",
    )
    task_sse_heartbeat_s: float = Field(
        default=15.0,
        gt=0,
        description="an event stream sends `: heartbeat` after this long without an event",
    )
    task_max_upload_bytes: int = Field(
        default=50 * MiB, ge=1, description="files of one task together"
    )
    sse_max_per_token: int = Field(
        default=4, ge=1, description="open task event streams per token; beyond it 1014"
    )
    sse_max_per_account: int = Field(
        default=32, ge=1, description="open task event streams per account; beyond it 1014"
    )
    sse_max_life_s: float = Field(
        default=300.0,
        gt=0,
        description="an event stream ends after this; clients reconnect with `Last-Event-ID`",
    )
    sse_token_recheck_s: float = Field(
        default=5.0,
        gt=0,
        description="an open event stream re-checks its issued token this often and ends when "
        "it expired or was revoked",
    )
    uploads_at_once: int = Field(
        default=8, ge=1, description="multipart uploads received at once in all; beyond it 1012"
    )
    uploads_per_account: int = Field(
        default=2,
        ge=1,
        description="multipart uploads received at once per account; beyond it 1014",
    )
    task_link_allow_loopback: bool = Field(
        default=False,
        description="type-5 links may point at 127.0.0.1/::1 (tests and local demos only; "
        "private and link-local addresses stay refused)",
    )

    # Scale-out (docs/operations.md): a Redis task queue (Dramatiq) and worker hosts.
    queue_url: SecretStr | None = Field(
        default=None,
        description="Redis URL of the task queue (`redis://host:6379/0`; needs the `queue` "
        "extra); unset: tasks run in the instance",
    )
    run_workers: bool = Field(
        default=True,
        description="`false` (`serve --no-workers`): API only, this instance runs no task",
    )
    queue_heartbeat_timeout_s: float = Field(
        default=60.0,
        gt=0,
        description="a silent worker's messages go back to the queue after this",
    )
    queue_max_redeliveries: int = Field(
        default=3,
        ge=0,
        description="take-overs of a task whose worker died; then errorCode `RETRIES_EXHAUSTED`",
    )
    queue_requeue_after_s: float = Field(
        default=30.0,
        gt=0,
        description="the worker hosts' sweep gives a task whose message was lost a new one "
        "after this",
    )
    queue_sweep_interval_s: float = Field(
        default=5.0, gt=0, description="how often each worker host sweeps"
    )
    worker_processes: int = Field(
        default_factory=_default_workers,
        ge=1,
        le=256,
        description="`deckforge worker --processes`: task processes of a worker host, each with "
        "one job process for its tasks' parsing and decks",
        json_schema_extra=doc_default("number of cores"),
    )
    # Tasks wait a lot (LLM streams, S3, the database): several per process keep its core busy.
    worker_threads: int = Field(
        default=4,
        ge=1,
        le=64,
        description="`deckforge worker --threads`: tasks at once per task process",
    )
    worker_grace_s: float = Field(
        default=30.0,
        ge=0,
        description="SIGTERM to a worker host: running tasks finish within this, else are "
        "handed back",
    )
    worker_metrics_host: str = Field(
        default="127.0.0.1",
        description="address of the worker host's `/metrics`, `/healthz`, `/readyz`",
    )
    worker_metrics_port: int = Field(
        default=9191,
        ge=0,
        le=65535,
        description="port of the worker host's `/metrics`, `/healthz`, `/readyz` "
        "(`--metrics-port`); `0` = off",
    )

    # Output.
    default_filename: str = Field(
        default="presentation.pptx",
        description="download name when `filename` is omitted or nothing usable is left of it",
    )
    log_level: str = Field(default="INFO", description="log level (`--log-level`)")
    log_json: bool = Field(
        default=True, description="one JSON object per log line; `false` for plain text"
    )

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
    def account_jobs(self) -> int:
        return self.jobs_per_account or max(1, self.workers // 2)

    @property
    def account_running_tasks(self) -> int:
        """Tasks of one account run at once by one instance: task_per_account, and always
        fewer than task_concurrency (when it is over 1), so another account's task can start."""
        if self.task_concurrency > 1:
            return max(1, min(self.task_per_account, self.task_concurrency - 1))
        return 1

    @property
    def account_tasks(self) -> int:
        return self.task_queue_per_account or max(1, self.task_queue_size // 4)

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
