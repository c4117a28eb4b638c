#!/usr/bin/env python3
"""Session 26's Rapfi runs as one table row per build: the runs' scores as c-gomoku-cli's
last `Score of` line gives them, their sum, and the colours (colours.py on the SGF).
Usage (from results/gomoku-rapfi): python3 lead26/table.py"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from rapfi_table import row  # noqa: E402  (the shared row maker, since session 27)

BUILDS = [
    ("E (arbor-s25final = main 873c595, the session's start)", ["free-s26-base-*"]),
    ("**M (threat masks in the model; arbor-s26-M and main's build arbor-s26-main-dcfc333)**",
     ["free-s26-M-?", "free-s26-main-*"]),
    ("M8 (M's model on 8-ply labels)", ["free-s26-M8-*"]),
    ("Hp (E's model, second generation added)", ["free-s26-Hp-*"]),
    ("HMp (M's model, second generation added)", ["free-s26-HMp-*"]),
    ("E with MAX_QUIET 22 (arbor-s26-mq22)", ["free-s26-mq22-*"]),
    ("M2 (M's model on 8,000 first-generation games: seeds 1-4)", ["free-s26-M2-*"]),
]


for name, patterns in BUILDS:
    print(row(name, patterns))
