#!/bin/bash
# Times the no-book empty-board solve with the book generators paused (by pid, so this
# script never matches itself).
pids=$(pgrep -f "^/work/notes/lead12/connect4_book layer")
kill -STOP $pids
trap 'kill -CONT $pids' EXIT
uptime
/usr/bin/time -v /work/notes/lead12/connect4_solve --position "" --no-book 2>&1 | grep -E "nodes|Elapsed|User time|Maximum resident|win|score|position"
uptime
