#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain9.sh > /dev/null; do sleep 5; done
uptime > nps-s24.txt
flock /work/notes/timed.lock python3 /work/main/scripts/gomoku_nps_cpu.py 10 /work/bin/arbor-m23f /work/bin/arbor-m24a /work/bin/arbor-m24a,GomokuThreatExtension=4 --rounds 2 >> nps-s24.txt 2>&1
uptime >> nps-s24.txt
echo NPSDONE >> nps-s24.txt
