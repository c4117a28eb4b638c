"""The runner against engines, files and signals that a hostile user (or a bad night) brings:
no game is lost, invented or recorded twice, every error is one line, and nothing hangs.
Stub engines only (scripts/tests/stub_engine.py, foreign_stub.py); each test takes seconds."""

from __future__ import annotations

import io
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import threading
import time
import types
import unittest
from unittest import mock

from scripts.tests.test_match import MATCH, _default_sigint, engine, read_games, run_match, stub

HERE = os.path.dirname(os.path.abspath(__file__))
FOREIGN = os.path.join(HERE, "foreign_stub.py")
SCRIPTS = os.path.dirname(HERE)
sys.path.insert(0, SCRIPTS)

from arbor_tools.client import Engine, EngineError, Limit  # noqa: E402
from arbor_tools.runner.records.jsonl import load_records  # noqa: E402


def foreign(name: str, proto: str, *args: str) -> list:
    return ["--engine", f'cmd="{sys.executable}" "{FOREIGN}" --proto {proto} {" ".join(args)}',
            f"name={name}", f"proto={proto}"]


def reasons(path: str) -> list:
    return [record["reason"] for record in read_games(path)]


def stub_pids(marker: str) -> list:
    """Processes whose command line holds `marker` (the stub engines of one test)."""
    pids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/cmdline", "rb") as handle:
                    if marker.encode() in handle.read():
                        pids.append(int(entry))
            except OSError:
                pass
    return pids


def start_runner(*args: str, preexec=_default_sigint) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, MATCH, "--quiet", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, preexec_fn=preexec)


def wait_for(predicate, seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("timed out waiting")


class LostOrInventedGames(unittest.TestCase):
    def test_a_move_text_the_referee_cannot_read_is_an_illegal_move(self):
        """`bestmove a²` (issue item 1): an illegal-move loss in every game and protocol, never a
        dropped game."""
        cases = [("tictactoe", engine("bad", "--move", "a²")), ("gomoku", engine("bad", "--move", "a²")),
                 ("othello", engine("bad", "--move", "a²")),
                 ("tictactoe", foreign("bad", "uci", "--move", "P@a²")),
                 ("connect4", foreign("bad", "uci", "--move", "P@a²"))]
        for game, bad in cases:
            with self.subTest(game=game, engine=bad[1]), tempfile.TemporaryDirectory() as folder:
                out = os.path.join(folder, "games.jsonl")
                done = run_match("--game", game, "--games", "2", "--depth", "1", "--random-plies", "0",
                                 "--out", out, *engine("good", "--seed", "1"), *bad)
                self.assertEqual(done.returncode, 0, done.stderr)
                records = read_games(out)
                self.assertEqual(sorted(r["index"] for r in records), [0, 1])
                for record in records:
                    self.assertEqual(record["winner"], "good")
                    self.assertRegex(record["reason"], r"^bad \([XO]\): illegal move 'P?@?a²'")

    def test_an_engine_that_dies_between_moves_loses_and_is_restarted(self):
        """Item 2: the process that dies after its first move is not replaced mid-game by a fresh
        one that never got `game`/`newgame`: a crash loss, and a restart counted."""
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            # The opponent thinks 300 ms a move: by its next turn, the dead process is gone.
            done = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", "--random-plies", "0",
                             "--out", out, *engine("good", "--seed", "1", "--delay", "300"),
                             *engine("bad", "--die-after", "1"))
            self.assertEqual(done.returncode, 0, done.stderr)
            for record in read_games(out):
                self.assertEqual(record["winner"], "good")
                self.assertRegex(record["reason"], r"^bad \([XO]\): crash \(the engine exited between two moves\)")
                self.assertEqual(len([m for m in record["moves"]]), 2 if record["engines"]["X"] == "bad" else 3)
            self.assertRegex(done.stdout, r"\nbad\s+2\s+0\s+0\s+2\s+0\.0\s+0\.0%\s+2\n")

    def test_restarts_cost_no_file_descriptors(self):
        """Item 3: 30 crashes (30 restarts) under `ulimit -n 48`, with --log-dir: every game is
        recorded as the crash it is, none as a runner error."""
        def limited() -> None:
            _default_sigint()
            resource.setrlimit(resource.RLIMIT_NOFILE, (48, resource.getrlimit(resource.RLIMIT_NOFILE)[1]))

        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = start_runner("--game", "tictactoe", "--games", "30", "--depth", "1", "--concurrency", "1",
                                  "--out", out, "--log-dir", os.path.join(folder, "logs"),
                                  *engine("good", "--seed", "1"), *engine("bad", "--mode", "crash"), preexec=limited)
            stdout, stderr = runner.communicate(timeout=120)
            self.assertEqual(runner.returncode, 0, stderr)
            self.assertNotIn("runner error", stderr)
            self.assertEqual(sorted(r["index"] for r in read_games(out)), list(range(30)))
            self.assertTrue(all(re.match(r"bad \([XO]\): crash", reason) for reason in reasons(out)))
            self.assertRegex(stdout, r"\nbad\s+30\s+0\s+0\s+30\s+0\.0\s+0\.0%\s+30\n")

    def test_running_out_of_descriptors_is_not_the_engine_s_loss(self):
        """Item 3: when this process cannot start an engine (EMFILE), no game is recorded as
        that engine's loss: the game is replayed, then given up, and the match exits 1."""
        import errno
        import subprocess as real_subprocess
        from arbor_tools.runner import cli
        real_popen = real_subprocess.Popen
        starts: list = []

        def popen(args, *rest, **options):
            if any("crash" in str(arg) for arg in args):
                starts.append(args)
                if len(starts) > 1:  # the check's start works; no restart does
                    raise OSError(errno.EMFILE, "Too many open files")
            return real_popen(args, *rest, **options)

        with tempfile.TemporaryDirectory() as folder, \
                mock.patch("arbor_tools.client.subprocess.Popen", popen), \
                mock.patch("sys.stdout", new_callable=io.StringIO) as printed, \
                mock.patch("sys.stderr", new_callable=io.StringIO) as errors:
            out = os.path.join(folder, "games.jsonl")
            status = cli.main(["--quiet", "--game", "tictactoe", "--games", "2", "--depth", "1", "--concurrency", "1",
                               "--out", out, *engine("good", "--seed", "1"), *engine("bad", "--mode", "crash")])
            self.assertEqual(status, 1, errors.getvalue())
            records = read_games(out)
            self.assertEqual([r["index"] for r in records], [0])
            self.assertRegex(records[0]["reason"], r"^bad \([XO]\): crash")
            self.assertIn("OSError(24, 'Too many open files') (not played)", errors.getvalue())
            self.assertIn("Match incomplete: 1 of 2 games recorded (runner errors in games 2)", printed.getvalue())

    def test_a_runner_error_replays_the_game_or_fails_the_match(self):
        """A game a runner error cuts short is played again from its start; when it cannot be
        played, the match says so and exits 1 (never 0 with fewer games than asked)."""
        from arbor_tools.runner import cli, scheduling
        real = scheduling.play_game
        for always, expected in ((False, 0), (True, 1)):
            failed: list = []

            def flaky(job, config, pool, stop=None):
                if job.index == 1 and (always or not failed):
                    failed.append(job.index)
                    raise RuntimeError("a runner bug")
                return real(job, config, pool, stop)

            with self.subTest(always=always), tempfile.TemporaryDirectory() as folder, \
                    mock.patch.object(scheduling, "play_game", flaky), \
                    mock.patch("sys.stdout", new_callable=io.StringIO) as printed, \
                    mock.patch("sys.stderr", new_callable=io.StringIO) as errors:
                out = os.path.join(folder, "games.jsonl")
                status = cli.main(["--quiet", "--game", "tictactoe", "--games", "4", "--depth", "1",
                                   "--concurrency", "1", "--out", out, *engine("a", "--seed", "1"),
                                   *engine("b", "--seed", "2")])
                self.assertEqual(status, expected, errors.getvalue())
                indices = sorted(r["index"] for r in read_games(out))
                self.assertEqual(indices, [0, 2, 3] if always else [0, 1, 2, 3])
                if always:
                    self.assertEqual(len(failed), scheduling.ATTEMPTS)
                    self.assertIn("Match incomplete: 3 of 4 games recorded (runner errors in games 2)",
                                  printed.getvalue())
                else:
                    self.assertIn("runner error in game 2: RuntimeError('a runner bug') "
                                  "(playing it again from its start)", errors.getvalue())


class Signals(unittest.TestCase):
    """Ctrl-C and SIGTERM stop the searches at once, write the report, and leave no engine."""

    def interrupt(self, signals: list, *stub_args: str) -> tuple:
        marker = f"sig{os.getpid()}x{time.monotonic_ns()}"
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            logs = os.path.join(folder, "logs")
            runner = start_runner("--game", "tictactoe", "--games", "4", "--depth", "1", "--out", out,
                                  "--log-dir", logs, *engine("a", "--name", marker, *stub_args),
                                  *engine("b", "--name", marker, *stub_args))

            def searching() -> bool:
                names = os.listdir(logs) if os.path.isdir(logs) else []
                for name in names:
                    if "protocol" in name:
                        with open(os.path.join(logs, name)) as handle:
                            if " go " in handle.read():
                                return True
                return False

            wait_for(searching)
            time.sleep(0.2)
            for number in signals:
                runner.send_signal(number)
                time.sleep(0.3)
            # The searches take a minute: only a runner that stops them ends within the deadline.
            stdout, stderr = runner.communicate(timeout=15)
            games = read_games(out)
            wait_for(lambda: not stub_pids(marker), 5)
        return runner.returncode, stdout, stderr, games

    def test_one_ctrl_c_stops_the_searches(self):
        """Item 4: one Ctrl-C sends `stop`: the runner ends in seconds, not after the search."""
        status, stdout, stderr, games = self.interrupt([signal.SIGINT], "--think-ms", "60000")
        self.assertEqual(status, 130, stderr)
        self.assertEqual(games, [])
        self.assertIn("Match interrupted: 0 games recorded", stdout)

    def test_a_second_ctrl_c_kills_without_inventing_losses(self):
        """Item 4: engines that do not read `stop` (busy for 60 s) are killed by a second
        Ctrl-C, and their deaths are not recorded as crashes."""
        status, stdout, stderr, games = self.interrupt([signal.SIGINT, signal.SIGINT], "--delay", "60000")
        self.assertEqual(status, 130, stderr)
        self.assertEqual(games, [])
        self.assertIn("Match interrupted: 0 games recorded", stdout)
        self.assertNotIn("crash", stdout)

    def test_sigterm_writes_the_report_and_ends_the_engines(self):
        """Item 8: SIGTERM is a clean stop too (exit 143), with the report."""
        status, stdout, stderr, games = self.interrupt([signal.SIGTERM], "--think-ms", "60000")
        self.assertEqual(status, 143, stderr)
        self.assertEqual(games, [])
        self.assertIn("Match interrupted: 0 games recorded", stdout)
        self.assertIn("Results of a vs b", stdout)


class RecordsFile(unittest.TestCase):
    ARGS = ("--game", "tictactoe", "--games", "4", "--depth", "1")

    def engines(self, *extra: str) -> list:
        return [*engine("a", "--seed", "1", *extra), *engine("b", "--seed", "2")]

    def test_a_second_runner_on_the_same_file_is_refused(self):
        """Item 5: one writer (an exclusive lock): the second runner stops with an error, the
        first one records every game once."""
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            slow = (*engine("a", "--seed", "1", "--delay", "30"), *engine("b", "--seed", "2", "--delay", "30"))
            first = start_runner("--game", "tictactoe", "--games", "20", "--depth", "1", "--concurrency", "1",
                                 "--out", out, *slow)
            wait_for(lambda: os.path.exists(out) and len(read_games(out)) >= 1)
            second = run_match("--game", "tictactoe", "--games", "20", "--depth", "1", "--concurrency", "1",
                               "--out", out, "--resume", *slow)
            self.assertEqual(second.returncode, 2)
            self.assertIn("another runner is writing this file", second.stderr)
            _, stderr = first.communicate(timeout=60)
            self.assertEqual(first.returncode, 0, stderr)
            self.assertEqual(sorted(r["index"] for r in read_games(out)), list(range(20)))

    def test_resume_refuses_another_configuration(self):
        """Item 6: engine command, limits, options and the openings' content must be the
        recorded ones; the file is left untouched."""
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            book = os.path.join(folder, "book.txt")
            with open(book, "w") as handle:
                handle.write("a1\nb2\n")
            first = run_match(*self.ARGS, "--openings", book, "--out", out, *self.engines())
            self.assertEqual(first.returncode, 0, first.stderr)
            with open(out, "rb") as handle:
                before = handle.read()
            with open(book, "w") as handle:
                handle.write("c3\nb2\n")
            changed = {
                "openings": run_match(*self.ARGS, "--openings", book, "--out", out, "--resume", *self.engines()),
            }
            with open(book, "w") as handle:
                handle.write("a1\nb2\n")
            changed["cmd"] = run_match(*self.ARGS, "--openings", book, "--out", out, "--resume",
                                       *self.engines("--delay", "1"))
            changed["limits"] = run_match("--game", "tictactoe", "--games", "4", "--depth", "2", "--openings", book,
                                          "--out", out, "--resume", *self.engines())
            changed["options"] = run_match(*self.ARGS, "--openings", book, "--out", out, "--resume",
                                           *engine("a", "--seed", "1", extra=("option.Hash=8",)),
                                           *engine("b", "--seed", "2"))
            changed["games"] = run_match("--game", "tictactoe", "--games", "6", "--depth", "1", "--openings", book,
                                         "--out", out, "--resume", *self.engines())
            expected = {"openings": "the openings", "cmd": "engine 1's cmd", "limits": "engine 1's limits",
                        "options": "engine 1's options", "games": "games (4 recorded, 6 now)"}
            for key, done in changed.items():
                self.assertEqual(done.returncode, 2, (key, done.stderr))
                self.assertIn(f"differs from this one: {expected[key]}", done.stderr)
            with open(out, "rb") as handle:
                self.assertEqual(handle.read(), before)
            same = run_match(*self.ARGS, "--openings", book, "--out", out, "--resume", *self.engines())
            self.assertEqual(same.returncode, 0, same.stderr)
            self.assertIn("4 games recorded (0 this run)", same.stdout)

    def test_a_decided_sprt_plays_no_more_games_when_resumed(self):
        """Item 6: the SPRT decided in the recorded games: --resume reports it and plays none."""
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            args = ("--game", "tictactoe", "--games", "2000", "--depth", "1", "--sprt", "elo0=0", "elo1=100",
                    "--out", out, *engine("good", "--seed", "1"), *engine("bad", "--mode", "illegal"))
            first = run_match(*args)
            self.assertIn("SPRT: H1 accepted", first.stdout)
            recorded = len(read_games(out))
            for _ in range(2):
                again = run_match(*args, "--resume")
                self.assertEqual(again.returncode, 0, again.stderr)
                self.assertIn("SPRT: H1 accepted", again.stdout)
                self.assertIn(f"{recorded} games recorded (0 this run)", again.stdout)
                self.assertEqual(len(read_games(out)), recorded)

    def test_resume_never_touches_a_file_that_is_not_its_records(self):
        """Item 7: a text file, another JSON file and a malformed game record are refused with
        one line, and left byte for byte as they were."""
        with tempfile.TemporaryDirectory() as folder:
            match = os.path.join(folder, "match.jsonl")
            done = run_match(*self.ARGS, "--out", match, *self.engines())
            self.assertEqual(done.returncode, 0, done.stderr)
            with open(match) as handle:
                header, *games = handle.read().splitlines()
            broken = json.loads(games[1])
            del broken["engine_index"]
            contents = {
                "notes.txt": (b"my notes, not games\nsecond line, no newline", "its first line is no match header"),
                "other.json": (b'{"type": "other", "a": 1}\n', "its first line is no match header"),
                "broken.jsonl": ("\n".join([header, games[0], json.dumps(broken), *games[2:]]).encode() + b"\n",
                                 ":3: a malformed game record (no engine_index {X, O})"),
            }
            for name, (data, message) in contents.items():
                path = os.path.join(folder, name)
                with open(path, "wb") as handle:
                    handle.write(data)
                done = run_match(*self.ARGS, "--out", path, "--resume", *self.engines())
                self.assertEqual(done.returncode, 2, (name, done.stderr))
                self.assertIn(message, done.stderr)
                self.assertNotIn("Traceback", done.stderr)
                self.assertEqual(len(done.stderr.strip().splitlines()), 1, done.stderr)
                with open(path, "rb") as handle:
                    self.assertEqual(handle.read(), data, name)


class Hangs(unittest.TestCase):
    def test_an_engine_whose_child_holds_stdout_does_not_hang_the_end(self):
        """Item 9: the engine ignores `quit` and a child in a session of its own holds its
        stdout: the runner and the client's Engine.close still end."""
        with tempfile.TemporaryDirectory() as folder:
            pidfile = os.path.join(folder, "child.pid")
            try:
                done = run_match("--game", "tictactoe", "--games", "2", "--depth", "1",
                                 *engine("a", "--seed", "1"),
                                 *engine("b", "--ignore-quit", "--hold-stdout-child", pidfile), timeout=30)
                self.assertEqual(done.returncode, 0, done.stderr)
                self.assertIn("2 games recorded", done.stdout)
                client = Engine.popen(stub("--ignore-quit", "--hold-stdout-child", pidfile), timeout=5)
                closing = threading.Thread(target=client.close, args=(0.2,), daemon=True)
                closing.start()
                closing.join(10)
                self.assertFalse(closing.is_alive(), "Engine.close hangs")
                self.assertIsNotNone(client.process.poll())
            finally:
                _kill_children(pidfile)

    def test_an_engine_start_is_tried_once(self):
        """Item 16: an engine that cannot start is started once, not twice, before the error."""
        with tempfile.TemporaryDirectory() as folder:
            count = os.path.join(folder, "starts")
            done = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", *engine("a"),
                             "--engine", f"cmd=sh -c 'echo started >> {count}; exit 3'", "name=b")
            self.assertEqual(done.returncode, 2)
            self.assertIn("engine b", done.stderr)
            with open(count) as handle:
                self.assertEqual(handle.read().count("started"), 1)


def _kill_children(pidfile: str) -> None:
    """The `sleep` children the stubs left on purpose (in sessions of their own)."""
    try:
        with open(pidfile) as handle:
            pids = [int(word) for word in handle.read().split()]
    except OSError:
        return
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


class OneLineErrors(unittest.TestCase):
    """Item 14: mistakes of the command line or the machine are one line, never a traceback."""

    def refused(self, *args: str, message: str) -> None:
        done = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", *args,
                         *engine("a", "--seed", "1"), *engine("b", "--seed", "2"))
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertIn(message, done.stderr)

    def test_bad_paths_and_values(self):
        with tempfile.TemporaryDirectory() as folder:
            missing = os.path.join(folder, "no", "such")
            self.refused("--out", os.path.join(missing, "g.jsonl"), message=f"--out {missing}/g.jsonl: no folder")
            self.refused("--pgn", os.path.join(missing, "g.pgn"), message=f"--pgn {missing}/g.pgn: no folder")
            book = os.path.join(folder, "book.txt")
            with open(book, "wb") as handle:
                handle.write(b"a1\n\xff\xfe b2\n")
            self.refused("--openings", book, message=f"--openings {book}: not UTF-8 text")
            self.refused("--timeout", "-1", message="--timeout -1: must be positive")
            self.refused("--timemargin", "-5", message="--timemargin -5: must be 0 or more")

    def test_a_byte_order_mark_and_a_slash_in_a_name(self):
        with tempfile.TemporaryDirectory() as folder:
            book = os.path.join(folder, "book.txt")
            with open(book, "w", encoding="utf-8-sig") as handle:
                handle.write("b2\n")
            out = os.path.join(folder, "games.jsonl")
            done = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", "--openings", book,
                             "--out", out, "--log-dir", os.path.join(folder, "logs"),
                             *engine("new/a", "--seed", "1"), *engine("b", "--seed", "2"))
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual([r["opening"] for r in read_games(out)], [["b2"], ["b2"]])
            self.assertIn("new_a-w0.protocol.log", os.listdir(os.path.join(folder, "logs")))

    def test_a_full_disk_keeps_the_report(self):
        """--pgn on a full disk: the games go on, the report is written, exit 1. --out that
        cannot grow (a file size limit): the match stops, with the report, exit 1."""
        if not os.path.exists("/dev/full"):
            self.skipTest("no /dev/full")
        done = run_match("--game", "tictactoe", "--games", "4", "--depth", "1", "--pgn", "/dev/full",
                         *engine("a", "--seed", "1"), *engine("b", "--seed", "2"))
        self.assertEqual(done.returncode, 1, done.stderr)
        self.assertNotIn("Traceback", done.stderr)
        self.assertIn("cannot write --pgn /dev/full: No space left on device", done.stderr)
        self.assertIn("4 games recorded", done.stdout)

        def small_files() -> None:
            _default_sigint()
            resource.setrlimit(resource.RLIMIT_FSIZE, (4000, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))

        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = start_runner("--game", "tictactoe", "--games", "40", "--depth", "1", "--concurrency", "1",
                                  "--out", out, *engine("a", "--seed", "1"), *engine("b", "--seed", "2"),
                                  preexec=small_files)
            stdout, stderr = runner.communicate(timeout=60)
            self.assertEqual(runner.returncode, 1, stderr)
            self.assertNotIn("Traceback", stderr)
            self.assertIn(f"cannot write {out}: File too large", stderr)
            recorded = len(load_records(out)[1])  # (the last line may be torn: the write failed)
            self.assertLess(recorded, 40)
            self.assertIn(f"{recorded} games recorded", stdout)
            self.assertIn(f"Match incomplete: {recorded} of 40 games recorded", stdout)


class Output(unittest.TestCase):
    def test_a_brace_in_a_move_does_not_break_the_pgn(self):
        """Item 15: `}` in an engine's move text (quoted in the reason) stays inside its comment."""
        from arbor_tools.runner.records.pgn import parse_games
        with tempfile.TemporaryDirectory() as folder:
            pgn = os.path.join(folder, "games.pgn")
            done = run_match("--game", "tictactoe", "--games", "2", "--depth", "1", "--pgn", pgn, "--concurrency", "1",
                             *engine("a", "--seed", "1"), *engine("b", "--move", "a}b"))
            self.assertEqual(done.returncode, 0, done.stderr)
            with open(pgn) as handle:
                text = handle.read()
            movetext = "\n".join(line for line in text.splitlines() if not line.startswith("["))
            self.assertNotIn("}", re.sub(r"\{[^}]*\}", "", movetext))
            self.assertEqual([g["result"] for g in parse_games(text)], ["1-0", "0-1"])

    def test_a_stray_error_line_is_blamed_on_no_command(self):
        """Item 15: a `?` response nobody asked for is skipped, not taken for the answer to the
        next command (every later answer would be off by one)."""
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            done = run_match("--game", "tictactoe", "--games", "4", "--depth", "1", "--out", out,
                             *engine("a", "--seed", "1", "--stray-error"), *engine("b", "--seed", "2"))
            self.assertEqual(done.returncode, 0, done.stderr)
            for reason in reasons(out):
                self.assertRegex(reason, r"^([XO] made 3 in a row|board full)$")
        with Engine.popen(stub("--stray-error"), timeout=5) as client:
            client.new_game("tictactoe")
            client.position(moves=["a1"])
            client.play(Limit(depth=1))
            client.position(moves=["a1", "b2"])
            self.assertEqual(sorted(client.legal()), ["a2", "a3", "b1", "b3", "c1", "c2", "c3"])
            with self.assertRaises(EngineError):
                client.position(moves=["z9"])

    def test_an_endless_line_is_a_fault_not_a_memory_hog(self):
        """Item 15: a 64 MB output line: the engine loses the game, the runner stays small."""
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            command = [sys.executable, MATCH, "--quiet", "--game", "tictactoe", "--games", "2", "--depth", "1",
                       "--out", out, *engine("a", "--seed", "1"), *engine("b", "--huge-line", "64")]
            # A process of its own measures the runner's peak memory (ru_maxrss of its children).
            code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, "
                    "timeout=60); print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
            peak_kib = int(subprocess.run([sys.executable, "-c", code, *command], capture_output=True, text=True,
                                          timeout=90).stdout)
            self.assertLess(peak_kib, 100 * 1024)
            records = read_games(out)
            self.assertEqual(len(records), 2)
            self.assertTrue(any("b (" in r["reason"] and "a line of more than 1048576 characters" in r["reason"]
                                for r in records), [r["reason"] for r in records])


class Progress(unittest.TestCase):
    def test_the_progress_line_shows_the_pace(self):
        done = subprocess.run([sys.executable, MATCH, "--game", "tictactoe", "--games", "2", "--depth", "1",
                               *engine("a", "--seed", "1"), *engine("b", "--seed", "2")],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertRegex(done.stderr, r"Games 2/2 \(\d+:\d\d elapsed, ETA 0:00, \d+\.\d games/min\)  "
                                      r"a vs b: W \d D \d L \d")


class Ray(unittest.TestCase):
    def test_a_game_no_node_can_run_is_refused(self):
        """Item 17: 1-CPU nodes and 2 CPUs a game: a clear error, not a wait for ever."""
        fake = types.ModuleType("ray")
        exceptions = types.ModuleType("ray.exceptions")
        for name in ("GetTimeoutError", "RayError", "TaskCancelledError"):
            setattr(exceptions, name, type(name, (Exception,), {}))
        fake.exceptions = exceptions
        fake.remote = lambda **options: (lambda function: function)
        fake.init = lambda **options: None
        fake.shutdown = lambda: None
        fake.put = lambda value: value
        fake.nodes = lambda: [{"Alive": True, "Resources": {"CPU": 1.0}}] * 3
        fake.cluster_resources = lambda: {"CPU": 3.0}
        fake.wait = lambda refs, **options: ([], refs)
        with mock.patch.dict(sys.modules, {"ray": fake, "ray.exceptions": exceptions}):
            sys.modules.pop("arbor_tools.runner.ray_backend", None)
            from arbor_tools.runner import ray_backend
            from arbor_tools.runner.cli import build_config
            from arbor_tools.runner.config import ConfigError
            import queue
            with mock.patch.object(ray_backend, "_reachable", lambda address: None), \
                    mock.patch("arbor_tools.runner.cli._have_ray", lambda: True):
                config, _ = build_config(["--game", "tictactoe", "--depth", "1", "--ray", "10.0.0.1:6379",
                                          *engine("a"), *engine("b")])
                outcome: list = []

                def dispatch() -> None:
                    try:
                        ray_backend.RayDispatcher(config, config.jobs, queue.Queue(), threading.Event(),
                                                  None, "10.0.0.1:6379", 1.0).run()
                        outcome.append("ran")
                    except ConfigError as error:
                        outcome.append(str(error))

                thread = threading.Thread(target=dispatch, daemon=True)
                thread.start()
                thread.join(10)
            sys.modules.pop("arbor_tools.runner.ray_backend", None)
        self.assertEqual(outcome, ["--ray 10.0.0.1:6379: a game needs 2 CPUs (2 engines x --ray-engine-cpus 1) and "
                                   "the largest node has 1: give --ray-engine-cpus 0.5 or less, or nodes with more "
                                   "CPUs"])


if __name__ == "__main__":
    unittest.main()
