"""Statistics against fastchess's SPRT test vectors and hand-checked Elo/LOS values."""

from __future__ import annotations

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from arbor_tools import sprt  # noqa: E402


class GsprtVectors(unittest.TestCase):
    """fastchess sprt_test.cpp vectors (alpha = beta = 0.05), as listed in sprt_reference.md."""

    # (model, counts [L, D, W] or [LL, LD, WL+DD, WD, WW], elo0, elo1, expected LLR)
    VECTORS = [
        ("normalized", [36027, 68692, 36433], 0, 2, 0.92),
        ("normalized", [10650, 20431, 10871], -1.75, 0.25, 2.30),
        ("normalized", [0, 0, 4250], 0, 10, 120.56),
        ("logistic", [21184, 40708, 21404], 0.5, 2.5, -1.57),
        ("logistic", [57030, 106593, 57433], 0, 2, -2.59),
        ("normalized", [365, 16618, 36029 + 200, 16974, 390], 0, 2, 2.25),
        ("normalized", [127, 4883, 10311 + 401, 5150, 104], -1.75, 0.25, 3.01),
        ("normalized", [0, 0, 0, 0, 5550], 0, 5, 111.82),
        ("logistic", [223, 9863, 20279 + 1000, 10037, 246], 0.5, 2.5, -3.07),
        ("logistic", [871, 26175, 55003 + 980, 26678, 821], 0, 2, -4.98),
    ]

    def test_vectors(self):
        for model, counts, elo0, elo1, expected in self.VECTORS:
            with self.subTest(model=model, counts=counts):
                value = sprt.llr(counts, elo0, elo1, model)
                # The two degenerate vectors (all wins) converge to 120.548 and 111.798 here;
                # fastchess's checks are approximate. Everything else agrees to 0.01.
                tolerance = 0.03 if expected > 100 else 0.01
                self.assertAlmostEqual(value, expected, delta=tolerance)

    def test_bounds(self):
        lower, upper = sprt.sprt_bounds(0.05, 0.05)
        self.assertAlmostEqual(lower, -2.944, places=3)
        self.assertAlmostEqual(upper, 2.944, places=3)

    def test_bayeselo_hand_checked(self):
        # W = D = L = 9 (+0.5 each): drawElo = 200 log10(4), scale = 8/9; worked by hand.
        self.assertAlmostEqual(sprt.llr_bayeselo(9, 9, 9, 0, 10), -0.0177, delta=0.0002)
        self.assertAlmostEqual(sprt.llr([9, 9, 9], 0, 10, "bayesian"), -0.0177, delta=0.0002)

    def test_symmetry(self):
        for model in ("normalized", "logistic", "bayesian"):
            with self.subTest(model=model):
                a = sprt.llr([80, 50, 100], 0, 5, model)
                b = sprt.llr([100, 50, 80], -5, 0, model)
                self.assertAlmostEqual(a, -b, places=6)
                self.assertGreater(a, 0.0)

    def test_decision(self):
        test = sprt.Sprt.parse(["elo0=0", "elo1=5", "alpha=0.05", "beta=0.05"])
        self.assertEqual(test.decision(3.0), "H1")
        self.assertEqual(test.decision(-3.0), "H0")
        self.assertIsNone(test.decision(0.0))
        self.assertEqual(test.line([1, 0, 0]).split(" (")[1], "-2.94, 2.94) [0.00, 5.00]")
        with self.assertRaises(ValueError):
            sprt.Sprt.parse(["elo0=5", "elo1=0"])
        with self.assertRaises(ValueError):
            sprt.Sprt.parse(["foo=1"])


class EloValues(unittest.TestCase):
    def test_fastchess_pentanomial_report(self):
        # A published fastchess result block: Ptnml(0-2): [4, 4, 58, 51, 198] printed
        # "Elo: 294.93 +/- 33.71, nElo: 371.80 +/- 27.13",
        # "LOS: 100.00 %, DrawRatio: 18.41 %, PairsRatio: 31.12".
        lines = sprt.report(505, 55, 70, [4, 4, 58, 51, 198])
        self.assertEqual(lines[0], "Elo: 294.93 +/- 33.71, nElo: 371.80 +/- 27.13")
        # The pentanomial DrawRatio counts pairs scoring 1-1 (WL or DD); the drawn games beside it.
        self.assertEqual(lines[1], "LOS: 100.00 %, DrawRatio: 18.41 % of pairs (WL+DD), 8.73 % of games, "
                                   "PairsRatio: 31.12")
        self.assertEqual(lines[2], "Games: 630, Wins: 505, Losses: 70, Draws: 55, Points: 532.5 (84.52 %)")
        self.assertEqual(lines[3], "Ptnml(0-2): [4, 4, 58, 51, 198]")

    def test_trinomial_cutechess_values(self):
        # cutechess printed for 99 - 97 - 104 (W - L - D): Elo 2.3, LOS 55.7 %, DrawRatio 34.7 %.
        estimate = sprt.trinomial_elo(99, 104, 97)
        self.assertAlmostEqual(estimate.elo, 2.3, delta=0.05)
        self.assertAlmostEqual(estimate.los * 100, 55.7, delta=0.05)
        self.assertAlmostEqual(estimate.draw_ratio * 100, 34.7, delta=0.05)

    def test_even_and_known_scores(self):
        even = sprt.trinomial_elo(10, 10, 10)
        self.assertEqual(even.elo, 0.0)
        self.assertAlmostEqual(even.los, 0.5)
        # 75 % is -400 log10(1/3) = 190.85 Elo.
        self.assertAlmostEqual(sprt.trinomial_elo(3, 0, 1).elo, 190.85, places=2)
        self.assertAlmostEqual(sprt.score_to_elo(sprt.elo_to_score(123.0)), 123.0, places=9)
        self.assertEqual(sprt.trinomial_elo(5, 0, 0).elo, math.inf)

    def test_error_shrinks_with_games(self):
        small = sprt.trinomial_elo(30, 40, 30).error
        large = sprt.trinomial_elo(300, 400, 300).error
        self.assertAlmostEqual(small / large, math.sqrt(10), delta=0.05)


if __name__ == "__main__":
    unittest.main()
