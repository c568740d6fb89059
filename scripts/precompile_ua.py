"""Rewrite engine/style/ua_blocks.json (the user-agent stylesheets split into rules) after
editing engine/style/ua.css or quirks.css:

    PYTHONPATH=. python scripts/precompile_ua.py
"""

from __future__ import annotations

from engine.style.uasheets import write_precompiled

if __name__ == "__main__":
    print(f"wrote {write_precompiled()}")
