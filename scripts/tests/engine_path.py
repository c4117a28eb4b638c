"""Where the tests find the arbor binary: $ARBOR_BIN, else the release build, else debug."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def arbor_binary() -> Path | None:
    """The binary to test, or None when none has been built."""
    candidates = [os.environ.get("ARBOR_BIN", ""), ROOT / "target" / "release" / "arbor", ROOT / "target" / "debug" / "arbor"]
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    return None
