"""Alternated whole-process CPU (user+sys) of searches.py (solver off) for binaries;
medians, and the median of per-round ratios to the first binary."""
import subprocess, sys, statistics, os
n = int(sys.argv[1]); bins = sys.argv[2:]
res = {b: [] for b in bins}
def run(b):
    p = subprocess.Popen(["python3", "results/gomoku-nps/searches.py", b], stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    return ru.ru_utime + ru.ru_stime
print("load before", *open("/proc/loadavg").read().split()[:3])
for b in bins: run(b)  # warm-up
for i in range(n):
    order = bins if i % 2 == 0 else bins[::-1]
    for b in order:
        res[b].append(run(b))
print("load after", *open("/proc/loadavg").read().split()[:3])
base = statistics.median(res[bins[0]])
for b in bins:
    m = statistics.median(res[b])
    r = statistics.median(x / y for x, y in zip(res[b], res[bins[0]]))
    print(f"{b} median {m:.3f} s  ratio of medians {m/base:.3f}  median ratio {r:.3f}  runs {' '.join(f'{x:.2f}' for x in res[b])}")
