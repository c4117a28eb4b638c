"""A match as the report page sees it: the records of one or several ``--out`` files, merged,
with the standings and the per-game progress of the statistics.

Every number comes from the functions the text report uses (:class:`~..report.Standings`,
:func:`arbor_tools.sprt.match_estimate`, :meth:`arbor_tools.sprt.Sprt.llr`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from ... import sprt as stats
from ..config import ConfigError
from ..records.jsonl import read_lines
from ..report import Standings, Tally

#: Forfeit kinds as the referee words them (``NAME (X): KIND ...``), in the order shown.
FAULT_KINDS = ("crash", "hang", "illegal move", "time forfeit", "protocol error", "engine error",
               "failed to start a game")


@dataclass
class Engine:
    """One engine of the match (what Standings and the crosstable need: index and name)."""

    index: int
    name: str
    limits: str = ""


@dataclass
class Point:
    """The statistics after one more game: Elo with its 95% interval and the LLR."""

    games: int
    elo: float
    low: float
    high: float
    llr: float | None


@dataclass
class MatchData:
    """The merged records of a match and everything derived from them, built game by game."""

    game: str
    variant: dict[str, str]
    engines: list[Engine]
    openings: str
    total: int | None
    sprt: stats.Sprt | None
    records: list[dict[str, Any]] = field(default_factory=list)
    progress: list[Point] = field(default_factory=list)
    faults: dict[tuple[int, str], int] = field(default_factory=dict)
    encoded: dict[int, list[Any]] = field(default_factory=dict)  # the page's form of each game
    standings: Standings = field(init=False)

    def __post_init__(self) -> None:
        self.standings = Standings(self.engines)  # type: ignore[arg-type]
        self._signatures: list[str] = []
        self._offsets: list[int] = []
        self._seen: set[int] = set()
        self._next_index = 0
        self._names = [e.name for e in self.engines]  # the current file's engines, by its indices
        self._offset = 0  # added to the current file's game and pair numbers
        self._llr_counts: list[int] = []
        self._llr = 0.0

    # --- building ---------------------------------------------------------------------

    @classmethod
    def from_header(cls, header: dict[str, Any], sprt: stats.Sprt | None = None) -> "MatchData":
        engines = [Engine(i, e["name"], e.get("limits", ""))
                   for i, e in enumerate(header.get("engines", []))]
        if sprt is None and header.get("sprt"):
            sprt = stats.Sprt(**header["sprt"])
        total = header.get("total")
        if total is None and len(engines) == 2:
            total = header.get("games")
        data = cls(header["game"], dict(header.get("variant") or {}), engines,
                   header.get("openings", ""), total, sprt)
        data.begin_file(header)
        return data

    def begin_file(self, header: dict[str, Any]) -> None:
        """Starts the records of another file. A file of the same match (same game, openings,
        engines and length: a resumed or distributed run) shares its game numbers and drops
        games already seen; another match's games are numbered after the ones before."""
        if header["game"] != self.game or dict(header.get("variant") or {}) != self.variant:
            raise ConfigError(f"records of {header['game']} {header.get('variant')} cannot be merged "
                              f"with {self.game} {self.variant}")
        names = [e["name"] for e in header.get("engines", [])]
        for name in names:
            if name not in [e.name for e in self.engines]:
                self.engines.append(Engine(len(self.engines), name))
                self.total = None  # a round robin of merged matches: no known length
        self._names = names
        signature = json.dumps([header.get("openings"), names, header.get("games")])
        if signature in self._signatures:
            self._offset = self._offsets[self._signatures.index(signature)]
        else:
            if self._signatures:
                self.total = None
            self._signatures.append(signature)
            self._offset = self._next_index
            self._offsets.append(self._offset)

    def add(self, record: dict[str, Any]) -> None:
        """Adds one game record of the current file (a repeated game is ignored)."""
        index = record["index"] + self._offset
        if index in self._seen:
            return
        self._seen.add(index)
        self._next_index = max(self._next_index, index + 1)
        local = {str(i): self._global(i) for i in (record["engine_index"]["X"], record["engine_index"]["O"])}
        record = dict(record, index=index, pair=record["pair"] + self._offset,
                      engine_index={side: local[str(i)] for side, i in record["engine_index"].items()},
                      points={str(local[k]): v for k, v in record["points"].items()})
        self.records.append(record)
        self.standings.add(record)
        self._count_fault(record)
        if len(self.engines) == 2:
            self.progress.append(self._point())

    def _global(self, local: int) -> int:
        name = self._names[local] if local < len(self._names) else str(local)
        return [e.name for e in self.engines].index(name)

    def _count_fault(self, record: dict[str, Any]) -> None:
        reason = record["reason"]
        for side in "XO":
            prefix = f"{record['engines'][side]} ({side}): "
            if reason.startswith(prefix):
                rest = reason[len(prefix):]
                kind = next((k for k in FAULT_KINDS if rest.startswith(k)), rest.split(" (")[0])
                key = (record["engine_index"][side], kind)
                self.faults[key] = self.faults.get(key, 0) + 1

    def _point(self) -> Point:
        t = self.standings.tally(0, 1)
        ptnml = t.ptnml()
        estimate = stats.match_estimate(t.wins, t.draws, t.losses, ptnml)
        low, high = estimate.elo - estimate.error, estimate.elo + estimate.error
        llr = None
        if self.sprt is not None:
            counts = self.sprt.counts(t.wins, t.draws, t.losses, ptnml)
            if counts != self._llr_counts:  # the pair counts change every second game only
                self._llr_counts, self._llr = counts, self.sprt.llr(counts)
            llr = self._llr
        return Point(t.games, estimate.elo, low, high, llr)

    # --- reading ----------------------------------------------------------------------

    def tally(self) -> Tally:
        """The first engine's results against the second."""
        return self.standings.tally(0, 1)

    def restarts(self, index: int) -> int:
        """Restarts of engine `index`: the referee restarts an engine after every forfeit
        except a plain time loss (referee.play_game)."""
        return sum(n for (i, kind), n in self.faults.items() if i == index and kind != "time forfeit")

    def decision(self) -> str | None:
        if self.sprt is None or not self.progress or self.progress[-1].llr is None:
            return None
        return self.sprt.decision(self.progress[-1].llr)

    def status(self, live: bool) -> str:
        played = len(self.records)
        of = f" of {self.total}" if self.total else ""
        decision = self.decision()
        if decision:
            return f"stopped by SPRT: {decision} accepted ({played}{of} games)"
        if live:
            return f"running: {played}{of} games played"
        if self.total and played < self.total:
            return f"unfinished: {played}{of} games recorded"
        return f"finished: {played} games"


def read_match(paths: list[str], sprt: stats.Sprt | None = None) -> MatchData:
    """Merges records files into one :class:`MatchData`. Raises ConfigError (no header, a
    bad line, files of different games) or OSError."""
    data: MatchData | None = None
    for path in paths:
        header_seen = False
        for number, record in read_lines(path):
            kind = record.get("type")
            if kind == "match":
                if not isinstance(record.get("game"), str):
                    raise ConfigError(f"{path}:{number}: a match header without a game")
                if data is None:
                    data = MatchData.from_header(record, sprt)
                else:
                    data.begin_file(record)
                header_seen = True
            elif kind == "game":
                if not header_seen or data is None:
                    raise ConfigError(f"{path}:{number}: a game before the match header")
                try:
                    data.add(record)
                except (KeyError, TypeError, AttributeError) as error:
                    raise ConfigError(f"{path}:{number}: not a game record of the runner ({error!r})") from None
        if not header_seen:
            raise ConfigError(f"{path}: no match header (is it a records file of --out?)")
    if data is None:
        raise ConfigError("no records files given")
    return data


def finite(value: float, limit: float) -> float:
    """`value` clamped to +-`limit` (infinite Elo at 0% or 100% stays on the plot's edge)."""
    if math.isnan(value):
        return 0.0
    return max(-limit, min(limit, value))
