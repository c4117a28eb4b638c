import subprocess, sys
bin_, ms = sys.argv[1], sys.argv[2]
found = 0; n = 0
for line in open('fatal.tsv'):
    tag, g, mate, prev, ev, sc, moves = line.rstrip('\n').split('\t')
    p = subprocess.Popen([bin_], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    def send(l): p.stdin.write(l + "\n"); p.stdin.flush()
    for l in ("game gomoku", f"position list {moves}", f"go movetime {ms}"): send(l)
    last = ""
    while True:
        l = p.stdout.readline()
        if not l or l.startswith("bestmove"): break
        if " score " in l: last = l
    send("quit"); p.stdin.close(); p.wait()
    n += 1
    win = " score win" in last
    found += win
    print(tag, g, mate, ev, "WIN" if win else "-", last.split(" pv")[0].split("score")[1].strip() if "score" in last else "?", flush=True)
print(f"{bin_} {ms} ms: White's win found in {found} of {n}")
