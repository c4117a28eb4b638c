#!/usr/bin/env python3
"""After each of arbor's moves in a c-gomoku-cli SGF: does the opponent have a cell
that makes a double threat (double three or four-three, from the stones alone) while
arbor has no four to make? And did the opponent play such a cell next?

    python3 threat_cells.py TAG.sgf...   (arbor's Black games and White games apart)
"""
import collections
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from move_shapes import label, games_of_sgf, N  # noqa: E402


def cells(board, colour):
    out = collections.Counter()
    for x in range(N):
        for y in range(N):
            if (x, y) in board:
                continue
            if not any((x + dx, y + dy) in board for dx in (-2, -1, 0, 1, 2) for dy in (-2, -1, 0, 1, 2)):
                continue
            out[label(board, (x, y), colour)] += 1
    return out


for path in sys.argv[1:]:
    for colour_name, arbor_colour in (("Black", 0), ("White", 1)):
        stats = collections.Counter()
        for game in games_of_sgf(Path(path).read_text()):
            if (game["black"] == "arbor") != (arbor_colour == 0):
                continue
            lost = game["result"].startswith("W+" if arbor_colour == 0 else "B+")
            board = {}
            moves = game["moves"]
            for i, move in enumerate(moves):
                board[move] = i % 2
                if i % 2 != arbor_colour or i < 3 or i + 1 >= len(moves):
                    continue
                mine = cells(board, arbor_colour)
                theirs = cells(board, 1 - arbor_colour)
                if theirs["five"]:
                    continue
                stats["arbor moves"] += 1
                my_four = mine["five"] + mine["four"] + mine["double"] > 0
                threat = theirs["double"] + theirs["double3"] > 0
                if threat and not my_four:
                    stats["left a double-threat cell, no four of own"] += 1
                    reply = label(board, moves[i + 1], 1 - arbor_colour)
                    if reply in ("double", "double3"):
                        stats["  and the opponent played one"] += 1
                        stats["  ... in a lost game" if lost else "  ... in a game not lost"] += 1
        print(f"{path} arbor as {colour_name}: {dict(stats)}")
