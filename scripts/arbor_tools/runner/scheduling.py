"""Which games are played, and where: the schedule of paired openings, a plain picklable
function that plays one game or one opening pair anywhere (:func:`play_pair`, e.g. as a
remote task), and the local worker threads that reuse engine processes between games.
"""

from __future__ import annotations

import queue
import threading
from typing import Any, Sequence

from .config import Config, Job
from .engines.pool import EnginePool
from .openings import random_opening
from .referee import play_game


def schedule(engine_count: int, games: int, openings: list[tuple[str, ...]] | None,
             game: str, variant: dict[str, str], plies: int, seed: int) -> list[Job]:
    """All games in play order: rounds of pairings, each a pair with colours swapped.

    With two engines `games` is the total; in a round-robin it is the games per pairing.
    Every pairing plays the same opening in the same round.
    """
    pairings = [(a, b) for a in range(engine_count) for b in range(a + 1, engine_count)]
    rounds = (games + 1) // 2
    jobs: list[Job] = []
    for round_number in range(rounds):
        if openings is not None:
            opening = openings[round_number % len(openings)]
        else:
            opening = random_opening(game, variant, plies, seed, round_number)
        for k, (a, b) in enumerate(pairings):
            pair = round_number * len(pairings) + k
            jobs.append(Job(2 * pair, pair, a, b, opening))
            if 2 * round_number + 1 < games:
                jobs.append(Job(2 * pair + 1, pair, b, a, opening))
    return jobs


def pairs(jobs: Sequence[Job]) -> list[list[Job]]:
    """The jobs grouped by opening pair, in schedule order."""
    grouped: dict[int, list[Job]] = {}
    for job in jobs:
        grouped.setdefault(job.pair, []).append(job)
    return list(grouped.values())


def play_pair(jobs: Sequence[Job], config: Config, worker: int = 0,
              pool: EnginePool | None = None) -> list[dict[str, Any]]:
    """Plays `jobs` (one game, or the two games of an opening pair) with engines of its own
    and returns their records (a runner error becomes a ``{"type": "error"}`` record).

    Needs only its arguments, which are plain picklable data, and ends every engine it
    started: it can run in another process or on another machine (engine paths must exist
    there). `worker` only names the log files in ``config.log_dir``. With `pool` (e.g. kept
    by a Ray worker between pairs) it plays with those engines and leaves them running.
    """
    own = pool is None
    if pool is None:
        pool = EnginePool(config, worker)
    try:
        records = []
        for job in jobs:
            records.append(_play_or_report(job, config, pool, None))
            if config.fresh:
                pool.close()
        return records
    finally:
        if own:
            pool.close()


#: Times a game is played from its start after a runner error before it is given up (the
#: match then records fewer games than asked, and says so).
ATTEMPTS = 3


def _play_or_report(job: Job, config: Config, pool: EnginePool, stop: threading.Event | None) -> dict[str, Any] | None:
    try:
        return play_game(job, config, pool, stop)
    except Exception as error:  # a runner bug or a lack of resources must not lose the match
        # The engines may be mid-search: the next game starts them afresh (not their fault).
        for index in (job.first, job.second):
            pool.discard(index, fault=False)
        return {"type": "error", "index": job.index, "error": repr(error)}


def worker_loop(pool: EnginePool, jobs: "queue.Queue[Job]", results: "queue.Queue[dict]",
                stop: threading.Event) -> None:
    """A local worker thread: takes jobs until none are left, reusing the engines of `pool`.
    A game that a runner error cut short is played again from its start (up to
    :data:`ATTEMPTS` times); its error record says whether it will be (``"replayed"``)."""
    config = pool.config
    attempts: dict[int, int] = {}
    try:
        while not stop.is_set():
            try:
                job = jobs.get_nowait()
            except queue.Empty:
                break
            record = _play_or_report(job, config, pool, stop)
            if record is not None and record.get("type") == "error":
                attempts[job.index] = attempts.get(job.index, 0) + 1
                record["replayed"] = attempts[job.index] < ATTEMPTS and not stop.is_set()
                if record["replayed"]:
                    jobs.put(job)
            if record is not None:
                results.put(record)
            if config.fresh:
                pool.close()
    finally:
        pool.close()
        results.put({"type": "worker-done"})
