#!/bin/sh
# Keep benchmark of session 21: session 15's script (play under the timing lock, then
# judged whole by NEW). Usage (from this folder): sh keep.sh NEW OLD SEED...
exec sh ../session15/keep.sh "$@"
