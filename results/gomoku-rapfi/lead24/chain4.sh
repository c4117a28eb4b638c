#!/bin/bash
cd /work/notes/lead24
while pgrep -f chain3.sh > /dev/null; do sleep 5; done
./tc2x.sh free-s24-tc2x-b
