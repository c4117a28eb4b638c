#!/usr/bin/env python3
"""Play matches between engines - arbor, or any UCI, Gomocup or NBoard engine - refereed in Python.

    python3 scripts/match.py --game tictactoe --games 200 \\
        --engine cmd=target/release/arbor name=d6 depth=6 \\
        --engine cmd=target/release/arbor name=d2 depth=2 \\
        --random-plies 2 --seed 1 --out games.jsonl

Games are played in pairs, colours swapped on the same opening. The runner is the referee:
it checks every move with its own rules (rules.py) and an illegal move, a crash, a hang or
a time loss loses the game for the offender (the reason is recorded, the engine restarted,
the match goes on). Every finished game is appended and flushed to ``--out``; ``--resume``
continues from that file. Ctrl-C stops cleanly (a second Ctrl-C kills the engines).
Statistics are worded as fastchess prints them (see sprt.py). Standard library only.

Foreign engines: ``--engine cmd="PATH ARGS" proto=uci|gomocup|nboard dir=CWD``; game records
in each community's format with ``--pgn``/``--sgf``/``--ggf``. The runner itself is the
package ``arbor_match`` beside this file (``pip install ./scripts`` installs it with the
``arbor-match`` command); this script is its entry point from a checkout.

Records (``--out``), one JSON object per line: first ``{"type": "match", ...}`` (game, variant,
engines, openings), then one ``{"type": "game", ...}`` per finished game with ``index``,
``pair``, ``engines`` ({"X": name, "O": name}, X moves first), ``opening`` (moves),
``moves`` ([{"move", "time_ms", "score" (mover's view, e.g. "cp 12", "win 5"), "depth",
"nodes"}]), ``result`` ("1-0", "0-1", "1/2-1/2" from X's view), ``winner`` and ``reason``.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from arbor_match.cli import main  # noqa: E402

if __name__ == "__main__":
    raise SystemExit(main())
