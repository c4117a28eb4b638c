#!/bin/sh
# Keep benchmark of session 16: session 15's script (moves under the exclusive lock, each
# seed judged whole by NEW), run from this folder so that its records land here.
# Usage (from this folder): sh keep.sh NEW OLD SEED...   (here NEW = /work/bin/arbor-b16,
# OLD = /work/bin/arbor-s16, session 16's start with session 15's book)
exec sh ../session15/keep.sh "$@"
