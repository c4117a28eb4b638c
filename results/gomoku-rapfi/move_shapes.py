#!/usr/bin/env python3
"""What kind of move each Black move is (five, four, open three, closed three, double,
quiet: from the stones alone, the shape the move makes on its four lines), and summaries:

    python3 move_shapes.py rates SGF[:NAME]...   shares of each shape among Black's moves
        (plies 4-40, not in the last 16 plies of a game) of NAME (all games if no NAME)
    python3 move_shapes.py oracle JSONL SGF      black_oracle.py's records by the shape
        of arbor's move: count, mean loss, share of the total loss; mates missed/allowed
"""
import collections
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from gomoku_losses import games_of_sgf  # noqa: E402

N = 15
DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def shape(board: dict, cell: tuple, colour: int) -> tuple:
    """(best line shape 5/4/3 open/2 closed three/0, fours, open threes) of `colour` at `cell`."""
    x, y = cell
    stones = dict(board)
    stones[cell] = colour

    def at(i, j):
        if not (0 <= i < N and 0 <= j < N):
            return "X"
        v = stones.get((i, j))
        return "." if v is None else ("O" if v == colour else "X")

    rank = fours = threes = 0
    for dx, dy in DIRS:
        line = "".join(at(x + k * dx, y + k * dy) for k in range(-5, 6))
        best = 0
        for s in range(1, 6):
            w = line[s:s + 5]
            if "X" not in w and w.count("O") >= 4:
                best = max(best, w.count("O"))
        if best < 4:
            for s in range(0, 6):
                w = line[s:s + 6]
                if len(w) == 6 and w[0] == "." and w[5] == "." and "X" not in w and w[1:5].count("O") == 3:
                    best = 3
        if best < 3:
            for s in range(1, 6):
                w = line[s:s + 5]
                if "X" not in w and w.count("O") == 3:
                    best = 2
        fours += best == 4
        threes += best == 3
        rank = max(rank, best)
    return rank, fours, threes


def label(board: dict, cell: tuple, colour: int) -> str:
    rank, fours, threes = shape(board, cell, colour)
    if rank == 5:
        return "five"
    if fours >= 2 or (fours and threes):
        return "double"
    if threes >= 2:
        return "double3"
    return {4: "four", 3: "open3", 2: "closed3"}.get(rank, "quiet")


def parse(square: str) -> tuple:
    return ord(square[0]) - 97, int(square[1:]) - 1


def rates(specs: list) -> None:
    for spec in specs:
        path, _, name = spec.partition(":")
        counts = collections.Counter()
        for game in games_of_sgf(Path(path).read_text()):
            if name and game["black"] != name:
                continue
            board = {}
            moves = game["moves"]
            for i, move in enumerate(moves):
                if 3 <= i < len(moves) - 16 and i % 2 == 0 and i <= 40:
                    counts[label(board, move, 0)] += 1
                board[move] = i % 2
        total = sum(counts.values())
        shares = ", ".join(f"{k} {v / total:.2f}" for k, v in counts.most_common())
        print(f"{spec}: {total} Black moves: {shares}")


def oracle(jsonl: str, sgf: str) -> None:
    def value(text):
        return 5000 if text.startswith("+M") else -5000 if text.startswith("-M") else int(text)

    games = {g["number"]: g for g in games_of_sgf(Path(sgf).read_text())}
    rows = [json.loads(line) for line in open(jsonl)]
    print(f"{len(rows)} positions, openings {sorted({r['op'] for r in rows})}")
    missed = [(r["op"], r["ply"], r["eb"]) for r in rows if r["eb"].startswith("+M") and not r["ew"].startswith("-M")]
    allowed = [(r["op"], r["ply"], r["eb"], r["ew"]) for r in rows
               if r["ew"].startswith("+M") and not r["eb"].startswith("-M")]
    print(f"Black mates Rapfi saw that arbor's move gave up (opening, ply, eval): {missed}")
    print(f"moves after which Rapfi (White) sees a mate (opening, ply, before, after): {allowed}")
    by = collections.defaultdict(list)
    usual = [r for r in rows if abs(value(r["eb"])) < 5000 and abs(value(r["ew"])) < 5000 and value(r["eb"]) > -300]
    for r in usual:
        board = {c: i % 2 for i, c in enumerate(games[r["game"]]["moves"][:r["ply"]])}
        by[label(board, parse(r["arbor"]), 0)].append(r["loss"])
    total = sum(sum(v) for v in by.values())
    print(f"{len(usual)} undecided positions: mean loss {total / len(usual):.1f}, "
          f"arbor = Rapfi's move {sum(r['arbor'] == r['best'] for r in usual)}")
    for name, losses in sorted(by.items()):
        print(f"  {name}: {len(losses)} moves, mean loss {sum(losses) / len(losses):.1f}, "
              f"share of the total {sum(losses) / total:.2f}")
    for op in sorted({r["op"] for r in rows}):
        first = next((r for r in rows if r["op"] == op and value(r["ew"]) > 0), None)
        if first:
            print(f"  opening {op} ({first['res']}): first move after which White >= 0: ply {first['ply']} "
                  f"{first['arbor']} (Rapfi {first['best']}), {first['eb']} -> {first['ew']}")


if __name__ == "__main__":
    if sys.argv[1] == "rates":
        rates(sys.argv[2:])
    else:
        oracle(sys.argv[2], sys.argv[3])
