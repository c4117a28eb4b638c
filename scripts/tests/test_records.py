"""Notations, opening formats and game records of other communities, in-process (no engines)."""

from __future__ import annotations

import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools import rules  # noqa: E402
from arbor_tools.runner import notation  # noqa: E402
from arbor_tools.runner.config import ConfigError, EngineSpec, TimeControl  # noqa: E402
from arbor_tools.runner.openings import read_openings  # noqa: E402
from arbor_tools.runner.records import ggf, pgn, sgf  # noqa: E402


def position(game: str, moves: list, **variant: str) -> rules.Game:
    result = rules.new_game(game, variant)
    for move in moves:
        result.play(move)
    return result


def record(game: str, opening: list, moves: list, result: str, reason: str, **variant: str) -> dict:
    return {"type": "game", "index": 0, "pair": 0, "game": game, "variant": variant,
            "engines": {"X": "first", "O": "second"}, "engine_index": {"X": 0, "O": 1},
            "opening": opening, "result": result, "reason": reason, "started": 1_700_000_000.0, "duration_s": 2.5,
            "moves": [{"move": m, "time_ms": 12.0, "score": "cp 150", "depth": 4, "nodes": 10} for m in moves]}


class CutechessNotation(unittest.TestCase):
    def test_drops_count_ranks_from_the_bottom(self):
        start = rules.new_game("tictactoe")
        self.assertEqual(notation.to_drop(start, "a1"), "P@a3")
        self.assertEqual(notation.from_drop(start, "P@a3"), "a1")
        self.assertEqual(notation.from_drop(start, "P@c1"), "c3")
        for bad in ("P@d1", "P@a0", "P@", "a1", "e2e4", "P@a33"):
            self.assertIsNone(notation.from_drop(start, bad), bad)

    def test_connect_four_drops_name_the_landing_cell(self):
        board = position("connect4", ["d", "d"])
        self.assertEqual(notation.to_drop(board, "d"), "P@d3")
        self.assertEqual(notation.to_drop(board, "a"), "P@a1")
        self.assertEqual(notation.from_drop(board, "P@d3"), "d")
        self.assertIsNone(notation.from_drop(board, "P@d1"))  # taken
        self.assertIsNone(notation.from_drop(board, "P@d5"))  # floating

    def test_fens_are_cutechess_start_positions_with_the_pool(self):
        # cutechess-cli's defaultFenString() of each variant (public facts of its format).
        self.assertEqual(notation.fen(rules.new_game("tictactoe")), "3/3/3[PPPPPpppp] w - - 0 1")
        self.assertEqual(notation.fen(rules.new_game("connect4")), "7/7/7/7/7/7[" + "P" * 21 + "p" * 21 + "] w - - 0 1")
        self.assertEqual(notation.fen(rules.new_game("gomoku")), "/".join(["15"] * 15) + "[" + "P" * 113 + "p" * 112
                         + "] w - - 0 1")
        self.assertEqual(notation.fen(position("tictactoe", ["b2"])), "3/1P1/3[PPPPpppp] b - - 0 1")
        self.assertEqual(notation.fen(position("tictactoe", ["a1", "c1", "b2"])), "P1p/1P1/3[PPPppp] b - - 0 2")

    def test_gomocup_and_nboard_coordinates(self):
        self.assertEqual(notation.to_xy("h8", 15), "7,7")
        self.assertEqual(notation.to_xy("a15", 15), "0,14")
        self.assertEqual(notation.from_xy(" 14 , 0 ", 15), "o1")
        for bad in ("15,0", "-1,3", "a,b", "7"):
            self.assertIsNone(notation.from_xy(bad, 15), bad)
        self.assertEqual(notation.to_sgf_point("h8", 15), "hh")
        self.assertEqual(notation.from_sgf_point("ao", 15), "a15")
        self.assertEqual((notation.from_nboard("F5/1.5/0.2"), notation.from_nboard("PA")), ("f5", "pass"))
        self.assertIsNone(notation.from_nboard("Z9"))


class OpeningFormats(unittest.TestCase):
    def read(self, text: str, game: str, **variant: str) -> list:
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "book.txt")
            with open(path, "w") as handle:
                handle.write(text)
            return read_openings(path, game, variant)

    def test_gomocup_offsets_are_from_the_centre(self):
        self.assertEqual(self.read("0,0, 1,0, -1,2\n", "gomoku"), [("h8", "i8", "g10")])
        self.assertEqual(self.read("8,-3, 6,-4\n", "gomoku", size="20"), [("s8", "q7")])  # c-gomoku-cli's example
        self.assertEqual(self.read("h8 i9\n", "gomoku"), [("h8", "i9")])
        self.assertEqual(self.read("b7d6e6f7h2k5\n", "gomoku"), [("b7", "d6", "e6", "f7", "h2", "k5")])  # "pos"
        with self.assertRaisesRegex(ConfigError, "off the 15x15 board"):
            self.read("8,0\n", "gomoku")
        with self.assertRaisesRegex(ConfigError, "taken"):
            self.read("0,0, 0,0\n", "gomoku")

    def test_othello_move_strings(self):
        self.assertEqual(self.read("# book\nf5d6C3\nf5 f6\n", "othello"), [("f5", "d6", "c3"), ("f5", "f6")])
        with self.assertRaisesRegex(ConfigError, "flips nothing"):
            self.read("a1\n", "othello")


class Records(unittest.TestCase):
    def test_pgn_as_cutechess_writes_it(self):
        game = record("tictactoe", ["b2"], ["a1", "c3", "c1", "a3"], "0-1", "O made 3 in a row")
        # O (second) answered a1 with ... here the record is made up: only its shape matters.
        from arbor_tools.runner.config import Adjudication, Config
        config = Config("tictactoe", {}, [EngineSpec(0, "x", "first", {}, TimeControl(depth=4)),
                                          EngineSpec(1, "y", "second", {}, TimeControl(movetime=100))],
                        2, [], 1, 100, 60, Adjudication(), None, None, "book")
        text = pgn.write_game(game, config)
        self.assertIn('[Variant "tictactoe"]\n', text)
        self.assertIn('[FEN "3/1P1/3[PPPPpppp] b - - 0 1"]\n[GameDuration "00:00:02"]', text)
        self.assertIn('[WhiteTimeControl "inf"]', text)
        self.assertIn('[BlackTimeControl "0.1/move"]', text)
        self.assertTrue(text.startswith('[Event "?"]\n[Site "?"]\n[Date "2023.11.14"]\n[Round "1"]\n'
                                        '[White "first"]\n[Black "second"]\n[Result "0-1"]\n'))
        self.assertIn("\n\n1... P@a3 {+1.50/4 0.012s} 2. P@c1 {+1.50/4 0.012s} P@c3", text)
        self.assertTrue(text.endswith("P@a1 {+1.50/4 0.012s, Black wins} 0-1\n\n"))
        parsed = pgn.parse_games(text + text)
        self.assertEqual(len(parsed), 2)
        self.assertEqual(parsed[0]["moves"], ["P@a3", "P@c1", "P@c3", "P@a1"])
        self.assertEqual((parsed[0]["result"], parsed[0]["tags"]["PlyCount"]), ("0-1", "4"))

    def test_pgn_writes_bounded_win_and_loss_distances_as_mates(self):
        # Connect Four's solver reports `win <=N` when time ran out before the distance.
        game = record("connect4", [], ["d", "d", "c", "e"], "*", "abandoned")
        for move, score in zip(game["moves"], ("win <=33", "loss <=34", "win 7", "draw")):
            move["score"] = score
        from arbor_tools.runner.config import Adjudication, Config
        config = Config("connect4", {}, [EngineSpec(0, "x", "first", {}, TimeControl(movetime=50)),
                                         EngineSpec(1, "y", "second", {}, TimeControl(movetime=50))],
                        2, [], 1, 100, 60, Adjudication(), None, None, "book")
        text = pgn.write_game(game, config)
        self.assertIn("1. P@d1 {+M17/4 0.012s} P@d2 {-M17/4 0.012s} 2. P@c1 {+M4/4 0.012s} P@e1 {0.00/4",
                      text)

    def test_sgf_as_c_gomoku_cli_writes_it(self):
        game = record("gomoku", ["h8", "i8"], ["h9", "i9"], "1-0", "first (O): time forfeit (400 ms)", rule="standard")
        text = sgf.write_game(game)
        self.assertTrue(text.startswith("(;FF[4]GM[4]GN[1]EV[first x second]DT["))
        self.assertIn("RO[1.1]RU[1]SZ[15]PB[first]PW[second]RE[B+1]TE[first (O): time forfeit (400 ms)]\n", text)
        self.assertIn(";B[hh]C[opening move];W[ih]C[opening move]\n;B[hi]C[12ms];W[ii]C[12ms])", text)
        parsed = sgf.parse_games(text + text)
        self.assertEqual([g["moves"] for g in parsed], [["h8", "i8", "h9", "i9"]] * 2)
        self.assertEqual(parsed[0]["tags"]["RE"], "B+1")

    def test_ggf_as_nboard_reads_it(self):
        moves = ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7"]
        game = record("othello", moves[:2], moves[2:], "0-1", "second (X)... adjudication: resign")
        text = ggf.write_game(game)
        self.assertTrue(text.startswith("(;GM[Othello]PC[arbor match]DT[2023.11.14_22:13:20]PB[first]PW[second]"
                                        "RE[-64.000:r]TI[0]TY[8]BO[8 " + ggf.START_BOARD + " *]B[F5]W[D6]B[C3/1.50/0.012]"))
        self.assertEqual(ggf.parse_games(text)[0]["moves"], moves)
        unfinished = position("othello", moves)
        self.assertEqual(ggf.result_tag({"reason": "a (O): crash", "result": "1-0"}, unfinished), "+64.000:r")
        self.assertEqual(ggf.result_tag({"reason": "a (X): time forfeit", "result": "0-1"}, unfinished),
                         "-64.000:t")
        import random
        rng = random.Random(3)
        board = rules.new_game("othello")
        while board.outcome is None:
            board.play(rng.choice(board.legal_moves()))
        black, white = board.cells.count(rules.FIRST), board.cells.count(rules.SECOND)
        empties = 64 - black - white
        margin = black - white + (empties if black > white else -empties if white > black else 0)
        self.assertEqual(float(ggf.result_tag({"reason": "", "result": ""}, board)), margin)


if __name__ == "__main__":
    unittest.main()
