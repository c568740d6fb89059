"""The `deckforge` command (`deckforge serve` flags + environment -> a running server; anything else -> the engine's CLI).

Only `serve` needs the service's dependencies; they are imported when it runs, so
`deckforge convert` works with the engine alone.
"""

from __future__ import annotations

import argparse
import errno
import logging
import os
import socket
import sys


def build_parser(prog: str = "deckforge serve") -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description="Run the deckforge HTTP service. Every flag also has a DECKFORGE_* "
        "environment variable (see docs/service.md); flags win.",
    )
    p.add_argument("--host", help="bind address (DECKFORGE_HOST, default 127.0.0.1)")
    p.add_argument("--port", type=int, help="port (DECKFORGE_PORT, default 8000)")
    p.add_argument(
        "--workers",
        type=int,
        help="job processes: conversions, generation, tasks' parsing and decks "
        "(DECKFORGE_WORKERS, default: cores)",
    )
    p.add_argument("--log-level", help="DEBUG, INFO, WARNING, ... (DECKFORGE_LOG_LEVEL)")
    p.add_argument(
        "--no-workers",
        action="store_true",
        help="API only: run no generation tasks here (DECKFORGE_RUN_WORKERS=false)",
    )
    return p


def serve_main(argv: list[str] | None = None) -> int:
    """Parse `argv` (without the 'serve' word), start uvicorn, return the exit code."""
    import uvicorn

    from service.config import Settings
    from service.heap import freeze_after_startup
    from service.listening import ListeningServer
    from service.logs import configure_logging, uvicorn_log_config
    from service.main import create_app
    from service.server import guard_from, install_repeat_filter, raise_file_limit, uvicorn_options

    args = build_parser().parse_args(argv)
    os.umask(0o077)  # every file and folder the service creates is its user's alone
    overrides = {
        k: v
        for k, v in {
            "host": args.host,
            "port": args.port,
            "workers": args.workers,
            "log_level": args.log_level,
            "run_workers": False if args.no_workers else None,
        }.items()
        if v is not None
    }
    settings = Settings(**overrides)
    if settings.queue_url is not None:
        from service.queue import QueueExtraMissing, require_queue_extra

        try:
            require_queue_extra()
        except QueueExtraMissing as exc:
            print(f"deckforge serve: {exc}", file=sys.stderr)
            return 1
    configure_logging(settings.log_level, settings.log_json)
    install_repeat_filter(settings.log_repeat_interval_s)
    files = raise_file_limit(settings.open_files_limit)
    if files < settings.max_connections + 256:
        logging.getLogger("deckforge.service").warning(
            "open-file limit %s is below max_connections + 256; connections past the limit "
            "fail to be accepted (DECKFORGE_MAX_CONNECTIONS)",
            files,
        )
    try:
        sock = bind_socket(settings.host, settings.port)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(
            f"deckforge serve: cannot listen on {settings.host}:{settings.port}: {reason.lower()}"
            + (BUSY_HINT if exc.errno == errno.EADDRINUSE else ""),
            file=sys.stderr,
        )
        return 1
    with sock:
        app = create_app(settings)
        freeze_after_startup(app)  # the startup heap is not re-scanned by every full GC
        host, port = sock.getsockname()[:2]
        guard = guard_from(settings)
        app.state.connection_guard = guard
        config = uvicorn.Config(
            app,
            **uvicorn_options(settings, guard),
            log_config=uvicorn_log_config(),
            access_log=False,
            server_header=False,
            timeout_graceful_shutdown=max(5, int(settings.request_timeout_s) + 5),
        )
        ListeningServer(config, f"http://{host}:{port}").run(sockets=[sock])
    return 0


BUSY_HINT = " (another process uses the port; pick one with --port)"


def bind_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to host:port (OSError when the port is taken), before anything
    starts, so a busy port fails at once with the port named and nothing logged as listening."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
    )[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.set_inheritable(True)
    except OSError:
        sock.close()
        raise
    return sock


# Every `deckforge` subcommand: name -> ("module:function", one-line help). The function takes
# the remaining argv (list[str]) and returns the exit code. Modules are imported only when their
# command runs, so `deckforge convert` needs the engine alone. Add a command with ONE line here.
COMMANDS: dict[str, tuple[str, str]] = {
    "convert": ("generator.brand.cli:main_convert", "convert HTML pages into one PPTX deck"),
    "serve": ("service.cli:serve_main", "run the HTTP service"),
    "generate": ("generator.cli:main", "build a PPTX deck from Markdown with a template"),
    "render": ("engine.render.cli:main", "draw converted HTML pages as PNGs: PAGES... --png DIR"),
    "accounts": ("service.admin_cli:accounts_main", "accounts: create NAME, list, credit NAME +N"),
    "keys": ("service.admin_cli:keys_main", "API keys: create ACCOUNT, revoke KEY_OR_PREFIX"),
    "db": ("service.admin_cli:db_main", "database: upgrade (run the migrations)"),
    "doctor": ("service.doctor:main", "check fonts, optional tools, settings; what to install"),
    "settings": ("service.settings_doc:main", "the DECKFORGE_* settings table (--write, --check)"),
    "worker": ("service.worker_cli:main", "run a worker host for the task queue (scale-out)"),
}


def version() -> str:
    """The installed distribution's version (the source tree's pyproject when not installed)."""
    from importlib import metadata

    try:
        return metadata.version("deckforge")
    except metadata.PackageNotFoundError:  # running from a checkout without `pip install -e`
        return "0+unknown"


def usage() -> str:
    """`deckforge --help`: every command of COMMANDS, one line each (read when asked, so
    commands added to the table appear without touching this function)."""
    width = max(len(name) for name in COMMANDS) + 2
    lines = [
        "usage: deckforge [--version] [--help] COMMAND [ARGS...]",
        "",
        "HTML slides to one editable PowerPoint deck, and the service around it.",
        "",
        "commands:",
        *(f"  {name:<{width}}{help_text}" for name, (_, help_text) in COMMANDS.items()),
        "",
        "`deckforge COMMAND --help` describes a command's arguments.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `deckforge` script: dispatch to the command table above."""
    import importlib
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0 if args else 2
    if args[0] in ("-V", "--version"):
        print(f"deckforge {version()}")
        return 0
    if args[0] not in COMMANDS:
        print(
            f"deckforge: unknown command {args[0]!r} (commands: {', '.join(COMMANDS)}); "
            "see deckforge --help",
            file=sys.stderr,
        )
        return 2
    module, func = COMMANDS[args[0]][0].split(":")
    return int(getattr(importlib.import_module(module), func)(args[1:]))


if __name__ == "__main__":  # `python -m service.cli ...` is the `deckforge` command too
    sys.exit(main())
