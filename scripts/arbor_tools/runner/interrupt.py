"""Ctrl-C for the match driver: the first one asks for a clean finish, the second one kills.

Why not let Python raise :class:`KeyboardInterrupt` where it lands: the driver writes a game's
record, then counts it in the standings; an interrupt between the two left a record in the file
that the final report did not count (CI saw "2 games recorded" with 3 in the file). The first
Ctrl-C therefore only sets :attr:`DeferredInterrupt.requested`, which the driver polls between
records; a second one raises :class:`KeyboardInterrupt` so that a stuck finish can still be cut
short (the driver then kills the engines)."""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType


class DeferredInterrupt:
    """A context manager that replaces Python's SIGINT handler while the match runs. Where
    SIGINT is ignored (a job started in the background) or the driver is not on the main
    thread, it changes nothing and :attr:`requested` is never set."""

    def __init__(self) -> None:
        self.requested = threading.Event()
        self._previous: signal.Handlers | None = None
        self._installed = False

    def __enter__(self) -> DeferredInterrupt:
        if threading.current_thread() is threading.main_thread() \
                and signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            self._previous = signal.signal(signal.SIGINT, self._on_sigint)
            self._installed = True
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._installed:
            signal.signal(signal.SIGINT, self._previous)
            self._installed = False

    def _on_sigint(self, signum: int, frame: FrameType | None) -> None:
        if self.requested.is_set():
            raise KeyboardInterrupt
        self.requested.set()
