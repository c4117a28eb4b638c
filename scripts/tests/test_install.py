"""``pip install ./scripts`` in a fresh virtual environment gives working console commands:
each command declared in pyproject.toml answers ``--help``, and ``arbor-match`` plays a
4-game tic-tac-toe match (against the stub engine, so no arbor build is needed)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.dirname(HERE)
STUB = os.path.join(HERE, "stub_engine.py")


def console_commands() -> list[str]:
    """The names under [project.scripts] in pyproject.toml (read without tomllib, which
    Python 3.10 lacks)."""
    with open(os.path.join(SCRIPTS, "pyproject.toml"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split("[project.scripts]", 1)[1].split("\n[", 1)[0]
    return re.findall(r"^\s*([A-Za-z0-9_.-]+)\s*=", section, re.M)


def run(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(args, capture_output=True, text=True, timeout=600, **kwargs)


class FreshInstall(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.folder = tempfile.mkdtemp(prefix="arbor-install-")
        venv = os.path.join(cls.folder, "venv")
        made = run([sys.executable, "-m", "venv", venv])
        if made.returncode != 0:
            shutil.rmtree(cls.folder, ignore_errors=True)
            raise unittest.SkipTest(f"cannot make a virtual environment (python3 -m venv: "
                                    f"{made.stderr.strip().splitlines()[-1:] or made.returncode})")
        cls.bin = os.path.join(venv, "Scripts" if os.name == "nt" else "bin")
        python = os.path.join(cls.bin, "python")
        if run([python, "-m", "pip", "--version"]).returncode != 0:
            shutil.rmtree(cls.folder, ignore_errors=True)
            raise unittest.SkipTest("the virtual environment has no pip (install python3-venv / ensurepip)")
        # A copy, so the build writes nothing into the source tree.
        source = os.path.join(cls.folder, "scripts")
        shutil.copytree(SCRIPTS, source, ignore=shutil.ignore_patterns(
            "tests", "__pycache__", "build", "*.egg-info"))
        # With the environment's own setuptools when it can build a wheel (offline); else
        # pip's isolated build, which fetches setuptools from the package index.
        can_build = run([python, "-c", "import setuptools, setuptools.command.bdist_wheel"]).returncode == 0 \
            or run([python, "-c", "import setuptools, wheel"]).returncode == 0
        install = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
        install += ["--no-build-isolation"] if can_build else []
        done = run(install + [source], cwd=cls.folder)
        if done.returncode != 0:
            shutil.rmtree(cls.folder, ignore_errors=True)
            raise AssertionError(f"pip install {source} failed:\n{done.stdout}\n{done.stderr}")

    @classmethod
    def tearDownClass(cls) -> None:
        shutil.rmtree(cls.folder, ignore_errors=True)

    def command(self, name: str, *args: str) -> subprocess.CompletedProcess:
        # From an empty folder, with nothing of the source tree on the path.
        env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
        empty = tempfile.mkdtemp(dir=self.folder)
        return run([os.path.join(self.bin, name), *args], cwd=empty, env=env)

    def test_commands_are_declared(self):
        self.assertIn("arbor-match", console_commands())
        self.assertIn("arbor-sprt", console_commands())

    def test_every_command_answers_help(self):
        for name in console_commands():
            with self.subTest(command=name):
                done = self.command(name, "--help")
                self.assertEqual(done.returncode, 0, done.stderr)
                self.assertTrue(done.stdout.startswith("usage: "), done.stdout)
                self.assertEqual(done.stderr, "")

    def test_a_match(self):
        def engine(name: str, seed: int) -> list[str]:
            return ["--engine", f'cmd="{sys.executable}" "{STUB}" --seed {seed}', f"name={name}"]
        done = self.command("arbor-match", "--quiet", "--game", "tictactoe", "--games", "4", "--depth", "1",
                            *engine("a", 1), *engine("b", 2))
        self.assertEqual(done.returncode, 0, done.stderr)
        games = re.search(r"^Games: 4, Wins: (\d+), Losses: (\d+), Draws: (\d+)", done.stdout, re.M)
        self.assertIsNotNone(games, done.stdout)
        self.assertEqual(sum(int(n) for n in games.groups()), 4)
        self.assertIn("Match finished: 4 games recorded (4 this run)", done.stdout)

    def test_the_default_gomoku_book_is_installed(self):
        done = self.command("arbor-match", "--quiet", "--game", "gomoku", "--games", "2", "--depth", "1",
                            "--engine", f'cmd="{sys.executable}" "{STUB}" --seed 1', "name=a",
                            "--engine", f'cmd="{sys.executable}" "{STUB}" --seed 2', "name=b")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("openings: default book gomoku_centre3.txt", done.stdout)
        self.assertIn("Match finished: 2 games recorded (2 this run)", done.stdout)

    def test_the_package_comes_from_the_environment(self):
        python = os.path.join(self.bin, "python")
        done = run([python, "-c", "import arbor_tools, arbor_tools.client as c; print(arbor_tools.__file__); "
                    "print(c.Limit(time=0.5).arguments())"], cwd=self.folder)
        self.assertEqual(done.returncode, 0, done.stderr)
        location, arguments = done.stdout.splitlines()
        self.assertTrue(location.startswith(self.folder), location)
        self.assertEqual(arguments, "movetime 500")

if __name__ == "__main__":
    unittest.main()
