#!/usr/bin/env python3
"""Median depth of arbor's last completed iteration per move, from c-gomoku-cli -msg
files (plain or .gz): python3 msgdepth.py FILE..."""
import gzip, re, statistics, sys
for path in sys.argv[1:]:
    opener = gzip.open if path.endswith(".gz") else open
    depths, nodes = [], []
    current = None
    with opener(path, "rt") as f:
        for line in f:
            m = re.match(r"(\d+)\) arbor: depth (\d+) .*nodes (\d+)", line)
            if m:
                key = m.group(1)
                if current is not None and current[0] != key:
                    depths.append(current[1]); nodes.append(current[2])
                current = (key, int(m.group(2)), int(m.group(3)))
            elif line.startswith("Game ID") and current is not None:
                depths.append(current[1]); nodes.append(current[2]); current = None
    if current is not None:
        depths.append(current[1]); nodes.append(current[2])
    big = [d for d, n in zip(depths, nodes) if n > 0]
    print(f"{path}: moves {len(depths)}, median depth {statistics.median(depths)}, "
          f"mean {statistics.mean(depths):.2f}, median nodes {statistics.median(nodes)}")
