"""The runner with engines of every protocol: stub engines that misbehave on purpose (no binary
needed), and arbor against itself across protocols with the records parsed back."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import unittest

from scripts.tests.engine_path import arbor_binary

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.path.join(HERE, "..", "match.py")
STUB = os.path.join(HERE, "foreign_stub.py")
OPENINGS = os.path.join(HERE, "..", "openings")

sys.path.insert(0, os.path.join(HERE, ".."))
from arbor_tools import rules  # noqa: E402
from arbor_tools.runner import notation  # noqa: E402
from arbor_tools.runner.records import ggf, pgn, sgf  # noqa: E402


def stub(proto: str, *args: str) -> str:
    return " ".join([f'"{sys.executable}"', f'"{STUB}"', "--proto", proto, *args])


def run_match(*args: str, timeout: float = 120.0) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, MATCH, "--quiet", *args], capture_output=True, text=True,
                          timeout=timeout)


def read_games(path: str) -> list:
    with open(path, encoding="utf-8") as handle:
        return [r for r in (json.loads(line) for line in handle if line.strip()) if r["type"] == "game"]


#: A game each protocol plays, and the limit its stubs get.
SETUPS = {
    "uci": (["--game", "tictactoe"], "depth=1"),
    "gomocup": (["--game", "gomoku"], "depth=1"),
    "nboard": (["--game", "othello"], "depth=1"),
}


class StubFaults(unittest.TestCase):
    """Each fault of a foreign engine loses the game for it, it is restarted, the match goes on."""

    def check(self, proto: str, mode: str, keyword: str) -> None:
        game, limit = SETUPS[proto]
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            logs = os.path.join(folder, "logs")
            done = run_match(*game, "--games", "2", "--random-plies", "0", "--timeout", "1", "--out", out,
                             "--log-dir", logs,
                             "--engine", f"cmd={stub(proto, '--seed', '1')}", f"proto={proto}", "name=good", limit,
                             "--engine", f"cmd={stub(proto, '--mode', mode)}", f"proto={proto}", "name=bad", limit)
            self.assertEqual(done.returncode, 0, done.stderr)
            records = read_games(out)
            self.assertEqual(len(records), 2)
            for record in records:
                self.assertEqual(record["winner"], "good", record)
                self.assertIn("bad (", record["reason"])
                self.assertIn(keyword, record["reason"])
            self.assertRegex(done.stdout, r"\nbad +2 +0 +0 +2 +0\.0 +0\.0% +2\n")  # two restarts
            self.assertTrue(os.path.exists(os.path.join(logs, "bad-w0.stderr.log")))

    def test_uci_faults(self):
        self.check("uci", "crash", "crash")
        self.check("uci", "hang", "hang")
        self.check("uci", "illegal", "illegal move")
        self.check("uci", "garbage", "illegal move 'e2e4'")

    def test_gomocup_faults(self):
        self.check("gomocup", "crash", "crash")
        self.check("gomocup", "hang", "hang")
        self.check("gomocup", "illegal", "illegal move")
        self.check("gomocup", "garbage", "protocol error (garbage instead of a move: 'I resign, you win')")

    def test_nboard_faults(self):
        self.check("nboard", "crash", "crash")
        self.check("nboard", "hang", "hang")
        self.check("nboard", "illegal", "illegal move")
        self.check("nboard", "garbage", "illegal move 'Z9'")

    def test_slow_handshakes_are_waited_for(self):
        for proto in SETUPS:
            game, limit = SETUPS[proto]
            done = run_match(*game, "--games", "2", "--random-plies", "0", "--timeout", "1",
                             "--engine", f"cmd={stub(proto, '--seed', '1')}", f"proto={proto}", "name=a", limit,
                             "--engine", f"cmd={stub(proto, '--seed', '2', '--handshake-delay', '1.2')}",
                             f"proto={proto}", "name=slow", limit)
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertIn("Games: 2,", done.stdout)
            self.assertNotIn("slow (X)", done.stdout)  # no fault of the slow engine
            self.assertNotIn("slow (O)", done.stdout)
            self.assertRegex(done.stdout, r"\nslow +2 .* 0\n")  # no restart

    def test_protocols_refuse_what_they_cannot_say(self):
        nboard_clock = run_match("--game", "othello", "--games", "2", "--engine", f"cmd={stub('nboard')}",
                                 "proto=nboard", "movetime=100", "--engine", f"cmd={stub('nboard')}",
                                 "proto=nboard", "depth=2")
        self.assertEqual(nboard_clock.returncode, 2)
        self.assertIn("NBoard engines take a depth, not a clock", nboard_clock.stderr)
        for args in (["--game", "othello", "--engine", f"cmd={stub('uci')}", "proto=uci"],
                     ["--game", "connect4", "--variant", "cols=8", "--engine", f"cmd={stub('uci')}", "proto=uci"],
                     ["--game", "connect4", "--engine", f"cmd={stub('gomocup')}", "proto=gomocup"]):
            done = run_match("--depth", "1", *args, "--engine", f"cmd={stub('uci')}", "proto=uci")
            self.assertEqual(done.returncode, 2, args)
        wrong_record = run_match("--game", "tictactoe", "--depth", "1", "--sgf", os.devnull,
                                 "--engine", f"cmd={stub('uci')}", "proto=uci", "--engine", f"cmd={stub('uci')}",
                                 "proto=uci")
        self.assertEqual(wrong_record.returncode, 2)
        self.assertIn("--sgf records gomoku games", wrong_record.stderr)


def replay(record: dict) -> rules.Game:
    """The final position of a JSON record, checked move by move by the rules."""
    position = rules.new_game(record["game"], record["variant"])
    for move in record["opening"] + [m["move"] for m in record["moves"]]:
        position.play(move)
    return position


@unittest.skipIf(arbor_binary() is None, "no arbor binary: run `cargo build --release` first")
class CrossProtocol(unittest.TestCase):
    """arbor speaks every protocol: arbor against arbor is a real test of every adapter."""

    arbor = str(arbor_binary())

    def match(self, folder: str, *args: str) -> list:
        out = os.path.join(folder, "games.jsonl")
        done = run_match("--out", out, "--concurrency", "2", "--timemargin", "400", *args)
        self.assertEqual(done.returncode, 0, done.stderr)
        records = read_games(out)
        for record in records:
            self.assertNotIn("(X)", record["reason"], record)  # no faults on either side
            self.assertNotIn("(O)", record["reason"], record)
            final = replay(record)
            self.assertIsNotNone(final.outcome)
            self.assertEqual(final.outcome.winner, {"1-0": 0, "0-1": 1, "1/2-1/2": None}[record["result"]])
        return records

    def test_gomoku_gomocup_against_uci_with_offset_openings_and_sgf(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.sgf")
            records = self.match(folder, "--game", "gomoku", "--games", "2", "--openings",
                                 os.path.join(OPENINGS, "gomoku_offsets.txt"), "--sgf", path,
                                 "--engine", f"cmd={self.arbor} gomocup", "proto=gomocup", "name=g", "movetime=70",
                                 "option.max_memory=0",  # no 175 MiB hash allocation in the first move
                                 "--engine", f"cmd={self.arbor} uci", "proto=uci", "name=u", "depth=2")
            self.assertEqual(records[0]["opening"], ["h8", "i8", "i9"])  # 0,0, 1,0, 1,1 from the centre
            with open(path, encoding="utf-8") as handle:
                games = sgf.parse_games(handle.read())
            self.assertEqual(len(games), 2)
            for game, record in zip(games, records):
                self.assertEqual((game["tags"]["GM"], game["tags"]["SZ"], game["tags"]["RU"]), ("4", "15", "0"))
                self.assertEqual((game["tags"]["PB"], game["tags"]["PW"]),
                                 (record["engines"]["X"], record["engines"]["O"]))
                self.assertEqual(game["moves"], record["opening"] + [m["move"] for m in record["moves"]])
                self.assertEqual(game["tags"]["RE"], {"1-0": "B+1", "0-1": "W+1"}.get(record["result"], "0"))

    def test_othello_nboard_against_arbor_with_move_strings_and_ggf(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.ggf")
            records = self.match(folder, "--game", "othello", "--games", "2", "--openings",
                                 os.path.join(OPENINGS, "othello_6ply.txt"), "--ggf", path,
                                 "--engine", f"cmd={self.arbor} nboard", "proto=nboard", "name=nb", "depth=3",
                                 "--engine", f"cmd={self.arbor}", "name=a", "depth=2")
            self.assertEqual(records[0]["opening"], ["d3", "e3", "f6", "c6", "f5", "d2"])
            with open(path, encoding="utf-8") as handle:
                games = ggf.parse_games(handle.read())
            self.assertEqual(len(games), 2)
            for game, record in zip(games, records):
                self.assertEqual(game["moves"], record["opening"] + [m["move"] for m in record["moves"]])
                self.assertEqual((game["tags"]["PB"], game["tags"]["PW"], game["tags"]["TY"]),
                                 (record["engines"]["X"], record["engines"]["O"], "8"))
                final = replay(record)
                margin = float(game["tags"]["RE"])
                discs = final.cells.count(rules.FIRST) - final.cells.count(rules.SECOND)
                self.assertEqual(margin > 0, discs > 0)
                self.assertEqual(margin < 0, discs < 0)

    def test_connect4_uci_against_arbor_with_pgn(self):
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "games.pgn")
            records = self.match(folder, "--game", "connect4", "--games", "2", "--random-plies", "2",
                                 "--pgn", path, "--engine", f"cmd={self.arbor} uci", "proto=uci", "name=u",
                                 "depth=5", "--engine", f"cmd={self.arbor}", "name=a", "depth=3")
            with open(path, encoding="utf-8") as handle:
                games = pgn.parse_games(handle.read())
            self.assertEqual(len(games), 2)
            for game, record in zip(games, records):
                tags = game["tags"]
                self.assertEqual((tags["Variant"], tags["Result"], game["result"], tags["SetUp"]),
                                 ("cfour", record["result"], record["result"], "1"))
                self.assertEqual((tags["White"], tags["Black"]), (record["engines"]["X"], record["engines"]["O"]))
                position = rules.new_game("connect4")
                for move in record["opening"]:
                    position.play(move)
                self.assertEqual(tags["FEN"], notation.fen(position))
                for drop in game["moves"]:  # the drops replay the game from the FEN
                    position.play(notation.from_drop(position, drop) or "?")
                self.assertEqual(position.moves, replay(record).moves)
                self.assertEqual(int(tags["PlyCount"]), len(record["moves"]))

    def test_tictactoe_uci_on_the_clock(self):
        with tempfile.TemporaryDirectory() as folder:
            records = self.match(folder, "--game", "tictactoe", "--games", "2", "--tc", "3+0.05", "--random-plies", "0",
                                 "--engine", f"cmd={self.arbor} uci", "proto=uci", "name=u",
                                 "--engine", f"cmd={self.arbor}", "name=a")
            self.assertEqual([r["result"] for r in records], ["1/2-1/2", "1/2-1/2"])  # both play perfectly


if __name__ == "__main__":
    unittest.main()
