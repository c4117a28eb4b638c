#!/usr/bin/env python3
"""A stub engine speaking UCI (cutechess drops), Gomocup or NBoard, for the runner's tests.

It plays random legal moves (rules from scripts/arbor_tools/rules.py) and can misbehave on purpose:

    foreign_stub.py --proto uci|gomocup|nboard [--mode MODE] [--seed S] [--handshake-delay S]

MODE (from the first move on):
  normal   random legal moves
  crash    exits with status 3 instead of moving
  hang     never answers a move request
  illegal  names an occupied cell
  garbage  answers with text that is no move of its protocol
`--handshake-delay` sleeps before answering the handshake (uci / ABOUT / nboard's pong).
`--move TEXT` answers every move request with TEXT as its move (UCI: ``bestmove TEXT``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arbor_tools import rules  # noqa: E402
from arbor_tools.runner import notation  # noqa: E402


class Stub:
    def __init__(self, args: argparse.Namespace) -> None:
        self.args = args
        self.rng = random.Random(args.seed)
        self.position: rules.Game = rules.new_game("tictactoe")
        self.handshaken = False

    def say(self, *lines: str) -> None:
        sys.stdout.write("".join(line + "\n" for line in lines))
        sys.stdout.flush()

    def handshake(self) -> None:
        if not self.handshaken:
            time.sleep(self.args.handshake_delay)
            self.handshaken = True

    def choose(self) -> str | None:
        """The move to play in arbor notation, or None after acting out the mode."""
        mode = self.args.mode
        if mode == "crash":
            os._exit(3)
        if mode == "hang":
            time.sleep(3600)
        moves = self.position.legal_moves()
        if mode == "illegal":
            taken = [i for i, cell in enumerate(self.position.cells) if cell != rules._EMPTY]
            return rules.square_name(taken[0], self.position.width) if taken else None
        return self.rng.choice(moves)

    # --- UCI ---------------------------------------------------------------------------------

    def uci(self, words: list[str]) -> None:
        command = words[0]
        if command == "uci":
            self.handshake()
            self.say("id name stub", "option name UCI_Variant type combo default tictactoe var tictactoe "
                     "var cfour var gomoku var gomokufreestyle", "uciok")
        elif command == "setoption" and "UCI_Variant" in words:
            variant = words[-1]
            self.game = {"cfour": ("connect4", {}), "tictactoe": ("tictactoe", {}),
                         "gomoku": ("gomoku", {"rule": "standard"}),
                         "gomokufreestyle": ("gomoku", {"rule": "freestyle"})}[variant]
        elif command == "isready":
            self.say("readyok")
        elif command == "position":
            game, variant = getattr(self, "game", ("tictactoe", {}))
            self.position = rules.new_game(game, variant)
            if words[1] == "fen":
                raise SystemExit("stub: FEN positions are rebuilt from the runner's moves only")
            for drop in words[words.index("moves") + 1:] if "moves" in words else []:
                move = notation.from_drop(self.position, drop)
                assert move is not None, drop
                self.position.play(move)
        elif command == "go":
            if self.args.move is not None:
                self.say(f"bestmove {self.args.move}")
                return
            if self.args.mode == "garbage":
                self.say("bestmove e2e4")
                return
            move = self.choose()
            drop = "P@z99" if move is None else (notation.to_drop(self.position, move)
                                                if self.args.mode != "illegal" else self._illegal_drop(move))
            self.say("info depth 1 score cp 5 nodes 1", f"bestmove {drop}")
        elif command == "quit":
            raise SystemExit(0)

    def _illegal_drop(self, square: str) -> str:
        if isinstance(self.position, rules.ConnectFour):
            return "P@a9"
        index = rules.parse_square(square, self.position.width, self.position.height)
        row, column = divmod(index, self.position.width)
        return f"P@{chr(ord('a') + column)}{self.position.height - row}"

    # --- Gomocup -------------------------------------------------------------------------------

    def gomocup(self, line: str) -> None:
        words = line.replace(",", " ").split()
        command = words[0].upper() if words else ""
        if command == "ABOUT":
            self.handshake()
            self.say('name="stub", version="1"')
        elif command == "START":
            self.size = int(words[1])
            self.position = rules.new_game("gomoku", {"size": str(self.size)})
            self.say("OK")
        elif command in ("BEGIN", "TURN"):
            if command == "TURN":
                self.position.play(notation.from_xy(f"{words[1]},{words[2]}", self.size) or "")
            self.move()
        elif command == "BOARD":
            self.board: list[tuple[str, int]] = []
        elif command == "DONE":
            self.position = rules.new_game("gomoku", {"size": str(self.size)})
            # BOARD lists the stones in move order here (the runner's own way): replay them.
            for move, _ in self.board:
                self.position.play(move)
            self.move()
        elif command == "END":
            raise SystemExit(0)
        elif hasattr(self, "board") and len(words) == 3 and words[0].isdigit():
            self.board.append((notation.from_xy(f"{words[0]},{words[1]}", self.size) or "", int(words[2])))
        elif command == "INFO":
            pass
        else:
            self.say(f"UNKNOWN {line}")

    def move(self) -> None:
        if self.args.mode == "garbage":
            self.say("MESSAGE thinking hard", "I resign, you win")
            return
        move = self.choose()
        answer = f"{self.size},{self.size}" if move is None else notation.to_xy(move, self.size)  # off the board
        self.say("MESSAGE depth 1 score cp 3", answer)
        if self.args.mode != "illegal" and move is not None:
            self.position.play(move)

    # --- NBoard --------------------------------------------------------------------------------

    def nboard(self, words: list[str], line: str) -> None:
        command = words[0]
        if command == "nboard":
            self.say("set myname stub")
        elif command == "ping":
            self.handshake()
            self.say(f"pong {words[1]}")
        elif command == "set" and words[1:2] == ["game"]:
            from arbor_tools.runner.records.ggf import parse_games
            self.position = rules.new_game("othello")
            for move in parse_games(line.split("game", 1)[1])[0]["moves"]:
                self.position.play(move)
        elif command == "move":
            self.position.play(notation.from_nboard(words[1]) or "")
        elif command == "go":
            if self.args.mode == "garbage":
                self.say("=== Z9 0.00 0.0")
                return
            move = self.choose()
            self.say("status thinking", f"=== {notation.to_nboard(move or 'a1')} 0.50 0.0", "status waiting")
        elif command == "quit":
            raise SystemExit(0)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--proto", required=True, choices=["uci", "gomocup", "nboard"])
    parser.add_argument("--mode", default="normal", choices=["normal", "crash", "hang", "illegal", "garbage"])
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--handshake-delay", type=float, default=0.0)
    parser.add_argument("--move", default=None)
    args = parser.parse_args()
    stub = Stub(args)
    for raw in sys.stdin:
        line = raw.strip()
        words = line.split()
        if not words:
            continue
        if args.proto == "uci":
            stub.uci(words)
        elif args.proto == "gomocup":
            stub.gomocup(line)
        else:
            stub.nboard(words, line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
