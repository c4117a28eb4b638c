"""The README's demo runs to the end of a game against the real binary."""

from __future__ import annotations

import subprocess
import sys
import unittest

from scripts.tests.engine_path import ROOT, arbor_binary


class DemoTest(unittest.TestCase):
    def test_demo_finds_the_win_and_plays_a_whole_game(self) -> None:
        binary = arbor_binary()
        if binary is None:
            self.skipTest("no arbor binary: run `cargo build` first or set ARBOR_BIN")
        run = subprocess.run(
            [sys.executable, str(ROOT / "scripts" / "demo.py"), "--engine", str(binary), "--movetime", "20"],
            capture_output=True, text=True, timeout=120,
        )
        self.assertEqual(run.returncode, 0, run.stderr)
        # X to move in XO-/-X-/--O wins by forking: a proven win is reported.
        self.assertRegex(run.stdout, r"score win \d+")
        # Perfect play from both sides ends tic-tac-toe in a draw.
        self.assertIn("result: draw", run.stdout)


if __name__ == "__main__":
    unittest.main()
