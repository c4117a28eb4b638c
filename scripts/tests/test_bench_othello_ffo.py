"""bench_othello_ffo.py: the median of the per-position ratios and the CPU seconds read
from /proc, which stand in for wall time on a loaded machine."""

import math
import os
import subprocess
import sys
import unittest

from scripts.bench.bench_othello_ffo import cpu_delta, cpu_seconds, median


class MedianTest(unittest.TestCase):
    def test_odd_and_even_counts_and_empty(self):
        self.assertEqual(median([3.0, 1.0, 2.0]), 2.0)
        self.assertEqual(median([4.0, 1.0, 3.0, 2.0]), 2.5)
        self.assertTrue(math.isnan(median([])))


@unittest.skipUnless(os.path.exists("/proc/self/stat"), "CPU seconds are read from Linux's /proc")
class CpuSecondsTest(unittest.TestCase):
    def test_a_busy_child_is_charged_and_a_dead_pid_is_unknown(self):
        child = subprocess.Popen([sys.executable, "-c", "import sys; n = sum(range(10**7)); sys.stdin.read()"],
                                 stdin=subprocess.PIPE, text=True)
        try:
            before = 0.0
            # Wait until the sum is done: the child then blocks on stdin.
            for _ in range(200):
                used = cpu_seconds(child.pid)
                self.assertIsNotNone(used)
                if used is not None and used > 0.05 and used == before:
                    break
                before = used or 0.0
                subprocess.run([sys.executable, "-c", "import time; time.sleep(0.05)"], check=True)
            self.assertGreater(cpu_seconds(child.pid) or 0.0, 0.05)
            self.assertAlmostEqual(cpu_delta(child.pid, cpu_seconds(child.pid)), 0.0, delta=0.02)
        finally:
            child.communicate("")
        self.assertIsNone(cpu_seconds(child.pid))
        self.assertTrue(math.isnan(cpu_delta(child.pid, 1.0)))


if __name__ == "__main__":
    unittest.main()
