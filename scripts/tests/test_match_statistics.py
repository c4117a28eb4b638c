"""What the runner's result block is computed from: the bayesian SPRT on game counts, and an
odd number of games (a game whose pair is not complete)."""

from __future__ import annotations

import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "match.py")
STUB = os.path.join(HERE, "stub_engine.py")
sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools import sprt  # noqa: E402


def run_match(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, MATCH, "--quiet", "--concurrency", "1", "--game", "tictactoe", "--depth", "1",
                           *args],
                          capture_output=True, text=True, timeout=120)


def engine(name: str, *args: str) -> list[str]:
    return ["--engine", " ".join([f'cmd="{sys.executable}" "{STUB}"', *args]), f"name={name}"]


class BayesianSprt(unittest.TestCase):
    def test_the_runner_decides_on_game_counts(self):
        done = run_match("--games", "400", "--sprt", "elo0=0", "elo1=100", "model=bayesian",
                         *engine("good", "--seed", "1"), *engine("bad", "--mode", "illegal"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertIn("SPRT: H1 accepted", done.stdout)
        games = int(done.stdout.split("Games: ")[1].split(",")[0])
        # Every game is a win of `good`: the LLR grows by the same step per game, so the
        # test stops at the first game count past the bound, whatever the pairing.
        expected = next(n for n in range(1, 400) if sprt.llr([0, 0, n], 0, 100, "bayesian") >= 2.944)
        self.assertEqual(games, expected)
        self.assertIn(f"LLR: {sprt.llr([0, 0, games], 0, 100, 'bayesian'):.2f} (-2.94, 2.94) [0.00, 100.00]",
                      done.stdout)
        self.assertIn("the LLR is computed from these (trinomial, bayesian model)", done.stdout)

    def test_counts_are_trinomial_for_the_bayesian_model(self):
        bayesian = sprt.Sprt(model="bayesian")
        self.assertEqual(bayesian.counts(5, 3, 2, [0, 1, 2, 1, 0]), [2, 3, 5])
        self.assertEqual(sprt.Sprt().counts(5, 3, 2, [0, 1, 2, 1, 0]), [0, 1, 2, 1, 0])
        self.assertEqual(sprt.Sprt().counts(5, 3, 2, None), [2, 3, 5])
        summary = sprt.summarize(5, 3, 2, [0, 1, 2, 1, 0], bayesian)
        self.assertEqual(summary.llr, sprt.llr_bayeselo(5, 3, 2, 0.0, 5.0))
        self.assertEqual(summary.llr_basis, "trinomial")

    def test_the_command_line_tool_refuses_pairs_for_a_trinomial_model(self):
        done = subprocess.run([sys.executable, "-m", "arbor_tools.sprt", "--ptnml", "1", "2", "3", "2", "1",
                               "--model", "bayesian"], capture_output=True, text=True, timeout=60,
                              cwd=os.path.join(HERE, ".."))
        self.assertEqual(done.returncode, 2)
        self.assertIn("--model bayesian reads game counts: give --wdl", done.stderr)


class OddGames(unittest.TestCase):
    def test_the_report_says_what_each_figure_is_from(self):
        lines = sprt.report(2, 0, 1, [0, 0, 1, 0, 0], sprt.Sprt())
        self.assertEqual(lines, [
            "Elo: 0.00 +/- 0.00, nElo: 0.00 +/- 0.00",
            "LOS: 50.00 %, DrawRatio: 100.00 % of pairs (WL+DD), 0.00 % of games, PairsRatio: nan",
            "Games: 3, Wins: 2, Losses: 1, Draws: 0, Points: 2.0 (66.67 %)",
            "Ptnml(0-2): [0, 0, 1, 0, 0]",
            "LLR: 0.00 (-2.94, 2.94) [0.00, 5.00]",
            "Computed from: 1 complete pair (pentanomial: Elo, nElo, LOS, DrawRatio, LLR); "
            "1 game without its pair is left out of these, as fastchess does",
            "All 3 games (trinomial): Elo 120.41 +/- inf, LOS 72.99 %, DrawRatio 0.00 % of games",
        ])

    def test_no_complete_pair_yet(self):
        lines = sprt.report(1, 0, 0, [0, 0, 0, 0, 0], sprt.Sprt())
        self.assertEqual(lines[1], "LOS: 100.00 %, DrawRatio: 0.00 % of games")
        self.assertEqual(lines[3], "LLR: 0.00 (-2.94, 2.94) [0.00, 5.00]")
        self.assertEqual(lines[4], "Computed from: 1 game (trinomial: Elo, nElo, LOS, DrawRatio); no pair is "
                                   "complete yet, and the LLR stays 0 until one is")
        summary = sprt.summarize(1, 0, 0, [0, 0, 0, 0, 0])
        self.assertEqual((summary.pairs, summary.unpaired, summary.basis), (0, 1, "trinomial"))

    def test_a_match_of_three_games(self):
        done = run_match("--games", "3", *engine("good", "--seed", "1"), *engine("bad", "--mode", "illegal"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("Games: 3, Wins: 3, Losses: 0, Draws: 0", done.stdout)
        self.assertIn("Ptnml(0-2): [0, 0, 0, 0, 1]", done.stdout)
        self.assertIn("DrawRatio: 0.00 % of pairs (WL+DD), 0.00 % of games", done.stdout)
        self.assertIn("Computed from: 1 complete pair (pentanomial: Elo, nElo, LOS, DrawRatio); "
                      "1 game without its pair is left out of these, as fastchess does", done.stdout)
        self.assertIn("All 3 games (trinomial): Elo inf +/- inf, LOS 100.00 %, DrawRatio 0.00 % of games",
                      done.stdout)


if __name__ == "__main__":
    unittest.main()
