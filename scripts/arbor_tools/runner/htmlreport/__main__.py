"""``python3 -m arbor_tools.runner.htmlreport RECORDS.jsonl -o PAGE.html`` (the ``arbor-report`` command)."""

from . import main

raise SystemExit(main())
