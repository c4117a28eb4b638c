#!/bin/bash
# quiet.sh CMD...: run CMD under the timed lock with the book generators and every rustc/cargo/linker
# process SIGSTOPped (builds do not care about time), resumed afterwards whatever happens.
exec 9>/work/notes/timed.lock
flock 9
# Also the helpers' untimed engine runs (binaries of their worktrees and notes), but not test
# binaries (target/*/deps), whose timeouts a pause could trip.
pids() {
  pgrep -f 'connect4_book-s5b|rustc|cargo |/cc |/ld|collect2|lld' | grep -v "^$$\$"
  for p in $(pgrep -f '/work/wt-gomoku6|/work/wt-c4smp6|/work/notes/gomoku6|/work/notes/c4smp6|target/release/examples'); do
    exe=$(readlink /proc/$p/exe 2>/dev/null); cwd=$(readlink /proc/$p/cwd 2>/dev/null)
    case "$exe" in */deps/*|*python*|*bash*|*/sh|*flock*) continue;; esac
    case "$exe$cwd" in *wt-lead6*|*notes/lead6*) continue;; esac
    echo $p
  done
}
P=$(pids | tr '\n' ' ')
trap 'kill -CONT $P 2>/dev/null' EXIT INT TERM
kill -STOP $P 2>/dev/null
sleep 1
echo "quiet: stopped $(echo $P | wc -w) processes; load $(cut -d' ' -f1-3 /proc/loadavg); busy: $(ps -eo pcpu,comm --sort=-pcpu | sed -n 2,4p | tr '\n' ';')"
"$@"
