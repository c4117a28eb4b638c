"""gomoku_losses.py: the lost games of a c-gomoku-cli match and where the winner saw a mate."""

import unittest

from scripts.bench.gomoku_losses import first_mate, games_of_sgf, reports_of_messages, square

SGF = """(;FF[4]GM[4]GN[1]EV[rapfi x arbor]RO[1.1]RU[0]SZ[15]PB[rapfi]PW[arbor]RE[B+1]
;B[hh]C[opening move];W[hi]C[opening move];B[hf]C[opening move];W[gh]C[422ms];B[fg]C[272ms])
(;FF[4]GM[4]GN[2]EV[arbor x rapfi]RO[1.2]RU[0]SZ[15]PB[arbor]PW[rapfi]RE[B+1]
;B[hh];W[hi];B[hf])
"""

MESSAGES = """Game ID: 1
Engines: rapfi x arbor
4) arbor: depth 7 score cp -117 nodes 47190 time 136 pv 6,7 5,6
5) rapfi: Speed 451K | Depth 16-19 | Eval 158 | Node 122K | Time 271ms
5) rapfi: Bestline F7 H7
6) arbor: depth 8 score loss 10 nodes 93392 time 165 pv 6,8 8,8
7) rapfi: Speed 595K | Depth 19-38 | Eval +M9 | Node 162K | Time 273ms
9) rapfi: Speed 595K | Depth 19-38 | Eval +M7 | Node 162K | Time 273ms
Game ID: 2
Engines: arbor x rapfi
"""


class GomokuLossesTest(unittest.TestCase):
    def test_games_and_moves_are_read_from_the_sgf(self):
        games = games_of_sgf(SGF)
        self.assertEqual([g["number"] for g in games], [1, 2])
        self.assertEqual(games[0]["black"], "rapfi")
        self.assertEqual(games[0]["result"], "B+1")
        self.assertEqual(games[0]["moves"], [(7, 7), (7, 8), (7, 5), (6, 7), (5, 6)])
        self.assertEqual(square(games[0]["moves"][3]), "g8")

    def test_the_first_mate_of_the_winner_is_found(self):
        reports = reports_of_messages(MESSAGES)
        self.assertEqual(reports[1][4], {"engine": "arbor", "score": "cp -117 d7"})
        self.assertEqual(reports[1][5]["eval"], "158")
        self.assertEqual(first_mate(reports[1], "rapfi"), 7)
        self.assertIsNone(first_mate(reports[1], "arbor"))
        self.assertEqual(reports[2], {})


if __name__ == "__main__":
    unittest.main()
