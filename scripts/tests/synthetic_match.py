#!/usr/bin/env python3
"""Records of a made-up match, as the runner writes them (``--out``): random legal games of
any game and variant, with per-move time, score, depth and nodes, in colour-swapped pairs.
For the report page's tests and for measuring the page of a large match without playing it::

    python3 scripts/tests/synthetic_match.py --game connect4 --games 10000 --out big.jsonl
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arbor_tools import rules  # noqa: E402


def header(game: str, variant: dict[str, str], games: int, names: tuple[str, str] = ("new", "base"),
           sprt: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"type": "match", "version": 1, "game": game, "variant": variant, "games": games, "total": games,
            "openings": "random 2 plies, seed 1", "sprt": sprt,
            "engines": [{"name": n, "cmd": n, "proto": "arbor", "options": {}, "limits": "depth 1"} for n in names]}


def random_game(game: str, variant: dict[str, str], rng: random.Random, opening: list[str], index: int,
                names: tuple[str, str] = ("new", "base")) -> dict[str, Any]:
    """One random legal game from `opening`; engine 0 plays X in even games."""
    position = rules.new_game(game, variant)
    for move in opening:
        position.play(move)
    first = index % 2
    moves = []
    while position.outcome is None and len(position.moves) < 400:
        legal = position.legal_moves()
        move = rng.choice(legal)
        position.play(move)
        if move == "pass":
            moves.append({"move": "pass", "time_ms": 0.0, "score": None, "depth": None, "nodes": None})
            continue
        cp = rng.randint(-300, 300)
        moves.append({"move": position.moves[-1], "time_ms": round(rng.uniform(0.1, 40.0), 1),
                      "score": f"cp {cp}" if rng.random() > 0.05 else f"win {rng.randint(1, 9)}",
                      "depth": rng.randint(1, 12), "nodes": rng.randint(10, 200000)})
    outcome = position.outcome
    winner = None if outcome is None else outcome.winner
    reason = "move limit" if outcome is None else outcome.reason
    players = (first, 1 - first)  # engine index of X, of O
    if winner is None:
        result, points = "1/2-1/2", {"0": 0.5, "1": 0.5}
    else:
        result = "1-0" if winner == rules.FIRST else "0-1"
        points = {str(players[winner]): 1.0, str(players[1 - winner]): 0.0}
    return {"type": "game", "index": index, "pair": index // 2, "game": game, "variant": variant,
            "engines": {"X": names[players[0]], "O": names[players[1]]},
            "engine_index": {"X": players[0], "O": players[1]}, "opening": list(opening), "moves": moves,
            "result": result, "winner": None if winner is None else names[players[winner]], "reason": reason,
            "points": points, "started": 0.0, "duration_s": 0.0}


def write_match(path: str, game: str, variant: dict[str, str], games: int, seed: int = 1,
                sprt: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Writes a records file of `games` random games (pairs share a random 2-ply opening)."""
    rng = random.Random(seed)
    records = []
    with open(path, "w", encoding="utf-8") as out:
        out.write(json.dumps(header(game, variant, games, sprt=sprt)) + "\n")
        for pair in range((games + 1) // 2):
            position = rules.new_game(game, variant)
            opening = []
            for _ in range(2):
                move = rng.choice(position.legal_moves())
                position.play(move)
                opening.append(position.moves[-1])
            for index in (2 * pair, 2 * pair + 1):
                if index < games:
                    record = random_game(game, variant, rng, opening, index)
                    records.append(record)
                    out.write(json.dumps(record) + "\n")
    return records


def main() -> int:
    parser = argparse.ArgumentParser(description="Records of a made-up match of random legal games.")
    parser.add_argument("--game", default="connect4", choices=sorted(rules.GAMES))
    parser.add_argument("--variant", action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sprt", action="store_true", help="record SPRT bounds elo0=0 elo1=5")
    parser.add_argument("--out", required=True)
    args = parser.parse_args()
    variant = dict(item.split("=", 1) for item in args.variant)
    sprt = {"elo0": 0.0, "elo1": 5.0, "alpha": 0.05, "beta": 0.05, "model": "normalized"} if args.sprt else None
    write_match(args.out, args.game, variant, args.games, args.seed, sprt)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
