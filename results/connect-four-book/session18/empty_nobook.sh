#!/bin/bash
# Times the no-book empty-board solve of the solver example SOLVE (argument) with the
# book generators paused (by pid, so this script never matches itself); run it under the
# exclusive timing lock: flock /work/notes/timed.lock bash empty_nobook.sh SOLVE
pids=$(pgrep -f "connect4_book layer")
[ -n "$pids" ] && kill -STOP $pids
trap '[ -n "$pids" ] && kill -CONT $pids' EXIT
uptime
/usr/bin/time -v "$1" --position "" --no-book 2>&1 | grep -E "nodes|Elapsed|User time|Maximum resident|win|score|position"
uptime
