"""match.py --ray: the games as Ray tasks on a local instance and on a two-node cluster on
127.0.0.1 (head + node started with `ray start`), with a Ray worker killed mid-match, a node
lost mid-match, a driver killed and resumed, and an SPRT that cancels what is queued. Skipped when Ray is absent
(pip install -r scripts/requirements-ray.txt); the import check runs always.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
import unittest

from scripts.tests.engine_path import arbor_binary
from scripts.tests.test_match import MATCH, engine, read_games

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
HAVE_RAY = importlib.util.find_spec("ray") is not None
NO_RAY = "Ray is not installed: pip install -r scripts/requirements-ray.txt to run the Ray tests"
PORT = 26379  # the test cluster's ports: 26379-26399 (head), 26580-26599 (node), workers above


def ray_env() -> dict[str, str]:
    """Every Ray process of the tests: loopback only, a token of its own, no usage stats."""
    env = dict(os.environ)
    env.update(RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER="0", RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=TOKEN,
               RAY_USAGE_STATS_ENABLED="0")
    return env


TOKEN = secrets.token_hex(16)


def match(*args: str) -> list[str]:
    return [sys.executable, MATCH, "--quiet", "--game", "tictactoe", *args]


def stubs(delay: int = 0, bad: str = "") -> list[str]:
    """Two stub engines (random legal moves, `delay` ms a move); `bad` makes the second one
    misbehave (a fault: a loss and a restart)."""
    second = ("--mode", bad) if bad else ("--seed", "2", "--delay", str(delay))
    return [*engine("a", "--seed", "1", "--delay", str(delay)), *engine("b", *second)]


def indices(path: str) -> list[int]:
    return sorted(record["index"] for record in read_games(path))


class WithoutRay(unittest.TestCase):
    def test_the_runner_does_not_import_ray(self):
        code = ("import sys; sys.path.insert(0, sys.argv[1]); import arbor_tools.runner.cli, arbor_tools.runner.scheduling; "
                "print('ray' in sys.modules)")
        done = subprocess.run([sys.executable, "-c", code, SCRIPTS], capture_output=True, text=True, timeout=30)
        self.assertEqual(done.stdout.strip(), "False", done.stderr)

    def without_ray(self, *args: str) -> subprocess.CompletedProcess:
        """match.py with `import ray` made to fail, as on a machine without Ray."""
        code = ("import runpy, sys; sys.modules['ray'] = None; sys.argv = sys.argv[1:]; "
                "runpy.run_path(sys.argv[0], run_name='__main__')")
        return subprocess.run([sys.executable, "-c", code, *match(*args)[1:]], capture_output=True, text=True,
                              timeout=60)

    def test_plain_match_never_imports_ray(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            done = self.without_ray("--games", "4", "--depth", "1", "--out", out, *stubs())
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(indices(out), [0, 1, 2, 3])

    def test_ray_asked_without_ray_is_a_clear_error(self):
        done = self.without_ray("--games", "4", "--depth", "1", "--ray", "local", *stubs())
        self.assertEqual(done.returncode, 2)
        self.assertIn("--ray needs Ray: pip install -r scripts/requirements-ray.txt", done.stderr)


@unittest.skipUnless(HAVE_RAY, NO_RAY)
class LocalInstance(unittest.TestCase):
    def test_forty_games_as_ray_tasks_equal_the_plain_runner(self):
        binary = arbor_binary()
        if binary is None:
            self.skipTest("no arbor binary built (cargo build)")
        engines = ["--engine", f"cmd={binary}", "name=d3", "depth=3", "--engine", f"cmd={binary}", "name=d1", "depth=1"]
        with tempfile.TemporaryDirectory() as folder:
            plain, distributed = os.path.join(folder, "plain.jsonl"), os.path.join(folder, "ray.jsonl")
            done = subprocess.run(match("--games", "40", "--concurrency", "2", "--out", plain, *engines),
                                  capture_output=True, text=True, timeout=120)
            self.assertEqual(done.returncode, 0, done.stderr)
            done = subprocess.run(match("--games", "40", "--concurrency", "2", "--ray", "local", "--out", distributed,
                                        *engines), capture_output=True, text=True, timeout=240, env=ray_env())
            self.assertEqual(done.returncode, 0, done.stderr)
            self.assertEqual(indices(distributed), list(range(40)))
            # Same openings, same deterministic engines: the same games, whoever played them.
            def games(path: str) -> list:
                return sorted((r["index"], r["engines"]["X"], [m["move"] for m in r["moves"]], r["result"], r["reason"])
                              for r in read_games(path))
            self.assertEqual(games(distributed), games(plain))
            self.assertIn("Games: 40,", done.stdout)
            self.assertIn("Ray: games played per node:", done.stderr)


@unittest.skipUnless(HAVE_RAY, NO_RAY)
class Addresses(unittest.TestCase):
    def test_no_head_at_the_address_is_a_clear_error(self):
        done = subprocess.run(match("--games", "2", "--depth", "1", "--ray", "127.0.0.1:1", *stubs()),
                              capture_output=True, text=True, timeout=60, env=ray_env())
        self.assertEqual(done.returncode, 2, done.stderr)
        self.assertIn("match.py: error: --ray 127.0.0.1:1: no Ray head there", done.stderr)

    def test_relative_engine_paths_become_absolute(self):
        from dataclasses import replace

        from scripts.arbor_tools.runner.cli import build_config
        from scripts.arbor_tools.runner.ray_backend import absolute_paths
        stub = os.path.relpath(os.path.join(HERE, "stub_engine.py"))
        config, _ = build_config(["--game", "tictactoe", "--depth", "1",
                                  "--engine", f"cmd={stub} --seed 1", "--engine", "cmd=cat"])
        fixed = absolute_paths(replace(config, log_dir="logs"))
        self.assertEqual(fixed.engines[0].cmd, f"{os.path.join(HERE, 'stub_engine.py')} --seed 1")
        self.assertEqual(fixed.engines[1].cmd, "cat")  # a command on the PATH stays as it is
        self.assertEqual(fixed.log_dir, os.path.join(os.getcwd(), "logs"))


def ray_command(*args: str) -> None:
    subprocess.run([sys.executable, os.path.join(HERE, "ray_loopback.py"), *args], check=True, env=ray_env(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=180)


def wait_for_nodes(count: int) -> None:
    """Returns once the head counts `count` live nodes: `ray start` of the second node returns
    before the head's scheduler knows it, and a match started in that gap (the CI machine,
    loaded) played all its games on the head."""
    code = ("import sys, time, ray; ray.init(address=sys.argv[1], logging_level='ERROR', log_to_driver=False); "
            "deadline = time.monotonic() + 60\n"
            "while time.monotonic() < deadline:\n"
            "    if sum(node['Alive'] for node in ray.nodes()) >= int(sys.argv[2]): sys.exit(0)\n"
            "    time.sleep(0.2)\n"
            "sys.exit(1)")
    subprocess.run([sys.executable, "-c", code, f"127.0.0.1:{PORT}", str(count)], check=True, env=ray_env(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=120)


def ports(base: int) -> list[str]:
    return ["--num-cpus", "2", "--object-store-memory", str(100 * 1024 * 1024), "--disable-usage-stats",
            "--dashboard-agent-listen-port", str(base + 1), "--dashboard-agent-grpc-port", str(base + 2),
            "--runtime-env-agent-port", str(base + 3), "--metrics-export-port", str(base + 4),
            "--node-manager-port", str(base + 5), "--object-manager-port", str(base + 6),
            "--min-worker-port", str(base + 1000), "--max-worker-port", str(base + 1099)]


@unittest.skipUnless(HAVE_RAY, NO_RAY)
class TwoNodeCluster(unittest.TestCase):
    """One cluster for the whole class: a head and a second node, 2 CPUs each (a game needs
    one CPU per engine: two games at once per node)."""

    @classmethod
    def setUpClass(cls):
        try:
            ray_command("start", "--head", "--port", str(PORT), "--include-dashboard", "false", *ports(PORT))
            ray_command("start", "--address", f"127.0.0.1:{PORT}", *ports(PORT + 200))
            wait_for_nodes(2)
        except BaseException:
            cls.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        # `ray stop` ends every Ray process of this machine: the tests' cluster is all there is
        subprocess.run([sys.executable, os.path.join(HERE, "ray_loopback.py"), "stop", "--force"], env=ray_env(),
                       capture_output=True, timeout=120)

    def start(self, out: str, *args: str) -> subprocess.Popen:
        return subprocess.Popen(match("--games", "40", "--depth", "1", "--ray", f"127.0.0.1:{PORT}", "--out", out,
                                      *args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ray_env())

    def finish(self, runner: subprocess.Popen) -> tuple[str, str]:
        stdout, stderr = runner.communicate(timeout=240)
        self.assertEqual(runner.returncode, 0, stderr)
        return stdout, stderr

    def wait_for_games(self, out: str, count: int) -> None:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            if os.path.exists(out) and len(read_games(out)) >= count:
                return
            time.sleep(0.1)
        self.fail("no games recorded")

    def test_a_match_over_two_nodes(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            # 50 ms a move: the match lasts ~18 s even if the head plays it alone. Ray reuses
            # the head's busy worker for the queued pairs while the second node still starts
            # its own (with the runner's code as a runtime env: seconds on a loaded machine);
            # at 5 ms a move the head had played all 40 games by then.
            stdout, stderr = self.finish(self.start(out, *stubs(delay=50)))
            self.assertEqual(indices(out), list(range(40)))
            spread = stderr.split("Ray: games played per node: ")[1].splitlines()[0].split(", ")
            self.assertEqual(len(spread), 2, stderr)  # both nodes played
            self.assertEqual(sum(int(part.split()[1]) for part in spread), 40)
            self.assertIn("40 games recorded (40 this run)", stdout)

    def test_a_killed_ray_worker_loses_no_game_and_counts_none_twice(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = self.start(out, *stubs(delay=20))
            self.wait_for_games(out, 4)
            victims = [pid for pid, title in ray_processes() if title.startswith("ray::play_pair_task")]
            self.assertTrue(victims, "no Ray worker was playing a pair")
            os.kill(victims[0], signal.SIGKILL)
            stdout, _ = self.finish(runner)
            self.assertEqual(indices(out), list(range(40)))  # all 40, each once
            self.assertIn("Games: 40,", stdout)

    def test_resume_after_the_driver_is_killed(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = self.start(out, *stubs(delay=20))
            self.wait_for_games(out, 4)
            runner.kill()
            runner.communicate()
            before = len(read_games(out))
            self.assertLess(before, 40)
            stdout, _ = self.finish(self.start(out, "--resume", *stubs(delay=20)))  # the same match
            self.assertEqual(indices(out), list(range(40)))
            self.assertIn(f"40 games recorded ({40 - before} this run)", stdout)

    def test_sprt_stops_the_match_and_faults_are_losses(self):
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = subprocess.Popen(
                match("--games", "2000", "--depth", "1", "--sprt", "elo0=0", "elo1=100", "--ray", f"127.0.0.1:{PORT}",
                      "--out", out, *stubs(bad="illegal")),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ray_env())
            stdout, _ = self.finish(runner)
            self.assertIn("SPRT: H1 accepted", stdout)
            games = read_games(out)
            self.assertLess(len(games), 200)  # stopped: the queued games were cancelled
            self.assertEqual(len({r["index"] for r in games}), len(games))
            self.assertTrue(all(r["winner"] == "a" for r in games), [r["reason"] for r in games])
            restarts = [line.split()[-1] for line in stdout.splitlines() if line.startswith("b ")]
            self.assertEqual(restarts, [str(len(games))])  # every illegal move restarted b

    def test_z_a_lost_node_s_games_are_played_elsewhere(self):  # last: the class's cluster loses a node
        with tempfile.TemporaryDirectory() as folder:
            out = os.path.join(folder, "games.jsonl")
            runner = self.start(out, *stubs(delay=10))
            self.wait_for_games(out, 4)
            raylets = [pid for pid, title in ray_processes(prefix="")
                       if "raylet" in title and f"--node_manager_port={PORT + 205}" in title]
            self.assertEqual(len(raylets), 1, "the second node's raylet")
            os.kill(raylets[0], signal.SIGKILL)  # the node is gone, with its workers and engines
            stdout, _ = self.finish(runner)
            self.assertEqual(indices(out), list(range(40)))
            self.assertIn("Games: 40,", stdout)


def ray_processes(prefix: str = "ray::") -> list[tuple[int, str]]:
    """(pid, command line) of this machine's processes whose command line starts with
    `prefix` (a Ray worker's title is ``ray::`` and the task it runs)."""
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/cmdline", "rb") as handle:
                    title = handle.read().replace(b"\0", b" ").decode(errors="replace").strip()
            except OSError:
                continue
            if title.startswith(prefix):
                found.append((int(name), title))
    return found


if __name__ == "__main__":
    unittest.main()
