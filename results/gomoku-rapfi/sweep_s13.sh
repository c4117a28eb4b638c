#!/bin/bash
cd /work/wt-gproof13/results/gomoku-rapfi
P=/work/notes/gproof13/prove-a
OWN=/work/notes/gproof10/own/gomoku/forced_wins_freestyle15.tsv
SH=/work/shared/benchdata/gomoku/forced_wins_freestyle15.tsv
echo "== loser_sweep.py dfpn,dfpn-plain 600 ms, shared then own $(uptime)"
STAGES=dfpn,dfpn-plain python3 loser_sweep.py $P $SH 600
STAGES=dfpn,dfpn-plain python3 loser_sweep.py $P $OWN 600
echo "== loser_sweep_inner.py quiet proofs $(uptime)"
PROOF_MS=6000 python3 loser_sweep_inner.py $P $OWN 300 dfpn g25-ply6 g11-ply8 g15-ply10 g35-ply14 g7-ply14 g39-ply8
echo "== loser_sweep_inner.py plain proofs $(uptime)"
python3 loser_sweep_inner.py $P $OWN 300 dfpn-plain g26-ply23 g6-ply25
python3 loser_sweep_inner.py $P $SH 300 dfpn-plain sp4-ply27
echo "== done $(uptime)"
