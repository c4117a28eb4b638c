"""Adjudication reads proven scores as results: Othello's ``disc N`` is a proven final disc
margin, not N centi-units, and ``win N``/``loss N`` are proofs."""

from __future__ import annotations

import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "match.py")
STUB = os.path.join(HERE, "stub_engine.py")
sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools import rules  # noqa: E402
from arbor_tools.client import Score  # noqa: E402
from arbor_tools.runner.config import Adjudication  # noqa: E402
from arbor_tools.runner.referee import adjudicate  # noqa: E402

X, O = rules.FIRST, rules.SECOND


def plies(x: str, o: str, count: int) -> list:
    """`count` plies, X first, each side always reporting the same score."""
    return [(X, Score.parse(x)) if i % 2 == 0 else (O, Score.parse(o)) for i in range(count)]


class Rules(unittest.TestCase):
    def test_a_proven_margin_is_never_a_draw(self):
        draw = Adjudication(draw=(4, 10))
        for x, o in (("disc 6", "disc -6"), ("win 5", "loss 4"), ("disc -2", "disc 2")):
            with self.subTest(x=x, o=o):
                self.assertIsNone(adjudicate(draw, plies(x, o, 4)))
        for x, o in (("disc 0", "disc 0"), ("draw", "cp 3"), ("cp -10", "cp 10")):
            with self.subTest(x=x, o=o):
                outcome = adjudicate(draw, plies(x, o, 4))
                self.assertIsNotNone(outcome)
                self.assertIsNone(outcome.winner)

    def test_resign_fires_on_proven_margins(self):
        resign = Adjudication(resign=(2, 400))
        for x, o, winner in (("disc 6", "disc -6", X), ("disc -2", "disc 2", O), ("loss 7", "win 6", O),
                             ("cp 450", "disc -1", X)):
            with self.subTest(x=x, o=o):
                outcome = adjudicate(resign, plies(x, o, 4))
                self.assertIsNotNone(outcome)
                self.assertEqual(outcome.winner, winner)
                self.assertIn("adjudication: resign", outcome.reason)
        # Not all agree, or not for long enough: play on.
        self.assertIsNone(adjudicate(resign, plies("disc 6", "disc 0", 4)))
        self.assertIsNone(adjudicate(resign, plies("disc 6", "disc -6", 3)))
        self.assertIsNone(adjudicate(resign, plies("cp 300", "disc -6", 4)))

    def test_disc_scores_compare_as_results(self):
        self.assertGreater(Score("disc", 2).relative_cp(), Score("cp", 5000).relative_cp())
        self.assertLess(Score("disc", -2).relative_cp(), Score("cp", -5000).relative_cp())
        self.assertGreater(Score("disc", 6).relative_cp(), Score("disc", 2).relative_cp())
        self.assertEqual(Score("disc", 0).relative_cp(), 0)


class OthelloMatch(unittest.TestCase):
    """Two stub engines that report proven margins all game (the leader `up` sees +6 discs)."""

    def play(self, *adjudication: str) -> str:
        def engine(name: str, score: str) -> list:
            return ["--engine", f"cmd=\"{sys.executable}\" \"{STUB}\" --seed 1 --score '{score}'", f"name={name}"]
        done = subprocess.run([sys.executable, MATCH, "--quiet", "--game", "othello", "--games", "2", "--depth", "1",
                               "--concurrency", "1", "--adjudicate", *adjudication,
                               *engine("up", "disc 6"), *engine("down", "disc -6")],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        return done.stdout

    def test_a_proven_win_is_not_adjudicated_a_draw(self):
        report = self.play("draw=2,10")
        self.assertNotIn("adjudication: draw", report)
        self.assertNotIn("Draws: 2", report)

    def test_resign_on_a_proven_margin(self):
        report = self.play("draw=2,10", "resign=2,400")
        self.assertIn("Games: 2, Wins: 2, Losses: 0, Draws: 0", report)
        self.assertIn("adjudication: resign: 2", report)


if __name__ == "__main__":
    unittest.main()
