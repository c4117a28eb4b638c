#!/bin/bash
while pgrep -f "chain3b.sh" >/dev/null; do sleep 5; done
sleep 3; /work/notes/lead25/rapfi.sh free-s25-start-a /work/bin/arbor-s25start
sleep 3; /work/notes/lead25/rapfi.sh free-s25-start-b /work/bin/arbor-s25start
