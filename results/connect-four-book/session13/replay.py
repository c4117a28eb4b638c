"""Replay given positions (letters) with several engines at a movetime, N rounds, judge each move."""
import sys, json
sys.path.insert(0, "/work/main/scripts")
sys.path.insert(0, "/work/main")
import bench_connect4_keep as k
files, engines, movetime, rounds, referee = sys.argv[1].split(","), sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
positions = [list(l.split()[0]) for f in files for l in open(f) if l.strip()]
commands = [(f"e{i}", c) for i, c in enumerate(engines)]
records = []
for r in range(rounds):
    recs = k.play_all(positions, commands, movetime)
    for rec in recs:
        for name, _ in commands:
            records.append({"moves": rec["moves"], "player": rec[name], "engine": name, "round": r})
per = k.judge([{"moves": x["moves"], "player": x["player"]} for x in records], ["player"], referee, None, False, True, 2048)
from collections import Counter
kept, total = Counter(), Counter()
byply = {}
for x in records:
    byply.setdefault(len(x["moves"]), []).append(x)
for ply, xs in byply.items():
    for x, ok in zip(xs, per[ply]["player"]):
        total[x["engine"]] += 1
        kept[x["engine"]] += bool(ok)
for name, cmd in commands:
    print(f"{name} {cmd}: kept {kept[name]}/{total[name]}")
