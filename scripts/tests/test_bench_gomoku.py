"""bench_gomoku.py: `--option NAME=VALUE` is parsed, and a refused option stops the run."""

import argparse
import unittest

from scripts.bench.bench_gomoku import parse_option, set_options


class FakeEngine:
    """Answers `setoption` as arbor does: `=` for known names, `?` otherwise."""

    def __init__(self, known: set[str]) -> None:
        self.known = known
        self.sent: list[str] = []

    def command(self, line: str) -> list[str]:
        self.sent.append(line)
        name = line.split()[2]
        return ["="] if name in self.known else [f"? unknown-option {name} (see options)"]


class BenchOptionsTest(unittest.TestCase):
    def test_name_value_pairs_are_parsed_and_malformed_ones_refused(self):
        self.assertEqual(parse_option("GomokuThreatExtension=4"), ("GomokuThreatExtension", "4"))
        self.assertEqual(parse_option(" Hash = 128 "), ("Hash", "128"))
        for bad in ("Hash", "=4", "Hash=", ""):
            with self.assertRaises(argparse.ArgumentTypeError, msg=bad):
                parse_option(bad)

    def test_options_are_sent_in_order_and_a_refused_one_stops(self):
        engine = FakeEngine({"Hash", "GomokuFutility"})
        set_options(engine, [("Hash", "128"), ("GomokuFutility", "true")])
        self.assertEqual(
            engine.sent,
            ["setoption name Hash value 128", "setoption name GomokuFutility value true"],
        )
        with self.assertRaises(SystemExit) as stop:
            set_options(engine, [("NoSuch", "1"), ("Hash", "1")])
        self.assertIn("NoSuch=1 refused", str(stop.exception))
        self.assertEqual(engine.sent[-1], "setoption name NoSuch value 1")


if __name__ == "__main__":
    unittest.main()
