"""Engine adapters, one module per protocol, behind :class:`.base.Player`."""

from __future__ import annotations

from typing import Any, TextIO

from ..config import EngineSpec
from .base import Player


def open_player(spec: EngineSpec, *, stderr: Any, transcript: TextIO | None, timeout: float) -> Player:
    """Starts the engine of `spec` and completes its protocol's handshake (within `timeout`)."""
    if spec.proto == "uci":
        from .uci import UciPlayer as Adapter
    elif spec.proto == "gomocup":
        from .gomocup import GomocupPlayer as Adapter  # type: ignore[assignment]
    elif spec.proto == "nboard":
        from .nboard import NBoardPlayer as Adapter  # type: ignore[assignment]
    else:
        from .arbor import ArborPlayer as Adapter  # type: ignore[assignment]
    return Adapter(spec, stderr=stderr, transcript=transcript, timeout=timeout)
