import re, sys, math
def load(p):
    d = {}
    for line in open(p):
        parts = line.split()
        if not parts: continue
        pid = parts[0]
        for m in re.finditer(r'(dfpn(?:-plain)?): (win \d+ \w+|none|-) \((\d+) ms\)\s+(\d+)n', line):
            d[(pid, m.group(1))] = (m.group(2).startswith('win'), int(m.group(3)), int(m.group(4)), m.group(2))
    return d
a, b = load(sys.argv[1]), load(sys.argv[2])
for stage in ['dfpn', 'dfpn-plain']:
    keys = sorted(k for k in a if k[1] == stage and k in b)
    pa = sum(a[k][0] for k in keys); pb = sum(b[k][0] for k in keys)
    both = [k for k in keys if a[k][0] and b[k][0] and max(a[k][2], b[k][2]) >= 1000]
    g = math.exp(sum(math.log(b[k][2]/a[k][2]) for k in both)/len(both)) if both else float('nan')
    gt = math.exp(sum(math.log(max(b[k][1],1)/max(a[k][1],1)) for k in both)/len(both)) if both else float('nan')
    print(f"{stage}: proven {pa} -> {pb} of {len(keys)}; nodes x{g:.3f}, time x{gt:.3f} on {len(both)} common proofs")
    for k in keys:
        if a[k][0] != b[k][0] or (k in both and not 0.5 < b[k][2]/a[k][2] < 2):
            print("   ", k[0], a[k][3], a[k][1], a[k][2], '->', b[k][3], b[k][1], b[k][2])
