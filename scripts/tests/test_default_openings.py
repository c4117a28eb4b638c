"""The runner's default openings per game: Gomoku's book of 3 stones near the centre that
arbor's search scores near even, instead of random stones anywhere on the board."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "match.py")
STUB = os.path.join(HERE, "stub_engine.py")
BOOK = os.path.join(HERE, "..", "arbor_tools", "runner", "books", "gomoku_centre3.txt")
sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools.runner.openings import default_openings, read_openings  # noqa: E402


def book_lines() -> list[tuple[list[tuple[int, int]], int]]:
    """(stones as offsets, score comment) of each opening line of the book."""
    lines = []
    with open(BOOK, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or not line.strip():
                continue
            stones, _, comment = line.partition("#")
            numbers = [int(n) for n in stones.replace(" ", "").strip(",").split(",")]
            lines.append((list(zip(numbers[::2], numbers[1::2])), int(comment)))
    return lines


class Book(unittest.TestCase):
    def test_three_stones_near_the_centre_scored_near_even(self):
        lines = book_lines()
        self.assertEqual(len(lines), 34)
        for stones, score in lines:
            with self.subTest(stones=stones):
                self.assertEqual(stones[0], (0, 0))  # X on the centre
                self.assertEqual(max(abs(stones[1][0]), abs(stones[1][1])), 1)  # O beside it
                self.assertLessEqual(max(abs(c) for c in stones[2]), 4)  # X within 4 points
                self.assertLessEqual(abs(score), 100)
        # No opening twice, not even as a mirror image of another.
        def images(stones):
            flips = [lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
                     lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x)]
            return {(frozenset({f(*stones[0]), f(*stones[2])}), f(*stones[1])) for f in flips}
        seen: set = set()
        for stones, _ in lines:
            self.assertFalse(images(stones) & seen, stones)
            seen |= images(stones)

    def test_every_line_is_a_legal_opening_of_each_rule(self):
        for variant in ({}, {"rule": "standard"}, {"rule": "renju"}, {"size": "9"}):
            with self.subTest(variant=variant):
                openings = read_openings(BOOK, "gomoku", variant)
                self.assertEqual(len(openings), 34)
                self.assertEqual(default_openings("gomoku", variant)[0], openings)
        self.assertEqual(read_openings(BOOK, "gomoku", {})[0], ("h8", "h7", "d7"))

    def test_small_boards_and_other_games_keep_random_plies(self):
        self.assertIsNone(default_openings("gomoku", {"size": "7"}))
        for game in ("tictactoe", "connect4", "othello"):
            self.assertIsNone(default_openings(game, {}))


class Runner(unittest.TestCase):
    def run_match(self, folder: str, *args: str) -> tuple[subprocess.CompletedProcess, list[dict]]:
        out = os.path.join(folder, "games.jsonl")
        done = subprocess.run(
            [sys.executable, MATCH, "--quiet", "--games", "4", "--depth", "1", "--out", out, *args,
             "--engine", f'cmd="{sys.executable}" "{STUB}" --seed 1', "name=a",
             "--engine", f'cmd="{sys.executable}" "{STUB}" --seed 2', "name=b"],
            capture_output=True, text=True, timeout=300)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(out, encoding="utf-8") as handle:
            records = [json.loads(line) for line in handle]
        return done, records

    def test_gomoku_plays_the_book_by_default(self):
        with tempfile.TemporaryDirectory() as folder:
            done, records = self.run_match(folder, "--game", "gomoku")
        self.assertEqual(records[0]["openings"], "default book gomoku_centre3.txt")
        games = sorted((r for r in records if r["type"] == "game"), key=lambda r: r["index"])
        self.assertEqual([g["opening"] for g in games], [["h8", "h7", "d7"]] * 2 + [["h8", "g7", "j5"]] * 2)
        self.assertIn("openings: default book gomoku_centre3.txt", done.stdout)

    def test_random_plies_on_request(self):
        with tempfile.TemporaryDirectory() as folder:
            _, records = self.run_match(folder, "--game", "gomoku", "--random-plies", "2")
        self.assertEqual(records[0]["openings"], "random 2 plies, seed 1")
        for record in records[1:]:
            self.assertEqual(len(record["opening"]), 2)

    def test_the_help_lists_the_defaults(self):
        done = subprocess.run([sys.executable, MATCH, "--help"], capture_output=True, text=True, timeout=60)
        text = re.sub(r"\s+", " ", done.stdout)
        self.assertIn("tictactoe: 2 random plies; connect4: 2 random plies; othello: 2 random plies; "
                      "gomoku: the book gomoku_centre3.txt", text)


if __name__ == "__main__":
    unittest.main()
