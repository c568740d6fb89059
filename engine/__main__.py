"""`python -m engine convert ...`: the standalone command-line converter."""

import sys

from engine.cli import main

sys.exit(main())
