#!/bin/bash
# defaults.sh BIN: default options (threat solver on), go depth 10 on 4 midgame positions; info lines minus time/nps
for pos in "h8 i10 g6 g9 f6 i9 i8 h9" "h8 i7 j6 g9 i9 h7 g7 i8" "h8 h9 i8 g8 i9 j10 i7 i6" "h8 i9 h10 g8 i8 g10"; do
  (echo -e "game gomoku\nposition list $pos\ngo depth 10"; sleep 20; echo quit) | $1 | grep -E "^info depth|bestmove" | sed -E 's/ (nps|time) [0-9]+//g'
done
