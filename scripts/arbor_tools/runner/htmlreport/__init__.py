"""The match report page: one self-contained HTML file from the runner's records.

* :mod:`.data` - records files merged into a :class:`~.data.MatchData` (standings, faults and
  the statistics after every game, from the text report's own functions)
* :mod:`.charts` - inline SVG plots
* :mod:`.page` - the page: summary, plots, openings, per-move statistics, the games
* :mod:`.assets` - its style sheet and script (board replay, move stepping, game list)

``match.py ... --out games.jsonl --report games.html`` rewrites the page every few games while
the match runs (the page reloads itself until the match ends) and once more at the end;
``arbor-report games.jsonl -o games.html`` (or ``python3 scripts/report.py``) makes the same
page from records files, one or several (a resumed or distributed match)::

    arbor-report a.jsonl b.jsonl -o match.html

Open a game at a ply with the URL's fragment: ``match.html#game=3&ply=5``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import threading
import time
from typing import Any, Iterator, Sequence

from ... import sprt as stats
from ..config import ConfigError
from .data import MatchData, read_match
from .page import build_page

__all__ = ["MatchData", "read_match", "build_page", "write_page", "follow", "main"]


def write_page(data: MatchData, path: str, live: bool = False, refresh_s: int = 10) -> int:
    """Writes the page atomically (a browser reloading it never sees half a file); returns
    its size in bytes."""
    text = build_page(data, live=live, refresh_s=refresh_s)
    temporary = f"{path}.tmp{os.getpid()}"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(text)
    os.replace(temporary, path)
    return len(text.encode("utf-8"))


class _Follower:
    """Reads new lines of a records file as the runner appends them."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.offset = 0
        self.data: MatchData | None = None
        self.games = 0

    def poll(self) -> int:
        """Adds the complete lines written since the last call; returns how many games."""
        try:
            with open(self.path, "rb") as handle:
                handle.seek(self.offset)
                chunk = handle.read()
        except FileNotFoundError:
            return 0
        end = chunk.rfind(b"\n") + 1
        self.offset += end
        added = 0
        for line in chunk[:end].decode("utf-8").splitlines():
            if not line.strip():
                continue
            record: dict[str, Any] = json.loads(line)
            if record.get("type") == "match":
                if self.data is None:
                    self.data = MatchData.from_header(record)
                else:
                    self.data.begin_file(record)
            elif record.get("type") == "game" and self.data is not None:
                self.data.add(record)
                added += 1
        self.games += added
        return added


@contextlib.contextmanager
def follow(report: str | None, records: str | None, total: int, every: int | None = None,
           poll_s: float = 0.5) -> Iterator[None]:
    """While the block runs (a match writing `records`), rewrites the page `report` every
    `every` games (default: about every 2% of the match, 1 to 20 games) and at least every
    30 s when games came in; at the end writes the final page (no reload). Does nothing when
    `report` is None."""
    if report is None or records is None:
        yield
        return
    follower = _Follower(records)
    every = every or max(1, min(20, total // 50))
    stop = threading.Event()

    def loop() -> None:
        pending, last = 0, time.monotonic()
        while not stop.wait(poll_s):
            try:
                pending += follower.poll()
                if follower.data is not None and (pending >= every or (pending and time.monotonic() - last > 30)):
                    write_page(follower.data, report, live=True)
                    pending, last = 0, time.monotonic()
            except (OSError, ValueError, KeyError, ConfigError) as error:  # a page must not end the match
                print(f"\nreport: {error}", file=sys.stderr)

    thread = threading.Thread(target=loop, name="match-report", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        try:
            follower.poll()
            if follower.data is not None:
                write_page(follower.data, report, live=False)
        except (OSError, ValueError, KeyError, ConfigError) as error:
            print(f"report: {error}", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="arbor-report",
        description="Make the match report page (one self-contained HTML file) from the runner's "
                    "records files (--out of match.py): results, Elo and SPRT over the games, opening "
                    "pairs, time/depth/nodes per move, and every game replayable on its board.",
        epilog="Example: arbor-report games.jsonl more.jsonl -o match.html; open "
               "match.html#game=3&ply=5 for game 3 at ply 5.")
    parser.add_argument("records", nargs="+", metavar="RECORDS.jsonl",
                        help="records files of one match (a resumed or distributed one: several)")
    parser.add_argument("-o", "--report", required=True, metavar="FILE.html", help="the page to write")
    parser.add_argument("--sprt", nargs="*", default=None, metavar="KEY=VALUE",
                        help="SPRT bounds for records that do not carry them: elo0=0 elo1=5 alpha=0.05 "
                             "beta=0.05 [model=normalized|logistic|bayesian]")
    args = parser.parse_args(argv)
    try:
        sprt = stats.Sprt.parse(args.sprt) if args.sprt is not None else None
        started = time.monotonic()
        data = read_match(args.records, sprt)
        size = write_page(data, args.report)
    except (ConfigError, ValueError, OSError) as error:
        print(f"arbor-report: error: {error}", file=sys.stderr)
        return 2
    print(f"{args.report}: {len(data.records)} games, {size / 1e6:.2f} MB, "
          f"made in {time.monotonic() - started:.1f} s")
    return 0
