"""scripts/ as an installable package (arbor_tools), and the scheduling call that runs games elsewhere."""

from __future__ import annotations

import importlib
import os
import pickle
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPTS = os.path.join(HERE, "..")
sys.path.insert(0, SCRIPTS)
from arbor_tools.runner import scheduling  # noqa: E402
from arbor_tools.runner.config import Adjudication, Config, EngineSpec, TimeControl  # noqa: E402

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None  # type: ignore[assignment]

STUB = os.path.join(HERE, "stub_engine.py")


@unittest.skipIf(tomllib is None, "tomllib needs Python 3.11")
class Pyproject(unittest.TestCase):
    def setUp(self) -> None:
        with open(os.path.join(SCRIPTS, "pyproject.toml"), "rb") as handle:
            self.project = tomllib.load(handle)

    def test_one_top_level_package(self):
        """Everything installs under arbor_tools: no generic top-level names in site-packages."""
        setup = self.project["tool"]["setuptools"]
        self.assertNotIn("py-modules", setup)
        self.assertEqual(setup["packages"]["find"]["include"], ["arbor_tools", "arbor_tools.*"])
        self.assertEqual(self.project["project"]["dependencies"], [])  # standard library only

    def test_the_package_never_edits_sys_path(self):
        for folder, _, files in os.walk(os.path.join(SCRIPTS, "arbor_tools")):
            for name in files:
                if name.endswith(".py"):
                    with open(os.path.join(folder, name), encoding="utf-8") as handle:
                        self.assertNotIn("sys.path.insert", handle.read(), name)

    def test_commands_name_real_functions(self):
        for command, target in self.project["project"]["scripts"].items():
            module, _, function = target.partition(":")
            self.assertTrue(callable(getattr(importlib.import_module(module), function)), command)


class PlayPair(unittest.TestCase):
    def test_a_pair_is_a_plain_picklable_call(self):
        limits = TimeControl(depth=1)
        engines = [EngineSpec(0, f'"{sys.executable}" "{STUB}" --seed 1', "a", {}, limits),
                   EngineSpec(1, f'"{sys.executable}" "{STUB}" --seed 2', "b", {}, limits)]
        jobs = scheduling.schedule(2, 4, None, "connect4", {}, 2, 7)
        config = Config("connect4", {}, engines, 4, jobs, 1, 100.0, 10.0, Adjudication(), None, None, "random")
        pair = scheduling.pairs(jobs)[1]
        call = pickle.loads(pickle.dumps((scheduling.play_pair, pair, config)))
        records = call[0](call[1], call[2])
        self.assertEqual([r["index"] for r in records], [2, 3])
        self.assertEqual([r["engines"]["X"] for r in records], ["a", "b"])
        for record in records:
            self.assertEqual(record["opening"], list(pair[0].opening))
            self.assertIn(record["result"], ("1-0", "0-1", "1/2-1/2"))
        self.assertEqual(len(pickle.loads(pickle.dumps(records))), 2)


if __name__ == "__main__":
    unittest.main()
