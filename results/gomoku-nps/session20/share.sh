#!/bin/sh
# perf samples of Board::place over the samples of functions no variant changed
# (search_moves, select_nth_unstable_by, Negamax::search, memmove, defences), for the
# two freestyle searches of searches.py; binaries alternated N times. Run from the
# repo root: sh share.sh N BIN...
N=$1; shift
for i in $(seq $N); do for b in "$@"; do
perf record -F 5000 -o /tmp/share.data python3 results/gomoku-nps/searches.py $b 0,1 >/dev/null 2>&1
perf report -i /tmp/share.data --no-children --sort symbol -n 2>/dev/null | grep -v "^#" | awk -v b=$b '
/Board::place/ {p+=$2} /search_moves|select_nth_unstable_by|Negamax<G>::search|memmove|moves::defences/ {o+=$2}
END {printf "%s place %d others %d ratio %.3f\n", b, p, o, p/o}'
done; done
