"""arbor_tools.client against the real arbor binary (skipped when it is not built) and the stub engine.

The binary is $ARBOR_BIN, else target/release/arbor, else target/debug/arbor.
"""

from __future__ import annotations

import os
import sys
import time
import unittest

from scripts.tests.engine_path import arbor_binary

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools.client import (Engine, EngineError, EngineTerminated, EngineTimeout, Limit,  # noqa: E402
                          Score, parse_info)

STUB = [sys.executable, os.path.join(HERE, "stub_engine.py")]
_BINARY = arbor_binary()
ARBOR = None if _BINARY is None else str(_BINARY)


@unittest.skipIf(ARBOR is None, "arbor binary not found: set ARBOR_BIN or run `cargo build --release`")
class RealEngine(unittest.TestCase):
    def setUp(self):
        self.engine = Engine.popen(ARBOR, options={"Hash": 16}, timeout=10)
        self.addCleanup(self.engine.close)
        self.engine.new_game("tictactoe")

    def test_handshake(self):
        self.assertEqual(self.engine.id["name"], "arbor")
        self.assertEqual(self.engine.name, "arbor")
        self.assertTrue(self.engine.id.get("version"))
        self.engine.is_ready()

    def test_play_finds_the_win_and_the_draw(self):
        self.engine.position(moves=["a1", "a2", "b1", "b2"])
        result = self.engine.play(Limit(depth=5))
        self.assertEqual(result.move, "c1")
        self.assertEqual(result.score, Score("win", 1))
        self.assertEqual(result.pv[:1], ["c1"])
        self.assertIsNotNone(result.nodes)
        self.assertIsNotNone(result.time)
        self.engine.position(moves=[])
        result = self.engine.play(Limit(depth=9))
        self.assertEqual(result.score, Score("draw"))  # tic-tac-toe is a draw
        self.assertEqual(result.depth, 9)
        self.assertEqual(len(result.pv), 9)
        self.assertIn(result.move, self.engine.legal())

    def test_analyse_iterates_info(self):
        self.engine.position(moves=["b2"])
        depths = []
        with self.engine.analysis(Limit(depth=6)) as analysis:
            for info in analysis:
                depths.append(info["depth"])
                self.assertIn("score", info)
                self.assertTrue(info["pv"])
        self.assertEqual(depths, sorted(depths))
        self.assertEqual(depths[-1], 6)
        self.assertIn(analysis.best_move, self.engine.legal())
        final = self.engine.analyse(Limit(time=0.05))
        self.assertIn(final["bestmove"], self.engine.legal())

    def test_analyse_with_multipv_returns_the_best_lines(self):
        self.engine.position(moves=["b2"])
        lines = self.engine.analyse(Limit(depth=9), multipv=5)
        self.assertEqual([line["multipv"] for line in lines], [1, 2, 3, 4, 5])
        self.assertEqual([line["depth"] for line in lines], [8] * 5)
        # Against the centre the corners draw and the edges lose.
        self.assertEqual([line["score"] for line in lines], [Score("draw")] * 4 + [Score("loss", 6)])
        self.assertEqual({line["pv"][0] for line in lines[:4]}, {"a1", "c1", "a3", "c3"})
        self.assertEqual(lines[0]["bestmove"], lines[0]["pv"][0])
        # MultiPV is back to 1: a plain search reports no multipv field.
        self.assertNotIn("multipv", self.engine.analyse(Limit(depth=2)))

    def test_stop_an_infinite_search(self):
        analysis = self.engine.analysis()
        self.assertIsNotNone(analysis.next(timeout=5))
        with self.assertRaises(EngineTimeout):
            analysis.wait(timeout=0.3)  # infinite: no bestmove before stop
        move = self.engine.stop()
        self.assertIn(move, ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"])
        self.engine.is_ready()  # idle again: commands work
        self.engine.position(moves=["a1"])

    def test_errors(self):
        for command, kind in (("position startpos moves a1 a1", "illegal"),
                              ("game chess", "unknown"), ("frobnicate", "unknown-command")):
            with self.subTest(command=command):
                with self.assertRaises(EngineError) as caught:
                    self.engine.command(command)
                self.assertIn(kind, caught.exception.message)
        with self.assertRaises(EngineError):
            self.engine.set_option("NoSuchOption", 1)
        analysis = self.engine.analysis()
        with self.assertRaises(EngineError) as caught:
            self.engine.position(moves=["a1"])
        self.assertIn("busy", caught.exception.message)
        analysis.stop()

    def test_killed_engine(self):
        self.engine.kill()
        started = time.monotonic()
        with self.assertRaises(EngineTerminated):
            self.engine.position(moves=["a1"])
        with self.assertRaises(EngineTerminated):
            self.engine.play(Limit(depth=3))
        self.assertLess(time.monotonic() - started, 5)

    def test_killed_while_searching(self):
        analysis = self.engine.analysis()
        analysis.next(timeout=5)
        self.engine.process.kill()
        with self.assertRaises(EngineTerminated):
            analysis.wait(timeout=10)

    def test_context_manager_ends_the_process(self):
        with Engine.popen(ARBOR) as engine:
            engine.analysis()  # still searching when the block ends
        self.assertIsNotNone(engine.process.poll())


class StubEngine(unittest.TestCase):
    """Failure paths that the real engine cannot be made to show on purpose."""

    def test_hang_raises_timeout_not_hang(self):
        with Engine.popen(STUB + ["--mode", "hang"], timeout=2) as engine:
            started = time.monotonic()
            with self.assertRaises(EngineTimeout):
                engine.play(Limit(depth=3), timeout=0.5)
            self.assertLess(time.monotonic() - started, 2)
        self.assertIsNotNone(engine.process.poll())  # killed after the grace period

    def test_crash_raises_terminated(self):
        with Engine.popen(STUB + ["--mode", "crash"]) as engine:
            engine.new_game("connect4", cols=7, rows=6)
            with self.assertRaises(EngineTerminated) as caught:
                engine.play(Limit(depth=3))
            self.assertEqual(caught.exception.returncode, 3)

    def test_error_answer(self):
        with Engine.popen(STUB + ["--mode", "error"]) as engine:
            with self.assertRaises(EngineError) as caught:
                engine.play(Limit(depth=1))
            self.assertEqual(caught.exception.message, "internal error")
            self.assertFalse(isinstance(caught.exception, (EngineTerminated, EngineTimeout)))

    def test_cannot_start(self):
        with self.assertRaises(EngineTerminated):
            Engine.popen("/no/such/engine")

    def test_play_and_options(self):
        with Engine.popen(STUB + ["--seed", "3"], name="mine", options={"Hash": 8, "Ponder": False}) as engine:
            self.assertEqual(engine.name, "mine")
            engine.new_game("gomoku", size=9, rule="standard")
            engine.position(moves=["e5"])
            result = engine.play(Limit(time=0.01))
            self.assertIn(result.move, engine.legal())
            self.assertEqual(result.score.kind, "cp")

    def test_parse_info(self):
        info = parse_info("info depth 7 seldepth 9 score win 5 nodes 1234 nps 99 time 250 hashfull 3 pv d e f")
        self.assertEqual(info, {"depth": 7, "seldepth": 9, "score": Score("win", 5), "nodes": 1234, "nps": 99,
                                "time": 0.25, "hashfull": 3, "pv": ["d", "e", "f"]})
        self.assertEqual(parse_info("info score draw depth 2")["score"], Score("draw"))
        # A proven result whose distance is only bounded.
        within = parse_info("info depth 25 score win <=25 nodes 9 pv b")
        self.assertEqual((within["score"], within["nodes"]), (Score("win", 25, within=True), 9))
        self.assertEqual(str(within["score"]), "win <=25")
        self.assertTrue(within["score"].is_proven)
        self.assertEqual(Score.parse("loss <=8"), Score("loss", 8, within=True))
        self.assertEqual(parse_info("info score disc -4")["score"].relative_cp(), -50_004)  # a proven loss
        malformed = parse_info("info depth x nodes 5 score cp")
        self.assertNotIn("depth", malformed)
        self.assertNotIn("score", malformed)
        self.assertEqual(malformed["nodes"], 5)
        self.assertLess(Score("loss", 3).relative_cp(), Score("cp", -5000).relative_cp())
        self.assertEqual(Limit(depth=3, time=0.1).arguments(), "depth 3 movetime 100")


if __name__ == "__main__":
    unittest.main()
