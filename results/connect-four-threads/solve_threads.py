#!/usr/bin/env python3
"""Connect Four `go solve` times with 1 and N threads, several engines side by side.

Each CONFIG is `LABEL=ENGINE:THREADS` (one engine process per config, `setoption name
Threads`). Positions are every STRIDE-th line of the named sets of Pons' test data
(`<digits> <score>`), up to COUNT per set. For each position every config solves it in
turn (the order rotates by position, so a load change hits all configs alike), after
`newgame` (a fresh solver table: each time is a cold solve). Wall time is measured from
`go solve` to `bestmove` over the pipe. Every answer is checked against Pons' score.

Prints one JSON line per position and config, then per set and config: positions, wrong
answers, median and sum of the times, the engine's CPU time over the wall time (about
THREADS when every thread had a core; from /proc, in clock ticks), and for each pair (config, BASE) the median of the
per-position ratios BASE/config and the ratio of the sums.

Usage: python3 solve_threads.py new1=target/release/arbor:1 new2=target/release/arbor:2
           --data ../shared/benchdata --sets Test_L1_R2:25:40 --base new1
(the configs before --sets, or after an option that takes one value such as --base)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from arbor_client import Engine, Limit  # noqa: E402
from bench_connect4 import pons_score  # noqa: E402


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process `pid` (all its threads), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("configs", nargs="+", help="LABEL=ENGINE:THREADS")
    parser.add_argument("--data", default="../shared/benchdata")
    parser.add_argument("--sets", nargs="+", required=True, help="SET:STRIDE:COUNT")
    parser.add_argument("--base", action="append", default=[], help="label to compare the others with")
    parser.add_argument("--hash", type=int, default=None, help="Hash (MiB) for every engine")
    args = parser.parse_args()

    configs = []
    for spec in args.configs:
        label, rest = spec.split("=", 1)
        path, threads = rest.rsplit(":", 1)
        configs.append((label, path, int(threads)))
    engines = {}
    for label, path, threads in configs:
        engine = Engine.popen(path, timeout=600.0)
        engine.new_game("connect4")
        engine.set_option("Threads", threads)
        if args.hash is not None:
            engine.set_option("Hash", args.hash)
        engines[label] = engine

    times: dict[tuple[str, str], list[float]] = {}
    wrong: dict[tuple[str, str], int] = {}
    cpu: dict[tuple[str, str], float] = {}
    number = 0
    try:
        for set_spec in args.sets:
            name, stride, count = set_spec.split(":")
            lines = [l.split() for l in (Path(args.data) / "connect4" / name).read_text().splitlines() if l.strip()]
            for fields in lines[:: int(stride)][: int(count)]:
                digits, expected = fields[0], int(fields[1])
                order = configs[number % len(configs):] + configs[: number % len(configs)]
                number += 1
                for label, _, threads in order:
                    engine = engines[label]
                    engine.command("newgame")
                    engine.position(text=f"digits {digits}")
                    engine.is_ready()
                    before = cpu_seconds(engine.process.pid)
                    result = engine.play(Limit(solve=True), timeout=3600.0)
                    used = cpu_seconds(engine.process.pid) - before
                    cpu[(name, label)] = cpu.get((name, label), 0.0) + used
                    got = pons_score(result.score, len(digits))
                    ms = result.elapsed * 1e3
                    times.setdefault((name, label), []).append(ms)
                    wrong[(name, label)] = wrong.get((name, label), 0) + (got != expected)
                    print(json.dumps({"set": name, "digits": digits, "config": label, "threads": threads,
                                      "ms": round(ms, 3), "cpu_s": round(used, 2), "nodes": result.nodes, "pons": got,
                                      "expected": expected}), flush=True)
    finally:
        for engine in engines.values():
            engine.close()

    for name in dict.fromkeys(n for n, _ in times):
        for label, _, _ in configs:
            series = times[(name, label)]
            print(f"{name} {label}: {len(series)} positions, {wrong[(name, label)]} wrong, "
                  f"median {statistics.median(series):.1f} ms, sum {sum(series) / 1e3:.2f} s, "
                  f"CPU/wall {cpu[(name, label)] / (sum(series) / 1e3):.2f}")
        for base in args.base:
            for label, _, _ in configs:
                if label == base:
                    continue
                pairs = list(zip(times[(name, base)], times[(name, label)]))
                ratios = [b / t for b, t in pairs if t > 0]
                total = sum(b for b, _ in pairs) / sum(t for _, t in pairs)
                print(f"{name} {base}/{label}: median ratio {statistics.median(ratios):.3f}, "
                      f"ratio of sums {total:.3f}")
    return 0 if not any(wrong.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
