#!/usr/bin/env python3
"""Fixed-depth Gomoku searches on one arbor binary: prints the nodes and the engine's
time of each (the node counts are the build's signature for these positions).

One process runs the four searches in turn: freestyle 15x15 (two middle games, depth
13), standard (depth 12) and renju (depth 11), the threat solver off unless `solver` is
given (then the root's threat solver runs too, as in play). Standard library only.

    python3 results/gomoku-nps/searches.py target/release/arbor [all|0,1,...] [solver]
"""
import re
import subprocess
import sys

SEARCHES = [
    ("freestyle", "list h8 h9 i8 g8 i9 j10 i7 i6 g10 f11", 13),
    ("freestyle", "list h8 i9 h10 g9 i8 j7 h9 h11 g10", 13),
    ("standard", "list h8 i9 j8 i8 i7 h6 g9 j9 k10", 12),
    ("renju", "list h8 h9 i8 g8 i9 j10 i7 i6 g10 f11", 11),
]


def main() -> None:
    binary = sys.argv[1]
    which = sys.argv[2] if len(sys.argv) > 2 else "all"
    solver = "solver" in sys.argv[3:]
    process = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    assert process.stdin is not None and process.stdout is not None

    def send(line: str) -> None:
        process.stdin.write(line + "\n")
        process.stdin.flush()

    def answer() -> None:
        while True:
            line = process.stdout.readline()
            if not line:
                raise EOFError(f"{binary} exited")
            if line.startswith(("=", "?")):
                if line.startswith("?"):
                    print(line.strip(), file=sys.stderr)
                process.stdout.readline()
                return

    out = []
    for i, (rule, position, depth) in enumerate(SEARCHES):
        if which != "all" and str(i) not in which.split(","):
            continue
        setup = [f"game gomoku rule={rule}"]
        if not solver:
            setup.append("setoption name GomokuThreatSolver value false")
        for line in setup + [f"position {position}"]:
            send(line)
            answer()
        send(f"go depth {depth}")
        nodes = ms = 0
        while True:
            line = process.stdout.readline()
            if not line:
                raise EOFError(f"{binary} exited")
            found = re.search(r" nodes (\d+).* time (\d+)", line)
            if found:
                nodes, ms = int(found.group(1)), int(found.group(2))
            if line.startswith("bestmove"):
                best = line.split()[1]
                break
        out.append(f"{rule} d{depth} nodes {nodes} ms {ms} best {best}")
    process.stdin.close()
    process.wait()
    print("\n".join(out))


if __name__ == "__main__":
    main()
