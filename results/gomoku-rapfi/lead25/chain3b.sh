#!/bin/bash
# After leafvcf: the two MAX_QUIET builds; a pause before each so a waiting helper can take the lock first.
S=/work/notes/lead25/selfplay.sh
B=/work/bin/arbor-s25start
while pgrep -f "sgf /work/notes/lead25/leafvcf" >/dev/null; do sleep 5; done
sleep 3; $S mq10 "cmd=/work/bin/arbor-mq10 name=new" "cmd=$B name=old"
sleep 3; $S mq22 "cmd=/work/bin/arbor-mq22 name=new" "cmd=$B name=old"
