#!/usr/bin/env python3
"""First endgame-solver move (18 empties) of session 5's 2T-vs-1T games: does `go movetime M`
solve it with Threads 1 and Threads 2?  eg18.py BIN N MOVETIME [THREADS...]"""
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
        e.command('newgame') if False else None
        e.position(opening + moves)
        start = time.perf_counter()
        r = e.play(Limit(movetime=movetime))
        times[t].append((time.perf_counter() - start) * 1000)
        s = r.score
        if s is not None and s.is_proven:
            solved[t] += 1
for t in threads:
    print(f"threads {t}: solved {solved[t]}/{len(positions)}, median {statistics.median(times[t]):.1f} ms, max {max(times[t]):.1f}")
for e in engines.values(): e.close()
