"""Ctrl-C (SIGINT) and SIGTERM for the match driver: the first one asks for a clean finish
(searches stopped, the report written, every engine ended), a second one asks to kill the
engines at once.

Why the signal handler only sets flags while the match runs: the driver writes a game's record,
then counts it in the standings; an exception raised between the two left a record in the file
that the final report did not count. The driver polls :attr:`Interrupts.requested` and
:attr:`Interrupts.kill` between records (every 0.1 s). Before the match runs (engines being
checked) nothing is written yet, and a signal raises :class:`KeyboardInterrupt` there, so that
the engines started so far are closed on the way out."""

from __future__ import annotations

import signal
import threading
from types import FrameType, TracebackType


class Interrupts:
    """Installs handlers for SIGINT and SIGTERM (a context manager). A signal that is ignored
    (SIGINT in a job started in the background) stays ignored; off the main thread nothing is
    installed and :attr:`requested` is never set."""

    SIGNALS = (signal.SIGINT, signal.SIGTERM)

    def __init__(self) -> None:
        self.requested = threading.Event()
        self.kill = threading.Event()
        #: The first signal received (its exit status is 128 + its number).
        self.signal: int | None = None
        #: While False, a signal raises KeyboardInterrupt (nothing to finish cleanly yet).
        self.deferred = False
        self._previous: dict[int, object] = {}

    def __enter__(self) -> Interrupts:
        if threading.current_thread() is threading.main_thread():
            for number in self.SIGNALS:
                if signal.getsignal(number) in (signal.default_int_handler, signal.SIG_DFL):
                    self._previous[number] = signal.signal(number, self._on_signal)
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        for number, previous in self._previous.items():
            signal.signal(number, previous)  # type: ignore[arg-type]
        self._previous.clear()

    @property
    def exit_status(self) -> int:
        return 128 + (self.signal or signal.SIGINT)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        if self.signal is None:
            self.signal = signum
        if not self.deferred:
            raise KeyboardInterrupt
        if self.requested.is_set():
            self.kill.set()
        self.requested.set()
