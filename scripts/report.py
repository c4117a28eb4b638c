#!/usr/bin/env python3
"""The match report page from a checkout: ``python3 scripts/report.py games.jsonl -o games.html``.

The page is made by :mod:`arbor_tools.runner.htmlreport` (``pip install ./scripts`` installs
it as the ``arbor-report`` command); ``match.py --report FILE.html`` writes it during a match.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arbor_tools.runner.htmlreport import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
