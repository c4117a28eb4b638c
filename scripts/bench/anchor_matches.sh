#!/bin/sh
# arbor against the anchor engines with the project's runner (and the same Rapfi match with
# c-gomoku-cli as the reference runner). Not part of CI: the anchors are GPL programs built
# outside the checkout (see ../shared/ANCHORS.md) and only ever run as processes over pipes.
#
#   sh scripts/bench/anchor_matches.sh OUT_DIR NTEST NTEST_RUN_DIR RAPFI RAPFI_RUN_DIR C_GOMOKU_CLI
#
# NTEST_RUN_DIR holds NTest's resource files with learning off; RAPFI_RUN_DIR is an empty
# folder (Rapfi then runs its built-in classical configuration).
set -eu
out=$1 ntest=$2 ntest_dir=$3 rapfi=$4 rapfi_dir=$5 cli=$6
here=$(cd "$(dirname "$0")" && pwd)
arbor=$(cd "$here/../.." && pwd)/target/release/arbor
mkdir -p "$out"
uptime > "$out/load.txt"
for depth in 4 8; do
  nice -n 10 python3 "$here/../match.py" --game othello --games 20 --concurrency 1 --timemargin 200 \
    --openings "$here/../openings/othello_6ply.txt" \
    --engine cmd="$arbor" name=arbor movetime=100 \
    --engine cmd="$ntest" proto=nboard dir="$ntest_dir" name=ntest-d$depth depth=$depth \
    --out "$out/ntest$depth.jsonl" --ggf "$out/ntest$depth.ggf" --log-dir "$out/logs-ntest$depth" --quiet \
    > "$out/ntest$depth.txt" 2>&1
  uptime >> "$out/load.txt"
done
# c-gomoku-cli lets a move run up to 1 s over timeout_turn (tolerance 3 s): the same margin here.
nice -n 10 python3 "$here/../match.py" --game gomoku --variant size=15 --variant rule=freestyle --games 20 \
  --concurrency 1 --timemargin 1000 --openings "$here/../openings/gomoku_offsets.txt" \
  --engine cmd="$arbor gomocup" proto=gomocup name=arbor movetime=300 \
  --engine cmd="$rapfi" proto=gomocup dir="$rapfi_dir" name=rapfi movetime=300 \
  --out "$out/rapfi.jsonl" --sgf "$out/rapfi.sgf" --log-dir "$out/logs-rapfi" --quiet > "$out/rapfi.txt" 2>&1
uptime >> "$out/load.txt"
grep -v '^#' "$here/../openings/gomoku_offsets.txt" > "$out/gomoku_offsets.cli.txt"
(cd "$rapfi_dir" && nice -n 10 "$cli" -each tc=0/0.3 -engine name=arbor "cmd=$arbor gomocup" \
  -engine name=rapfi "cmd=$rapfi" -rule 0 -boardsize 15 -games 20 -repeat -concurrency 1 \
  -openings "file=$out/gomoku_offsets.cli.txt" type=offset order=sequential -sgf "$out/rapfi-cli.sgf") \
  > "$out/rapfi-cli.txt" 2>&1
uptime >> "$out/load.txt"
