#!/usr/bin/env python3
"""A stub engine speaking arbor's protocol, for testing the client and the match runner.

It plays random legal moves (rules from scripts/arbor_tools/rules.py) and can misbehave on purpose:

    stub_engine.py [--mode MODE] [--after N] [--seed S] [--name NAME] [--delay MS] [--score SCORE]

MODE (from the N-th ``go`` on, counting from 1; default N=1):
  normal   random legal moves
  crash    exits with status 3 instead of answering ``go``
  hang     answers ``go`` with ``=`` and then never prints ``bestmove``
  illegal  plays a move that is not legal (an occupied square / a full column)
  slow     sleeps 1.5 s (or 4x the movetime, or its whole clock) before ``bestmove``: flags
  error    answers ``go`` with ``? internal error``

Other faults, each a flag:
  --die-after N          exits after its N-th ``bestmove`` (between two moves of a game)
  --stray-error          prints a ``?`` response that answers no command after every ``bestmove``
  --huge-line MB         prints an ``info string`` line of MB megabytes before its first ``bestmove``
  --ignore-quit          answers ``quit`` but goes on running (it still ends at end of input)
  --hold-stdout-child F  starts a child in a session of its own that holds stdout for 30 s,
                         and writes the child's pid to F
  --move TEXT            answers every ``go`` with ``bestmove TEXT``
  --think-ms N           every search takes N ms unless ``stop`` ends it first

Commands may carry a numeric id, echoed in the response (as arbor does).
"""

from __future__ import annotations

import argparse
import os
import random
import select
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arbor_tools import rules  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mode", default="normal",
                        choices=["normal", "crash", "hang", "illegal", "slow", "error"])
    parser.add_argument("--after", type=int, default=1)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--name", default="stub")
    parser.add_argument("--delay", type=int, default=0, help="milliseconds to think per move")
    parser.add_argument("--score", default=None,
                        help="always report this score: CP (an integer) or a score text such as 'disc 6'")
    parser.add_argument("--die-after", type=int, default=None)
    parser.add_argument("--stray-error", action="store_true")
    parser.add_argument("--huge-line", type=int, default=None)
    parser.add_argument("--ignore-quit", action="store_true")
    parser.add_argument("--hold-stdout-child", default=None)
    parser.add_argument("--move", default=None)
    parser.add_argument("--think-ms", type=int, default=None)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = sys.stdout
    if args.hold_stdout_child:
        import subprocess
        child = subprocess.Popen(["sleep", "30"], stdout=sys.stdout, start_new_session=True)
        with open(args.hold_stdout_child, "a") as handle:
            handle.write(f"{child.pid}\n")
    ident = ""
    bestmoves = 0

    def respond(text: str = "", ok: bool = True) -> None:
        out.write(("=" if ok else "?") + ident + (" " + text if text else "") + "\n\n")
        out.flush()

    game_name, variant = "tictactoe", {}
    position = rules.new_game(game_name)
    searching: str | None = None  # best move of a running ``go infinite``
    goes = 0
    thinking_until: float | None = None  # a timed search (--think-ms) that `stop` may end
    while True:
        if searching is not None and thinking_until is not None:
            ready, _, _ = select.select([sys.stdin], [], [], max(0.0, thinking_until - time.monotonic()))
            if not ready:
                out.write(f"info depth 1 score cp 0 nodes 1 pv {searching}\nbestmove {searching}\n")
                out.flush()
                searching = thinking_until = None
                continue
        raw = sys.stdin.readline()
        if not raw:
            break
        words = raw.split()
        if not words:
            continue
        ident = ""
        if words[0].isdigit():
            ident, words = words[0], words[1:]
            if not words:
                continue
        command, rest = words[0], words[1:]
        if searching is not None and command not in ("stop", "isready", "quit", "name"):
            respond("busy: searching", ok=False)
            continue
        if command == "protocol_version":
            respond("1")
        elif command == "name":
            respond(args.name)
        elif command == "version":
            respond("0.0.1")
        elif command == "isready":
            respond("readyok")
        elif command == "quit":
            respond()
            if not args.ignore_quit:
                return 0
        elif command == "setoption":
            respond()
        elif command == "game":
            try:
                candidate = dict(item.split("=", 1) for item in rest[1:])
                position = rules.new_game(rest[0] if rest else "", candidate)
                game_name, variant = rest[0], candidate
                respond()
            except (rules.VariantError, ValueError) as error:
                respond(f"invalid-argument {error}", ok=False)
        elif command == "newgame":
            position = rules.new_game(game_name, variant)
            respond()
        elif command == "position":
            fresh = rules.new_game(game_name, variant)
            try:
                if not rest or rest[0] != "startpos":
                    raise rules.IllegalMove("only startpos is supported")
                if len(rest) > 1:
                    if rest[1] != "moves":
                        raise rules.IllegalMove(f"unexpected {rest[1]!r}")
                    for move in rest[2:]:
                        fresh.play(move)
                position = fresh
                respond()
            except rules.IllegalMove as error:
                respond(f"illegal-move {error}", ok=False)
        elif command == "legal":
            respond(" ".join(position.legal_moves()))
        elif command == "showboard":
            respond(position.diagram())
        elif command == "stop":
            if searching is not None:
                out.write(f"bestmove {searching}\n")
                searching = thinking_until = None
            respond()
        elif command == "go":
            goes += 1
            mode = args.mode if goes >= args.after else "normal"
            moves = position.legal_moves()
            if not moves:
                respond("illegal-move the game is over", ok=False)
                continue
            if mode == "error":
                respond("internal error", ok=False)
                continue
            if mode == "crash":
                sys.stdout.flush()
                os._exit(3)
            respond()
            if mode == "hang":
                while True:
                    time.sleep(3600)
            move = rng.choice(moves) if args.move is None else args.move
            if mode == "illegal":
                taken = [m for m in (rules.square_name(i, position.width) for i in range(len(position.cells)))
                         if m not in moves]
                move = taken[0] if taken and game_name != "connect4" else "z99"
            values = dict(zip(rest[::2], rest[1::2]))
            if args.think_ms is not None:
                searching, thinking_until = move, time.monotonic() + args.think_ms / 1000
                continue
            if "infinite" in rest:
                out.write(f"info depth 1 seldepth 1 score cp 0 nodes 1 nps 1 time 0 pv {move}\n")
                out.flush()
                searching = move
                continue
            if mode == "slow":
                side_clock = values.get("wtime" if position.side_to_move == rules.FIRST else "btime")
                delay = 1.5
                if "movetime" in values:
                    delay = max(delay, 4 * int(values["movetime"]) / 1000)
                if side_clock is not None:
                    delay = max(delay, int(side_clock) / 1000 + 1.0)
                time.sleep(delay)
            time.sleep(args.delay / 1000)
            if args.huge_line is not None and bestmoves == 0:
                out.write("info string ")
                for _ in range(args.huge_line):
                    out.write("x" * (1 << 20))
                out.write("\n")
            score = f"cp {rng.randint(-50, 50)}" if args.score is None else args.score
            score = f"cp {score}" if score.lstrip("-").isdigit() else score
            out.write(f"info depth 1 seldepth 1 score {score} nodes {len(moves)} nps 1000 "
                      f"time 1 hashfull 0 pv {move}\n")
            out.write(f"bestmove {move}\n")
            bestmoves += 1
            if args.stray_error:
                out.write("? internal-error a response to no command\n\n")
            out.flush()
            if args.die_after is not None and bestmoves >= args.die_after:
                os._exit(0)
        else:
            respond(f"unknown-command {command}", ok=False)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
