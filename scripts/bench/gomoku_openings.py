#!/usr/bin/env python3
"""Makes the runner's default Gomoku openings: three stones near the centre that arbor's
own search scores near even.

Candidates: Black (X) on the centre, White (O) on one of the 8 points around it, and Black's
second stone anywhere else within --radius of the centre, one per shape (the 8 symmetries
of the board give the same game, so only one of them is kept). Each position (White to
move) is searched with ``go depth D`` from a fresh ``newgame``; its score is the mean of the
last two iterations (D - 1 and D), since a score swings with the parity of the depth. The
openings whose score is within --window centi-units of even are written as Gomocup offset lines
(``x,y, x,y, x,y`` from the centre, x to the right, y downwards), most even first, with
the score as a comment. Deterministic (one search thread); about a second per candidate.

    python3 scripts/bench/gomoku_openings.py --engine target/release/arbor \\
        --out scripts/arbor_tools/runner/books/gomoku_centre3.txt
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the scripts folder
from arbor_tools import rules  # noqa: E402
from arbor_tools.client import Engine, Limit, Score  # noqa: E402
from arbor_tools.runner.openings import gomocup_offsets  # noqa: E402

Point = tuple[int, int]
Opening = tuple[Point, Point, Point]  # X, O, X

SYMMETRIES = [
    lambda x, y: (x, y), lambda x, y: (-x, y), lambda x, y: (x, -y), lambda x, y: (-x, -y),
    lambda x, y: (y, x), lambda x, y: (-y, x), lambda x, y: (y, -x), lambda x, y: (-y, -x),
]


def shape(opening: Opening) -> tuple:
    """The same key for an opening and its 7 mirror images: the least image, with the stones
    of each colour as a set (the order Black played its two stones does not matter)."""
    images = []
    for f in SYMMETRIES:
        x1, o, x2 = (f(*p) for p in opening)
        images.append((tuple(sorted((x1, x2))), o))
    return min(images)


def candidates(radius: int) -> list[Opening]:
    """One opening of each shape, in a fixed order."""
    seen: set[tuple] = set()
    found: list[Opening] = []
    centre = (0, 0)
    for o in [(dx, dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if (dx, dy) != (0, 0)]:
        for y in range(-radius, radius + 1):
            for x in range(-radius, radius + 1):
                if (x, y) in (centre, o):
                    continue
                opening = (centre, o, (x, y))
                key = shape(opening)
                if key not in seen:
                    seen.add(key)
                    found.append(opening)
    return found


def offsets_line(opening: Opening) -> str:
    return ", ".join(f"{x},{y}" for x, y in opening)


def main() -> int:
    parser = argparse.ArgumentParser(description="Balanced 3-stone Gomoku openings near the centre, "
                                     "scored by arbor's own search.")
    parser.add_argument("--engine", default="target/release/arbor", help="path to the arbor binary")
    parser.add_argument("--size", type=int, default=15)
    parser.add_argument("--rule", default="freestyle", choices=["freestyle", "standard", "renju"])
    parser.add_argument("--radius", type=int, default=3, help="Black's second stone within this many "
                        "points of the centre (default 3: a 7x7 square)")
    parser.add_argument("--depth", type=int, default=8, help="search depth of the score (default 8)")
    parser.add_argument("--window", type=int, default=150,
                        help="keep openings whose score is within this many centi-units of 0 (default 150)")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds one search may take")
    parser.add_argument("--out", help="write the openings here (default: standard output)")
    args = parser.parse_args()

    variant = {"size": str(args.size), "rule": args.rule}
    kept: list[tuple[int, Opening]] = []
    scored = 0
    with Engine.popen(args.engine, options={"Threads": 1}) as engine:
        name, version = engine.id.get("name", "?"), engine.id.get("version", "?")
        engine.new_game("gomoku", **variant)
        for opening in candidates(args.radius):
            moves = gomocup_offsets(offsets_line(opening), args.size)
            position = rules.new_game("gomoku", variant)
            for move in moves:
                position.play(move)  # raises on an opening the rules refuse
            engine.command("newgame")
            engine.position(moves=moves)
            scores: dict[int, Score] = {}
            with engine.analysis(Limit(depth=args.depth)) as analysis:
                for info in analysis:
                    if "depth" in info and "score" in info:
                        scores[info["depth"]] = info["score"]
                analysis.wait(args.timeout)
            scored += 1
            last = [scores.get(d) for d in (args.depth - 1, args.depth)]
            if any(score is None or score.kind != "cp" for score in last):
                continue  # no score, or a proven result: not an even opening
            value = round(sum(score.value or 0 for score in last if score is not None) / 2)
            print(f"{offsets_line(opening):<20} {' '.join(str(s) for s in last)} -> {value:+d}", file=sys.stderr)
            if abs(value) <= args.window:
                kept.append((value, opening))
    kept.sort(key=lambda item: (abs(item[0]), item[1]))
    lines = [
        f"# Gomoku {args.size}x{args.size} {args.rule}: 3-stone openings (X, O, X; O to move) near the centre,",
        "# as Gomocup offsets x,y from the centre (x to the right, y downwards), most even first.",
        f"# Kept: {len(kept)} of {scored} shapes whose score for O (the mean of the depth {args.depth - 1} and "
        f"{args.depth} iterations",
        f"# of go depth {args.depth}, by {name} {version}) is within {args.window} centi-units of even.",
        f"# Made by: scripts/bench/gomoku_openings.py --depth {args.depth} --window {args.window} "
        f"--radius {args.radius} --size {args.size} --rule {args.rule}",
    ]
    lines += [f"{offsets_line(opening):<20} # {value:+d}" for value, opening in kept]
    text = "\n".join(lines) + "\n"
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"{len(kept)} openings of {scored} written to {args.out}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
