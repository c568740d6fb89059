#!/usr/bin/env bash
# Set-up on a fresh Debian 12 / Ubuntu 24.04 machine (README "Set-up", step 1):
# Debian packages when it can (root) or the exact `sudo apt-get install` line, then .venv,
# the package with its service and dev extras, and the built-in sample deck -> sample.pptx.
# Run it again at any time: it only adds what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

# The fonts the engine measures with: the same list as README "Set-up", .ci/run and
# engine/fonts/packages.py (tests/cli/test_setup.py checks that they agree).
FONT_PACKAGES=(
  fonts-liberation fonts-liberation2 fonts-dejavu-core fonts-dejavu-extra fonts-noto-core
  fonts-noto-cjk fonts-noto-color-emoji fonts-crosextra-carlito fonts-crosextra-caladea
)
# Python's venv module (Debian splits it out) and fontconfig, which the engine asks for fonts.
BASE_PACKAGES=(python3 python3-venv fontconfig)

say() { printf 'setup: %s\n' "$*"; }

missing_packages() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || printf '%s\n' "$p"
  done
}

# 1. Debian packages.
if command -v dpkg-query >/dev/null 2>&1; then
  mapfile -t MISSING < <(missing_packages "${BASE_PACKAGES[@]}" "${FONT_PACKAGES[@]}")
  if [ "${#MISSING[@]}" -gt 0 ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
      say "installing ${MISSING[*]}"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq
      apt-get install -y -qq --no-install-recommends "${MISSING[@]}" >/dev/null
    else
      say "missing Debian packages; as a user with sudo rights run:"
      printf '\n  sudo apt-get install -y %s\n\n' "${MISSING[*]}"
      say "then run scripts/setup.sh again (without the fonts the engine uses built-in metrics)"
    fi
  fi
fi

# 2. The virtualenv (stock Debian refuses `pip install` into the system Python).
PYTHON="${PYTHON:-python3}"
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
  say "Python 3.11 or newer is needed as '$PYTHON' (set PYTHON=/path/to/python3.11)" >&2
  exit 1
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv; then
    rm -rf .venv
    say "cannot create .venv: run 'sudo apt-get install -y python3-venv', then this script again" >&2
    exit 1
  fi
fi

# 3. The package (editable) with the service, queue (scale-out) and development extras, at the
#    versions of constraints.txt (refresh them with scripts/refresh-constraints.sh). pip prints
#    what it collects and installs as it goes (the first time takes about two minutes).
say "installing deckforge and its dependencies into .venv (about two minutes the first time)"
.venv/bin/python -m pip install --disable-pip-version-check --progress-bar on -c constraints.txt \
  -e '.[service,queue,dev]'

# 4. A first conversion: the built-in sample deck.
.venv/bin/deckforge convert -o sample.pptx
say "done. Run the tests: .venv/bin/python -m pytest -q -n 2   (check the machine: .venv/bin/deckforge doctor)"
