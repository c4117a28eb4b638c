"""Renju forbidden points (scripts/arbor_tools/renju.py) and the referee's rule=renju, on positions
checked by hand (the same ones as arbor's src/game/gomoku/renju_tests.rs)."""

from __future__ import annotations

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arbor_tools import renju  # noqa: E402
from arbor_tools import rules  # noqa: E402

FAR = "a1 c1 e1 a3 c3 a5 o15 m15 k15 o13"


def board(black: str, white: str) -> list[int]:
    cells = [renju.EMPTY] * 225
    for stones, player in ((black, renju.BLACK), (white, renju.WHITE)):
        for square in stones.split():
            cells[rules.parse_square(square, 15, 15)] = player
    return cells


def why(black: str, white: str, square: str = "h8") -> str | None:
    return renju.forbidden(board(black, white), 15, rules.parse_square(square, 15, 15))


def square(row: int, col: int) -> str:
    return rules.square_name(row * 15 + col, 15)


class ForbiddenPoints(unittest.TestCase):
    def test_double_three(self):
        self.assertEqual(why("g8 i8 h7 h9", "a1 c1 e1 a3"), "double three")

    def test_fake_three_whose_four_point_is_forbidden(self):
        # h7-h8-h9 (h11 White) becomes a straight four only at h6, a double four there.
        self.assertIsNone(why("f8 g8 h7 h9 j6 k6 l6", "h11 a1 c1 e1 a3 c3 a5"))
        self.assertIsNone(why("f8 g8 h7 h9 j6 k6 l6", "h11 a1 c1 e1 a3 c3 a5", "h6"))
        self.assertEqual(why("f8 g8 h7 h9 a15 c15 e15", "h11 a1 c1 e1 a3 c3 a5"), "double three")
        self.assertIsNone(why("f8 g8 h7 h9 a15 c15 e15", "h11 h10 c1 e1 a3 c3 a5"))

    def test_four_three_against_double_four(self):
        self.assertIsNone(why("e8 f8 g8 h7 h9", "d8 a1 c1 e1 a3"))
        self.assertEqual(why("e8 f8 g8 h6 h7 h9", "d8 h10 a1 c1 e1 a3"), "double four")
        self.assertEqual(why("d8 f8 g8 j8", "a1 c1 e1 a3"), "double four")  # x.xxx.x on one line
        self.assertIsNone(why("f8 g8 j8 a15", "a1 c1 e1 a3"))

    def test_overline_in_each_direction_and_five(self):
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            at = lambda ks: " ".join(square(7 + dr * k, 7 + dc * k) for k in ks)  # noqa: E731
            self.assertEqual(why(at([-3, -2, -1, 1, 2]), FAR), "overline", (dr, dc))
            self.assertIsNone(why(at([-2, -1, 1, 2]), FAR), (dr, dc))

    def test_five_beats_double_four_and_overline(self):
        self.assertIsNone(why("d8 e8 f8 g8 h5 h6 h7 e5 f6 g7", FAR))
        self.assertIsNone(why("d8 e8 f8 g8 h5 h6 h7 h9 h10", FAR))

    def test_cells_are_left_unchanged(self):
        cells = board("g8 i8 h7 h9", "a1 c1 e1 a3")
        before = list(cells)
        renju.forbidden(cells, 15, rules.parse_square("h8", 15, 15))
        self.assertEqual(cells, before)


class RenjuReferee(unittest.TestCase):
    def play(self, moves: list[str], rule: str = "renju") -> rules.Game:
        game = rules.new_game("gomoku", {"rule": rule})
        for move in moves:
            game.play(move)
        return game

    def test_black_may_not_play_a_double_three(self):
        # Black g8 i8 h7 h9, White far away; Black to move.
        game = self.play(["g8", "a1", "i8", "c1", "h7", "e1", "h9", "a3"])
        self.assertNotIn("h8", game.legal_moves())
        with self.assertRaises(rules.IllegalMove) as raised:
            game.play("h8")
        self.assertIn("double three", str(raised.exception))
        self.assertEqual(game.moves[-1], "a3")  # unchanged
        self.assertIn("h8", self.play(game.moves, "freestyle").legal_moves())

    def test_white_overline_wins_black_five_wins(self):
        white = self.play(["a1", "e8", "a3", "f8", "a5", "g8", "a7", "i8", "a9", "j8", "a11", "k8", "a13"])
        white.play("h8")
        self.assertEqual(white.outcome.winner, rules.SECOND)
        black = self.play(["f8", "a1", "g8", "a3", "i8", "a5", "j8", "a7"])
        black.play("h8")
        self.assertEqual(black.outcome.winner, rules.FIRST)


if __name__ == "__main__":
    unittest.main()
