#!/bin/sh
# Session 17's keep benchmark restricted to plies MIN..MAX.
# Usage (from this folder): sh keep_plies.sh NEW OLD SEED MIN MAX
exec sh ../session17/keep_plies.sh "$@"
