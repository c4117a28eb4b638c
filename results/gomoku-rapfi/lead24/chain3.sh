#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain2.sh > /dev/null; do sleep 5; done
./runs.sh free-s24-te2-a "--option GomokuThreatExtension=2" free-s24-main-c "" free-s24-te2-b "--option GomokuThreatExtension=2" free-s24-te3-a "--option GomokuThreatExtension=3"
