#!/usr/bin/env python3
"""Run Pascal Pons' Connect Four test sets through arbor's `go solve` over the text protocol.

For each line `<digits> <score>` of a set, sends `position digits <digits>` and `go solve`
to ONE engine process, reads the last `info` line and the `bestmove`, converts the proven
score to Pons' convention (win N with m discs on the board = +floor((44 - m - N) / 2),
loss N = the negation, draw = 0) and compares. Prints, per set: correct/total, mean round
trip time (from sending `go solve` to reading `bestmove`, so protocol and pipe costs are
included), mean engine-reported time (ms resolution) and mean nodes per position.

By default the engine's tables are kept between positions (like Pons' own benchmark);
`--newgame` sends `newgame` before every position instead (the solver table is then
released and its memory faulted in again by each solve).

Usage: python3 scripts/bench/bench_connect4.py [--data ../shared/benchdata] [--engine target/release/arbor]
                                         [--limit N] [--newgame] [SET ...]
SET names a file of <data>/connect4 (default: every Test_* file except Test_L1_R3, which
needs hours; name it explicitly, with --limit).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts folder
from arbor_tools.client import Engine, EngineError, Limit, Score  # noqa: E402


def pons_score(score: Score | None, discs: int) -> int | None:
    """Pons' score (7x6) from a proven score, None if not proven."""
    if score is None:
        return None
    if score.kind == "draw":
        return 0
    if score.kind in ("win", "loss") and score.value is not None:
        magnitude = (44 - discs - score.value) // 2
        return magnitude if score.kind == "win" else -magnitude
    return None


def run_set(engine: Engine, path: Path, limit: int | None, newgame: bool, timeout: float) -> bool:
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    if limit is not None:
        lines = lines[:limit]
    correct = 0
    trips: list[float] = []
    engine_ms: list[float] = []
    nodes: list[int] = []
    for number, fields in enumerate(lines, 1):
        digits, expected = fields[0], int(fields[1])
        try:
            if newgame:
                engine.command("newgame")
            engine.position(text=f"digits {digits}")
        except EngineError as error:
            print(f"{path.name}:{number}: {error}", file=sys.stderr)
            continue
        result = engine.play(Limit(solve=True), timeout=timeout)
        trips.append(result.elapsed)
        engine_ms.append((result.time or 0.0) * 1e3)
        nodes.append(result.nodes or 0)
        got = pons_score(result.score, len(digits))
        if got == expected:
            correct += 1
        else:
            print(f"{path.name}:{number}: {digits}: got {got} ({result.info}, {result.move}), expected {expected}",
                  file=sys.stderr)
    total = len(lines)
    if total == 0:
        print(f"{path.name}: no positions")
        return False
    print(f"{path.name}: {correct}/{total} correct, mean round trip {statistics.mean(trips) * 1e3:.3f} ms "
          f"(median {statistics.median(trips) * 1e3:.3f} ms), mean engine time {statistics.mean(engine_ms):.1f} ms, "
          f"mean nodes {statistics.mean(nodes):.0f}")
    return correct == total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sets", nargs="*", help="set names (files of DATA/connect4)")
    parser.add_argument("--data", default="../shared/benchdata", help="benchmark data folder (default ../shared/benchdata)")
    parser.add_argument("--engine", default="target/release/arbor", help="path to the arbor binary")
    parser.add_argument("--limit", type=int, default=None, help="only the first N lines of each set")
    parser.add_argument("--newgame", action="store_true", help="send newgame before every position")
    parser.add_argument("--timeout", type=float, default=600.0,
                        help="seconds one solve may take before it counts as hung (default 600)")
    args = parser.parse_args()

    folder = Path(args.data) / "connect4"
    if not folder.is_dir():
        print(f"{folder} not found: pass --data", file=sys.stderr)
        return 2
    names = args.sets or sorted(p.name for p in folder.glob("Test_*") if p.name != "Test_L1_R3")
    with Engine.popen(args.engine) as engine:
        engine.new_game("connect4")
        print(f"engine {args.engine}, one process, newgame between positions: {'yes' if args.newgame else 'no'}")
        all_correct = True
        for name in names:
            path = folder / name
            if not path.is_file():
                print(f"{path} not found", file=sys.stderr)
                return 2
            all_correct &= run_set(engine, path, args.limit, args.newgame, args.timeout)
    return 0 if all_correct else 1


if __name__ == "__main__":
    sys.exit(main())
