"""A document kind's module is loaded only for a document of that kind (generator/kinds.py):
generating a plain Markdown document imports neither the meeting notes' nor the update logs'
module; meeting notes (tests/generator/fragments.py, from the Rust lang team's minutes) load
generator.minutes, and a README's update log (samples/markdown/chatglm-readme) loads
generator.updatelog."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples" / "markdown"
KINDS = ("generator.minutes", "generator.updatelog")

# one process (a `deckforge generate` process imports the generator once): the modules of the
# kinds loaded after each document, in this order
SCRIPT = """
import json, sys
from generator.api import generate_from_markdown
from tests.generator.fragments import MEETING_DISCUSSED
KINDS = {kinds!r}
loaded = []
for text in (open(sys.argv[1], encoding="utf-8").read(), MEETING_DISCUSSED,
             open(sys.argv[2], encoding="utf-8").read()):
    generate_from_markdown(text)
    loaded.append(sorted(k for k in KINDS if k in sys.modules))
print(json.dumps(loaded))
"""


def test_a_kinds_module_loads_only_for_a_document_of_that_kind() -> None:
    plain = SAMPLES / "pandoc-beamer" / "slides.md"
    with_log = SAMPLES / "chatglm-readme" / "README.md"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT.format(kinds=KINDS), str(plain), str(with_log)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    after_plain, after_minutes, after_log = json.loads(done.stdout.strip().splitlines()[-1])
    assert after_plain == []
    assert after_minutes == ["generator.minutes"]
    assert after_log == ["generator.minutes", "generator.updatelog"]
