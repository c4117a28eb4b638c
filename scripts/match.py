#!/usr/bin/env python3
"""The match runner from a checkout: ``python3 scripts/match.py --help``.

The runner is the package :mod:`arbor_tools.runner` beside this file (``pip install ./scripts``
installs it with the ``arbor-match`` command). See docs/runner.md.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arbor_tools.runner.cli import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
