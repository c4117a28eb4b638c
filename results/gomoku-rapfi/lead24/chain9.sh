#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain8.sh > /dev/null; do sleep 5; done
BIN=/work/bin/arbor-m24a ./runs.sh free-s24-m24a-r50-a "--option GomokuReductionPercent=50"
