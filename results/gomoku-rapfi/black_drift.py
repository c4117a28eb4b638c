#!/usr/bin/env python3
"""How fast Rapfi (White) climbs out of the opening in arbor's Black games: for each
match, Rapfi's own `Eval` (White's view; mates and anything beyond as +-1000) at its
moves 14, 20, 26, 32, 38 of each game arbor played as Black (a game already over counts
as its last value), averaged over the 20 games, and the ply at which Rapfi first
scores itself >= 0 (median). Lower is better for arbor.

    python3 black_drift.py TAG...   (reads TAG.sgf and TAG.msg.txt[.gz])
"""
import gzip
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from gomoku_losses import games_of_sgf, reports_of_messages  # noqa: E402

PLIES = (14, 20, 26, 32, 38)


def value(text: str) -> int:
    if text.startswith("+M"):
        return 1000
    if text.startswith("-M"):
        return -1000
    return max(-1000, min(1000, int(text)))


for tag in sys.argv[1:]:
    msg = Path(f"{tag}.msg.txt")
    text = msg.read_text() if msg.exists() else gzip.open(f"{tag}.msg.txt.gz", "rt").read()
    reports = reports_of_messages(text)
    at = {p: [] for p in PLIES}
    crossings = []
    for game in games_of_sgf(Path(f"{tag}.sgf").read_text()):
        if game["black"] != "arbor":
            continue
        evals = [(m, value(r["eval"])) for m, r in sorted(reports.get(game["number"], {}).items())
                 if r["engine"] != "arbor" and "eval" in r]
        if not evals:
            continue
        for p in PLIES:
            before = [e for m, e in evals if m <= p]
            at[p].append(before[-1] if before else evals[0][1])
        crossings.append(next((m for m, e in evals if e >= 0), 999))
    means = " ".join(f"{p}:{statistics.mean(v):+.0f}" for p, v in at.items())
    print(f"{tag}: {len(crossings)} games; Rapfi's mean eval at ply {means}; "
          f"median first ply >= 0: {statistics.median(crossings)}")
