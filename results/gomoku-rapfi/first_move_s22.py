#!/usr/bin/env python3
"""How long arbor's Gomocup front end takes for a game's first moves when the manager sends
`INFO max_memory` right before the first move, as c-gomoku-cli does (session 22).

    python3 first_move_s22.py BINARY MAX_MEMORY_BYTES

Prints the wall time from the last line of each move command to the answer: the first
game's first and second moves, then the second game's first move (same max_memory again).
A 300 ms turn; the second move comes right after the first (no opponent time between)."""
import subprocess
import sys
import time

binary, memory = sys.argv[1], sys.argv[2]
p = subprocess.Popen([binary, "gomocup"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def send(line):
    p.stdin.write(line + "\n")
    p.stdin.flush()


def answer():
    while True:
        line = p.stdout.readline()
        if not line.startswith(("MESSAGE", "DEBUG")):
            return line.strip()


def timed(label, *lines):
    start = time.monotonic()
    for line in lines:
        send(line)
    print(label, answer(), round((time.monotonic() - start) * 1000), "ms")


INFO = ["INFO rule 0", "INFO timeout_turn 300", "INFO timeout_match 0", f"INFO max_memory {memory}"]
timed("START", "START 15")
for line in INFO:
    send(line)
timed("game 1 move 1", "BOARD", "8,8,2", "8,9,1", "8,6,2", "DONE")
timed("game 1 move 2", "TURN 0,0")
for line in INFO:
    send(line)
timed("START again", "START 15")
timed("game 2 move 1", "BOARD", "8,8,2", "8,9,1", "8,6,2", "DONE")
send("END")
