"""Median per-position ratio of arbor's time to proof (bench_gomoku.py outputs) to Rapfi's
answer time, from a saved rapfi_times.py output (no new Rapfi run).
usage: python3 rapfi_ratio.py RAPFI_TIMES.txt BENCH ... (a rapfi_times.py output, bench_gomoku.py outputs)"""
import statistics, sys
rapfi = {}
for line in open(sys.argv[1]):
    f = line.split()
    if len(f) >= 5 and f[2].startswith('+M') and f[-1] == 'ms':
        rapfi[f[0]] = float(f[3])
for path in sys.argv[2:]:
    arbor = {}
    for line in open(path):
        f = line.split()
        if len(f) > 6 and 'win' in f and f[f.index('win') + 2].isdigit():
            arbor[f[0]] = float(f[f.index('win') + 2])
    both = [i for i in arbor if i in rapfi]
    ratios = [arbor[i] / max(rapfi[i], 1.0) for i in both]
    print(f"{path}: proven {len(arbor)}, both {len(both)}; arbor median "
          f"{statistics.median(arbor[i] for i in both):.0f} ms, Rapfi median "
          f"{statistics.median(rapfi[i] for i in both):.0f} ms, median ratio {statistics.median(ratios):.2f}")
