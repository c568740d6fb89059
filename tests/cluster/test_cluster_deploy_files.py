"""The example deployment files agree with the code: every command in docker-compose.yml and
the Dockerfile is a real `deckforge` subcommand whose flags its own parser accepts, and every
DECKFORGE_* variable they set is a real setting. (The images are not built in tests: the
process-level cluster is the tested path.)"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from service.cli import COMMANDS
from service.cli import build_parser as serve_parser
from service.config import Settings
from service.worker_cli import build_parser as worker_parser

ROOT = Path(__file__).resolve().parents[2]
PARSERS = {"serve": serve_parser, "worker": worker_parser}
# Read by libraries, not by Settings (AWS: boto3).
NOT_SETTINGS = {"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"}


def _compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    return data


def _check_command(argv: list[str]) -> None:
    assert argv[0] == "deckforge", argv
    assert argv[1] in COMMANDS, argv
    if argv[1] in PARSERS:
        PARSERS[argv[1]]().parse_args(argv[2:])  # SystemExit on an unknown flag


def test_compose_services_and_commands() -> None:
    services = _compose()["services"]
    assert {"postgres", "redis", "minio", "migrate", "api1", "api2", "worker1", "worker2"} <= set(
        services
    )
    deckforge = {n: s for n, s in services.items() if s.get("image") == "deckforge:latest"}
    assert set(deckforge) == {"migrate", "api1", "api2", "worker1", "worker2"}
    for service in deckforge.values():
        _check_command(service["command"])
    assert services["api1"]["command"][1:3] == ["serve", "--no-workers"]
    assert services["worker1"]["command"][1] == "worker"


def test_compose_settings_are_real_settings() -> None:
    fields = {name.upper() for name in Settings.model_fields}
    services = _compose()["services"]
    for name in ("migrate", "api1", "worker1"):
        env = services[name]["environment"]
        assert env["DECKFORGE_QUEUE_URL"].startswith("redis://")
        assert env["DECKFORGE_STORAGE"] == "s3"
        for key in env:
            if key not in NOT_SETTINGS:
                assert key.startswith("DECKFORGE_") and key[10:] in fields, key


def test_dockerfile_command_and_extras() -> None:
    text = (ROOT / "Dockerfile").read_text()
    cmd = re.search(r"^CMD (\[.*\])$", text, re.M)
    assert cmd is not None
    _check_command(json.loads(cmd.group(1)))
    assert "'.[service,queue]'" in text
    for line in re.findall(r"^ENV (.*?)(?<!\\)$", text, re.M | re.S):
        for key in re.findall(r"(DECKFORGE_\w+)=", line):
            assert key[10:] in {n.upper() for n in Settings.model_fields}, key
