"""README.md's commands are the ones the project really runs."""

from __future__ import annotations

import re
import unittest

from scripts.tests.engine_path import ROOT


def shell_blocks(markdown: str) -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", markdown, re.S)]


class ReadmeTest(unittest.TestCase):
    def test_ci_runs_the_readme_test_command_verbatim(self) -> None:
        blocks = shell_blocks((ROOT / "README.md").read_text())
        self.assertGreaterEqual(len(blocks), 2, "README needs a build/demo command and a test command")
        test_command = blocks[1]
        ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text().splitlines()]
        self.assertIn(test_command, ci_lines)

    def test_readme_scripts_exist(self) -> None:
        readme = (ROOT / "README.md").read_text()
        for script in set(re.findall(r"scripts/[\w/]+\.py", readme)):
            self.assertTrue((ROOT / script).is_file(), script)


if __name__ == "__main__":
    unittest.main()
