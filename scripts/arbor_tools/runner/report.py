"""Standings of a match or tournament and how they are shown: the live progress line, the
fastchess-style final block (statistics from sprt.py) and the round-robin crosstable."""

from __future__ import annotations

import time
from typing import Any

from .. import sprt as stats

from .config import Config, EngineSpec
from .engines.pool import Registry


class Tally:
    """Results between engine `a` and `b` from a's view, with pair bookkeeping."""

    def __init__(self) -> None:
        self.wins = self.draws = self.losses = 0
        self.pairs: dict[int, list[float]] = {}
        self._ptnml = [0] * 5  # kept as games come in: the SPRT reads it after every game

    def add(self, pair: int, points: float) -> None:
        if points == 1.0:
            self.wins += 1
        elif points == 0.0:
            self.losses += 1
        else:
            self.draws += 1
        scores = self.pairs.setdefault(pair, [])
        if len(scores) == 2:
            self._ptnml[int(round(sum(scores) * 2))] -= 1
        scores.append(points)
        if len(scores) == 2:
            self._ptnml[int(round(sum(scores) * 2))] += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def ptnml(self) -> list[int]:
        """Pair counts [LL, LD, WL+DD, WD, WW] over the pairs with exactly two games."""
        return list(self._ptnml)


class Standings:
    """All results of a match or tournament."""

    def __init__(self, engines: list[EngineSpec]) -> None:
        self.engines = engines
        self.tallies: dict[tuple[int, int], Tally] = {}
        self.reasons: dict[str, int] = {}
        self.records = 0

    def add(self, record: dict[str, Any]) -> None:
        x, o = record["engine_index"]["X"], record["engine_index"]["O"]
        a, b = min(x, o), max(x, o)
        points = record["points"][str(a)]
        self.tallies.setdefault((a, b), Tally()).add(record["pair"], points)
        reason = record["reason"]
        # Group reasons without the detail in parentheses, e.g. "d6 (X): illegal move".
        key = reason.split(" (", 1)[0]
        if "): " in reason:
            head, _, tail = reason.partition("): ")
            key = head + "): " + tail.split(" (")[0].split(" '")[0]
        self.reasons[key] = self.reasons.get(key, 0) + 1
        self.records += 1

    def tally(self, a: int = 0, b: int = 1) -> Tally:
        return self.tallies.get((a, b), Tally())

    def wdl(self, index: int) -> tuple[int, int, int]:
        """Wins, draws and losses of engine `index` against all others."""
        w = d = l = 0
        for (a, b), t in self.tallies.items():
            if index == a:
                w, d, l = w + t.wins, d + t.draws, l + t.losses
            elif index == b:
                w, d, l = w + t.losses, d + t.draws, l + t.wins
        return w, d, l

    def points(self, index: int) -> tuple[float, int]:
        total, games = 0.0, 0
        for (a, b), t in self.tallies.items():
            if index == a:
                total += t.wins + t.draws / 2
                games += t.games
            elif index == b:
                total += t.losses + t.draws / 2
                games += t.games
        return total, games


class Progress:
    """The pace of this run: elapsed time, games per minute and the time left, from the games
    played since it started (games recorded by an earlier run, resumed, do not count)."""

    def __init__(self, done_before: int, total: int) -> None:
        self.started = time.monotonic()
        self.done_before = done_before
        self.total = total

    def text(self, done: int, now: float | None = None) -> str:
        elapsed = (time.monotonic() if now is None else now) - self.started
        played = done - self.done_before
        rate = played / elapsed * 60.0 if elapsed > 0 and played > 0 else 0.0
        eta = _duration((self.total - done) / rate * 60.0) if rate > 0 else "?"
        return f"{_duration(elapsed)} elapsed, ETA {eta}, {rate:.1f} games/min"


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def progress_line(standings: Standings, done: int, total: int, config: Config, clock: Progress | None = None) -> str:
    """``Games 12/200 (0:04 elapsed, ETA 1:02, 180.0 games/min)  a vs b: W 5 D 2 L 5  Elo ...``"""
    pace = f"Games {done}/{total}" + (f" ({clock.text(done)})" if clock is not None else "")
    if len(config.engines) == 2:
        t = standings.tally()
        text = (f"{pace}  {config.engines[0].name} vs {config.engines[1].name}: "
                f"W {t.wins} D {t.draws} L {t.losses}")
        if t.games:
            # The same figures as the final report (stats.summarize), so the two never disagree.
            summary = stats.summarize(t.wins, t.draws, t.losses, t.ptnml(), config.sprt)
            text += f"  Elo {stats._fmt(summary.elo.elo)} +/- {stats._fmt(summary.elo.error)}"
            if summary.llr is not None:
                text += f"  LLR {summary.llr:.2f}"
        return text
    leaders = sorted(range(len(config.engines)), key=lambda i: -standings.points(i)[0])
    return f"{pace}  " + "  ".join(
        f"{config.engines[i].name} {standings.points(i)[0]:g}/{standings.points(i)[1]}" for i in leaders[:4])


def final_report(standings: Standings, config: Config, played: int, interrupted: bool,
                 decision: str | None, registry: Registry) -> list[str]:
    engines = config.engines
    lines = ["-" * 60]
    limits = "; ".join(f"{e.name}: {e.limits.describe()}" for e in engines)
    variant = " ".join(f"{k}={v}" for k, v in config.variant.items())
    header = f"{config.game}{' ' + variant if variant else ''}, {limits}, openings: {config.opening_source}"
    if len(engines) == 2:
        t = standings.tally()
        lines.append(f"Results of {engines[0].name} vs {engines[1].name} ({header}):")
        lines += stats.report(t.wins, t.draws, t.losses, t.ptnml(), config.sprt)
        if decision:
            lines.append(f"SPRT: {decision} accepted")
    else:
        lines.append(f"Round-robin ({header}):")
        lines += crosstable(standings, engines)
    lines.append("-" * 60)
    lines.append(f"{'Engine':<16} {'Games':>5} {'W':>5} {'D':>5} {'L':>5} {'Points':>7} {'Score':>7}  Restarts")
    for e in engines:
        w, d, l = standings.wdl(e.index)
        games = w + d + l
        score = f"{(w + d / 2) / games * 100:.1f}%" if games else "-"
        restarts = registry.restarts.get(e.index, 0)
        lines.append(f"{e.name:<16} {games:>5} {w:>5} {d:>5} {l:>5} {w + d / 2:>7.1f} {score:>7}  {restarts}")
    if standings.reasons:
        lines.append("Endings: " + ", ".join(f"{k}: {v}" for k, v in
                                             sorted(standings.reasons.items(), key=lambda kv: -kv[1])))
    status = "interrupted" if interrupted else ("stopped by SPRT" if decision else "finished")
    lines.append(f"Match {status}: {standings.records} games recorded ({played} this run)"
                 + (f", records in {config.out}" if config.out else ""))
    return lines


def crosstable(standings: Standings, engines: list[EngineSpec]) -> list[str]:
    order = sorted(range(len(engines)), key=lambda i: -standings.points(i)[0])
    width = max(8, max(len(e.name) for e in engines))
    head = f"{'#':>2} {'Engine':<{width}} {'Points':>7} {'Games':>5} {'Elo':>16}  " + " ".join(
        f"{engines[i].name[:9]:>9}" for i in order)
    lines = [head]
    for rank, i in enumerate(order, 1):
        points, games = standings.points(i)
        w, d, l = standings.wdl(i)
        elo = "-"
        if games:
            est = stats.trinomial_elo(w, d, l)
            elo = f"{stats._fmt(est.elo)} +/- {stats._fmt(est.error)}"
        cells = []
        for j in order:
            if i == j:
                cells.append(f"{'-':>9}")
                continue
            a, b = min(i, j), max(i, j)
            t = standings.tally(a, b)
            mine = (t.wins if i == a else t.losses) + t.draws / 2
            cells.append(f"{f'{mine:g}/{t.games}':>9}")
        lines.append(f"{rank:>2} {engines[i].name:<{width}} {points:>7.1f} {games:>5} {elo:>16}  " + " ".join(cells))
    return lines
