"""The client's Limit follows python-chess (seconds, no empty limit) and every call has a
deadline, checked against the stub engine (no arbor binary needed)."""

from __future__ import annotations

import io
import math
import os
import sys
import threading
import time
import types
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools import rules  # noqa: E402
from arbor_tools.client import Analysis, Engine, EngineTimeout, Limit  # noqa: E402
from arbor_tools.runner.config import ConfigError, TimeControl, parse_tc  # noqa: E402
from arbor_tools.runner.referee import search_limit  # noqa: E402
from scripts.tests.engine_path import arbor_binary  # noqa: E402

STUB = [sys.executable, os.path.join(HERE, "stub_engine.py")]


class Units(unittest.TestCase):
    def test_times_are_seconds(self):
        self.assertEqual(Limit(time=0.5).arguments(), "movetime 500")
        self.assertEqual(Limit(time=2).arguments(), "movetime 2000")
        self.assertEqual(Limit(depth=6, time=0.25, nodes=1000).arguments(), "depth 6 movetime 250 nodes 1000")
        clocks = Limit(white_clock=1.5, black_clock=2.0, white_inc=0.1, black_inc=0.0, remaining_moves=20)
        self.assertEqual(clocks.arguments(), "wtime 1500 btime 2000 winc 100 binc 0 movestogo 20")
        self.assertEqual((clocks.white_clock_ms, clocks.black_inc_ms), (1500, 0))
        self.assertEqual(Limit(time=0.0015).time_ms, 2)
        self.assertEqual(Limit(solve=True).arguments(), "solve")
        self.assertEqual(Limit(time=0.1, ponder=True).arguments(), "ponder movetime 100")

    def test_mate_is_a_bounded_solve(self):
        self.assertEqual(Limit(mate=3).arguments(), "mate 3")
        self.assertEqual(Limit(mate=3, depth=2).arguments(), "depth 2 mate 3")

    def test_time_bound(self):
        self.assertEqual(Limit(time=0.5).time_bound(), 0.5)
        self.assertEqual(Limit(white_clock=3.0, black_clock=1.0).time_bound(white_to_move=False), 1.0)
        self.assertIsNone(Limit(depth=5).time_bound())

    def test_refused(self):
        for values in ({}, {"white_inc": 1.0}, {"ponder": True}, {"time": 0.0004}, {"time": 0}, {"time": -1.0},
                       {"time": math.nan}, {"time": math.inf}, {"white_clock": 0.0}, {"white_inc": 0.0001, "depth": 2},
                       {"depth": 0}, {"nodes": -5}, {"mate": 0}):
            with self.subTest(values=values):
                with self.assertRaises(ValueError):
                    Limit(**values)
        for values in ({"time": "0.5"}, {"depth": 2.5}, {"time": True}, {"depth": True}):
            with self.subTest(values=values):
                with self.assertRaises(TypeError):
                    Limit(**values)
        with self.assertRaises(TypeError):  # the old millisecond name is gone, not reinterpreted
            Limit(movetime=500)  # type: ignore[call-arg]
        with self.assertRaisesRegex(ValueError, "rounds to 0 ms: times are in seconds"):
            Limit(time=0.0004)

    def test_the_runner_sends_its_milliseconds(self):
        limit = search_limit(TimeControl(base_ms=1000.0, inc_ms=100.0), rules.FIRST, {0: 950.4, 1: -20.0})
        self.assertEqual(limit.arguments(), "wtime 950 btime 1 winc 100 binc 100")
        limit = search_limit(TimeControl(depth=4, movetime=100), rules.SECOND, {})
        self.assertEqual(limit.arguments(), "depth 4 movetime 100")
        with self.assertRaises(ConfigError):
            parse_tc("10+0.0001")


class Deadlines(unittest.TestCase):
    """A call that would wait for ever (on a hung engine) must raise instead."""

    def call(self, engine: Engine, function, limit: float = 20.0) -> BaseException | None:
        """Runs `function` in a thread; returns what it raised (None if it returned).
        Fails when it is still waiting after `limit` seconds (the engine is killed then)."""
        caught: list[BaseException | None] = [None]

        def target() -> None:
            try:
                function()
            except BaseException as error:  # noqa: B902 - handed to the test
                caught[0] = error

        thread = threading.Thread(target=target, daemon=True)
        thread.start()
        thread.join(limit)
        if thread.is_alive():
            engine.kill()
            thread.join(10)
            self.fail(f"no deadline: still waiting after {limit:g} s")
        return caught[0]

    def test_empty_limit_is_refused_before_anything_is_sent(self):
        transcript = io.StringIO()
        with Engine.popen(STUB, timeout=2, transcript=transcript) as engine:
            error = self.call(engine, lambda: engine.play(Limit()))
            self.assertIsInstance(error, ValueError)
            self.assertNotIn("> go", transcript.getvalue())
            self.assertIsInstance(self.call(engine, lambda: engine.play(None)), ValueError)  # type: ignore[arg-type]

    def test_depth_and_nodes_limits_end_at_the_client_timeout(self):
        for limit in (Limit(depth=3), Limit(nodes=1000), Limit(solve=True), Limit(mate=2)):
            with self.subTest(limit=limit):
                with Engine.popen(STUB + ["--mode", "hang"], timeout=1) as engine:
                    started = time.monotonic()
                    self.assertIsInstance(self.call(engine, lambda: engine.play(limit)), EngineTimeout)
                    self.assertGreaterEqual(time.monotonic() - started, 1.0)

    def test_a_timed_limit_ends_after_its_time_and_the_timeout(self):
        with Engine.popen(STUB + ["--mode", "hang"], timeout=1) as engine:
            started = time.monotonic()
            self.assertIsInstance(self.call(engine, lambda: engine.play(Limit(time=0.5))), EngineTimeout)
            self.assertGreaterEqual(time.monotonic() - started, 1.5)

    def test_waiting_on_an_infinite_analysis(self):
        with Engine.popen(STUB, timeout=1) as engine:
            analysis = engine.analysis()
            self.assertEqual(analysis.next(timeout=5)["depth"], 1)
            self.assertIsInstance(self.call(engine, analysis.wait), EngineTimeout)
            self.assertIsInstance(self.call(engine, lambda: list(analysis)), EngineTimeout)
            self.assertIn(analysis.stop(), engine.legal())

    def test_deadlines_of_each_kind_of_search(self):
        engine = types.SimpleNamespace(timeout=1.0)
        timed = Analysis(engine, Limit(time=2.0))  # type: ignore[arg-type]
        self.assertEqual(timed.deadline(), timed.started + 3.0)
        deep = Analysis(engine, Limit(depth=9))  # type: ignore[arg-type]
        self.assertEqual(deep.deadline(), deep.started + 1.0)
        before = time.monotonic()
        self.assertGreaterEqual(timed.deadline(timeout=5.0), before + 5.0)
        # Infinite and ponder searches: the engine's timeout for each wait, from now.
        for search in (Analysis(engine, None), Analysis(engine, Limit(time=2.0, ponder=True))):  # type: ignore[arg-type]
            search.started -= 100.0
            self.assertGreaterEqual(search.deadline(), before + 1.0)
        # After ponderhit the limit's time counts from the hit.
        pondering = Analysis(engine, Limit(time=2.0, ponder=True))  # type: ignore[arg-type]
        pondering.started, pondering.pondering = 50.0, False
        self.assertEqual(pondering.deadline(), 53.0)

    def test_an_answer_that_came_in_time_is_taken_after_the_deadline(self):
        with Engine.popen(STUB, timeout=1) as engine:
            analysis = engine.analysis(Limit(depth=1))
            time.sleep(1.5)  # the deadline (go + 1 s) has passed; the bestmove came long before
            self.assertIn(analysis.wait(), engine.legal())

    def test_seconds_reach_the_engine(self):
        transcript = io.StringIO()
        with Engine.popen(STUB, timeout=5, transcript=transcript) as engine:
            engine.play(Limit(time=0.5))
            engine.play(Limit(white_clock=0.3, black_clock=0.25, white_inc=0.01, black_inc=0.01))
        # Transcript lines: ``NAME > ID COMMAND`` (every command carries an id).
        sent = [line.split("> ", 1)[1].partition(" ")[2] for line in transcript.getvalue().splitlines() if "> " in line]
        sent = [command for command in sent if command.startswith("go ")]
        self.assertEqual(sent, ["go movetime 500", "go wtime 300 btime 250 winc 10 binc 10"])


@unittest.skipIf(arbor_binary() is None, "the arbor binary is not built (cargo build --release)")
class MateOnTheEngine(unittest.TestCase):
    def test_a_mate_limit_is_go_mate_and_ends_at_the_proof(self):
        transcript = io.StringIO()
        with Engine.popen(str(arbor_binary()), timeout=30, transcript=transcript) as engine:
            engine.new_game("connect4")
            engine.position(moves=["d", "d", "c", "c", "b", "b"])
            result = engine.play(Limit(mate=1))
        self.assertIn(result.move, ("a", "e"))  # either end of the three makes four
        self.assertEqual(str(result.score), "win 1")
        sent = [line.split("> ", 1)[1].partition(" ")[2] for line in transcript.getvalue().splitlines() if "> " in line]
        self.assertIn("go mate 1", sent)


if __name__ == "__main__":
    unittest.main()
