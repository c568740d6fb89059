"""`python -m service [--host --port --workers]`: start the HTTP service."""

import sys

from service.cli import serve_main

if __name__ == "__main__":
    sys.exit(serve_main(sys.argv[1:]))
