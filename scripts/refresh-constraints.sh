#!/usr/bin/env bash
# Refresh constraints.txt, the exact versions that scripts/setup.sh, .ci/run and the Dockerfile
# install (`pip install -c constraints.txt ...`). Run it after changing a dependency in
# pyproject.toml, or to move to newer releases; then run the tests and commit constraints.txt.
# It installs the package with every extra into a fresh, throwaway virtualenv WITHOUT the old
# constraints (so pip resolves pyproject.toml's ranges anew) and writes that environment's
# `pip freeze`.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON="${PYTHON:-python3}"
EXTRAS="service,queue,dev,recorders"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

"$PYTHON" -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install -q --disable-pip-version-check "./[$EXTRAS]"
{
  echo "# Exact versions of every dependency (all extras: $EXTRAS), from a fresh install."
  echo "# Used as: pip install -c constraints.txt -e '.[service,queue,dev]' (scripts/setup.sh,"
  echo "# .ci/run, Dockerfile). Refresh: scripts/refresh-constraints.sh (Python $("$tmp/venv/bin/python" -c 'import platform; print(platform.python_version())'))."
  "$tmp/venv/bin/python" -m pip freeze --disable-pip-version-check --exclude deckforge
} > constraints.txt
echo "refresh-constraints: wrote constraints.txt ($(grep -vc '^#' constraints.txt) packages)"
