"""The benchmark scripts in scripts/bench/ find the checkout's release build by default."""

import os
import unittest

from scripts.bench import bench_gomoku, bench_runner_overhead

CHECKOUT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))


class DefaultEngineTest(unittest.TestCase):
    def test_defaults_point_into_the_checkout(self):
        release = os.path.join(CHECKOUT, "target", "release", "arbor")
        self.assertEqual(os.path.realpath(bench_runner_overhead.ENGINE), release)
        self.assertEqual(os.path.realpath(bench_gomoku.REPO), CHECKOUT)
        self.assertTrue(os.path.exists(os.path.join(CHECKOUT, "Cargo.toml")))


if __name__ == "__main__":
    unittest.main()
