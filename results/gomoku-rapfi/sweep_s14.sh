#!/bin/bash
# Session 14 (gproof14) soundness sweep: run under flock /work/notes/timed.lock from this folder.
P=${1:-/work/notes/gproof14/prove-a}
OWN=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv
SH=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
echo "== loser_sweep.py dfpn,dfpn-plain 600 ms, shared then own $(uptime)"
STAGES=dfpn,dfpn-plain python3 loser_sweep.py $P $SH 600
STAGES=dfpn,dfpn-plain python3 loser_sweep.py $P $OWN 600
echo "== loser_sweep_inner.py quiet proofs $(uptime)"
PROOF_MS=4000 python3 loser_sweep_inner.py $P $OWN 300 dfpn g4-ply49 g16-ply9 g35-ply14 g32-ply11 g8-ply15
PROOF_MS=6000 python3 loser_sweep_inner.py $P $OWN 300 dfpn g25-ply6 g11-ply8 g15-ply10
echo "== done $(uptime)"
