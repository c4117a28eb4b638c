"""Reuses the first judge's verdicts for a second timed run over the same positions:
writes a moves file of only the records whose (position, move) pairs were not judged yet,
and later (with --merge) prints judge-style lines for the whole second run.
Usage: rejudge.py split NEWMOVES JUDGE[:FIRST]... OUT
       rejudge.py merge NEWMOVES EXTRAJUDGE JUDGE[:FIRST]..."""
import json, re, sys
LINE = re.compile(r"\s*(\d+) (\S+)\s+solve\s+([\d.]+)s cpu\s+([\d.]+)s result (\S+)(.*)")
def load(args):
    before, after, cpu = {}, {}, {}
    for a in args:
        path, _, first = a.partition(":")
        ms = [m for m in map(LINE.match, open(path)) if m]
        for m in (ms[:int(first)] if first else ms):
            key = "" if m.group(2) == "-" else m.group(2)
            before[key] = m.group(5); cpu[key] = (m.group(3), m.group(4))
            for mm in re.finditer(r"(player|compare) (\S+) after (\S+)", m.group(6)):
                after[(key, mm.group(2))] = mm.group(3)
    return before, after, cpu
mode, newmoves = sys.argv[1], sys.argv[2]
lines = open(newmoves).read().splitlines()
header, records = json.loads(lines[0]), [json.loads(l) for l in lines[1:]]
if mode == "split":
    out = sys.argv[-1]
    before, after, _ = load(sys.argv[3:-1])
    todo = [r for r in records if before.get("".join(r["moves"])) not in (None, "None")
            and any(("".join(r["moves"]), r[n]) not in after for n in ("player", "compare"))]
    with open(out, "w") as f:
        f.write(json.dumps(header) + "\n")
        for r in todo:
            f.write(json.dumps(r) + "\n")
    print(len(todo), "records to judge of", len(records))
else:
    before, after, cpu = load(sys.argv[4:])
    b2, a2, c2 = load([sys.argv[3]])
    before.update(b2); after.update(a2); cpu.update(c2)
    for r in records:
        key = "".join(r["moves"])
        b = before.get(key)
        line = f"{len(r['moves']):2d} {key or '-':16s} solve {float(cpu[key][0]):8.3f}s cpu {float(cpu[key][1]):8.3f}s result {b}"
        for n in ("player", "compare"):
            a = after.get((key, r[n]))
            kept = "?" if a in (None, "None") or b in (None, "None") else ("kept" if -int(a) == int(b) else "LOST")
            line += f" {n} {r[n]} after {a} {kept}"
        print(line)
