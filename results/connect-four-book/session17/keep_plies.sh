#!/bin/sh
# The keep benchmark restricted to plies MIN..MAX (past the book: where the losses are),
# 500 positions of seed SEED, NEW against OLD under the timing lock, judged by NEW.
# Usage (from this folder): sh keep_plies.sh NEW OLD SEED MIN MAX
new=$1; old=$2; seed=$3; min=$4; max=$5; tag=keep500-p$min-$max-seed$seed
flock /work/notes/timed.lock sh -c "uptime > $tag.uptime; python3 ../../../scripts/bench_connect4_keep.py --engine $new --compare $old --positions 500 --min-ply $min --max-ply $max --movetime 100 --seed $seed --save-moves $tag.jsonl > $tag-play.txt 2>&1; uptime >> $tag.uptime"
flock -s /work/notes/timed.lock python3 ../../../scripts/bench_connect4_keep.py --judge $tag.jsonl --referee $new --wdl --referee-hash 4096 --cap 600 > $tag-judge.txt 2>&1
python3 ../session4/summarize.py $tag-judge.txt > $tag-summary.txt 2>&1
