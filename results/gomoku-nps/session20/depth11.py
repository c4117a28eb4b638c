"""`go depth 11` (default settings) on `list h8 h9 i8 g8 i9 j10 i7 i6 g10 f11` for
freestyle, renju and standard: prints depth, nodes and best move of each.
Usage: python3 depth11.py BIN"""
import subprocess, sys, re
b = sys.argv[1]
for rule in ["freestyle", "renju", "standard"]:
    p = subprocess.Popen([b], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write(f"game gomoku rule={rule}\nposition list h8 h9 i8 g8 i9 j10 i7 i6 g10 f11\ngo depth 11\n"); p.stdin.flush()
    last = None
    for line in p.stdout:
        if line.startswith("info depth"): last = line
        if line.startswith("bestmove"): break
    p.stdin.close(); p.wait()
    m = re.search(r"depth (\d+) .*nodes (\d+)", last)
    print(rule, m.group(1), m.group(2), line.split()[1])
