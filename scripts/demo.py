#!/usr/bin/env python3
"""A first look at arbor: search one position, then let two engine processes play a game.

Every line exchanged with the engines is printed, so this doubles as a protocol tour.

Usage: python3 scripts/demo.py [--engine target/release/arbor] [--game tictactoe] [--movetime 100]
"""

from __future__ import annotations

import argparse
import subprocess
import sys


class Engine:
    """One arbor process, with every exchanged line echoed under a label."""

    def __init__(self, path: str, label: str) -> None:
        self.label = label
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(self, line: str) -> None:
        print(f"{self.label} > {line}")
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self) -> str:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.label} closed its output")
        line = line.rstrip("\n")
        if line:
            print(f"{self.label} < {line}")
        return line

    def ask(self, line: str) -> list[str]:
        self.send(line)
        lines = []
        while (text := self.read()) != "":
            lines.append(text)
        if not lines or not lines[0].startswith("="):
            raise RuntimeError(f"{self.label}: {line!r} failed: {lines}")
        return lines

    def think(self, go: str) -> str:
        self.ask(go)
        while True:
            text = self.read()
            if text.startswith("bestmove "):
                return text.split()[1]

    def close(self) -> None:
        try:
            self.ask("quit")
            self.proc.wait(timeout=5)
        except Exception:
            self.proc.kill()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", default="target/release/arbor")
    parser.add_argument("--game", default="tictactoe")
    parser.add_argument("--movetime", type=int, default=100, help="thinking time per move in the game (ms)")
    args = parser.parse_args()

    print("== 1. Search one position: X to move, can X win? ==")
    solo = Engine(args.engine, "arbor")
    solo.ask("game tictactoe")
    solo.ask("position XO-/-X-/--O X")
    solo.ask("showboard")
    solo.think("go")
    solo.close()

    print(f"\n== 2. Two engine processes play {args.game} at {args.movetime} ms a move ==")
    players = [Engine(args.engine, "first "), Engine(args.engine, "second")]
    moves: list[str] = []
    try:
        for player in players:
            player.ask(f"game {args.game}")
        while True:
            player = players[len(moves) % 2]
            player.ask("position startpos" + (" moves " + " ".join(moves) if moves else ""))
            if player.ask("legal") == ["="]:
                break
            moves.append(player.think(f"go movetime {args.movetime}"))
        board = player.ask("showboard")  # the player that found no legal move holds the final position
        print("\nfinal position after", " ".join(moves))
        print("\n".join(line.removeprefix("= ") for line in board))
    finally:
        for player in players:
            player.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
