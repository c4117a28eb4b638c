#!/usr/bin/env python3
"""Why did an engine lose its games of a c-gomoku-cli match? A look at each lost game.

For every game ENGINE lost (default arbor), finds the first move where the winner
reported a forced win (`Eval +M<plies>` in the `-msg` file, as Rapfi prints it) and
shows the last reports of both engines before it: ENGINE's `depth D score S` messages
and the winner's `Eval`. With --referee PATH (a Gomocup brain, e.g. Rapfi) it also asks
that engine, at --ms per position, to judge the position before ENGINE's last move
(and 2, 4 plies earlier while it still calls it lost): a `-M` there means the game was
lost earlier; an ordinary score and another move mean ENGINE's move allowed the win.

Standard library only. Example:
    python3 scripts/bench/gomoku_losses.py free.msg.txt free.sgf --referee pbrain-rapfi --ms 1500
"""

from __future__ import annotations

import argparse
import re
import subprocess
from pathlib import Path


def games_of_sgf(text: str) -> list[dict]:
    """Each game of a c-gomoku-cli SGF file: number, Black's name, result, moves (x, y)."""
    out = []
    for game in text.split("(;")[1:]:
        number = re.search(r"GN\[(\d+)\]", game)
        black = re.search(r"PB\[([^\]]*)\]", game)
        result = re.search(r"RE\[([^\]]*)\]", game)
        moves = [(ord(m[0]) - 97, ord(m[1]) - 97) for m in re.findall(r";[BW]\[([a-z]{2})\]", game)]
        out.append({"number": int(number.group(1)) if number else len(out) + 1,
                    "black": black.group(1) if black else "",
                    "result": result.group(1) if result else "", "moves": moves})
    return out


def reports_of_messages(text: str) -> dict[int, dict[int, dict[str, str]]]:
    """Game number -> move number -> {'engine', 'eval' or 'score'} from a `-msg` file."""
    out: dict[int, dict[int, dict[str, str]]] = {}
    game = None
    for line in text.splitlines():
        if line.startswith("Game ID:"):
            game = int(line.split(":")[1])
            out[game] = {}
            continue
        found = re.match(r"(\d+)\) (\S+): (.*)", line)
        if not found or game is None:
            continue
        move, engine, rest = int(found.group(1)), found.group(2), found.group(3)
        entry = out[game].setdefault(move, {"engine": engine})
        evaluation = re.search(r"Eval (\S+)", rest)
        if evaluation:
            entry["eval"] = evaluation.group(1)
        score = re.search(r"depth (\d+) score (\w+ -?\d+)", rest)
        if score:
            entry["score"] = f"{score.group(2)} d{score.group(1)}"
    return out


def first_mate(reports: dict[int, dict[str, str]], winner: str) -> int | None:
    """The first move number at which `winner` reported a forced win of its own."""
    return next((move for move in sorted(reports)
                 if reports[move]["engine"] == winner and reports[move].get("eval", "").startswith("+M")),
                None)


def square(cell: tuple[int, int]) -> str:
    return f"{chr(97 + cell[0])}{cell[1] + 1}"


class Referee:
    """A Gomocup brain asked for its move and last `Eval` in a position."""

    def __init__(self, path: str) -> None:
        self.process = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("START 15")
        self.expect("OK")

    def send(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def expect(self, prefix: str) -> str:
        assert self.process.stdout is not None
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise EOFError("the referee exited")
            if line.startswith(prefix):
                return line.strip()

    def judge(self, moves: list[tuple[int, int]], ms: int) -> tuple[str, str]:
        """(its move, its last Eval) for the side to move after `moves` (freestyle)."""
        assert self.process.stdout is not None
        self.send("RESTART")
        self.expect("OK")
        for info in ("rule 0", f"timeout_turn {ms}", "timeout_match 100000000"):
            self.send(f"INFO {info}")
        self.send("BOARD")
        mine = len(moves) % 2
        for i, (x, y) in enumerate(moves):
            self.send(f"{x},{y},{1 if i % 2 == mine else 2}")
        self.send("DONE")
        evaluation = "?"
        while True:
            line = self.process.stdout.readline().strip()
            found = re.search(r"Eval (\S+)", line)
            if found:
                evaluation = found.group(1)
            move = re.fullmatch(r"(\d+),(\d+)", line)
            if move:
                return square((int(move.group(1)), int(move.group(2)))), evaluation

    def close(self) -> None:
        self.send("END")
        self.process.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("messages", help="the match's -msg file")
    parser.add_argument("sgf", help="the match's -sgf file")
    parser.add_argument("--engine", default="arbor", help="the engine whose losses are shown")
    parser.add_argument("--referee", help="a Gomocup brain that judges the positions (optional)")
    parser.add_argument("--ms", type=int, default=1500, help="the referee's time per position")
    args = parser.parse_args()
    reports = reports_of_messages(Path(args.messages).read_text())
    referee = Referee(args.referee) if args.referee else None
    try:
        for game in games_of_sgf(Path(args.sgf).read_text()):
            engine_black = game["black"] == args.engine
            if game["result"].startswith("B") == engine_black:
                continue
            by_move = reports.get(game["number"], {})
            winner = next((r["engine"] for r in by_move.values() if r["engine"] != args.engine), "")
            mate = first_mate(by_move, winner)
            colour = "black" if engine_black else "white"
            if mate is None:
                print(f"game {game['number']}: {args.engine} ({colour}) lost, no forced win reported")
                continue
            shown = [f"{m}:{by_move[m].get('eval') or by_move[m].get('score', '?')}"
                     for m in sorted(by_move) if mate - 8 <= m <= mate]
            print(f"game {game['number']}: {args.engine} ({colour}) lost, first +M at move {mate}: "
                  + " ".join(shown))
            if referee is None:
                continue
            before = mate - 2  # stones on the board before the engine's last move
            for back in (0, 2, 4):
                if before - back < 3:
                    break
                move, evaluation = referee.judge(game["moves"][: before - back], args.ms)
                played = square(game["moves"][before - back])
                print(f"    {back} plies earlier: referee {move} {evaluation}, {args.engine} played {played}")
                if not evaluation.startswith("-M"):
                    break
    finally:
        if referee:
            referee.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
