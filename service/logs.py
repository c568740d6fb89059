"""Structured logging (log records + the current request id -> one JSON object per line)."""

from __future__ import annotations

import contextvars
import datetime as _dt
import json
import logging
import sys
from typing import Any

request_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "deckforge_request_id", default=None
)

# Attributes every LogRecord has; anything else passed via `extra=` is emitted as a field.
_STANDARD = set(logging.LogRecord("", 0, "", 0, "", (), None).__dict__) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's ANSI-coloured duplicate of msg
}


class RequestIdFilter(logging.Filter):
    """Stamps each record with the request id of the context it was logged from."""

    def filter(self, record: logging.LogRecord) -> bool:
        if not getattr(record, "requestId", None):
            record.requestId = request_id_var.get()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": _dt.datetime.fromtimestamp(record.created, _dt.UTC).isoformat(
                timespec="milliseconds"
            ),
            "level": record.levelname,
            "logger": record.name,
            "msg": record.getMessage(),
        }
        rid = getattr(record, "requestId", None)
        if rid:
            out["requestId"] = rid
        for key, value in record.__dict__.items():
            if key not in _STANDARD and key != "requestId" and not key.startswith("_"):
                out[key] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


def escape_controls(text: str) -> str:
    """One log line per record: control characters (CR, LF, ESC, NUL, NEL, LS/PS, ...) in
    logged text become visible escapes, so client input (a path with %0a) cannot forge lines."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape_char(ch) for ch in text)


def _escape_char(ch: str) -> str:
    code = ord(ch)
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch) or (
        f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    )


class TextFormatter(logging.Formatter):
    """Human-readable lines: `time level logger [request id] message key=value ...`; every
    field is escaped (escape_controls); a traceback follows on lines starting with '  | '."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s [%(requestId)s] %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = " ".join(
            [
                self.formatTime(record),
                escape_controls(record.levelname),
                escape_controls(record.name),
                f"[{escape_controls(str(getattr(record, 'requestId', None)))}]",
                escape_controls(record.getMessage()),
            ]
        )
        fields = [
            f"{escape_controls(str(k))}={escape_controls(str(v))}"
            for k, v in record.__dict__.items()
            if k not in _STANDARD and k != "requestId" and not k.startswith("_")
        ]
        if fields:
            line += " " + " ".join(fields)
        if record.exc_info:
            text = self.formatException(record.exc_info)
            line += "".join("\n  | " + escape_controls(part) for part in text.splitlines())
        return line


def configure_logging(level: str = "INFO", json_lines: bool = True) -> None:
    """Route the root logger (and uvicorn's) to stderr through one formatter."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if json_lines else TextFormatter())
    handler.addFilter(RequestIdFilter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        lg = logging.getLogger(name)
        lg.handlers.clear()
        lg.propagate = True
    # Uvicorn's access log would print query strings (signatures); the service logs its own.
    logging.getLogger("uvicorn.access").disabled = True
    if root.level > logging.DEBUG:  # DEBUG shows everything
        quiet_third_party_loggers()


class _AlembicChatter(logging.Filter):
    """Alembic's per-connection dialect lines ("Context impl SQLiteImpl.", "Will assume
    non-transactional DDL."), said on every start; the migrations it runs are kept."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(("Context impl", "Will assume"))


def quiet_third_party_loggers() -> None:
    """Keep third-party start-up chatter out of INFO logs: alembic's "setup plugin ..." line per
    plugin and its dialect lines."""
    logging.getLogger("alembic.runtime.plugins").setLevel(logging.WARNING)
    migration = logging.getLogger("alembic.runtime.migration")
    if not any(isinstance(f, _AlembicChatter) for f in migration.filters):
        migration.addFilter(_AlembicChatter())


def uvicorn_log_config() -> dict[str, Any]:
    """A log config for uvicorn.run that leaves our root handler in charge."""
    return {"version": 1, "disable_existing_loggers": False}
