"""Expected line breaks from headless Chromium (break_fixtures.py -> expected_breaks.json).

Same recording as chromium_text.py (boxes, `data-lines` line texts with their right edges,
`data-visible` texts) for the line-fitting and breaking-opportunity fixtures. Regenerate after
adding or changing a fixture (Playwright from the fidelity virtualenv, /usr/bin/chromium):

    <a python with Playwright, e.g. the fidelity harness venv> tests/layout/chromium_breaks.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))  # the project, when run as a script

from tests.layout.break_fixtures import FIXTURES  # noqa: E402
from tests.layout.chromium_text import record_suite  # noqa: E402

EXPECTED = HERE / "expected_breaks.json"


def main() -> None:
    record_suite(FIXTURES, EXPECTED)


if __name__ == "__main__":
    main()
