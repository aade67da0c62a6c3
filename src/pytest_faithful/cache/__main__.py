"""``python -m pytest_faithful.cache``: copy recordings between the stores (see convert.py)."""

from __future__ import annotations

import sys

from pytest_faithful.cache.convert import main

if __name__ == "__main__":
    sys.exit(main())
