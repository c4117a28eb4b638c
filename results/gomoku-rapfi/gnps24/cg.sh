#!/bin/bash
# cg.sh BIN [DEPTH]: cachegrind totals for a fixed search (one midgame position)
B=$1; D=${2:-9}; OUT=/tmp/cg.$$.out
(echo -e "game gomoku\nsetoption name GomokuThreatSolver value false\nposition list h8 i10 g6 g9 f6 i9 i8 h9\ngo depth $D"; sleep ${3:-60}; echo quit) | valgrind --tool=cachegrind --cache-sim=yes --cachegrind-out-file=$OUT $B 2>&1 | grep -E "I\s+refs|D1  misses|LLd misses|bestmove|depth $D "
cg_annotate $OUT 2>/dev/null | grep -E "place|search_moves|defences|negamax|memmove|select_nth|clone_from|learned_value" | head -12
rm -f $OUT
