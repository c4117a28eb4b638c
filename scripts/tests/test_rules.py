"""The referee's rules: public perft counts and win/draw edge cases."""

from __future__ import annotations

import os
import random
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arbor_tools import rules  # noqa: E402


def perft_list(name, depth, variant=None):
    game = rules.new_game(name, variant)
    return [rules.perft(game, d) for d in range(1, depth + 1)]


class Perft(unittest.TestCase):
    def test_tictactoe(self):
        # Finished games contribute nothing deeper (549,946 nodes in all).
        self.assertEqual(perft_list("tictactoe", 9),
                         [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872])

    def test_connect4(self):
        self.assertEqual(perft_list("connect4", 5), [7, 49, 343, 2401, 16807])

    def test_othello(self):
        # OEIS A124004, passes counted as moves.
        self.assertEqual(perft_list("othello", 6), [4, 12, 56, 244, 1396, 8200])

    def test_gomoku(self):
        self.assertEqual(perft_list("gomoku", 2), [225, 50400])
        self.assertEqual(perft_list("gomoku", 1, {"size": "19"}), [361])


class Endings(unittest.TestCase):
    def play(self, name, moves, variant=None):
        game = rules.new_game(name, variant)
        for move in moves:
            game.play(move)
        return game

    def test_tictactoe_win_and_draw(self):
        game = self.play("tictactoe", ["a1", "a2", "b1", "b2", "c1"])
        self.assertEqual(game.outcome.winner, rules.FIRST)
        self.assertEqual(game.legal_moves(), [])
        with self.assertRaises(rules.IllegalMove):
            game.play("c3")
        draw = self.play("tictactoe", ["b2", "a1", "c1", "a3", "a2", "c2", "b1", "b3", "c3"])
        self.assertIsNotNone(draw.outcome)
        self.assertIsNone(draw.outcome.winner)

    def test_illegal_moves_leave_the_position(self):
        game = self.play("tictactoe", ["b2"])
        for bad in ("b2", "d1", "a0", "a4", "zz", "", "pass"):
            with self.subTest(move=bad), self.assertRaises(rules.IllegalMove):
                game.play(bad)
        self.assertEqual(game.moves, ["b2"])
        self.assertEqual(game.side_to_move, rules.SECOND)

    def test_connect4_column_full_and_wins(self):
        game = self.play("connect4", ["a"] * 6)
        self.assertNotIn("a", game.legal_moves())
        with self.assertRaises(rules.IllegalMove):
            game.play("a")
        vertical = self.play("connect4", ["d", "e", "d", "e", "d", "e", "d"])
        self.assertEqual(vertical.outcome.winner, rules.FIRST)
        diagonal = self.play("connect4", ["a", "b", "b", "c", "c", "d", "c", "d", "d", "g", "d"])
        self.assertEqual(diagonal.outcome.winner, rules.FIRST)
        small = self.play("connect4", ["a", "b", "c", "d"], {"cols": "4", "rows": "4"})
        self.assertEqual(small.legal_moves(), ["a", "b", "c", "d"])
        with self.assertRaises(rules.VariantError):
            rules.new_game("connect4", {"width": "7"})

    def test_othello_start_and_pass(self):
        game = rules.new_game("othello")
        self.assertEqual(sorted(game.legal_moves()), ["c4", "d3", "e6", "f5"])
        # The shortest Othello game (9 plies, all discs black): no side can move afterwards.
        finished = self.play("othello", ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"])
        self.assertEqual(finished.outcome.winner, rules.FIRST)
        # A position where White must pass: fill the board by hand.
        game = rules.new_game("othello")
        game.cells = [rules.FIRST] * 64
        game.cells[0], game.cells[1] = rules._EMPTY, rules.SECOND  # X at a1 would flip b1
        game.side_to_move = rules.SECOND
        self.assertEqual(game.legal_moves(), ["pass"])
        game.play("pass")
        self.assertEqual(game.legal_moves(), ["a1"])
        with self.assertRaises(rules.IllegalMove):
            game.play("pass")
        game.play("a1")
        self.assertEqual(game.outcome.winner, rules.FIRST)
        self.assertEqual(game.legal_moves(), [])

    def test_gomoku_five_and_overline(self):
        row = ["a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2"]
        free = self.play("gomoku", row + ["e1"])
        self.assertEqual(free.outcome.winner, rules.FIRST)
        # Standard rule: six in a row (an overline) does not win, exactly five does.
        overline = ["a1", "a3", "b1", "b3", "c1", "c3", "e1", "e3", "f1", "f3", "d1"]
        self.assertIsNone(self.play("gomoku", overline, {"rule": "standard"}).outcome)
        self.assertEqual(self.play("gomoku", overline, {"rule": "freestyle"}).outcome.winner, rules.FIRST)
        self.assertEqual(self.play("gomoku", row + ["e1"], {"rule": "standard"}).outcome.winner, rules.FIRST)
        self.assertEqual(rules.new_game("gomoku").legal_moves()[112], "h8")  # the centre of 15x15


if __name__ == "__main__":
    unittest.main()


class AgreesWithArbor(unittest.TestCase):
    """Along seeded random games, the referee's legal moves (and game ends) match arbor's."""

    CASES = [("tictactoe", {}), ("connect4", {}), ("connect4", {"cols": "5", "rows": "4"}), ("othello", {}),
             ("gomoku", {"size": "7"}), ("gomoku", {"size": "6", "rule": "standard"}),
             ("gomoku", {"size": "9", "rule": "renju"})]

    def test_legal_moves_agree(self):
        from scripts.tests.engine_path import arbor_binary
        from arbor_tools.client import Engine, EngineError

        binary = arbor_binary()
        if binary is None:
            self.skipTest("arbor binary not found: set ARBOR_BIN or run `cargo build --release`")
        with Engine.popen(str(binary)) as engine:
            for name, variant in self.CASES:
                with self.subTest(game=name, variant=variant):
                    try:
                        engine.new_game(name, **variant)
                    except EngineError as error:
                        self.skipTest(f"{name} is not in this arbor build: {error.message}")
                    rng = random.Random(7)
                    for _ in range(15):
                        game = rules.new_game(name, variant)
                        while True:
                            engine.position(moves=game.moves)
                            mine = game.legal_moves()
                            self.assertEqual(sorted(engine.legal()), sorted(mine), game.moves)
                            if not mine:
                                break
                            game.play(rng.choice(mine))
