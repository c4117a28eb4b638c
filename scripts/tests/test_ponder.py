"""Pondering in the runner (``ponder=on``): the arbor player thinks on the opponent's time,
turns the search into its move with ``ponderhit`` when the expected reply comes, and stops
it for a fresh search when another one does. Against the real binary (skipped when none is
built)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from scripts.tests.engine_path import arbor_binary

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from arbor_tools import rules  # noqa: E402
from arbor_tools.client import Limit  # noqa: E402
from arbor_tools.runner.config import ConfigError, EngineSpec, TimeControl, check_protocol  # noqa: E402
from arbor_tools.runner.engines.arbor import ArborPlayer  # noqa: E402

ARBOR = arbor_binary()
MATCH = str(Path(__file__).resolve().parents[1] / "match.py")


def sent(transcript: io.StringIO) -> list[str]:
    """The commands the runner sent to the engine, in order, without their ids (transcript
    lines: ``NAME > ID COMMAND``)."""
    lines = [line.partition(" ")[2] for line in transcript.getvalue().splitlines()]
    return [line[2:].partition(" ")[2] for line in lines if line.startswith("> ")]


@unittest.skipIf(ARBOR is None, "no arbor binary built (cargo build --release)")
class PonderingPlayer(unittest.TestCase):
    def setUp(self) -> None:
        spec = EngineSpec(0, str(ARBOR), "a", {}, TimeControl(movetime=30), ponder=True)
        self.transcript = io.StringIO()
        self.player = ArborPlayer(spec, stderr=subprocess.DEVNULL, transcript=self.transcript, timeout=10.0)
        self.player.new_game("connect4", {}, (), timeout=10.0)
        self.position = rules.new_game("connect4")
        self.position.play("d")

    def tearDown(self) -> None:
        self.player.close()

    def test_the_expected_reply_is_a_ponderhit(self):
        self.player.ponder(self.position, "c", Limit(time=0.03))
        self.position.play("c")
        reply = self.player.think(self.position, Limit(time=0.03), timeout=5.0)
        self.assertIn(reply.move, self.position.legal_moves())
        lines = sent(self.transcript)
        self.assertIn("go ponder movetime 30", lines)
        self.assertEqual(lines[-1], "ponderhit")  # no new position, no new go
        self.assertLess(reply.elapsed, 1.0)  # counted from the ponderhit, not from the go

    def test_another_reply_stops_the_ponder_search(self):
        self.player.ponder(self.position, "c", Limit(time=0.03))
        self.position.play("e")
        reply = self.player.think(self.position, Limit(time=0.03), timeout=5.0)
        self.assertIn(reply.move, self.position.legal_moves())
        lines = sent(self.transcript)
        self.assertEqual(lines[-3:], ["stop", "position startpos moves d e", "go movetime 30"])

    def test_a_game_that_ends_ends_the_ponder_search(self):
        self.player.ponder(self.position, "c", Limit(time=0.03))
        self.player.new_game("connect4", {}, (), timeout=10.0)  # would be `busy` while searching
        self.assertIn("stop", sent(self.transcript))


class PonderConfig(unittest.TestCase):
    def test_ponder_values_and_protocols(self):
        spec = EngineSpec.parse(0, ["cmd=arbor", "ponder=on"], TimeControl(movetime=10))
        self.assertTrue(spec.ponder)
        self.assertFalse(EngineSpec.parse(0, ["cmd=arbor"], TimeControl(movetime=10)).ponder)
        with self.assertRaises(ConfigError):
            EngineSpec.parse(0, ["cmd=arbor", "ponder=yes"], TimeControl(movetime=10))
        uci = EngineSpec.parse(0, ["cmd=arbor", "proto=uci", "ponder=on"], TimeControl(movetime=10))
        with self.assertRaises(ConfigError):
            check_protocol(uci, "connect4", {})


@unittest.skipIf(ARBOR is None, "no arbor binary built (cargo build --release)")
class PonderMatch(unittest.TestCase):
    def test_a_match_with_one_pondering_engine_has_no_faults(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            logs = os.path.join(folder, "logs")
            done = subprocess.run(
                [sys.executable, MATCH, "--quiet", "--game", "connect4", "--games", "4", "--movetime", "40",
                 "--concurrency", "1", "--random-plies", "2", "--seed", "3", "--out", out, "--log-dir", logs,
                 "--engine", f"cmd={ARBOR}", "name=ponderer", "ponder=on",
                 "--engine", f"cmd={ARBOR}", "name=plain"],
                capture_output=True, text=True, timeout=120)
            self.assertEqual(done.returncode, 0, done.stderr)
            games = [json.loads(line) for line in Path(out).read_text().splitlines() if '"type": "game"' in line]
            self.assertEqual(len(games), 4)
            for game in games:
                self.assertNotIn("forfeit", game["reason"])
                self.assertNotIn("error", game["reason"])
            transcripts = "".join(p.read_text() for p in Path(logs).rglob("*") if p.is_file() and "ponderer" in p.name)
            self.assertIn("go ponder movetime 40", transcripts)
            self.assertNotIn("busy", transcripts)


if __name__ == "__main__":
    unittest.main()
