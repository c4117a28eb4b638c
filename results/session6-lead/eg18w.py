#!/usr/bin/env python3
"""Like eg18.py, but warm: each engine also searches its own previous moves from ply 30
(as in a game) before the first endgame position.  eg18w.py BIN N MOVETIME [THREADS...]"""
import json, sys, time, statistics
import os; here = os.path.dirname(os.path.abspath(__file__)); sys.path.insert(0, os.path.join(here, '..', '..', 'scripts'))
from arbor_client import Engine, Limit
binary, count, movetime = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
threads = [int(t) for t in sys.argv[4:]] or [1, 2]
positions = json.load(open(os.path.join(here, 'eg18.json')))[:count]
engines = {}
for t in threads:
    e = Engine.popen(binary); e.new_game('othello'); e.set_option('Threads', t); e.is_ready()
    engines[t] = e
solved = {t: 0 for t in threads}; times = {t: [] for t in threads}
for opening, moves, _, _ in positions:
    for t in threads:
        e = engines[t]
        e.command('newgame')
        for k in range(len(moves) - 8, len(moves) + 1, 2):
            e.position(opening + moves[:k])
            start = time.perf_counter()
            r = e.play(Limit(movetime=movetime))
        times[t].append((time.perf_counter() - start) * 1000)
        s = r.score
        if s is not None and s.is_proven:
            solved[t] += 1
for t in threads:
    print(f"threads {t}: solved {solved[t]}/{len(positions)}, median {statistics.median(times[t]):.1f} ms, max {max(times[t]):.1f}")
for e in engines.values(): e.close()
