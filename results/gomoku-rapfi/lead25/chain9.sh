#!/bin/bash
/work/notes/lead25/rapfi.sh free-s25-learnedE-c /work/bin/arbor-geval25-e --option GomokuEval=learned
sleep 2; /work/notes/lead25/rapfi.sh free-s25-learnedE-d /work/bin/arbor-geval25-e --option GomokuEval=learned
