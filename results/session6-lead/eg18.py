#!/usr/bin/env python3
"""The first endgame-solver move (18 empties) of session 5's 2-threads-vs-1 games: is it
solved (a proven score) at `go movetime MOVETIME` with each number of threads?

    eg18.py BIN N MOVETIME [THREADS...] [--no-newgame]

Each engine first plays `newgame` (left out with --no-newgame), then searches its own
previous four moves as in a game (warm), then the position itself.  Positions: eg18.json,
[opening, moves, ...] of each smp5 game up to the solver's first move."""
import json
import os
import statistics
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, '..', '..', 'scripts'))
from arbor_client import Engine, Limit  # noqa: E402

args = [a for a in sys.argv[1:] if a != '--no-newgame']
newgame = '--no-newgame' not in sys.argv
binary, count, movetime = args[0], int(args[1]), int(args[2])
threads = [int(t) for t in args[3:]] or [1, 2]
positions = json.load(open(os.path.join(here, 'eg18.json')))[:count]
engines = {}
for t in threads:
    e = Engine.popen(binary)
    e.new_game('othello')
    e.set_option('Threads', t)
    e.is_ready()
    engines[t] = e
solved = {t: 0 for t in threads}
times = {t: [] for t in threads}
for opening, moves, _, _ in positions:
    for t in threads:
        e = engines[t]
        if newgame:
            e.command('newgame')
        for k in range(len(moves) - 8, len(moves) + 1, 2):
            e.position(opening + moves[:k])
            start = time.perf_counter()
            r = e.play(Limit(movetime=movetime))
        times[t].append((time.perf_counter() - start) * 1000)
        if r.score is not None and r.score.is_proven:
            solved[t] += 1
for t in threads:
    print(f"threads {t}: solved {solved[t]}/{len(positions)}, "
          f"median {statistics.median(times[t]):.1f} ms, max {max(times[t]):.1f}")
for e in engines.values():
    e.close()
