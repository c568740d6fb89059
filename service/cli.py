"""The `deckforge` command (`deckforge serve` flags + environment -> a running server; anything else -> the engine's CLI).

Only `serve` needs the service's dependencies; they are imported when it runs, so
`deckforge convert` works with the engine alone.
"""

from __future__ import annotations

import argparse
import logging


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
        help="conversion worker processes (DECKFORGE_WORKERS, default: cores)",
    )
    p.add_argument("--log-level", help="DEBUG, INFO, WARNING, ... (DECKFORGE_LOG_LEVEL)")
    return p


def serve_main(argv: list[str] | None = None) -> int:
    """Parse `argv` (without the 'serve' word), start uvicorn, return the exit code."""
    import uvicorn

    from service.config import Settings
    from service.logs import configure_logging, uvicorn_log_config
    from service.main import create_app

    args = build_parser().parse_args(argv)
    overrides = {
        k: v
        for k, v in {
            "host": args.host,
            "port": args.port,
            "workers": args.workers,
            "log_level": args.log_level,
        }.items()
        if v is not None
    }
    settings = Settings(**overrides)
    configure_logging(settings.log_level, settings.log_json)
    app = create_app(settings)
    logging.getLogger("deckforge.service").info(
        "listening on http://%s:%s", settings.host, settings.port
    )
    uvicorn.run(
        app,
        host=settings.host,
        port=settings.port,
        log_config=uvicorn_log_config(),
        access_log=False,
        server_header=False,
        timeout_graceful_shutdown=max(5, int(settings.request_timeout_s) + 5),
    )
    return 0


# Every `deckforge` subcommand: name -> ("module:function", one-line help). The function takes
# the remaining argv (list[str]) and returns the exit code. Modules are imported only when their
# command runs, so `deckforge convert` needs the engine alone. Add a command with ONE line here.
COMMANDS: dict[str, tuple[str, str]] = {
    "convert": ("engine.cli:main_convert", "convert HTML pages into one PPTX deck"),
    "serve": ("service.cli:serve_main", "run the HTTP service"),
}


def main(argv: list[str] | None = None) -> int:
    """Entry point of the `deckforge` script: dispatch to the command table above."""
    import importlib
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS and args[0] != "convert":
        target, _ = COMMANDS[args[0]]
        module, func = target.split(":")
        return int(importlib.import_module(module).__dict__[func](args[1:]))
    from engine.cli import main as engine_main

    return engine_main(args)
