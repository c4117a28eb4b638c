#!/bin/bash
while pgrep -f "chain7.sh" >/dev/null; do sleep 5; done
/work/notes/lead25/rapfi.sh free-s25-learnedE-a /work/bin/arbor-geval25-e --option GomokuEval=learned
sleep 3; /work/notes/lead25/rapfi.sh free-s25-learnedE-b /work/bin/arbor-geval25-e --option GomokuEval=learned
