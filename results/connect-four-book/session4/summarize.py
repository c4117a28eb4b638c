"""Summarises judge outputs of scripts/bench_connect4_keep.py (--judge ... --wdl): keeps by
ply for both players, and the referee's win/draw/loss solve CPU time by ply.

Usage: python3 summarize.py JUDGE.txt[:FIRST] ... (one line per benchmark position, in
order; ``:FIRST`` takes only a file's first FIRST positions, for a judge run split in two).
Keeps count every position (the benchmark draws some positions more than once); the CPU
figures count each distinct position once."""
import collections
import re
import statistics
import sys

LINE = re.compile(r"\s*(\d+) (\S+)\s+solve\s+([\d.]+)s cpu\s+([\d.]+)s result (\S+)(.*)")
per = collections.defaultdict(lambda: {"n": 0, "p": [0, 0, 0], "c": [0, 0, 0], "cpu": []})
seen = set()
for argument in sys.argv[1:]:
    path, _, first = argument.partition(":")
    lines = [m for m in map(LINE.match, open(path)) if m]
    for m in lines[:int(first)] if first else lines:
        ply, rest = int(m.group(1)), m.group(6)
        d = per[ply]
        d["n"] += 1
        if m.group(2) not in seen:
            seen.add(m.group(2))
            d["cpu"].append(float(m.group(4)))
        for name, key in (("player", "p"), ("compare", "c")):
            mm = re.search(name + r" \S+ after \S+ (kept|LOST|\?)", rest)
            if mm:
                d[key][["kept", "LOST", "?"].index(mm.group(1))] += 1
            elif m.group(5) == "None":
                d[key][2] += 1
tot = {"p": [0, 0, 0], "c": [0, 0, 0]}
print("ply  positions  new kept/lost/unjudged  old kept/lost/unjudged   "
      "referee W/D/L solve CPU s: median   mean    p90    max  >0.05s")
for ply in sorted(per):
    d = per[ply]
    for k in "pc":
        for i in range(3):
            tot[k][i] += d[k][i]
    cpu = sorted(d["cpu"])
    p90 = cpu[min(len(cpu) - 1, int(0.9 * len(cpu)))]
    over = sum(c > 0.05 for c in cpu)
    print(f"{ply:3d} {d['n']:6d}      {d['p'][0]:3d}/{d['p'][1]:2d}/{d['p'][2]:2d}            "
          f"{d['c'][0]:3d}/{d['c'][1]:2d}/{d['c'][2]:2d}                        "
          f"{statistics.median(cpu):7.3f} {statistics.mean(cpu):6.3f} {p90:6.3f} {cpu[-1]:6.2f}  {over:3d}")
print("all", sum(d["n"] for d in per.values()), "  new", tot["p"], " old", tot["c"])
