"""The match runner against a stub engine that misbehaves on purpose (no arbor binary needed)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "match.py")
STUB = os.path.join(HERE, "stub_engine.py")


def stub(*args: str) -> str:
    return " ".join([f'"{sys.executable}"', f'"{STUB}"', *args])


def engine(name: str, *args: str, extra: tuple = ()) -> list:
    return ["--engine", f"cmd={stub(*args)}", f"name={name}", *extra]


def run_match(*args: str, timeout: float = 60.0) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, MATCH, "--quiet", *args], capture_output=True, text=True,
                          timeout=timeout)


def read_games(path: str) -> list:
    with open(path, encoding="utf-8") as handle:
        lines = [json.loads(line) for line in handle if line.strip()]
    return [r for r in lines if r["type"] == "game"]


class Misbehaviour(unittest.TestCase):
    """Every misbehaviour loses the game for the offender, with the reason; the match finishes."""

    def check(self, mode: str, keyword: str, *limits: str, games: int = 4, game: str = "tictactoe") -> None:
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            started = time.monotonic()
            done = run_match("--game", game, "--games", str(games), "--concurrency", "2", "--timeout", "1",
                             "--out", out, *limits,
                             *engine("good", "--seed", "1"),
                             *engine("bad", "--seed", "2", "--mode", mode, "--after", "1"))
            self.assertEqual(done.returncode, 0, done.stderr)
            records = read_games(out)
            self.assertEqual(sorted(r["index"] for r in records), list(range(games)))
            for record in records:
                self.assertEqual(record["winner"], "good", record)
                self.assertIn("bad (", record["reason"])
                self.assertIn(keyword, record["reason"])
            self.assertIn(f"Games: {games}, Wins: {games}, Losses: 0, Draws: 0", done.stdout)
            self.assertLess(time.monotonic() - started, 30)

    def test_crash(self):
        self.check("crash", "crash", "--depth", "3")

    def test_hang(self):
        self.check("hang", "hang", "--depth", "3")

    def test_illegal_move(self):
        self.check("illegal", "illegal move", "--depth", "3")
        self.check("illegal", "illegal move", "--depth", "3", game="connect4", games=2)

    def test_error_answer(self):
        self.check("error", "engine error", "--depth", "3", games=2)

    def test_flag_on_the_clock(self):
        # A generous margin keeps the good engine safe on a loaded machine; the slow one
        # overruns its clock by a full second.
        self.check("slow", "time forfeit", "--tc", "0.3+0.05", "--timemargin", "400", games=2)

    def test_flag_on_movetime(self):
        self.check("slow", "time forfeit", "--movetime", "100", "--timemargin", "400", games=2)


class Runner(unittest.TestCase):
    def test_pairs_swap_colours_on_one_opening(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            done = run_match("--game", "connect4", "--games", "8", "--tc", "2+0.1", "--random-plies", "3",
                             "--seed", "7", "--out", out, *engine("a", "--seed", "1"), *engine("b", "--seed", "2"))
            self.assertEqual(done.returncode, 0, done.stderr)
            records = read_games(out)
            self.assertEqual(len(records), 8)
            pairs: dict = {}
            for record in records:
                pairs.setdefault(record["pair"], []).append(record)
                self.assertEqual(len(record["opening"]), 3)
                self.assertNotIn("time forfeit", record["reason"])
                for move in record["moves"]:
                    self.assertIn("time_ms", move)
                    self.assertIn("score", move)
            self.assertEqual(len(pairs), 4)
            openings = set()
            for games in pairs.values():
                self.assertEqual(len(games), 2)
                first, second = games
                self.assertEqual(first["opening"], second["opening"])
                self.assertEqual(first["engines"]["X"], second["engines"]["O"])
                openings.add(tuple(first["opening"]))
            self.assertGreater(len(openings), 1)
            self.assertIn("Ptnml(0-2): [", done.stdout)
            self.assertRegex(done.stdout, r"Elo: -?[\d.inf]+ \+/- [\d.inf]+, nElo: ")

    def test_openings_file_and_per_engine_limits(self):
        with tempfile.TemporaryDirectory() as folder:
            book = os.path.join(folder, "book.txt")
            with open(book, "w") as handle:
                handle.write("# two openings\nd d\nc e\n")
            out = os.path.join(folder, "games.jsonl")
            done = run_match("--game", "connect4", "--variant", "cols=7", "--variant", "rows=6", "--games", "4",
                             "--openings", book, "--out", out,
                             *engine("a", extra=("depth=4",)), *engine("b", extra=("movetime=50",)))
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(sorted(tuple(r["opening"]) for r in read_games(out)),
                             [("c", "e"), ("c", "e"), ("d", "d"), ("d", "d")])
            self.assertIn("a: depth 4; b: movetime 50", done.stdout)

    def test_sprt_stops_early(self):
        done = run_match("--game", "tictactoe", "--games", "2000", "--depth", "1",
                         "--sprt", "elo0=0", "elo1=100", *engine("good", "--seed", "1"),
                         *engine("bad", "--mode", "illegal"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("SPRT: H1 accepted", done.stdout)
        self.assertRegex(done.stdout, r"LLR: [\d.]+ \(-2.94, 2.94\) \[0.00, 100.00\]")
        games = int(done.stdout.split("Games: ")[1].split(",")[0])
        self.assertLess(games, 200)

    def test_adjudication(self):
        # Connect Four after a 2-ply opening: 4 more plies end before any four-in-a-row is possible.
        done = run_match("--game", "connect4", "--games", "4", "--depth", "1", "--adjudicate", "resign=2,400",
                         *engine("up", "--score", "500"), *engine("down", "--score", "-500"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("Games: 4, Wins: 4, Losses: 0, Draws: 0", done.stdout)
        self.assertIn("adjudication: resign", done.stdout)
        done = run_match("--game", "connect4", "--games", "2", "--depth", "1", "--adjudicate", "draw=4,60",
                         *engine("a", "--seed", "1"), *engine("b", "--seed", "2"))
        self.assertIn("Games: 2, Wins: 0, Losses: 0, Draws: 2", done.stdout)

    def test_round_robin_crosstable(self):
        done = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", "--tournament", "round-robin",
                         *engine("a", "--seed", "1"), *engine("b", "--seed", "2"),
                         *engine("c", "--mode", "crash"))
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("Round-robin", done.stdout)
        self.assertIn("6 games recorded", done.stdout)
        table = done.stdout.split("Round-robin")[1]
        self.assertRegex(table, r"\n\s*3 c\s+0\.0\s+4 ")  # c crashes in every game: last, 0 points

    def test_records_are_not_mixed_up(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            first = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", "--out", out, "--fresh-engines",
                              *engine("a"), *engine("b"))
            self.assertEqual(first.returncode, 0, first.stderr)
            again = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", "--out", out,
                              *engine("a"), *engine("b"))
            self.assertEqual(again.returncode, 2)
            self.assertIn("--resume", again.stderr)
            other = run_match("--game", "connect4", "--games", "2", "--depth", "1", "--out", out, "--resume",
                              *engine("a"), *engine("b"))
            self.assertEqual(other.returncode, 2)
            self.assertIn("differs from this one: game ('tictactoe' recorded, 'connect4' now)", other.stderr)
            self.assertEqual(len(read_games(out)), 2)

    def test_bad_command_lines(self):
        self.assertEqual(run_match("--game", "tictactoe", "--depth", "1", *engine("a")).returncode, 2)
        self.assertEqual(run_match("--game", "tictactoe", *engine("a"), *engine("b")).returncode, 2)
        missing = run_match("--game", "tictactoe", "--depth", "1", "--engine", "cmd=/no/such/engine", "name=x",
                            *engine("b"))
        self.assertEqual(missing.returncode, 2)
        self.assertIn("cannot start", missing.stderr)


def _default_sigint() -> None:
    """In the runner's process: Ctrl-C as a terminal would deliver it. A test suite started as
    a background job (`cmd &` in a script) inherits SIGINT ignored, and Python then never
    raises KeyboardInterrupt, so the Ctrl-C test would see a match that simply finishes."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Resume(unittest.TestCase):
    ENGINES = (*engine("a", "--seed", "1", "--delay", "15"), *engine("b", "--seed", "2", "--delay", "15"))

    def start(self, out: str, *extra: str) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, MATCH, "--quiet", "--game", "tictactoe", "--games", "30", "--depth", "1",
             "--concurrency", "1", "--out", out, *extra, *self.ENGINES],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=_default_sigint)

    def wait_for_games(self, out: str, count: int) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if os.path.exists(out) and len(read_games(out)) >= count:
                return
            time.sleep(0.05)
        self.fail("the runner did not record games")

    def finish_and_check(self, out: str) -> None:
        done = run_match("--game", "tictactoe", "--games", "30", "--depth", "1", "--concurrency", "2",
                         "--out", out, "--resume", *self.ENGINES)
        self.assertEqual(done.returncode, 0, done.stderr)
        records = read_games(out)
        self.assertEqual(sorted(r["index"] for r in records), list(range(30)))
        self.assertIn("30 games recorded", done.stdout)
        self.assertIn("Games: 30,", done.stdout)

    def test_resume_after_a_killed_runner(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = self.start(out)
            self.wait_for_games(out, 4)
            runner.kill()
            runner.communicate()
            before = len(read_games(out))
            self.assertLess(before, 30)
            with open(out, "a") as handle:  # a record torn by the kill
                handle.write('{"type": "game", "index": 2')
            self.finish_and_check(out)

    def test_ctrl_c_finishes_cleanly(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = self.start(out)
            self.wait_for_games(out, 3)
            runner.send_signal(signal.SIGINT)
            stdout, stderr = runner.communicate(timeout=20)
            self.assertEqual(runner.returncode, 130, stderr)
            self.assertIn("Match interrupted", stdout)
            recorded = len(read_games(out))  # every line parses: the file is consistent
            self.assertIn(f"{recorded} games recorded", stdout)
            self.finish_and_check(out)


if __name__ == "__main__":
    unittest.main()
