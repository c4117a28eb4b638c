#!/bin/bash
/work/notes/lead25/rapfi.sh free-s25-tm8-a /work/bin/arbor-tm8 --option GomokuThreatMask=true
sleep 3; /work/notes/lead25/rapfi.sh free-s25-tm8-b /work/bin/arbor-tm8 --option GomokuThreatMask=true
