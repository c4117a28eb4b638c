"""The referee: plays one game between two players with the runner's own rules (rules.py),
whatever protocol the engines speak. An illegal move, a crash, a hang, a time loss, an error
answer or garbage loses the game for the offender (the engine is restarted, except after a
plain time loss); clocks and adjudication are kept here.
"""

from __future__ import annotations

import math
import threading
import time
from typing import Any

from ..client import EngineError, EngineTerminated, EngineTimeout, Limit, Score

from .. import rules

from .config import Adjudication, Config, Job, TimeControl
from .engines.base import ProtocolViolation, Reply
from .engines.pool import EnginePool


def search_limit(limits: TimeControl, side: int, clocks: dict[int, float]) -> Limit:
    """The limit of one move: fixed depth/nodes/movetime and the clocks (runner-kept, in ms;
    the client's Limit takes seconds)."""
    white_clock: float | None = None
    black_clock: float | None = None
    inc: float | None = None
    if limits.base_ms is not None:
        # A clock within the time margin may be at or below 0: the engine is still asked
        # for a move, with the least time the protocol can say (1 ms).
        own = max(1.0, clocks[side])
        other = max(1.0, clocks.get(1 - side, own))
        white_clock, black_clock = (own, other) if side == rules.FIRST else (other, own)
        inc = limits.inc_ms

    def seconds(ms: float | None) -> float | None:
        return None if ms is None else round(ms) / 1000.0

    return Limit(depth=limits.depth, time=seconds(limits.movetime), nodes=limits.nodes,
                 white_clock=seconds(white_clock), black_clock=seconds(black_clock),
                 white_inc=seconds(inc), black_inc=seconds(inc))


def adjudication_value(score: Score | None) -> float | None:
    """A score as the adjudication rules compare it, from the mover's view: a proven result
    is a result whatever its unit (``win N``, ``loss N``, and Othello's ``disc N``, a proven
    final disc margin, are +-infinity; ``draw`` and ``disc 0`` are 0), a heuristic score is
    its centi-units. None when the engine gave no score."""
    if score is None:
        return None
    if score.kind in ("win", "loss"):
        return math.inf if score.kind == "win" else -math.inf
    if score.kind == "draw":
        return 0.0
    if score.kind == "disc":
        value = score.value or 0
        return 0.0 if value == 0 else math.copysign(math.inf, value)
    return float(score.value or 0)


def adjudicate(adjudication: Adjudication, history: list[tuple[int, Score | None]]) -> rules.Outcome | None:
    """history: (side, the mover's score or None) per ply after the opening.

    A proven win or loss is never adjudicated a draw, and it counts past any resign
    threshold (see :func:`adjudication_value`).
    """
    values = [(side, adjudication_value(score)) for side, score in history]
    if adjudication.draw:
        count, threshold = adjudication.draw
        last = values[-count:]
        if len(last) == count and all(s is not None and abs(s) <= threshold for _, s in last):
            return rules.Outcome(None, f"adjudication: draw (|score| <= {threshold} for {count} plies)")
    if adjudication.resign:
        count, threshold = adjudication.resign
        last = values[-2 * count:]
        if len(last) == 2 * count and all(s is not None for _, s in last):
            # Both sides agree for `count` moves each: the loser sees <= -M, the winner >= M.
            for loser in (rules.FIRST, rules.SECOND):
                if all((s <= -threshold) if side == loser else (s >= threshold) for side, s in last):  # type: ignore[operator]
                    return rules.Outcome(1 - loser, f"adjudication: resign ({'XO'[loser]} score <= -{threshold} "
                                                    f"for {count} moves)")
    return None


def _timeout(config: Config, limits: TimeControl, side: int, clocks: dict[int, float]) -> float:
    """Seconds to wait for a move before it is a time forfeit or a hang."""
    if side in clocks:
        return (clocks[side] + config.margin_ms) / 1000.0 + 0.1
    if limits.movetime is not None:
        return (limits.movetime + config.margin_ms) / 1000.0 + 0.25
    return config.hang_timeout


def _fault(error: EngineError, limits: TimeControl, timeout: float) -> str:
    """The reason of a forfeit for an engine's fault while it was asked for a move."""
    if isinstance(error, EngineTimeout):
        return "time forfeit (no move in time)" if limits.timed else f"hang (no move in {timeout:g} s)"
    if isinstance(error, EngineTerminated):
        return f"crash ({error.message})"
    if isinstance(error, ProtocolViolation):
        return f"protocol error ({error.message})"
    return f"engine error ({error.message})"


def _worth_pondering(position: rules.Game, expected: str | None) -> bool:
    """Whether the engine can think after the reply it expects: a legal reply that does not
    end the game (a finished position has nothing to search)."""
    if expected is None or expected not in position.legal_moves():
        return False
    after = position.copy()
    after.play(expected)
    return after.outcome is None


def play_game(job: Job, config: Config, pool: EnginePool, stop: threading.Event | None = None) -> dict[str, Any] | None:
    """Plays one game and returns its record, or None when `stop` interrupted it.

    Once `stop` is set, nothing an engine does counts: its searches are being stopped or its
    process killed, so an error or a crash then is the runner's doing and the game is left
    unplayed (``--resume`` plays it from its start). Any exception other than an engine's
    fault is the runner's: it propagates, and the caller plays the game again."""
    position = rules.new_game(config.game, config.variant)
    for move in job.opening:
        position.play(move)
    players = (job.first, job.second)
    specs = [config.engines[i] for i in players]
    clocks = {side: spec.limits.base_ms for side, spec in enumerate(specs) if spec.limits.base_ms is not None}
    log: list[dict[str, Any]] = []
    history: list[tuple[int, Score | None]] = []
    outcome: rules.Outcome | None = None
    started = time.time()

    def forfeit(side: int, reason: str, restart: bool = True) -> rules.Outcome:
        if restart:
            pool.discard(players[side])
        return rules.Outcome(1 - side, f"{specs[side].name} ({'XO'[side]}): {reason}")

    def stopped() -> bool:
        return stop is not None and stop.is_set()

    # Both engines set up at once (a table clear can take milliseconds), then both must be ready.
    # Each is started once: a failure to start is its fault, and not tried again in this game.
    failures = pool.ensure(players)
    begun = []
    for side, index in enumerate(players):
        try:
            if index in failures:
                raise failures[index]
            player = pool.get(index)
            player.begin_game(config.game, config.variant, job.opening)
            begun.append((side, player))
        except EngineError as error:
            if stopped():
                return None
            outcome = forfeit(side, f"failed to start a game: {error}")
            break
    for side, player in begun if outcome is None else []:
        try:
            player.await_ready(max(config.start_timeout, config.hang_timeout))
        except EngineError as error:
            if stopped():
                return None
            outcome = forfeit(side, f"failed to start a game: {error}")
            break
    # The processes that play this game: one that ends before the game does is never
    # replaced mid-game by a fresh process (which would not know the game or its options).
    seated = dict(begun)

    while outcome is None and position.outcome is None:
        if stopped():
            return None
        side = position.side_to_move
        spec = specs[side]
        timeout = _timeout(config, spec.limits, side, clocks)
        try:
            player = seated[side]
            if not player.alive:
                raise EngineTerminated("the engine exited between two moves")
            if not player.asked_to_pass and position.legal_moves() == ["pass"]:
                # As an Othello GUI does for an NBoard engine: the forced pass is played for it.
                log.append({"move": "pass", "time_ms": 0.0, "score": None, "depth": None, "nodes": None})
                position.play("pass")
                history.append((side, None))
                continue
            reply: Reply = player.think(position, search_limit(spec.limits, side, clocks), timeout)
        except EngineError as error:
            if stopped():
                return None
            outcome = forfeit(side, _fault(error, spec.limits, timeout))
            break
        if stopped():  # the move of a search that Ctrl-C stopped: the game is not finished
            return None
        elapsed_ms = reply.elapsed * 1000.0
        score = reply.score
        # Only moves that were played are recorded (records must replay); a forfeited move
        # is named in the reason.
        if side in clocks:
            clocks[side] -= elapsed_ms
            if clocks[side] < -config.margin_ms:
                outcome = forfeit(side, f"time forfeit ({-clocks[side]:.0f} ms over)", restart=False)
                break
            clocks[side] += spec.limits.inc_ms
        elif spec.limits.movetime is not None and elapsed_ms > spec.limits.movetime + config.margin_ms:
            outcome = forfeit(side, f"time forfeit ({elapsed_ms:.0f} ms for movetime {spec.limits.movetime})",
                              restart=False)
            break
        try:
            if reply.move is None:
                raise rules.IllegalMove("not a move of this game")
            position.play(reply.move)
        except rules.IllegalMove as error:
            outcome = forfeit(side, f"illegal move {reply.raw!r} ({error})")
            break
        log.append({"move": position.moves[-1], "time_ms": round(elapsed_ms, 1),
                    "score": None if score is None else str(score), "depth": reply.depth, "nodes": reply.nodes})
        history.append((side, score))
        if position.outcome is None:
            outcome = adjudicate(config.adjudication, history)
        if outcome is None and position.outcome is None and spec.ponder and _worth_pondering(position, reply.ponder):
            try:  # think on the opponent's time; a fault shows at this engine's next move
                player.ponder(position, reply.ponder, search_limit(spec.limits, side, clocks))
            except EngineError:
                pass

    for _, player in begun:  # a ponder search that no move will follow
        player.end_ponder()

    if outcome is None:
        outcome = position.outcome
    assert outcome is not None
    names = [spec.name for spec in specs]
    if outcome.winner is None:
        result_text, points = "1/2-1/2", {players[0]: 0.5, players[1]: 0.5}
    else:
        result_text = "1-0" if outcome.winner == rules.FIRST else "0-1"
        points = {players[outcome.winner]: 1.0, players[1 - outcome.winner]: 0.0}
    return {
        "type": "game", "index": job.index, "pair": job.pair,
        "game": config.game, "variant": config.variant,
        "engines": {"X": names[0], "O": names[1]}, "engine_index": {"X": players[0], "O": players[1]},
        "opening": list(job.opening), "moves": log,
        "result": result_text, "winner": None if outcome.winner is None else names[outcome.winner],
        "reason": outcome.reason, "points": {str(k): v for k, v in points.items()},
        "started": round(started, 3), "duration_s": round(time.time() - started, 3),
    }
