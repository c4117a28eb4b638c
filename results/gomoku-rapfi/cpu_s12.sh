#!/bin/bash
# usage: cpu.sh ROUNDS SET IDS STAGES BIN...  -> user CPU seconds per run (plus the example's line)
R=$1; SET=$2; IDS=$3; ST=$4; shift 4
for r in $(seq $R); do
  for b in "$@"; do
    /usr/bin/time -f "%U" -o /tmp/gp12.t env STAGES=$ST SOLVER_MIB=${SOLVER_MIB:-32} ./$b $SET 5000 $IDS > /tmp/gp12.o
    echo "$b cpu $(cat /tmp/gp12.t) :: $(tr -s ' ' < /tmp/gp12.o | tr '\n' '|')"
  done
done
